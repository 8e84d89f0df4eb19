/**
 * Reading a New Zealand record of title from its text (docs/documents.md,
 * "Owners read from the title"). Deterministic and explainable: rules over the text layout LINZ
 * prints (a "Record of Title" under the Land Transfer Act 2017, and the older "Computer Freehold /
 * Unit Title / Leasehold Register" under the 1952 Act), each value kept with the line it was read
 * from. Nothing is guessed: a text that is not a title, or a title without a readable owners
 * section, gives no owners, with the reason.
 */

/** One value read from the title, with the line of text it came from. */
export interface Read<T> {
  value: T;
  line: string;
}

export type TitleKind = 'RecordOfTitle' | 'ComputerRegister';

export interface TitleReading {
  kind: TitleKind;
  identifier?: Read<string>;
  landDistrict?: Read<string>;
  /** ISO date (yyyy-mm-dd) the title was issued. */
  dateIssued?: Read<string>;
  legalDescription?: Read<string>;
  /** The registered owners (proprietors), each a person, a company or a trustee company, in title order. */
  owners: Read<string>[];
}

export type TitleResult =
  | { ok: true; title: TitleReading }
  | { ok: false; reason: 'NoText' | 'NotATitle' | 'NoOwners'; detail: string };

/** The headings that name a title (first page). */
const TITLE_HEADINGS: { pattern: RegExp; kind: TitleKind }[] = [
  { pattern: /^RECORD OF TITLE\b/i, kind: 'RecordOfTitle' },
  {
    pattern: /^COMPUTER (?:FREEHOLD|UNIT TITLE|LEASEHOLD|INTEREST|STRATUM ESTATE) REGISTER\b/i,
    kind: 'ComputerRegister',
  },
];
/** A title names the Land Transfer Act it is issued under. */
const ACT = /\bLAND TRANSFER ACT (?:1952|2017)\b/i;

/** Where the owners section starts, and the headings that end it. */
const OWNERS_HEADING = /^(?:Registered Owners?|Proprietors?)\s*:?\s*(.*)$/i;
const SECTION_END =
  /^(?:Interests?|Estate|Area|Legal Description|Prior References?|Identifier|Land Registration District|Date Issued|Subject to|Appurtenant|Search Copy|Transfer|Mortgage|Page \d+|\d{6,}\.\d+)\b/i;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The text's lines, whitespace collapsed, page breaks as line breaks, empty lines dropped. */
export function titleLines(text: string): string[] {
  return text
    .split(/[\n\f\r]+/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** "15 March 2001", "15/03/2001" or "15-03-2001" → 2001-03-15; undefined when it is not a real date. */
export function parseTitleDate(raw: string): string | undefined {
  const iso = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
      return undefined;
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  const words = /\b(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})\b/.exec(raw);
  if (words) {
    const month = MONTHS.findIndex((m) => m.startsWith(words[2]!.toLowerCase()) && words[2]!.length >= 3);
    if (month >= 0) return iso(Number(words[3]), month + 1, Number(words[1]));
  }
  const numeric = /\b(\d{1,2})[/-](\d{1,2})[/-](\d{4})\b/.exec(raw);
  if (numeric) return iso(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  return undefined;
}

/** The value after a label on its line ("Identifier NA123/456"), or on the next line when the label stands alone. */
function labelled(lines: string[], label: RegExp): Read<string> | undefined {
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!);
    if (!m) continue;
    const rest = lines[i]!.slice(m[0].length)
      .replace(/^\s*:?\s*/, '')
      .trim();
    if (rest) return { value: rest, line: lines[i]! };
    const next = lines[i + 1];
    if (next && !SECTION_END.test(next)) return { value: next, line: `${lines[i]} ${next}` };
  }
  return undefined;
}

/** Words that end an owner's entry but are not part of the name (shares, tenancy). */
const SHARE_TAIL =
  /\s*(?:,\s*)?(?:as to (?:an? )?(?:undivided )?(?:\d+\/\d+|one|half|a half)\b.*|as (?:joint tenants|tenants in common)\b.*|in (?:equal|unequal) shares\b.*)$/i;
