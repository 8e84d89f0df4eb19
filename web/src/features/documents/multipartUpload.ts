/**
 * One large file sent in parts with Uppy's S3 plugin, headless (no Uppy UI: the queue's own card
 * shows the progress). Loaded on demand (`import()` from useUploadQueue), so Uppy stays out of the
 * first-load chunks. The API starts or finds the document's multipart upload and presigns every
 * request Uppy sends to S3 (each part, the list of parts, the completion, the abort); the bytes go
 * from the browser to S3 only. Parts are retried by Uppy (3 attempts with backoff, waiting while the
 * browser is offline); a part already stored (listed by S3) is never sent again, so an upload
 * started afresh with a known uploadId resumes. Cancel aborts the upload in S3.
 */
import Uppy from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import type { MultipartUploadDto } from '../../../../shared/schemas/documents-multipart';
import { documentsApi } from '../../api/documents';

export interface PartsUpload {
  applicationId: string;
  documentName: string;
  file: File;
  mimeType: string;
  /** The document's multipart upload (started or found by the API). */
  upload: MultipartUploadDto;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

const aborted = () => new DOMException('Upload cancelled', 'AbortError');

/** Sends the parts S3 does not hold yet, then completes the upload. Rejects with AbortError on cancel. */
export async function uploadInParts(p: PartsUpload): Promise<void> {
  if (p.signal.aborted) throw aborted();
  const { uploadId, partSize } = p.upload;
  const sign = async (body: Parameters<typeof documentsApi.signMultipart>[3]) => {
    const { urls } = await documentsApi.signMultipart(p.applicationId, p.documentName, uploadId, body);
    const [first] = urls;
    if (!first) throw new Error('No URL signed');
    return { url: first.url };
  };
  const uppy = new Uppy({ id: `parts-${uploadId}`, autoProceed: false, allowMultipleUploadBatches: false });
  uppy.use(AwsS3, {
    shouldUseMultipart: true,
    getChunkSize: () => partSize,
    limit: 1,
    // Every request is for the document's own key: the API signs it (no key comes from here).
    signRequest: (request) => {
      if (!('uploadId' in request)) throw new Error(`Unexpected S3 request ${request.method}`);
      if ('partNumber' in request)
        return sign({ operation: 'UploadPart', partNumbers: [request.partNumber] });
      if (request.method === 'GET') return sign({ operation: 'ListParts' });
      if (request.method === 'POST') return sign({ operation: 'CompleteMultipartUpload' });
      return sign({ operation: 'AbortMultipartUpload' });
    },
  });
  const fileId = uppy.addFile({ name: p.documentName, type: p.mimeType, data: p.file, source: 'queue' });
  // Known upload: Uppy lists its stored parts and sends only the others (also the first time: none).
  uppy.setFileState(fileId, { s3Multipart: { uploadId, key: p.documentName } });
  uppy.on('upload-progress', (_file, progress) => {
    if (progress.bytesTotal) p.onProgress((progress.bytesUploaded ?? 0) / progress.bytesTotal);
  });
  let failure: Error | undefined;
  uppy.on('upload-error', (_file, error) => {
    failure = error;
  });
  // Cancel: removing the file aborts the upload in S3 (the plugin signs and sends the abort).
  const onAbort = () => uppy.removeFile(fileId);
  p.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await uppy.upload();
    if (p.signal.aborted) throw aborted();
    if (failure || !result?.successful?.length) throw failure ?? new Error('Upload failed');
  } finally {
    p.signal.removeEventListener('abort', onAbort);
    uppy.destroy();
  }
}
