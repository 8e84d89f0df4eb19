/**
 * The PDF object syntax (ISO 32000-1 §7.2–7.3), enough to read every object's dictionaries: names,
 * numbers, references, strings (skipped, their content is never needed), arrays and dictionaries.
 * Synchronous over a window of bytes; {@link NeedMoreBytes} when an object runs past the window's
 * end, so the caller reads a larger window and parses again.
 */

export type PdfValue =
  | { kind: 'dict'; entries: Map<string, PdfValue> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'name'; name: string }
  | { kind: 'ref'; num: number }
  | { kind: 'number'; value: number }
  | { kind: 'keyword'; word: string }
  | { kind: 'other' };

/** The window ended inside a value: read more and parse again. */
export class NeedMoreBytes extends Error {
  override name = 'NeedMoreBytes';
}

/** Not PDF syntax where a value must be (a check cannot reach a verdict on it). */
export class PdfSyntaxError extends Error {
  override name = 'PdfSyntaxError';
}

const MAX_DEPTH = 256;
const OTHER: PdfValue = { kind: 'other' };

export const isWhite = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
const isDelimiter = (c: number) =>
  c === 40 ||
  c === 41 ||
  c === 60 ||
  c === 62 ||
  c === 91 ||
  c === 93 ||
  c === 123 ||
  c === 125 ||
  c === 47 ||
  c === 37;
const isRegular = (c: number) => !isWhite(c) && !isDelimiter(c);
const isDigit = (c: number) => c >= 48 && c <= 57;
const hex = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** A parser over `bytes[at..]`; `final` when the window reaches the end of the file. */
export class PdfLexer {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
    private readonly final: boolean,
  ) {}

  private peek(): number {
    if (this.at >= this.bytes.length) {
      if (this.final) return -1;
      throw new NeedMoreBytes();
    }
    return this.bytes[this.at]!;
  }

  skipWhite(): void {
    for (;;) {
      const c = this.peek();
      if (c === 37) {
        while (this.peek() !== 10 && this.peek() !== 13 && this.peek() !== -1) this.at++;
      } else if (c !== -1 && isWhite(c)) this.at++;
      else return;
    }
  }

  private regularToken(): string {
    const start = this.at;
    while (this.peek() !== -1 && isRegular(this.peek())) this.at++;
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, this.at - start).toString('latin1');
  }

  private name(): PdfValue {
    this.at++; // '/'
    let out = '';
    while (this.peek() !== -1 && isRegular(this.peek())) {
      const c = this.bytes[this.at]!;
      if (c === 35 && this.at + 2 < this.bytes.length) {
        const v = hex(this.bytes[this.at + 1]!) * 16 + hex(this.bytes[this.at + 2]!);
        if (v >= 0) {
          out += String.fromCharCode(v);
          this.at += 3;
          continue;
        }
      }
      out += String.fromCharCode(c);
      this.at++;
    }
    return { kind: 'name', name: out };
  }

  private literalString(): PdfValue {
    this.at++; // '('
    let depth = 1;
    while (depth > 0) {
      const c = this.peek();
      if (c === -1) throw new PdfSyntaxError('unterminated string');
      this.at++;
      if (c === 92) {
        this.peek();
        this.at++;
      } else if (c === 40) depth++;
      else if (c === 41) depth--;
    }
    return OTHER;
  }

  private hexString(): PdfValue {
    this.at++; // '<'
    for (;;) {
      const c = this.peek();
      if (c === -1) throw new PdfSyntaxError('unterminated hex string');
      this.at++;
      if (c === 62) return OTHER;
    }
  }

  /** A number, or `n g R` as a reference. */
  private numberOrRef(): PdfValue {
    const first = this.regularToken();
    const value = Number(first);
    if (!Number.isFinite(value)) return OTHER;
    if (!/^\d+$/.test(first)) return { kind: 'number', value };
    const save = this.at;
    this.skipWhite();
    if (isDigit(this.peek())) {
      const second = this.regularToken();
      this.skipWhite();
      if (/^\d+$/.test(second) && this.peek() === 82) {
        this.at++;
        if (this.peek() === -1 || !isRegular(this.peek())) return { kind: 'ref', num: value };
      }
    }
    this.at = save;
    return { kind: 'number', value };
  }

  /** The next value (a keyword such as `endobj` or `stream` comes back as one). */
  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('nested too deep');
    this.skipWhite();
    const c = this.peek();
    if (c === -1) return { kind: 'keyword', word: '' };
    if (c === 47) return this.name();
    if (c === 40) return this.literalString();
    if (c === 91) {
      this.at++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        const d = this.peek();
        if (d === 93) {
          this.at++;
          return { kind: 'array', items };
        }
        if (d === -1) throw new PdfSyntaxError('unterminated array');
        const v = this.value(depth + 1);
        if (v.kind === 'keyword' && v.word !== 'true' && v.word !== 'false' && v.word !== 'null')
          throw new PdfSyntaxError(`unexpected ${v.word} in an array`);
        items.push(v);
      }
    }
    if (c === 60) {
      this.at++;
      const next = this.peek();
      this.at--;
      if (next !== 60) return this.hexString();
      this.at += 2;
      const entries = new Map<string, PdfValue>();
      for (;;) {
        this.skipWhite();
        const d = this.peek();
        if (d === 62) {
          this.at++;
          if (this.peek() === 62) this.at++;
          return { kind: 'dict', entries };
        }
        if (d !== 47) throw new PdfSyntaxError('a dictionary key is not a name');
        const key = this.name() as { name: string };
        const v = this.value(depth + 1);
        if (v.kind === 'keyword' && v.word !== 'true' && v.word !== 'false' && v.word !== 'null')
          throw new PdfSyntaxError(`unexpected ${v.word} in a dictionary`);
        entries.set(key.name, v);
      }
    }
    if (isDigit(c) || c === 43 || c === 45 || c === 46) return this.numberOrRef();
    if (isRegular(c)) return { kind: 'keyword', word: this.regularToken() };
    // A stray delimiter (`)`, `>`, `]`, `{`, `}`): skip it.
    this.at++;
    return OTHER;
  }
}
