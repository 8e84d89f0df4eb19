import type {
  RequiredDocumentGroupDto,
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DocumentContainerDto,
  DocumentTagDto,
  DocumentTypeOfDocumentDto,
  DownloadLinkResponse,
  ReorderDocumentsRequest,
} from '../../../shared/schemas/documents';
import type { DocumentTag, DocumentTypeDto } from '../../../shared/schemas/reference';
import type {
  MultipartUploadDto,
  SignMultipartRequest,
  SignMultipartResponse,
} from '../../../shared/schemas/documents-multipart';
import type { IssuedDocumentsResponse } from '../../../shared/schemas/issued-documents';
import { apiRequest } from './client';

/**
 * Application documents (portal-core §7 documents): the record first, then the file as a binary
 * blob PUT straight to the presigned URL (cancellable, with progress).
 */

const docs = (id: string) => `/user/applications/${encodeURIComponent(id)}/documents`;
const doc = (id: string, name: string) => `${docs(id)}/${encodeURIComponent(name)}`;
const containers = (id: string) => `/user/applications/${encodeURIComponent(id)}/document-containers`;

export const documentsApi = {
  list: (applicationId: string, signal?: AbortSignal) =>
    apiRequest<ApplicationDocumentDto[]>(docs(applicationId), { signal }),

  create: (applicationId: string, body: CreateDocumentRequest, signal?: AbortSignal) =>
    apiRequest<CreateDocumentResponse>(docs(applicationId), { method: 'POST', body, signal }),

  remove: (applicationId: string, name: string) =>
    apiRequest<void>(doc(applicationId, name), { method: 'DELETE' }),

  /** PATCH .../documents/{name} {status: 'WITHDRAWN'}: the council no longer considers it. */
  withdraw: (applicationId: string, name: string) =>
    apiRequest<ApplicationDocumentDto>(doc(applicationId, name), {
      method: 'PATCH',
      body: { status: 'WITHDRAWN' },
    }),

  /** PATCH .../document-containers/{cid}/documents/order: the container's names in their new order. */
  reorder: (applicationId: string, containerId: string, body: ReorderDocumentsRequest) =>
    apiRequest<void>(`${containers(applicationId)}/${encodeURIComponent(containerId)}/documents/order`, {
      method: 'PATCH',
      body,
    }),

  /** GET .../required-document-groups: the council's groups, with its review of each upload. */
  groups: (applicationId: string, signal?: AbortSignal) =>
    apiRequest<RequiredDocumentGroupDto[]>(
      `/user/applications/${encodeURIComponent(applicationId)}/required-document-groups`,
      { signal },
    ),

  /** GET .../document-containers: every container of the application. */
  containers: (applicationId: string, signal?: AbortSignal) =>
    apiRequest<DocumentContainerDto[]>(containers(applicationId), { signal }),

  /** DELETE .../document-containers/{cid}/documents: every document of the container (all or nothing). */
  removeAll: (applicationId: string, containerId: string) =>
    apiRequest<void>(`${containers(applicationId)}/${encodeURIComponent(containerId)}/documents`, {
      method: 'DELETE',
    }),

  /** GET .../documents/{name}/tags and PUT (replace) them. */
  tags: (applicationId: string, name: string, signal?: AbortSignal) =>
    apiRequest<DocumentTagDto[]>(`${doc(applicationId, name)}/tags`, { signal }),
  setTags: (applicationId: string, name: string, documentTagIds: string[]) =>
    apiRequest<DocumentTagDto[]>(`${doc(applicationId, name)}/tags`, {
      method: 'PUT',
      body: { documentTagIds },
    }),

  /** GET .../documents/{name}/types and PUT (replace) them (child applications: Amendment or Supporting). */
  types: (applicationId: string, name: string, signal?: AbortSignal) =>
    apiRequest<DocumentTypeOfDocumentDto[]>(`${doc(applicationId, name)}/types`, { signal }),
  setTypes: (applicationId: string, name: string, documentTypeIds: string[]) =>
    apiRequest<DocumentTypeOfDocumentDto[]>(`${doc(applicationId, name)}/types`, {
      method: 'PUT',
      body: { documentTypeIds },
    }),

  /** GET /user/documenttags: the system tags and the caller's own. */
  allTags: (signal?: AbortSignal) => apiRequest<DocumentTag[]>('/user/documenttags', { signal }),

  /** GET /public/jurisdictions/{id}/forms/{formId}/document-types: the types the form may use. */
  formTypes: (jurisdictionId: string, formId: string, signal?: AbortSignal) =>
    apiRequest<DocumentTypeDto[]>(
      `/public/jurisdictions/${encodeURIComponent(jurisdictionId)}/forms/${encodeURIComponent(formId)}/document-types`,
      { signal },
    ),

  /** The documents the council issued (the consent, its conditions, the CCC) whose scan passed. */
  issued: (applicationId: string, signal?: AbortSignal) =>
    apiRequest<IssuedDocumentsResponse>(
      `/user/applications/${encodeURIComponent(applicationId)}/issued-documents`,
      { signal },
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
  containers: (applicationId: string) => ['documentContainers', applicationId] as const,
  /** The council's required document groups (read by the Documents section and the next steps). */
  groups: (applicationId: string) => ['requiredDocumentGroups', applicationId] as const,
  /** A document's tags and types (apart from the list, which is re-read while uploads settle). */
  labels: (applicationId: string, name: string) => ['documentLabels', applicationId, name] as const,
  allTags: ['documentTags'] as const,
  formTypes: (jurisdictionId: string, formId: string) => ['documentTypes', jurisdictionId, formId] as const,
};
