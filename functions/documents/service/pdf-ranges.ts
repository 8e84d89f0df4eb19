/**
 * pdf.js reading a PDF by ranges of a {@link ByteSource} (PDFDataRangeTransport, 16 KB chunks,
 * nothing fetched ahead): it fetches only what it parses — the cross-reference data, the catalog,
 * the pages asked for — so a 250 MB file costs what those parts cost, not its size. Used by the
 * scanner's checks (./checks/pdf-open.ts) and the extraction's text step (../extraction.ts).
 */
// pdf.js finds a range's reader with Iterator.prototype.find (Node 22, the Lambda runtime); the
// local stack and tests run on Node 20, where core-js adds it (and leaves a native one alone).
import 'core-js/actual/iterator/find.js';
import { getResolvedPDFJS } from 'unpdf';
import { asSource, type ByteSource } from './byte-source.js';

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** Opens a PDF by ranges (rejects as pdf.js does: PasswordException, InvalidPDFException, …). */
export async function openPdf(input: Uint8Array | ByteSource): Promise<PdfDocument> {
  const source = asSource(input);
  const pdfjs = await getResolvedPDFJS();
  const transport = new pdfjs.PDFDataRangeTransport(source.size, null);
  transport.requestDataRange = (begin: number, end: number) => {
    source.read(begin, end - begin).then(
      (bytes) => transport.onDataRange(begin, bytes),
      () => transport.abort(),
    );
  };
  return pdfjs.getDocument({
    range: transport,
    length: source.size,
    rangeChunkSize: 16384,
    disableAutoFetch: true,
    disableStream: true,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
}