const SHARE_LINE = /^(?:\d+\/\d+ share|as to |as tenants in common|as joint tenants|in equal shares)/i;

/** A company's or trust's name: kept whole (its commas and "and"s are part of the name). */
const ORGANISATION =
  /\b(?:Limited|Ltd\.?|Incorporated|Inc\.?|Trustees? (?:Company )?Limited|Company|Corporation|Council|Board|Trust Board|Society|Her Majesty the Queen|His Majesty the King)\b/i;

/**
 * Splits the owners section into names: entries are separated by line breaks, commas and a last
 * "and"; a company's name stays whole; share and tenancy words are dropped (the group lists names).
 */
export function splitOwners(entries: Read<string>[]): Read<string>[] {
  const owners: Read<string>[] = [];
  for (const entry of entries) {
    if (SHARE_LINE.test(entry.value)) continue;
    const text = entry.value
      .replace(SHARE_TAIL, '')
      .replace(/[.;]+$/, '')
      .replace(/\s*(?:,|&|\band)$/i, '') // an entry continued on the next line
      .trim();
    if (!text) continue;
    // Split on commas and " and " that separate owners, but not inside an organisation's name.
    // [name, separator, name, …]: the separators kept so a merged name reads as printed.
    const tokens = text.split(/(\s*,\s*|\s+and\s+|\s*&\s*)/i);
    for (let i = 0; i < tokens.length; i += 2) {
      let name = tokens[i]!.trim();
      // "Smith and Jones Limited": a lone word before an organisation is part of its name.
      const next = tokens[i + 2];
      if (next && /^[A-Z][\w'-]*$/.test(name) && ORGANISATION.test(next)) {
        name = `${name}${tokens[i + 1]}${next.trim()}`;
        i += 2;
      }
      if (name) owners.push({ value: name, line: entry.line });
    }
  }
  // The same name twice (two shares held by one person) is one owner.
  const seen = new Set<string>();
  return owners.filter((o) => {
    const key = o.value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lines of the owners section: after its heading, until the next section. */
function ownersSection(lines: string[]): Read<string>[] {
  const start = lines.findIndex((l) => OWNERS_HEADING.test(l));
  if (start < 0) return [];
  const entries: Read<string>[] = [];
  const inline = OWNERS_HEADING.exec(lines[start]!)![1]!.trim();
  if (inline) entries.push({ value: inline, line: lines[start]! });
  for (const line of lines.slice(start + 1)) {
    if (SECTION_END.test(line)) break;
    entries.push({ value: line, line });
  }
  return entries;
}

/** Reads a title's text (pages separated by form feeds). */
export function readTitle(text: string): TitleResult {
  const lines = titleLines(text);
  if (lines.length === 0)
    return { ok: false, reason: 'NoText', detail: 'The document has no text layer (a scan?)' };
  const head = lines.slice(0, 12);
  const heading = TITLE_HEADINGS.find(({ pattern }) => head.some((l) => pattern.test(l)));
  if (!heading || !head.some((l) => ACT.test(l)))
    return {
      ok: false,
      reason: 'NotATitle',
      detail: 'No record of title or computer register heading under the Land Transfer Act',
    };
  const dateRead = labelled(lines, /^Date Issued\b/i);
  const dateIssued = dateRead && parseTitleDate(dateRead.value);
  const title: TitleReading = {
    kind: heading.kind,
    identifier: labelled(lines, /^Identifier\b/i),
    landDistrict: labelled(lines, /^Land Registration District\b/i),
    dateIssued: dateIssued && dateRead ? { value: dateIssued, line: dateRead.line } : undefined,
    legalDescription: labelled(lines, /^Legal Description\b/i),
    owners: splitOwners(ownersSection(lines)),
  };
  if (title.owners.length === 0)
    return { ok: false, reason: 'NoOwners', detail: 'No registered owners section could be read' };
  return { ok: true, title };
}
