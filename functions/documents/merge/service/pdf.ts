/**
 * Merges PDFs into one, written out as it goes (docs/documents.md "Merge"): the
 * parts are read one at a time, each part's pages (and what they use: fonts, images, content
 * streams) copied with pdf-lib's object copier into an output context, serialised to the sink and
 * dropped at once. What stays in memory across parts is the byte offset of every object written and
 * the page references (a few bytes each), so memory is bounded by the largest part, not the total.
 * The page tree and catalogue are written last, then the cross-reference table and trailer.
 */
import { PDFArray, PDFContext, PDFDocument, PDFName, PDFNumber, PDFObjectCopier, PDFRef } from 'pdf-lib';
import type { PDFObject, PDFPage } from 'pdf-lib';
import { MergePartError } from './part-error.js';

export { MergePartError };

/** Where the merged bytes go, in order (an S3 multipart upload; an array in the tests). */
export interface ByteSink {
  write(chunk: Uint8Array): Promise<void>;
}

const encoder = new TextEncoder();

/** Serialised bytes of one object (pdf-lib's own serialisation). */
function bytesOf(object: PDFObject): Uint8Array {
  const out = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(out, 0);
  return out;
}

/**
 * Writes the parts, in order, as one PDF to `sink`; `parts` yields each part's bytes when asked
 * (one at a time). Returns the number of pages and of bytes written. A part pdf-lib cannot read (or
 * one without pages) throws MergePartError before anything of it is written.
 */
export async function mergePdfParts(
  parts: Iterable<() => Promise<Uint8Array>> | AsyncIterable<() => Promise<Uint8Array>>,
  sink: ByteSink,
): Promise<{ pageCount: number; byteLength: number }> {
  const out = PDFContext.create();
  const pagesRef = out.nextRef();
  const catalogRef = out.nextRef();
  const offsets = new Map<number, number>();
  const pageRefs: PDFRef[] = [];
  let written = 0;

  const emit = async (chunk: Uint8Array) => {
    if (chunk.byteLength === 0) return;
    await sink.write(chunk);
    written += chunk.byteLength;
  };
  const emitObject = async (ref: PDFRef, object: PDFObject) => {
    offsets.set(ref.objectNumber, written);
    await emit(encoder.encode(`${ref.objectNumber} 0 obj\n`));
    await emit(bytesOf(object));
    await emit(encoder.encode('\nendobj\n'));
  };

  // Header, with the binary comment that marks the file as binary.
  await emit(new Uint8Array([...encoder.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));

  let index = 0;
  for await (const load of parts) {
    const bytes = await load(); // a read failure is not the part's fault: thrown as it is
    let doc: PDFDocument;
    let pages: PDFPage[];
    try {
      doc = await PDFDocument.load(bytes, { updateMetadata: false });
      pages = doc.getPages();
    } catch (err) {
      throw new MergePartError(index, err instanceof Error ? err.message : String(err));
    }
    if (pages.length === 0) throw new MergePartError(index, 'it has no pages');
    // One copier per part: what several pages share is copied once.
    const copier = PDFObjectCopier.for(doc.context, out);
    for (const page of pages) {
      const copied = copier.copy(page.node);
      copied.set(PDFName.of('Parent'), pagesRef);
      pageRefs.push(out.register(copied));
    }
    // Write what this part added, then forget it (object numbers keep counting up).
    for (const [ref, object] of out.enumerateIndirectObjects()) {
      await emitObject(ref, object);
      out.delete(ref);
    }
    index += 1;
  }

  const kids = PDFArray.withContext(out);
  for (const ref of pageRefs) kids.push(ref);
  await emitObject(pagesRef, out.obj({ Type: 'Pages', Kids: kids, Count: PDFNumber.of(pageRefs.length) }));
  await emitObject(catalogRef, out.obj({ Type: 'Catalog', Pages: pagesRef }));

  // Cross-reference table: every object number from 0 to the largest, each written above.
  const size = out.largestObjectNumber + 1;
  const xrefAt = written;
  const lines = ['xref', `0 ${size}`, '0000000000 65535 f\r'];
  for (let n = 1; n < size; n++) {
    const at = offsets.get(n);
    lines.push(at === undefined ? '0000000000 00000 f\r' : `${String(at).padStart(10, '0')} 00000 n\r`);
  }
  await emit(encoder.encode(`${lines.join('\n')}\n`));
  await emit(
    encoder.encode(
      `trailer\n<< /Size ${size} /Root ${catalogRef.objectNumber} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return { pageCount: pageRefs.length, byteLength: written };
}
