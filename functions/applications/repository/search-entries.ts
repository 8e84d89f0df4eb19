import { entities } from '../../platform/data/service.js';
import type { SearchValues } from '../../platform/events/types.js';
import { normaliseSearch } from '../model/list-row.js';

/**
 * The application search entries (functions/platform/data/README.md S1–S4): an application's
 * number, consent number and address under its authority and under 'all', kept by the
 * applications.search consumer (../consumers.ts).
 */

type SearchKind = 'applicationNumber' | 'consentNumber' | 'address';

export interface SearchEntry {
  authorityId: string;
  kind: SearchKind;
  value: string;
  applicationId: string;
}

/** The search entries of an application's values, under its authority and under 'all'. */
export function searchEntriesOf(applicationId: string, v: SearchValues): SearchEntry[] {
  const values: [SearchKind, string][] = [
    ['applicationNumber', normaliseSearch(v.applicationNumber)],
    ['consentNumber', normaliseSearch(v.consentNumber)],
    ['address', normaliseSearch(v.fullAddress)],
  ];
  const authorityId = v.authorityId;
  return values
    .filter(([, value]) => value !== '')
    .flatMap(([kind, value]) =>
      [authorityId, 'all'].map((a) => ({
        authorityId: a,
        kind,
        value,
        applicationId,
      })),
    );
}

/** Writes search entries (S1–S4). */
export async function putSearchEntries(items: SearchEntry[]): Promise<void> {
  if (items.length === 0) return;
  const { unprocessed } = await entities.applicationSearch.put(items).go();
  if (unprocessed.length > 0)
    throw new Error(`putSearchEntries: ${unprocessed.length} entries were not written`);
}

/** Removes search entries (absent ones are no error). */
export async function deleteSearchEntries(keys: SearchEntry[]): Promise<void> {
  if (keys.length === 0) return;
  const { unprocessed } = await entities.applicationSearch.delete(keys).go();
  if (unprocessed.length > 0)
    throw new Error(`deleteSearchEntries: ${unprocessed.length} entries were not deleted`);
}
