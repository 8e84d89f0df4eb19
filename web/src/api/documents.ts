import type { CreateDocumentRequest, ReorderDocumentsRequest } from '../../../shared/schemas/documents';
import type { SignMultipartRequest } from '../../../shared/schemas/documents-multipart';
import { api } from './call';

/**
 * Application documents (docs/documents.md): the record first, then the file as a binary
 * blob PUT straight to the presigned URL (cancellable, with progress).
 */
export const documentsApi = {
  list: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents', { params: { id }, signal }),

  create: (id: string, body: CreateDocumentRequest, signal?: AbortSignal) =>
    api('POST /user/applications/{id}/documents', { params: { id }, body, signal }),

  remove: (id: string, name: string) =>
    api('DELETE /user/applications/{id}/documents/{name}', { params: { id, name } }),

  /** PATCH .../documents/{name} {status: 'WITHDRAWN'}: the council no longer considers it. */
  withdraw: (id: string, name: string) =>
    api('PATCH /user/applications/{id}/documents/{name}', {
      params: { id, name },
      body: { status: 'WITHDRAWN' },
    }),

  /** PATCH .../document-containers/{cid}/documents/order: the container's names in their new order. */
  reorder: (id: string, cid: string, body: ReorderDocumentsRequest) =>
    api('PATCH /user/applications/{id}/document-containers/{cid}/documents/order', {
      params: { id, cid },
      body,
    }),

  /** GET .../required-document-groups: the council's groups, with its review of each upload. */
  groups: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/required-document-groups', { params: { id }, signal }),

  /** GET .../document-containers: every container of the application. */
  containers: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/document-containers', { params: { id }, signal }),

  /** DELETE .../document-containers/{cid}/documents: every document of the container (all or nothing). */
  removeAll: (id: string, cid: string) =>
    api('DELETE /user/applications/{id}/document-containers/{cid}/documents', { params: { id, cid } }),

  /** GET .../documents/{name}/tags and PUT (replace) them. */
  tags: (id: string, name: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents/{name}/tags', { params: { id, name }, signal }),
  setTags: (id: string, name: string, documentTagIds: string[]) =>
    api('PUT /user/applications/{id}/documents/{name}/tags', {
      params: { id, name },
      body: { documentTagIds },
    }),

  /** GET .../documents/{name}/types and PUT (replace) them (child applications: Amendment or Supporting). */
  types: (id: string, name: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents/{name}/types', { params: { id, name }, signal }),
  setTypes: (id: string, name: string, documentTypeIds: string[]) =>
    api('PUT /user/applications/{id}/documents/{name}/types', {
      params: { id, name },
      body: { documentTypeIds },
    }),

  /** GET /user/documenttags: the system tags and the caller's own. */
  allTags: (signal?: AbortSignal) => api('GET /user/documenttags', { signal }),

  /** GET /public/jurisdictions/{id}/forms/{formId}/document-types: the types the form may use. */
  formTypes: (id: string, formId: string, signal?: AbortSignal) =>
    api('GET /public/jurisdictions/{id}/forms/{formId}/document-types', { params: { id, formId }, signal }),

  /** The documents the council issued (the consent, its conditions, the CCC) whose scan passed. */
  issued: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/issued-documents', { params: { id }, signal }),

  downloadLink: (id: string, name: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents/{name}/download-link', { params: { id, name }, signal }),

  /** A large file in parts (docs/documents.md "Large files"): start, find (to resume), sign. */
  startMultipart: (id: string, name: string, signal?: AbortSignal) =>
    api('POST /user/applications/{id}/documents/{name}/multipart', { params: { id, name }, signal }),
  currentMultipart: (id: string, name: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/documents/{name}/multipart', { params: { id, name }, signal }),
  signMultipart: (id: string, name: string, uploadId: string, body: SignMultipartRequest) =>
    api('POST /user/applications/{id}/documents/{name}/multipart/{uploadId}/sign', {
      params: { id, name, uploadId },
      body,
    }),
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
  containers: (applicationId: string) => ['documentContainers', applicationId] as const,
  /** The council's required document groups (read by the Documents section and the next steps). */
  groups: (applicationId: string) => ['requiredDocumentGroups', applicationId] as const,
  /** A document's tags and types (apart from the list, which is re-read while uploads settle). */
  labels: (applicationId: string, name: string) => ['documentLabels', applicationId, name] as const,
  allTags: ['documentTags'] as const,
  formTypes: (jurisdictionId: string, formId: string) => ['documentTypes', jurisdictionId, formId] as const,
};
