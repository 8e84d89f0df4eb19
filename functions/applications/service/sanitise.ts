/**
 * Step data is sanitised against script injection before it is saved (docs/applications.md "Step data is
 * sanitised against script injection before saving"). Every string of the data, at any depth, loses:
 * - `<script>`/`<style>`/`<iframe>`/`<object>`/`<embed>`/`<template>`/`<noscript>`/`<xmp>` elements
 *   with their content (an unclosed one takes the rest of the string),
 * - HTML comments, `<!…>` declarations and `<?…>` processing instructions,
 * - every other HTML tag (with its attributes, so event handlers and `href="javascript:…"` go too),
 * - `javascript:`, `vbscript:`, `livescript:` and `data:text/html` URL schemes, also when split by
 *   spaces or control characters, or written with character references (`javas&#99;ript:`,
 *   `jav&Tab;ascript:`, `&#x6A;avascript:`, `javascript&colon;`),
 * - event-handler attributes written as plain text (`onerror=…`, `onclick = "…"`).
 *
 * Plain text keeps its meaning: a `<` that does not open a tag ("5 < 6", "a<3", "height <approx 3m")
 * and `&` stay as they are; nothing is entity-encoded, since the web renders the data as text.
 * Libraries tried: xss, parse5 and DOMPurify (an HTML parser underneath) drop the text after a bare
 * `<` ("height <approx 3m" → "height ") and decode `&lt;`, so this is a small tokenizer instead.
 *
 * Time is linear in the length of the string (docs/applications.md: the regexes before were quadratic, 17 s for
 * 256 KB of `<!`). One pass reads the string left to right once: text is copied in runs, each `<`
 * is tried as markup at most once, a tag's end is found by a scan that remembers what it has seen
 * (a later `<` inside the same region reuses the answer instead of rescanning), and the searches for
 * `>`, `-->` or a closing `</script>` move forward only. Removing a piece can join two halves into
 * new markup (`<scr<script>ipt>`), so passes repeat while they change something, at most
 * {@link MAX_PASSES} times; a string still changing after that is built to nest (no real text does)
 * and loses every `<`, `>`, `&`, `:` and `=`, after which nothing of the above can form.
 */

import { stepDataLimits } from '../../../shared/schemas/step-data.js';

const DANGEROUS_ELEMENTS = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'xmp'];
const SCHEMES = ['javascript', 'vbscript', 'livescript'];

/** DOM event names (stems) an `on…=` handler attribute can name. */
const EVENT_STEMS = [
  'abort',
  'animation',
  'auxclick',
  'before',
  'begin',
  'blur',
  'cancel',
  'canplay',
  'change',
  'click',
  'close',
  'contextmenu',
  'copy',
  'cut',
  'dblclick',
  'drag',
  'drop',
  'end',
  'error',
  'focus',
  'formdata',
  'hashchange',
  'input',
  'invalid',
  'key',
  'load',
  'message',
  'mouse',
  'offline',
  'online',
  'page',
  'paste',
  'pause',
  'play',
  'pointer',
  'popstate',
  'progress',
  'readystatechange',
  'repeat',
  'reset',
  'resize',
  'scroll',
  'search',
  'seek',
  'select',
  'show',
  'storage',
  'submit',
  'toggle',
  'touch',
  'transition',
  'unload',
  'wheel',
];

/** Passes before a still-changing string is treated as built to nest. */
export const MAX_PASSES = 8;

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const EQUALS = 0x3d;
const COLON = 0x3a;

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isWordChar = (c: number) => isLetter(c) || isDigit(c) || c === 0x5f;
const lower = (c: number) => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
/** What JavaScript's `\s` matches. */
const isSpace = (c: number) =>
  c === 0x20 ||
  (c >= 0x09 && c <= 0x0d) ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
/** Characters browsers ignore inside a URL scheme: whitespace and C0 controls. */
const isGap = (c: number) => c <= 0x20 || isSpace(c);

