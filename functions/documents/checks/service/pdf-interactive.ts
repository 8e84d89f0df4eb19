/**
 * Interactive content in a PDF (docs/documents-checks.md), found by parsing every
 * object of the file, never by searching its bytes (a `/JavaScript` inside a compressed object
 * stream is found; the same text inside page content or a string is not mistaken for it):
 *
 * - form fields: an AcroForm with fields or an XFA form, or any widget annotation;
 * - JavaScript: any action of type JavaScript, or any `JS` entry, wherever it sits: the document's
 *   JavaScript name tree, its OpenAction and additional actions, pages' and annotations' actions,
 *   outline items, and actions chained with `Next`.
 *
 * The file is read in windows of 1 MiB ({@link ByteSource}): each object's dictionary is parsed
 * (./pdf-syntax.ts), its stream skipped by its length (or up to `endstream`), and compressed object
 * streams (`/Type /ObjStm`, Flate) are inflated and their objects parsed the same way. So memory is
 * bounded by the largest single object, not the file: a 250 MB upload of drawings is walked in a
 * few MB. Every revision's objects are walked (an incremental update does not hide what an earlier
 * one added).
 *
 * Run after {@link ./pdf-open.ts}: an encrypted file is refused there (its strings would be
 * ciphertext here).
 */
import { inflateSync } from 'node:zlib';
import { asSource, type ByteSource } from '../../service/byte-source.js';
import { NeedMoreBytes, PdfLexer, PdfSyntaxError, isWhite, type PdfValue } from './pdf-syntax.js';

export type InteractiveContent = 'form fields' | 'JavaScript';

/** A window's size: most objects' dictionaries are far smaller; a larger one grows it. */
const WINDOW = 64 << 10;
/** The window while looking for `endstream` past a stream whose length is not known. */
const SEARCH_WINDOW = 1 << 20;
/** The largest object dictionary, and the largest object stream once inflated, a walk accepts. */
const MAX_OBJECT = 64 << 20;
// The bytes PDF counts as white space (NUL among them) and its delimiters.
const HEADER =
  // eslint-disable-next-line no-control-regex
  /(?<![^\x00\t\n\f\r ()<>[\]{}/%])(\d+)[\x00\t\n\f\r ]+(\d+)[\x00\t\n\f\r ]+obj(?![^\x00\t\n\f\r ()<>[\]{}/%])/g;

/** Windows of the file, reused while the reads fall inside the last one. */
class Windows {
  private start = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private text: string | undefined;

  constructor(readonly source: ByteSource) {}

  /** The window holding `position` with at least `min` bytes after it (or the end of the file). */
  async at(position: number, min = 4096) {
    const end = this.start + this.bytes.length;
    const covered = position >= this.start && (position + min <= end || end >= this.source.size);
    if (!covered) {
      this.start = position;
      this.bytes = await this.source.read(position, Math.max(min, WINDOW));
      this.text = undefined;
    }
    return {
      bytes: this.bytes,
      offset: position - this.start,
      start: this.start,
      final: this.start + this.bytes.length >= this.source.size,
    };
  }

  /** The window as latin1 text (for finding `N G obj` and `endstream` tokens). */
  latin1(): string {
    this.text ??= Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString(
      'latin1',
    );
    return this.text;
  }
}

const nameOf = (v: PdfValue | undefined) => (v?.kind === 'name' ? v.name : undefined);

/** What the walk has seen, kept small: which objects are non-empty arrays or AcroForm-like dictionaries. */
class Findings {
  found: InteractiveContent | undefined;
  private readonly nonEmptyArrays = new Set<number>();
  private readonly forms = new Map<number, Map<string, PdfValue>>();
  private readonly acroFormRefs: number[] = [];
  private readonly fieldRefs: number[] = [];

  /** Whether an AcroForm dictionary has fields or an XFA form (a reference is settled at the end). */
  private acroForm(entries: Map<string, PdfValue>) {
    if (entries.has('XFA')) return (this.found ??= 'form fields');
    const fields = entries.get('Fields');
    if (fields?.kind === 'array' && fields.items.length > 0) this.found ??= 'form fields';
    else if (fields?.kind === 'ref') this.fieldRefs.push(fields.num);
    return this.found;
  }

  object(num: number | undefined, value: PdfValue): void {
    if (num !== undefined) {
      if (value.kind === 'array' && value.items.length > 0) this.nonEmptyArrays.add(num);
      else this.nonEmptyArrays.delete(num);
      if (value.kind === 'dict' && (value.entries.has('Fields') || value.entries.has('XFA')))
        this.forms.set(num, value.entries);
      else this.forms.delete(num);
    }
    const stack: PdfValue[] = [value];
    while (stack.length > 0 && !this.found) {
      const v = stack.pop()!;
      if (v.kind === 'array') for (const item of v.items) stack.push(item);
      if (v.kind !== 'dict') continue;
      const { entries } = v;
      if (nameOf(entries.get('S')) === 'JavaScript' || entries.has('JS')) this.found = 'JavaScript';
      else if (nameOf(entries.get('Subtype')) === 'Widget') this.found = 'form fields';
      const acro = entries.get('AcroForm');
      if (acro?.kind === 'dict') this.acroForm(acro.entries);
      else if (acro?.kind === 'ref') this.acroFormRefs.push(acro.num);
      for (const child of entries.values())
        if (child.kind === 'dict' || child.kind === 'array') stack.push(child);
    }
  }

  /** The verdict once every object was seen (references to AcroForms and their Fields resolved). */
  settle(): InteractiveContent | undefined {
    for (const ref of this.acroFormRefs) {
      const form = this.forms.get(ref);
      if (form) this.acroForm(form);
    }
    for (const ref of this.fieldRefs) if (this.nonEmptyArrays.has(ref)) this.found ??= 'form fields';
    return this.found;
  }
}

