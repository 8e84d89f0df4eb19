/**
 * JPEG and PNG → PDF in the scan pipeline (docs/documents.md) on real images: the page is the
 * image's size and orientation, the JPEG is embedded as it is, dimensions are checked before any
 * decoding, and other types are 'Type not supported'.
 */
import { PDFArray, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  ConversionRefused,
  imageToPdf,
  orientationMatrix,
  pdfFileName,
} from '../../../../functions/documents/checks/service/image-to-pdf';
import { imageLayout } from '../../../../functions/documents/checks/service/image-metadata';
import { checkPdfOpens } from '../../../../functions/documents/checks/service/pdf-open';
import { jpeg, png, pngBomb, withExifOrientation } from '../../../support/document-files';

async function pageOf(pdfBytes: Uint8Array) {
  const pdf = await PDFDocument.load(pdfBytes);
  expect(pdf.getPageCount()).toBe(1);
  const page = pdf.getPage(0);
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
  const ops = streams
    .map((st) => Buffer.from(decodePDFRawStream(st as PDFRawStream).decode()).toString('latin1'))
    .join('\n');
  const images = [...pdf.context.enumerateIndirectObjects()]
    .map(([, o]) => o)
    .filter(
      (o): o is PDFRawStream =>
        o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    );
  // The image drawn (not its soft mask).
  const image =
    images.find((i) => i.dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceGray')) ?? images[0];
  return { size: page.getSize(), ops, image };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof ConversionRefused ? { code: e.errorCode, message: e.message } : e),
  );

describe('JPEG → PDF', () => {
  it('one page the size of the photo (72 dpi: a pixel a point), the JPEG bytes embedded unchanged', async () => {
    const photo = await jpeg(640, 480);
    const pdf = await imageToPdf(photo, 'image/jpeg');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // pdf.js takes the bytes it checks: give it a copy.
    expect(await checkPdfOpens(Buffer.from(pdf))).toBeUndefined();
    const { size, ops, image } = await pageOf(pdf);
    expect(size).toEqual({ width: 640, height: 480 });
    expect(ops).toContain('640 0 0 480 0 0 cm');
    expect(image?.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
    expect(Buffer.from(image!.contents).equals(photo)).toBe(true);
  });

  it('a photo taken sideways (EXIF orientation 6) becomes a portrait page drawn turned a quarter clockwise', async () => {
    const photo = await jpeg(640, 480, 6);
    expect(imageLayout(photo, 'image/jpeg').orientation).toBe(6);
    const { size, ops } = await pageOf(await imageToPdf(photo, 'image/jpeg'));
    expect(size).toEqual({ width: 480, height: 640 });
    expect(ops).toContain('0 -640 480 0 0 640 cm');
  });

  it.each([
    [2, [-4, 0, 0, 3, 4, 0]],
    [3, [-4, 0, 0, -3, 4, 3]],
    [4, [4, 0, 0, -3, 0, 3]],
    [5, [0, -4, -3, 0, 3, 4]],
    [6, [0, -4, 3, 0, 0, 4]],
    [7, [0, 4, 3, 0, 0, 0]],
    [8, [0, 4, -3, 0, 3, 0]],
  ])('orientation %i maps the image corners onto the page', (o, m) => {
    expect(orientationMatrix(o, 4, 3)).toEqual(m);
    // Every corner of the unit square lands on a corner of the (turned) page.
    const [a, b, c, d, e, f] = orientationMatrix(o, 4, 3);
    const page = o >= 5 ? [3, 4] : [4, 3];
    for (const [u, v] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const x = a * u! + c * v! + e;
      const y = b * u! + d * v! + f;
      expect([0, page[0]]).toContain(Math.round(x));
      expect([0, page[1]]).toContain(Math.round(y));
    }
  });

  it('keeps the physical size a scan declares (JFIF 300 dpi: 600 × 900 px is 2 × 3 inches)', async () => {
    const scan = await jpeg(600, 900);
    // JFIF APP0 density: units 1 (dpi), 300 × 300.
    const app0 = scan.indexOf(Buffer.from('JFIF\0', 'latin1'));
    scan[app0 + 7] = 1;
    scan.writeUInt16BE(300, app0 + 8);
    scan.writeUInt16BE(300, app0 + 10);
    const { size } = await pageOf(await imageToPdf(scan, 'image/jpeg'));
    expect(size).toEqual({ width: 144, height: 216 });
  });

  it('a JPEG cut short (no end-of-image marker) is FILE_IS_CORRUPT', async () => {
    const photo = await jpeg(640, 480);
    expect(await refusal(imageToPdf(photo.subarray(0, photo.length - 200), 'image/jpeg'))).toMatchObject({
      code: 'FILE_IS_CORRUPT',
    });
  });

  it('an EXIF block that is not a TIFF is ignored (orientation 1)', async () => {
    const photo = withExifOrientation(await jpeg(64, 48), 6);
    photo.write('XX', photo.indexOf('MM'), 'latin1');
    expect(imageLayout(photo, 'image/jpeg').orientation).toBe(1);
  });
});

describe('PNG → PDF', () => {
  it('one page the size of the image, transparency kept (a soft mask)', async () => {
    const pdf = await imageToPdf(await png(300, 200), 'image/png');
    const { size, image } = await pageOf(pdf);
    expect(size).toEqual({ width: 300, height: 200 });
    expect(image?.dict.has(PDFName.of('SMask'))).toBe(true);
  });

  it('a PNG declaring 60000 × 60000 pixels is refused from its header, before any decoding, quickly', async () => {
    const started = performance.now();
    expect(await refusal(imageToPdf(pngBomb(), 'image/png'))).toMatchObject({
      code: 'PDF_VALIDATION_FAILED',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a PNG whose image data is garbage is FILE_IS_CORRUPT', async () => {
    const good = await png(300, 200);
    const idat = good.indexOf(Buffer.from('IDAT', 'latin1'));
    const broken = Buffer.from(good);
    broken.fill(0x55, idat + 4, idat + 200);
    expect(await refusal(imageToPdf(broken, 'image/png'))).toMatchObject({ code: 'FILE_IS_CORRUPT' });
  });
});

describe('other types', () => {
  it("any other type in conversion is 'Type not supported'", async () => {
    expect(await refusal(imageToPdf(Buffer.from('GIF89a....'), 'image/gif'))).toEqual({
      code: 'WRONG_FILE_TYPE',
      message: 'Type not supported',
    });
  });

  it('the stored file is named .pdf', () => {
    expect(pdfFileName('site photo.JPG')).toBe('site photo.pdf');
    expect(pdfFileName('scan')).toBe('scan.pdf');
    expect(pdfFileName('.png')).toBe('.png.pdf');
  });
});
