import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

/**
 * The portal's PDF layout on pdf-lib's standard fonts (the summary PDF, the RFIs PDF): A4 pages, a
 * running cursor that starts a new page when the next line does not fit, word wrapping (long words
 * broken), headings with a rule, label/value fields, grey notes and a page footer. Characters the
 * standard (WinAnsi) fonts cannot encode are folded (accents, macrons) or replaced, never a crash.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const SIZE = { title: 16, heading: 12, subheading: 11, body: 10 };
const LINE = 1.35;
/**
 * pdf-lib's `rgb` (a plain value) made here, so this module imports no pdf-lib code and a function
 * that renders only on some requests loads pdf-lib on first use (docs/performance.md).
 */
const rgb = (red: number, green: number, blue: number): RGB =>
  ({ type: 'RGB', red, green, blue }) as unknown as RGB;
const GREY = rgb(0.35, 0.35, 0.35);

/** Text a standard font can draw: line breaks normalised, tabs as spaces, accents folded, others '?'. */
export function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ')]
    .map((ch) => {
      if (ch === '\n' || supported.has(ch.codePointAt(0) ?? 0)) return ch;
      const folded = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...folded].every((f) => supported.has(f.codePointAt(0) ?? 0)) ? folded : '?';
    })
    .join('');
}

/** Word-wrapped lines of a text within a width (long words broken). */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      let w = word;
      while (font.widthOfTextAtSize(w, size) > width) {
        // The longest prefix that fits (binary search: a 20,000-character word stays cheap), at least 1.
        let lo = 1;
        let hi = w.length - 1;
        while (lo < hi) {
          const mid = Math.ceil((lo + hi) / 2);
          if (font.widthOfTextAtSize(w.slice(0, mid), size) <= width) lo = mid;
          else hi = mid - 1;
        }
        const cut = lo;
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(w.slice(0, cut));
        w = w.slice(cut);
      }
      const candidate = line ? `${line} ${w}` : w;
      if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
      else {
        lines.push(line);
        line = w;
      }
    }
    lines.push(line);
  }
  return lines;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  indent?: number;
  grey?: boolean;
  gapAfter?: number;
}

/** Writes top to bottom over as many pages as the text needs. */
export class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private ensure(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  /** Moves down by `points` (a gap), starting a new page when it runs off this one. */
  gap(points: number) {
    this.y -= points;
    if (this.y < PAGE.margin) this.newPage();
  }

  text(text: string, opts: TextOptions = {}) {
    const size = opts.size ?? SIZE.body;
    const font = opts.bold ? this.bold : this.font;
    const x = PAGE.margin + (opts.indent ?? 0);
    const width = PAGE.width - PAGE.margin - x;
    for (const line of wrap(font, size, encodable(font, text), width)) {
      this.ensure(size * LINE);
      this.y -= size * LINE;
      this.page.drawText(line, { x, y: this.y, size, font, color: opts.grey ? GREY : rgb(0, 0, 0) });
    }
    this.y -= opts.gapAfter ?? 0;
  }

  /** A section heading with a rule under it, kept with the lines that follow. */
  heading(text: string) {
    this.ensure(SIZE.heading * LINE * 3);
    this.y -= SIZE.heading * 0.8;
    this.text(text, { size: SIZE.heading, bold: true, gapAfter: 2 });
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 4;
  }

  field(label: string, value: string, indent = 0) {
    this.text(label, { bold: true, indent });
    this.text(value, { indent: indent + 12, gapAfter: 3 });
  }

  /** `title · page n of m` at the foot of every page (call once, after everything is written). */
  footer(title: string) {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      const label = encodable(this.font, `${title} · page ${i + 1} of ${pages.length}`);
      p.drawText(label, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: this.font, color: GREY });
    });
  }
}