/** The objects of a compressed object stream (ISO 32000-1 §7.5.7), each given to `visit`. */
function objectStream(
  dict: Map<string, PdfValue>,
  raw: Uint8Array,
  visit: (num: number, v: PdfValue) => void,
) {
  const filter = dict.get('Filter');
  const filters = filter?.kind === 'array' ? filter.items.map(nameOf) : filter ? [nameOf(filter)] : [];
  const params = dict.get('DecodeParms');
  const parms = params?.kind === 'array' ? params.items[0] : params;
  const predictor = parms?.kind === 'dict' ? parms.entries.get('Predictor') : undefined;
  if (predictor?.kind === 'number' && predictor.value > 1)
    throw new PdfSyntaxError('an object stream with a predictor');
  let data = raw;
  for (const f of filters) {
    if (f !== 'FlateDecode') throw new PdfSyntaxError(`an object stream filtered with ${f}`);
    data = inflateSync(data, { maxOutputLength: MAX_OBJECT });
  }
  const n = dict.get('N');
  const first = dict.get('First');
  if (n?.kind !== 'number' || first?.kind !== 'number')
    throw new PdfSyntaxError('an object stream without N or First');
  const head = new PdfLexer(data.subarray(0, first.value), 0, true);
  for (let i = 0; i < n.value; i++) {
    const num = head.value();
    const offset = head.value();
    if (num.kind !== 'number' || offset.kind !== 'number') break;
    visit(num.value, new PdfLexer(data, first.value + offset.value, true).value());
  }
}

/**
 * The first kind of interactive content found, or undefined. Throws when the file cannot be walked
 * (not PDF syntax, an object past 64 MB, an object stream it cannot decode): the caller reports that
 * as a failed validation.
 */
export async function findInteractiveContent(
  input: Uint8Array | ByteSource,
): Promise<InteractiveContent | undefined> {
  const source = asSource(input);
  const windows = new Windows(source);
  const findings = new Findings();
  let pos = 0;

  /** The position of the next `endstream` at or after `from` (the end of the file if none). */
  async function endstreamFrom(from: number): Promise<number> {
    let at = from;
    for (;;) {
      const w = await windows.at(at, SEARCH_WINDOW);
      const i = windows.latin1().indexOf('endstream', w.offset);
      if (i >= 0) return w.start + i;
      if (w.final) return source.size;
      at = w.start + w.bytes.length - 16;
    }
  }

  while (pos < source.size && !findings.found) {
    // The next `N G obj`.
    const w = await windows.at(pos, 256);
    HEADER.lastIndex = w.offset;
    const m = HEADER.exec(windows.latin1());
    if (!m) {
      if (w.final) break;
      pos = w.start + w.bytes.length - 64;
      continue;
    }
    const num = Number(m[1]);
    const bodyAt = w.start + m.index + m[0].length;

    // Its value, in a window large enough to hold it.
    let min = 4096;
    let value: PdfValue;
    let after: number;
    let keyword: PdfValue;
    for (;;) {
      const b = await windows.at(bodyAt, min);
      const lex = new PdfLexer(b.bytes, b.offset, b.final);
      try {
        value = lex.value();
        after = b.start + lex.at;
        keyword = lex.value();
        if (keyword.kind === 'keyword' && keyword.word === 'stream') after = b.start + lex.at;
        break;
      } catch (err) {
        if (!(err instanceof NeedMoreBytes)) throw err;
        if (min >= MAX_OBJECT) throw new PdfSyntaxError('an object larger than a walk reads');
        min = Math.min(Math.max(min, b.bytes.length - b.offset) * 4, MAX_OBJECT);
      }
    }
    pos = after;
    findings.object(num, value);
    if (keyword.kind !== 'keyword' || keyword.word !== 'stream' || value.kind !== 'dict') continue;

    // Its stream: skipped by its length (checked against `endstream`), or up to `endstream`.
    const eol = await windows.at(after, 2);
    const e0 = eol.bytes[eol.offset];
    const start =
      after + (e0 === 13 && eol.bytes[eol.offset + 1] === 10 ? 2 : e0 === 10 || e0 === 13 ? 1 : 0);
    const length = value.entries.get('Length');
    let end: number | undefined;
    if (length?.kind === 'number' && length.value >= 0 && start + length.value <= source.size) {
      const t = await windows.at(start + length.value, 64);
      let i = t.offset;
      while (i < t.bytes.length && isWhite(t.bytes[i]!)) i++;
      if (
        Buffer.from(t.bytes.buffer, t.bytes.byteOffset + i, Math.min(9, t.bytes.length - i)).toString(
          'latin1',
        ) === 'endstream'
      )
        end = start + length.value;
    }
    const endstream = end === undefined ? await endstreamFrom(start) : undefined;
    if (end === undefined) {
      end = endstream!;
      // The end-of-line before `endstream` is not part of the data.
      const tail = await source.read(Math.max(start, end - 2), end - Math.max(start, end - 2));
      if (tail.at(-1) === 10) end--;
      if (tail.at(-2) === 13 && tail.at(-1) === 10) end--;
    }
    pos = Math.max(end, pos);
    if (nameOf(value.entries.get('Type')) === 'ObjStm') {
      if (end - start > MAX_OBJECT) throw new PdfSyntaxError('an object stream larger than a walk reads');
      objectStream(value.entries, await source.read(start, end - start), (n, v) => findings.object(n, v));
    }
  }
  return findings.settle();
}
