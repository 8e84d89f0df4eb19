/**
 * pdf.js reading a PDF by ranges of a {@link ByteSource} (PDFDataRangeTransport, 16 KB chunks,
 * nothing fetched ahead): it fetches only what it parses — the cross-reference data, the catalog,
 * the pages asked for — so a 250 MB file costs what those parts cost, not its size. Used by the
 * scanner's checks (../checks/service/pdf-open.ts) and the extraction's text step (../extraction/handler.ts).
 *
 * pdf.js re-runs a parse from its start each time it finds a chunk missing, so reading a file that
 * must be searched or rebuilt (no `startxref` in its last 1024 bytes, where the PDF specification
 * puts it, or a cross-reference table it has to reconstruct) by ranges is quadratic: a 52 MB
 * file with its trailer followed by junk took minutes (4 MB: 7 s). Such a file is read whole instead, as pdf.js
 * is built to repair it: when its tail has no `startxref`, or when reading by ranges has fetched
 * more than 64 MB or taken more than 10 s ({@link rangeBudget}).
 */
// pdf.js finds a range's reader with Iterator.prototype.find (Node 22, the Lambda runtime); the
// local stack and tests run on Node 20, where core-js adds it (and leaves a native one alone).
import 'core-js/actual/iterator/find.js';
import { getResolvedPDFJS } from 'unpdf';
import { asSource, type ByteSource } from './byte-source.js';

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/** What reading by ranges may fetch and take before the file is read whole (tests lower them). */
export const rangeBudget = { bytes: 64 << 20, ms: 10_000 };
const TAIL = 1024;

const OPTIONS = {
  isEvalSupported: false,
  disableFontFace: true,
  stopAtErrors: false,
  verbosity: 0,
} as const;

/**
 * pdf.js itself could not be loaded (in a bundle it is a file beside index.mjs,
 * infra/constructs/portal-function.ts `pdfJsFiles`): a fault of the function, never a verdict on
 * the file, so callers let it through rather than call the file corrupt.
 */
export class PdfJsUnavailable extends Error {
  override name = 'PdfJsUnavailable';
}

/** Reading by ranges went past its budget: read the file whole. */
class OverBudget extends Error {
  override name = 'OverBudget';
}

/** Whether the file's last 1024 bytes hold `startxref` (where pdf.js finds it by ranges at once). */
async function hasTrailer(source: ByteSource): Promise<boolean> {
  const at = Math.max(0, source.size - TAIL);
  const tail = await source.read(at, source.size - at);
  return Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength).includes('startxref', 0, 'latin1');
}

async function byRanges<T>(pdfjs: PdfJs, source: ByteSource, use: (pdf: PdfDocument) => Promise<T>) {
  const transport = new pdfjs.PDFDataRangeTransport(source.size, null);
  let fetched = 0;
  let over = false;
  let overBudget!: (err: OverBudget) => void;
  const stopped = new Promise<never>((_, reject) => (overBudget = reject));
  stopped.catch(() => undefined);
  const task = pdfjs.getDocument({
    ...OPTIONS,
    range: transport,
    length: source.size,
    rangeChunkSize: 16384,
    disableAutoFetch: true,
    disableStream: true,
  });
  // Past the budget nothing more is fed to pdf.js (it waits, using no CPU, until destroyed).
  const stop = () => {
    if (over) return;
    over = true;
    overBudget(new OverBudget());
    task.destroy().catch(() => undefined);
  };
  const started = Date.now();
  transport.requestDataRange = (begin: number, end: number) => {
    if (over) return;
    fetched += end - begin;
    // Checked on each request too: in-memory reads answer in microtasks, so a timer may not fire.
    if (fetched > rangeBudget.bytes || Date.now() - started > rangeBudget.ms) return stop();
    source.read(begin, end - begin).then(
      (bytes) => over || transport.onDataRange(begin, bytes),
      () => transport.abort(),
    );
  };
  const timer = setTimeout(stop, rangeBudget.ms);
  const work = (async () => use(await task.promise))();
  work.catch(() => undefined);
  try {
    const result = await Promise.race([work, stopped]);
    // What `use` made of a document stopped under it (a failure it caught) is not its answer.
    if (over) throw new OverBudget();
    return result;
  } catch (err) {
    throw over ? new OverBudget() : err;
  } finally {
    clearTimeout(timer);
    if (!over) await task.destroy();
  }
}

async function whole<T>(pdfjs: PdfJs, source: ByteSource, use: (pdf: PdfDocument) => Promise<T>) {
  const bytes = await source.read(0, source.size);
  // pdf.js refuses a Buffer: the same memory as a plain Uint8Array (no copy).
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const task = pdfjs.getDocument({ ...OPTIONS, data });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

/**
 * Opens a PDF and gives it to `use` (which must finish with it before returning); rejects as pdf.js
 * does (PasswordException, InvalidPDFException, …) or as `use` does.
 */
export async function withPdf<T>(
  input: Uint8Array | ByteSource,
  use: (pdf: PdfDocument) => Promise<T>,
): Promise<T> {
  const source = asSource(input);
  const pdfjs = await getResolvedPDFJS().catch((err: unknown) => {
    throw new PdfJsUnavailable(err instanceof Error ? err.message : String(err));
  });
  if (!(await hasTrailer(source))) return whole(pdfjs, source, use);
  try {
    return await byRanges(pdfjs, source, use);
  } catch (err) {
    if (err instanceof OverBudget) return whole(pdfjs, source, use);
    throw err;
  }
}
