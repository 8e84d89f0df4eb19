/**
 * Real files for the document checks (functions/documents/checks/service), made with pdf-lib and
 * jimp as the tests run; the two password-protected PDFs are committed (qpdf made them:
 * test/fixtures/documents/README.md).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { Jimp } from '../../functions/platform/adapters/images';
import { minimalPdf } from './pdf';

const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures', 'documents');
export const fixture = (name: string): Buffer => readFileSync(path.join(fixtures, name));

/** The EICAR test string: every virus scanner detects it (locally infra/local/clamav/eicar.ndb), and it is harmless. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A one-page A4 PDF with text, as pdf-lib writes it (object streams), more than 6000 bytes. */
export async function plainPdfDoc(): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 60; i++)
    page.drawText(`Line ${i}: drainage plan for 12 Kauri Street, Ponsonby, Auckland 1011`, {
      x: 40,
      y: 800 - i * 12,
      size: 9,
      font,
    });
  return doc;
}
export const plainPdf = async () => Buffer.from(await (await plainPdfDoc()).save());

/** A plain PDF with a 6 MB image stream, and optionally an OpenAction script written after it. */
export async function largePdf(script: boolean) {
  const doc = await plainPdfDoc();
  const image = doc.context.stream(randomBytes(6 * 1024 * 1024), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 2048,
    Height: 3072,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  doc.getPage(0).node.set(PDFName.of('Thumb'), doc.context.register(image));
  if (script)
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })),
    );
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF with an AcroForm text field (a fillable form). */
export async function formPdf(): Promise<Buffer> {
  const doc = await plainPdfDoc();
  doc.getForm().createTextField('owner.name').addToPage(doc.getPage(0), { x: 40, y: 40 });
  return Buffer.from(await doc.save());
}

export type JavaScriptPlace = 'OpenAction' | 'Names' | 'LinkAction' | 'AnnotationAA' | 'PageAA' | 'Outline';

/** A PDF with JavaScript in one place (saved with object streams: the script is compressed). */
export async function javascriptPdf(place: JavaScriptPlace): Promise<Buffer> {
  const doc = await plainPdfDoc();
  const ctx = doc.context;
  const js = (n: number) => ctx.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert(${n})`) });
  const page = doc.getPage(0).node;
  if (place === 'OpenAction') doc.catalog.set(PDFName.of('OpenAction'), js(1));
  if (place === 'Names')
    doc.catalog.set(
      PDFName.of('Names'),
      ctx.obj({ JavaScript: { Names: [PDFString.of('init'), ctx.register(js(2))] } }),
    );
  if (place === 'LinkAction' || place === 'AnnotationAA') {
    const action = place === 'LinkAction' ? { A: js(3) } : { AA: { E: js(4) } };
    const link = ctx.register(
      ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [40, 40, 200, 60], ...action }),
    );
    page.set(PDFName.of('Annots'), ctx.obj([link]));
  }
  if (place === 'PageAA') page.set(PDFName.of('AA'), ctx.obj({ O: js(5) }));
  if (place === 'Outline') {
    const outlines = ctx.nextRef();
    const item = ctx.register(ctx.obj({ Title: PDFString.of('Go'), Parent: outlines, A: js(6) }));
    ctx.assign(outlines, ctx.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
    doc.catalog.set(PDFName.of('Outlines'), outlines);
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** A PDF that merely holds the text of a script and a form in a string: nothing interactive. */
export async function mentionsJavaScriptPdf(): Promise<Buffer> {
  const doc = await plainPdfDoc();
  doc.catalog.set(PDFName.of('Comment'), PDFString.of('<< /S /JavaScript /JS (app.alert) >> /AcroForm'));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF header followed by no PDF at all: nothing pdf.js can open or rebuild. */
export const corruptPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(7000, 'A')]);

/** The first half of a PDF (a transfer cut short). */
export const truncatedPdf = async () => {
  const b = await plainPdf();
  return b.subarray(0, Math.floor(b.length / 2));
};

/** A PDF that opens but has a page tree pdf.js cannot walk: its page list names the page list itself. */
export const cyclicPagesPdf = () =>
  Buffer.from(
    minimalPdf('Site plan '.repeat(600))
      .toString('latin1')
      .replace('/Kids [3 0 R] /Count 1', '/Kids [2 0 R] /Count 1'),
    'latin1',
  );

/** A PDF whose page tree is empty: it opens, with nothing to check. */
export const noPagesPdf = () =>
  Buffer.from(
    minimalPdf('Site plan '.repeat(600))
      .toString('latin1')
      .replace('/Kids [3 0 R] /Count 1', '/Kids [] /Count 0 '),
    'latin1',
  );

/** A photo-like JPEG of width × height (noise, so it is not tiny), with an EXIF orientation when given. */
export async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0xffffffff });
  // A dark left column and a dark top row, to see where the first pixels land.
  image.scan(0, 0, width, height, (x, y, idx) => {
    const v = x < width / 8 || y < height / 8 ? 0x20 : (x * 7 + y * 13) % 256;
    image.bitmap.data[idx] = v;
    image.bitmap.data[idx + 1] = (v * 3) % 256;
    image.bitmap.data[idx + 2] = (v * 5) % 256;
  });
  const plain = await image.getBuffer('image/jpeg', { quality: 90 });
  return orientation ? withExifOrientation(plain, orientation) : plain;
}

/** A PNG of width × height with transparency. */
export async function png(width: number, height: number): Promise<Buffer> {
  const image = new Jimp({ width, height, color: 0x3366cc80 });
  image.scan(0, 0, width, height, (x, y, idx) => {
    image.bitmap.data[idx] = (x * 11 + y * 3) % 256;
  });
  return image.getBuffer('image/png');
}

/** Inserts an APP1 EXIF segment (big-endian TIFF, IFD0 with Orientation) after the JPEG's SOI. */
export function withExifOrientation(jpegBytes: Buffer, orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpegBytes.subarray(0, 2), header, body, jpegBytes.subarray(2)]);
}

/** A small, valid PNG whose header declares 60000 × 60000 pixels (14 GB of RGBA if decoded). */
export function pngBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60000, 0);
  ihdr.writeUInt32BE(60000, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(7000)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
