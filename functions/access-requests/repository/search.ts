import { entities } from '../../platform/data/service.js';
import type { ApplicationAccessRecord, ApplicationRecord } from '../../platform/access.js';

export type SearchKind = 'applicationNumber' | 'consentNumber' | 'address';

/**
 * The application ids whose search entry of `kind` is exactly `value` (already normalised) under
 * `authorityId` ('all' for every authority): one Query on the entries' key (authority, kind) and
 * sort-key prefix (value), so its cost depends on the matches, never on the table's size. The
 * entries are kept by the applications' consumer of their events (functions/applications/consumers.ts).
 */
export async function searchEntries(
  authorityId: string,
  kind: SearchKind,
  value: string,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { value: string; applicationId: string }[]; cursor: string | null } =
      await entities.applicationSearch.query
        .byValue({ authorityId, kind, value })
        .go({ cursor, limit: Math.min(limit + 1, 100) });
    // The key prefix also matches longer values ("1 main st" and "1 main street"): exact ones only.
    for (const e of page.data) if (e.value === value) ids.push(e.applicationId);
    cursor = page.cursor;
  } while (cursor && ids.length <= limit);
  return ids;
}

/** Applications by id (BatchGet; missing ones left out). */
export async function applicationsByIds(ids: readonly string[]): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await entities.application.get(ids.map((applicationId) => ({ applicationId }))).go();
  return data;
}

/** The caller's access rows on these applications (BatchGet). */
export async function accessRowsOf(
  ids: readonly string[],
  userId: string,
): Promise<ApplicationAccessRecord[]> {
  if (ids.length === 0) return [];
  const { data } = await entities.applicationAccess
    .get(ids.map((applicationId) => ({ applicationId, userId })))
    .go();
  return data;
}
