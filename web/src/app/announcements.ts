import type { Announcement } from '../../../shared/schemas/accounts';
import { getConfig } from './config';
import { announcementMuteKey, isMuted, type KeyValueStorage } from './storage';

export type { Announcement };

/** Read without a token from the API (portal-organisation §7): `${apiUrl}/announcements/announcements.json`. */
export const ANNOUNCEMENTS_PATH = '/announcements/announcements.json';

/**
 * GET /announcements/announcements.json. Entries that do not match the contract are left out; a
 * failure logs 'Failed to fetch announcements' (portal-core §8) and gives none. The schema (zod)
 * loads beside the request, so the dashboard draws without waiting for zod.
 */
export async function fetchAnnouncements(
  fetchImpl: typeof fetch = fetch,
  apiUrl: string = getConfig().apiUrl,
): Promise<Announcement[]> {
  const schema = import('../../../shared/schemas/accounts');
  try {
    const response = await fetchImpl(`${apiUrl}${ANNOUNCEMENTS_PATH}`, {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) return [];
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const json: unknown = await response.json();
    const { Announcements } = await schema;
    const parsed = Announcements.safeParse(json);
    if (parsed.success) return parsed.data;
    if (!Array.isArray(json)) throw new Error('not a list');
    return json.flatMap((entry) => {
      const one = Announcements.element.safeParse(entry);
      return one.success ? [one.data] : [];
    });
  } catch (error) {
    console.error('Failed to fetch announcements', error);
    return [];
  }
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
