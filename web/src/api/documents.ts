import type {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DownloadLinkResponse,
  ReorderDocumentsRequest,
} from '../../../shared/schemas/documents';
import type {
  MultipartUploadDto,
  SignMultipartRequest,
  SignMultipartResponse,
} from '../../../shared/schemas/documents-multipart';
import { apiRequest } from './client';

/**
 * Application documents (portal-core §7 documents): the record first, then the file as a binary
 * blob PUT straight to the presigned URL (cancellable, with progress).
 */

const docs = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;
const doc = (id: string, name: string) => `${docs(id)}/${encodeURIComponent(name)}`;

export const documentsApi = {
  list: (applicationId: string, signal?: AbortSignal) =>
    apiRequest<ApplicationDocumentDto[]>(docs(applicationId), { signal }),

  create: (applicationId: string, body: CreateDocumentRequest, signal?: AbortSignal) =>
    apiRequest<CreateDocumentResponse>(docs(applicationId), { method: 'POST', body, signal }),

  remove: (applicationId: string, name: string) =>
    apiRequest<void>(doc(applicationId, name), { method: 'DELETE' }),

  /** PATCH .../document-containers/{cid}/documents/order: the container's names in their new order. */
  reorder: (applicationId: string, containerId: string, body: ReorderDocumentsRequest) =>
    apiRequest<void>(
      `/user/applications/${encodeURIComponent(applicationId)}/document-containers/${encodeURIComponent(containerId)}/documents/order`,
      { method: 'PATCH', body },
    ),

  downloadLink: (applicationId: string, name: string, signal?: AbortSignal) =>
    apiRequest<DownloadLinkResponse>(`${doc(applicationId, name)}/download-link`, { signal }),

  /** A large file in parts (docs/documents.md "Large files"): start, find (to resume), sign. */
  startMultipart: (applicationId: string, name: string, signal?: AbortSignal) =>
    apiRequest<MultipartUploadDto>(`${doc(applicationId, name)}/multipart`, { method: 'POST', signal }),
  currentMultipart: (applicationId: string, name: string, signal?: AbortSignal) =>
    apiRequest<MultipartUploadDto>(`${doc(applicationId, name)}/multipart`, { signal }),
  signMultipart: (applicationId: string, name: string, uploadId: string, body: SignMultipartRequest) =>
    apiRequest<SignMultipartResponse>(
      `${doc(applicationId, name)}/multipart/${encodeURIComponent(uploadId)}/sign`,
      { method: 'POST', body },
    ),
};

/** Thrown when the PUT to the presigned URL fails (network or a non-2xx answer). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly status: number) {
    super(`Upload failed (${status})`);
  }
}

/**
 * PUTs a file to a presigned URL with XMLHttpRequest (fetch reports no upload progress). Resolves
 * on 2xx; rejects with UploadError, or with an AbortError DOMException when `signal` aborts.
 */
export function putFile(
  url: string,
  file: Blob,
  {
    contentType,
    onProgress,
    signal,
  }: { contentType: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadError(xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.send(file);
  });
}

/** Query keys of an application's documents. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (applicationId: string) => [...documentKeys.all, applicationId] as const,
};