/** Named character references that matter inside a scheme (gaps, colon, slash). */
const NAMED: Record<string, number> = {
  tab: 0x09,
  newline: 0x0a,
  colon: COLON,
  sol: SLASH,
  nbsp: 0xa0,
};

/**
 * The character at `i`, decoding a character reference (`&#99;`, `&#x6A`, `&Tab;`); `end` is where
 * the next one starts. Digits of a numeric reference are read up to a bound so that a long run of
 * zeros costs the same as a short one for every reader after the first (they stop at the bound).
 */
function charAt(s: string, i: number): { code: number; end: number } {
  const c = s.charCodeAt(i);
  if (c !== AMP) return { code: c, end: i + 1 };
  let j = i + 1;
  if (s.charCodeAt(j) === 0x23 /* # */) {
    j++;
    const hex = lower(s.charCodeAt(j)) === 0x78; /* x */
    if (hex) j++;
    const digitsFrom = j;
    let value = 0;
    while (j < s.length && j - digitsFrom < 12) {
      const d = lower(s.charCodeAt(j));
      const v = isDigit(d) ? d - 0x30 : hex && d >= 0x61 && d <= 0x66 ? d - 0x61 + 10 : -1;
      if (v < 0) break;
      value = value * (hex ? 16 : 10) + v;
      j++;
    }
    if (j === digitsFrom) return { code: c, end: i + 1 };
    if (s.charCodeAt(j) === 0x3b /* ; */) j++;
    return { code: value > 0x10ffff ? 0xfffd : value, end: j };
  }
  // A named reference: letters then ';' (the ones of NAMED are all we need to recognise).
  const from = j;
  while (j < s.length && j - from < 8 && isLetter(s.charCodeAt(j))) j++;
  if (j > from && s.charCodeAt(j) === 0x3b) {
    const code = NAMED[s.slice(from, j).toLowerCase()];
    if (code !== undefined) return { code, end: j + 1 };
  }
  return { code: c, end: i + 1 };
}

/** Reads `word` from `i` (case-insensitive, references decoded, gaps allowed between letters); its end or -1. */
function readWord(s: string, i: number, word: string, gapsBefore: boolean): number {
  let j = i;
  for (let k = 0; k < word.length; k++) {
    let ch = charAt(s, j);
    if (k > 0 || gapsBefore) {
      while (j < s.length && isGap(ch.code)) {
        j = ch.end;
        ch = charAt(s, j);
      }
    }
    if (j >= s.length || lower(ch.code) !== word.charCodeAt(k)) return -1;
    j = ch.end;
  }
  return j;
}

/** A dangerous scheme starting at `i` (`javascript:` …, `data:text/html`): where it ends, or -1. */
function schemeAt(s: string, i: number): number {
  const first = lower(charAt(s, i).code);
  for (const scheme of SCHEMES) {
    if (first !== scheme.charCodeAt(0)) continue;
    const end = readWord(s, i, scheme, false);
    if (end < 0) continue;
    const colon = readWord(s, end, ':', true);
    if (colon >= 0) return colon;
  }
  if (first === 0x64 /* d */) {
    const end = readWord(s, i, 'data', false);
    const colon = end < 0 ? -1 : readWord(s, end, ':', true);
    const html = colon < 0 ? -1 : readWord(s, colon, 'text/html', true);
    if (html >= 0) return html;
  }
  return -1;
}

