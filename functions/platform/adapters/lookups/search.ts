/**
 * How the local services search, as the real ones do: case- and accent-insensitive, every token of
 * the query must be a prefix of a different token of the record ('12 kau' finds '12 Kauri Street'),
 * results ordered with exact matches first, and cut to the caller's limit.
 */

/** Lower case, accents and apostrophes removed, split on anything that is not a letter or digit. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/** The same text as one comparable string (for comparing whole addresses). */
export const normalise = (text: string): string => tokens(text).join(' ');

/** Abbreviations NZ addresses are typed with: a query token also matches its full word. */
export const abbreviations: Readonly<Record<string, string>> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  cres: 'crescent',
  cr: 'crescent',
  tce: 'terrace',
  pl: 'place',
  dr: 'drive',
  ln: 'lane',
  pde: 'parade',
  hwy: 'highway',
  mt: 'mount',
};

/** A query token matches a record token it prefixes, or the full word of its abbreviation. */
export const tokenMatches = (q: string, t: string): boolean => t.startsWith(q) || abbreviations[q] === t;

/**
 * The record token each query token matched (by index), or undefined when some query token is not
 * a prefix of a different record token (or the full word of an abbreviation: 'rd' → 'road'). Longer
 * query tokens are placed first, each on an exact token if there is one, else on the first token it
 * matches; so '12 12' needs two twelves.
 */
export function matchTokens(query: readonly string[], record: readonly string[]): number[] | undefined {
  if (query.length === 0) return undefined;
  const used = new Array<boolean>(record.length).fill(false);
  const sorted = [...query].sort((a, b) => b.length - a.length);
  const at: number[] = [];
  for (const q of sorted) {
    let found = record.findIndex((t, i) => !used[i] && t === q);
    if (found < 0) found = record.findIndex((t, i) => !used[i] && tokenMatches(q, t));
    if (found < 0) return undefined;
    used[found] = true;
    at.push(found);
  }
  return at;
}

/** True when every query token is a prefix of a different record token. */
export const matchesAllTokens = (query: readonly string[], record: readonly string[]): boolean =>
  matchTokens(query, record) !== undefined;

/** How many query tokens equal a record token (more is a better match). */
export function exactTokenCount(query: readonly string[], record: readonly string[]): number {
  const set = new Set(record);
  return query.filter((q) => set.has(q)).length;
}

/** Compares house numbers like '9', '12', '12A' numerically, then by suffix. */
export function compareHouseNumbers(a: string, b: string): number {
  const na = parseInt(a, 10);
  const nb = parseInt(b, 10);
  if (na !== nb) return (Number.isNaN(na) ? Infinity : na) - (Number.isNaN(nb) ? Infinity : nb);
  return a.localeCompare(b);
}
