import type { z } from 'zod';
import type { SortBy as SortBySchema } from '../../../shared/schemas/applications.js';

type SortBy = z.infer<typeof SortBySchema>;
type SortDirection = 'asc' | 'desc';
type Visibility = 'visible' | 'hidden';

/** The row fields the sort orders read. */
export interface SortableRow {
  applicationId: string;
  modifiedDate: string;
  applicationNumber?: string | undefined;
  consentNumber?: string | undefined;
  fullAddress?: string | undefined;
  status: string;
  formId?: string | undefined;
}

/**
 * The order of the application lists' other sort orders (applicationNumber, consentNumber, address,
 * status, formDisplayName) as one byte-comparable string per row, sort order and direction: the
 * in-memory sort (`sortRows`) compares these strings, and the list-order read model stores them as
 * sort keys, so a page read from the table and a page sorted in memory are in the same order.
 *
 * The order (the spec (docs/applications.md) names the sort fields, not how they compare; this is the one rule):
 * - natural: a run of digits compares by its value (BLD-2025-00009 before BLD-2025-00010, A2
 *   before A10; leading zeros ignored), letters ignore case and accents (ā as a), and every run of
 *   other characters (spaces, punctuation) is one separator, before digits and letters;
 * - rows without the value (absent or empty) come last, either way;
 * - ties: newest modifiedDate first, then application id in natural order, either way.
 *
 * Strings compare by code point (JavaScript `<` on these strings, DynamoDB by UTF-8 bytes: the
 * same order, as every character here is below U+D800).
 */

/** The sort orders the list-order read model keeps (modifiedDate is gsi1/gsi2's own order). */
export const ORDERED_SORTS = [
  'applicationNumber',
  'consentNumber',
  'address',
  'status',
  'formDisplayName',
] as const;
export type OrderedSort = (typeof ORDERED_SORTS)[number];
export const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

export const isOrderedSort = (s: SortBy): s is OrderedSort =>
  (ORDERED_SORTS as readonly string[]).includes(s);

/** Below every character of an ascending key: a shorter key first. */
const ASC_END = '\u0001';
/** Above every character of a descending key: a shorter key last. */
const DESC_END = '\ud7ff';
const TOP = 0xd800;

/** The ascending natural key of a value: lower case, accents off, digit runs length-prefixed. */
export function naturalKey(value: string): string {
  const folded = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded
    .replace(/\d+/g, (digits) => {
      const significant = digits.replace(/^0+(?=\d)/, '');
      return String(significant.length).padStart(3, '0') + significant;
    })
    .replace(/[^\u0020-\ud7fe]/gu, '\ud7fe');
}

/** Reverses the order of a key made of characters U+0001–U+D7FF (each one mirrored). */
export function descendingKey(key: string): string {
  let out = '';
  for (const ch of key) out += String.fromCharCode(TOP - ch.charCodeAt(0));
  return out;
}

/**
 * The string a row sorts by in `sortBy`/`direction`: whether it has the value (rows without it
 * last), the value's natural key (mirrored when descending), then newest first, then id.
 */
export function orderString(
  value: string | undefined,
  modifiedDate: string,
  applicationId: string,
  direction: SortDirection,
): string {
  const natural = value ? naturalKey(value) : '';
  const head = natural
    ? `1${direction === 'asc' ? natural + ASC_END : descendingKey(natural) + DESC_END}`
    : '2';
  return `${head}${descendingKey(modifiedDate)}${ASC_END}${naturalKey(applicationId)}`;
}

/** The value of a row a sort order reads (formDisplayName: the form's name, else its id). */
export function sortValue(
  row: SortableRow,
  sortBy: SortBy,
  formNames: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  switch (sortBy) {
    case 'applicationNumber':
      return row.applicationNumber;
    case 'consentNumber':
      return row.consentNumber;
    case 'address':
      return row.fullAddress;
    case 'status':
      return row.status;
    case 'formDisplayName':
      return (row.formId && formNames.get(row.formId)) || row.formId;
    case 'modifiedDate':
      return row.modifiedDate;
  }
}

/** The key prefix of one sort order, direction and visibility in a user's list-order partition. */
export const orderPrefix = (sortBy: OrderedSort, direction: SortDirection, visibility: Visibility): string =>
  `${sortBy}#${direction}#${visibility}#`;

/** Above every character of a key of the list-order partition (all are below U+D800). */
const KEY_END = '\ue000';

/**
 * The sort keys of the list-order partition that begin with `prefix`, as a range for a key
 * condition's BETWEEN: every such key is at least the prefix and below the prefix + U+E000, as
 * every character after a prefix is below U+D800 (order strings, application ids) and DynamoDB
 * compares UTF-8 bytes. The same keys as `begins_with`, which DynamoDB Local answers by reading
 * the partition from its start to the prefix (docs/performance.md); a range it seeks to.
 */
export const prefixRange = (prefix: string): { from: string; to: string } => ({
  from: prefix,
  to: prefix + KEY_END,
});

/**
 * The sort keys of a row's list-order entries: one per ordered sort and direction (ten). Templates
 * have none (the templates list sorts in memory).
 */
export function orderKeysOf(
  row: SortableRow & { visibility: Visibility; recordType: string },
  formDisplayName: string | undefined,
): string[] {
  if (row.recordType === 'Template') return [];
  const names = formDisplayName && row.formId ? new Map([[row.formId, formDisplayName]]) : undefined;
  return ORDERED_SORTS.flatMap((sortBy) =>
    DIRECTIONS.map(
      (direction) =>
        orderPrefix(sortBy, direction, row.visibility) +
        orderString(sortValue(row, sortBy, names), row.modifiedDate, row.applicationId, direction),
    ),
  );
}

/** A user's row as the list-order entries copy it (every list field the filters and the list item read). */
export type OrderRow = SortableRow & { visibility: Visibility; recordType: string } & Record<string, unknown>;

/** Not copied onto the entries: the row's own bookkeeping. */
const NOT_COPIED = new Set(['createdAt', 'updatedAt', 'pk', 'sk', 'kind', 'keys', 'signature']);

/**
 * What a row's list-order entries are: their sort keys, the row fields each one carries, and a
 * signature of both (the consumer rewrites the entries only when it changes).
 */
export function orderEntriesOf(
  row: OrderRow,
  formDisplayName: string | undefined,
): { keys: string[]; content: Record<string, unknown>; signature: string } {
  const keys = orderKeysOf(row, formDisplayName);
  if (keys.length === 0) return { keys, content: {}, signature: '' };
  const content = Object.fromEntries(
    Object.entries(row)
      .filter(
        ([k, v]) => !NOT_COPIED.has(k) && !k.startsWith('gsi') && !k.startsWith('__') && v !== undefined,
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { keys, content, signature: JSON.stringify([keys, content]) };
}

/** The partition of a user's list-order entries (raw keys: the consumers' grants name it too). */
export const orderPartition = (userId: string) => `applications#listOrder#${userId}`;
