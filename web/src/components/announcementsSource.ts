import type { Announcement } from '../../../shared/schemas/accounts';
import { getConfig } from '../lib/config';
import { announcementMuteKey, isMuted, type KeyValueStorage } from '../lib/storage';

export type { Announcement };

/** Read without a token from the API (docs/features.md): `${apiUrl}/announcements/announcements.json`. */
export const ANNOUNCEMENTS_PATH = '/announcements/announcements.json';

/**
 * GET /announcements/announcements.json. Entries that do not match the contract are left out; a
 * failure logs 'Failed to fetch announcements' (docs/features.md) and gives none. Read without zod
 * (`announcementOf`), so the dashboard loads no zod at all.
 */
export async function fetchAnnouncements(
  fetchImpl: typeof fetch = fetch,
  apiUrl: string = getConfig().apiUrl,
): Promise<Announcement[]> {
  try {
    const response = await fetchImpl(`${apiUrl}${ANNOUNCEMENTS_PATH}`, {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return [];
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const json: unknown = await response.json();
    if (!Array.isArray(json)) throw new Error('not a list');
    return json.flatMap((entry) => announcementOf(entry) ?? []);
  } catch (error) {
    console.error('Failed to fetch announcements', error);
    return [];
  }
}

const SEVERITIES: readonly unknown[] = [
  'info',
  'success',
  'warning',
  'error',
] satisfies Announcement['severity'][];
const TEXT_FIELDS = ['location', 'subTitle', 'description', 'startTime', 'endTime'] as const;

/**
 * One entry as the shared Announcement schema reads it (shared/schemas/accounts.ts: id and header
 * strings; the optional texts strings when present; severity one of four, default info; persistent
 * a boolean, default false; other keys dropped), or undefined when it does not match. Without zod
 * (26 KB gzip) on the dashboard's first load; test/unit/web/site-settings.test.ts checks that both
 * agree on generated entries.
 */
export function announcementOf(entry: unknown): Announcement | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const e = entry as Record<string, unknown>;
  if (typeof e.id !== 'string' || typeof e.header !== 'string') return undefined;
  if (e.severity !== undefined && !SEVERITIES.includes(e.severity)) return undefined;
  if (e.persistent !== undefined && typeof e.persistent !== 'boolean') return undefined;
  const out: Announcement = {
    id: e.id,
    header: e.header,
    severity: (e.severity as Announcement['severity'] | undefined) ?? 'info',
    persistent: (e.persistent as boolean | undefined) ?? false,
  };
  for (const key of TEXT_FIELDS) {
    const value = e[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return undefined;
    out[key] = value;
  }
  return out;
}

function time(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Shown between startTime and endTime (either may be absent). */
export function isActive(announcement: Announcement, now: Date): boolean {
  const start = time(announcement.startTime);
  const end = time(announcement.endTime);
  const at = now.getTime();
  return (start === undefined || at >= start) && (end === undefined || at <= end);
}

/**
 * The announcements to show at a location now: active, for this location (or for every location
 * when it has none), and not muted — a persistent one cannot be muted, so it always shows.
 */
export function visibleAnnouncements(
  list: readonly Announcement[],
  options: { now: Date; storage: KeyValueStorage; location?: string },
): Announcement[] {
  const location = options.location?.toLowerCase();
  return list.filter(
    (a) =>
      isActive(a, options.now) &&
      (!a.location || !location || a.location.toLowerCase() === location) &&
      (a.persistent || !isMuted(options.storage, announcementMuteKey(a.id))),
  );
}