/** An event-handler attribute written as text at `i` (`onerror = "…"`): where it ends, or -1. */
function handlerAt(s: string, i: number): number {
  if (lower(s.charCodeAt(i)) !== 0x6f || lower(s.charCodeAt(i + 1)) !== 0x6e) return -1;
  if (i > 0 && isWordChar(s.charCodeAt(i - 1))) return -1;
  let j = i + 2;
  while (j < s.length && isLetter(s.charCodeAt(j))) j++;
  const name = s.slice(i + 2, j).toLowerCase();
  if (!EVENT_STEMS.some((stem) => name.startsWith(stem))) return -1;
  while (j < s.length && isSpace(s.charCodeAt(j))) j++;
  if (s.charCodeAt(j) !== EQUALS) return -1;
  j++;
  while (j < s.length && isSpace(s.charCodeAt(j))) j++;
  const q = s.charCodeAt(j);
  if (q === DQUOTE || q === SQUOTE) {
    const close = s.indexOf(String.fromCharCode(q), j + 1);
    return close < 0 ? s.length : close + 1;
  }
  while (j < s.length && !isSpace(s.charCodeAt(j)) && s.charCodeAt(j) !== GT) j++;
  return j;
}

/** The dangerous element named at `j` (after `<`, spaces and `/`), followed by a non-word character. */
function dangerousNameAt(s: string, j: number): string | undefined {
  for (const name of DANGEROUS_ELEMENTS) {
    if (s.length - j < name.length) continue;
    let k = 0;
    while (k < name.length && lower(s.charCodeAt(j + k)) === name.charCodeAt(k)) k++;
    if (k === name.length && !isWordChar(s.charCodeAt(j + name.length))) return name;
  }
  return undefined;
}

/** One left-to-right pass over a string; linear in its length. */
class Pass {
  private readonly out: string[] = [];
  /** Copied-from position: text from here up to the cursor is kept unless something is cut. */
  private kept = 0;
  /** The next `>` at or after the position it was searched from (-1: none left), searched forward only. */
  private gtAt = -2;
  /**
   * Tag-end scans: for a position scanned outside quotes, the scan that reached it (1-based), and
   * each scan's answer (the `>` ending the tag, or -1). A later scan reaching a seen position has
   * the same future, so it takes the answer: every position is scanned outside quotes at most once.
   */
  private seenBy: Int32Array | undefined;
  private readonly answers: number[] = [0];
  changed = false;

  constructor(private readonly s: string) {}

