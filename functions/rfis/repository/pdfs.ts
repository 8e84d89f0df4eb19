import { headUpload, putUpload } from '../../platform/adapters/aws/uploads.js';
import { presignedDownload } from '../../documents/index.js';

/**
 * The stored RFIs PDFs (uploads bucket, `rfis-pdf/{applicationId}/{hash}.pdf`; docs/rfis.md): the
 * time a copy was made travels with it as object metadata, so a cached copy answers the same
 * generatedAt as when it was made.
 */

const GENERATED_AT = 'generated-at';

/** The stored copy's size and when it was made, or undefined when there is none. */
export async function findPdf(key: string): Promise<{ size: number; generatedAt: string } | undefined> {
  const head = await headUpload(key);
  if (!head) return undefined;
  return { size: head.size, generatedAt: head.metadata[GENERATED_AT] ?? '' };
}

/** Stores a copy. */
export async function storePdf(key: string, bytes: Uint8Array, generatedAt: string): Promise<void> {
  await putUpload(key, bytes, { contentType: 'application/pdf', metadata: { [GENERATED_AT]: generatedAt } });
}

/** A presigned GET of the copy that downloads as `fileName`. */
export const pdfLink = (key: string, fileName: string, expiresIn: number): Promise<string> =>
  presignedDownload(key, fileName, expiresIn);
