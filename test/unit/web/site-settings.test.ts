import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMaintenance, maintenanceOn } from '../../../web/src/app/maintenance';
import * as fc from 'fast-check';
import { Announcement as AnnouncementSchema, Maintenance } from '../../../shared/schemas/accounts';
import {
  announcementOf,
  fetchAnnouncements,
  visibleAnnouncements,
  type Announcement,
} from '../../../web/src/components/announcementsSource';
import { announcementMuteKey, mute, profileIncompleteMuteKey } from '../../../web/src/lib/storage';

const respond = (body: unknown, status = 200) =>
  vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  ) as unknown as typeof fetch & ReturnType<typeof vi.fn>;

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('maintenance', () => {
  it('reads isInMaintenance from the API without a token', async () => {
    const on = respond({ isInMaintenance: true });
    expect(await fetchMaintenance(on, '/api')).toBe(true);
    expect(on).toHaveBeenCalledWith(
      '/api/maintenance/maintenance.json',
      expect.not.objectContaining({ headers: { Authorization: expect.anything() } }),
    );
    expect(await fetchMaintenance(respond({ isInMaintenance: false }), '/api')).toBe(false);
  });

  it('a missing, failing or unreadable flag means not in maintenance', async () => {
    expect(await fetchMaintenance(respond('', 404), '/api')).toBe(false);
    expect(await fetchMaintenance(respond('oops', 200), '/api')).toBe(false);
    expect(await fetchMaintenance(respond({ isInMaintenance: 'yes' }), '/api')).toBe(false);
    const offline = vi.fn(async () =>
      Promise.reject(new TypeError('Failed to fetch')),
    ) as unknown as typeof fetch;
    expect(await fetchMaintenance(offline, '/api')).toBe(false);
  });

  it('reads the flag as the shared Maintenance schema does (without loading zod)', () => {
    const samples = [
      { isInMaintenance: true },
      { isInMaintenance: false },
      { isInMaintenance: 'true' },
      { isInMaintenance: 1 },
      { isInMaintenance: true, message: 'extra keys are ignored' },
      {},
      [],
      null,
      'true',
      true,
    ];
    for (const json of samples) {
      const parsed = Maintenance.safeParse(json);
      expect(maintenanceOn(json), JSON.stringify(json)).toBe(parsed.success && parsed.data.isInMaintenance);
    }
  });
});

describe('announcements', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  const a = (over: Partial<Announcement>): Announcement => ({
    id: 'a',
    header: 'Header',
    severity: 'info',
    persistent: false,
    ...over,
  });

  it('fetches the list and logs "Failed to fetch announcements" on failure', async () => {
    const list = [{ id: '1', header: 'Outage', severity: 'warning' }, { bad: true }];
    expect(await fetchAnnouncements(respond(list), '/api')).toEqual([
      { id: '1', header: 'Outage', severity: 'warning', persistent: false },
    ]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await fetchAnnouncements(respond('boom', 500), '/api')).toEqual([]);
    expect(log).toHaveBeenCalledWith('Failed to fetch announcements', expect.anything());
  });

  it('reads each entry as the shared Announcement schema does (without loading zod)', () => {
    const text = fc.oneof(fc.string(), fc.constant(undefined), fc.integer(), fc.constant(null));
    const entry = fc.record(
      {
        id: text,
        header: text,
        location: text,
        subTitle: text,
        description: text,
        startTime: text,
        endTime: text,
        severity: fc.oneof(fc.constantFrom('info', 'success', 'warning', 'error', 'fatal', 'Info'), text),
        persistent: fc.oneof(fc.boolean(), text),
        extra: text,
      },
      { requiredKeys: [] },
    );
    const anything = fc.oneof(entry, fc.anything());
    fc.assert(
      fc.property(anything, (json) => {
        const parsed = AnnouncementSchema.safeParse(json);
        expect(announcementOf(json)).toEqual(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it('shows only between start and end, unmuted, for the location', () => {
    const storage = memoryStorage();
    const list = [
      a({ id: 'current', startTime: '2025-05-01T00:00:00Z', endTime: '2025-07-01T00:00:00Z' }),
      a({ id: 'future', startTime: '2025-06-02T00:00:00Z' }),
      a({ id: 'past', endTime: '2025-05-31T23:59:59Z' }),
      a({ id: 'open' }),
      a({ id: 'login-only', location: 'login' }),
      a({ id: 'muted' }),
      a({ id: 'persistent', persistent: true }),
    ];
    mute(storage, announcementMuteKey('muted'));
    mute(storage, announcementMuteKey('persistent'));
    expect(visibleAnnouncements(list, { now, storage, location: 'dashboard' }).map((x) => x.id)).toEqual([
      'current',
      'open',
      'persistent',
    ]);
  });

  it('storage keys: per announcement id and per username', () => {
    expect(announcementMuteKey('x1')).toBe('consentPortal.announcement.muted.x1');
    expect(profileIncompleteMuteKey('aroha')).toBe('consentPortal.profileIncomplete.muted.aroha');
  });
});