  run(): string {
    const s = this.s;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const c = s.charCodeAt(i);
      let end = -1;
      if (c === LT) end = this.markupAt(i);
      else if (c === AMP || isLetter(c)) {
        const l = lower(c);
        if (l === 0x6a || l === 0x76 || l === 0x6c || l === 0x64 || c === AMP) end = schemeAt(s, i);
        if (end < 0 && l === 0x6f) end = handlerAt(s, i);
      }
      if (end < 0) {
        i++;
        continue;
      }
      this.cut(i, end);
      i = end;
    }
    if (!this.changed) return s;
    this.out.push(s.slice(this.kept));
    return this.out.join('');
  }

  private cut(from: number, to: number) {
    if (from > this.kept) this.out.push(this.s.slice(this.kept, from));
    this.kept = to;
    this.changed = true;
  }

  private nextGt(from: number): number {
    if (this.gtAt === -1) return -1;
    if (this.gtAt < from) this.gtAt = this.s.indexOf('>', from);
    return this.gtAt;
  }

  /** Markup opening at the `<` at `i`: where it ends, or -1 when the `<` is text. */
  private markupAt(i: number): number {
    const s = this.s;
    const n = s.length;
    const next = s.charCodeAt(i + 1);
    if (next === BANG) {
      if (s.startsWith('--', i + 2)) {
        const close = s.indexOf('-->', i + 4);
        return close < 0 ? n : close + 3;
      }
      const gt = this.nextGt(i + 2);
      return gt < 0 ? -1 : gt + 1;
    }
    if (next === QUESTION) {
      const gt = this.nextGt(i + 2);
      return gt < 0 ? n : gt + 1;
    }
    // `<script`, `< / script` …: spaces allowed around the slash (some renderers are lenient).
    let j = i + 1;
    while (j < n && isSpace(s.charCodeAt(j))) j++;
    const closing = s.charCodeAt(j) === SLASH;
    if (closing) {
      j++;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
    }
    const name = dangerousNameAt(s, j);
    if (name !== undefined) {
      const gt = this.nextGt(j + name.length);
      if (gt < 0) return n;
      return closing ? gt + 1 : this.endOfElement(name, gt + 1);
    }
    // Any other tag: `<` (or `</`) directly followed by a letter, closed by a `>` outside quotes.
    const nameAt = next === SLASH ? i + 2 : i + 1;
    if (!isLetter(s.charCodeAt(nameAt))) return -1;
    const gt = this.tagEnd(nameAt + 1);
    return gt < 0 ? -1 : gt + 1;
  }

  /** The end of a dangerous element's content from `from`: after its closing tag, or the string's end. */
  private endOfElement(name: string, from: number): number {
    const s = this.s;
    const n = s.length;
    let p = s.indexOf('<', from);
    while (p >= 0) {
      let j = p + 1;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (s.charCodeAt(j) === SLASH) {
        j++;
        while (j < n && isSpace(s.charCodeAt(j))) j++;
        if (dangerousNameAt(s, j) === name) {
          j += name.length;
          while (j < n && isSpace(s.charCodeAt(j))) j++;
          if (s.charCodeAt(j) === GT) return j + 1;
        }
      }
      // Everything read since p was neither '<' nor past the next '<': each character is read once.
      p = s.indexOf('<', Math.max(p + 1, j));
    }
    return n;
  }

  /** The `>` that ends a tag whose name started before `from`, or -1 (a `<` or the end comes first). */
  private tagEnd(from: number): number {
    const s = this.s;
    const n = s.length;
    const seen = (this.seenBy ??= new Int32Array(n));
    const id = this.answers.length;
    let answer = -1;
    let j = from;
    while (j < n) {
      const by = seen[j]!;
      if (by !== 0) {
        answer = this.answers[by]!;
        break;
      }
      seen[j] = id;
      const c = s.charCodeAt(j);
      if (c === GT) {
        answer = j;
        break;
      }
      if (c === LT) break;
      if (c === DQUOTE || c === SQUOTE) {
        // Quoted regions of one quote character never overlap: each is searched once.
        const close = s.indexOf(c === DQUOTE ? '"' : "'", j + 1);
        if (close < 0) break;
        j = close + 1;
        continue;
      }
      j++;
    }
    this.answers.push(answer);
    return answer;
  }
}

/** Characters without which no tag, scheme, reference or handler can form. */
const NEUTRALISE = new Set([LT, GT, AMP, COLON, EQUALS]);

/** One string, sanitised; linear in its length (at most MAX_PASSES passes and one last sweep). */
export function sanitiseString(input: string): string {
  let current = input;
  for (let i = 0; i < MAX_PASSES; i++) {
    const pass = new Pass(current);
    const next = pass.run();
    if (!pass.changed) return next;
    current = next;
  }
  let out = '';
  let kept = 0;
  for (let i = 0; i < current.length; i++) {
    if (NEUTRALISE.has(current.charCodeAt(i))) {
      out += current.slice(kept, i);
      kept = i + 1;
    }
  }
  return out + current.slice(kept);
}

/**
 * Deeper than this, data is dropped (no step definition nests that deep); the request schema
 * already refuses it (shared/schemas/step-data.ts).
 */
export const MAX_DEPTH = stepDataLimits.maxDepth;

/**
 * Sanitises every string of a JSON-like value, deep (object keys too); numbers, booleans and null are
 * kept; functions, symbols and values deeper than MAX_DEPTH are dropped. Returns a copy.
 */
export function sanitiseData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return sanitiseString(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    return value.map((v) => sanitiseData(v, depth + 1)).filter((v) => v !== undefined);
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const key = sanitiseString(k);
      const clean = sanitiseData(v, depth + 1);
      if (key !== '' && clean !== undefined && key !== '__proto__') out[key] = clean;
    }
    return out;
  }
  return undefined;
}

/** A step's `data` object, sanitised. */
export function sanitiseStepData(data: Record<string, unknown>): Record<string, unknown> {
  return sanitiseData(data) as Record<string, unknown>;
}
