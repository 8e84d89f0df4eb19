/**
 * Large documents sent in parts (docs/documents.md "Large files"). The API starts,
 * finds and aborts the document's multipart upload and presigns each request the browser sends to
 * S3; no file bytes pass through it, so its memory does not grow with the file. Every call is for
 * the document's own incoming/ key (no key comes from the browser), for a document still waiting
 * for its file, by a caller who may edit it.
 */
import type {
  MultipartUploadDto,
  SignMultipartRequest,
  SignMultipartResponse,
} from '../../../../shared/schemas/documents-multipart.js';
import {
  checkParts,
  multipartLimits,
  multipartMessages,
  partCountOf,
  usesMultipart,
} from '../../../../shared/schemas/documents-multipart.js';
import { documentMessages } from '../../../../shared/schemas/documents.js';
import type { ApplicationGrant } from '../../../platform/access.js';
import { Conflict, Invalid, NotFound } from '../../../platform/errors.js';
import type { ApplicationDocumentRecord } from '../../repository/documents.js';
import { assertCanEdit } from '../../service/access.js';
import type { SignedOperation } from './storage.js';
import { isStalled } from '../../service/view.js';

export interface MultipartPorts {
  get(applicationId: string, documentName: string): Promise<ApplicationDocumentRecord | undefined>;
  markUploading(key: { applicationId: string; documentName: string }): Promise<boolean>;
  create(key: string, contentType: string): Promise<string>;
  openUploads(key: string): Promise<string[]>;
  listParts(
    key: string,
    uploadId: string,
  ): Promise<{ partNumber: number; size: number; etag: string }[] | undefined>;
  abort(key: string, uploadId: string): Promise<void>;
  presign(key: string, uploadId: string, op: SignedOperation, expiresIn: number): Promise<string>;
  now?: () => Date;
}

const waiting = (d: ApplicationDocumentRecord, now: Date) =>
  (d.uploadStatus === 'Pending' || d.uploadStatus === 'Uploading') && !isStalled(d, now);

/** The upload as the routes answer it. */
function toDto(uploadId: string, size: number, parts: MultipartUploadDto['parts']): MultipartUploadDto {
  return {
    uploadId,
    partSize: multipartLimits.partSize,
    partCount: partCountOf(size),
    parts: [...parts].sort((a, b) => a.partNumber - b.partNumber),
  };
}

export function multipartService(ports: MultipartPorts) {
  const now = () => (ports.now ?? (() => new Date()))();
  return { start, current, sign };

  /** The document, when the caller may edit it and it still waits for a file sent in parts. */
  async function pendingDocument(grant: ApplicationGrant, name: string): Promise<ApplicationDocumentRecord> {
    const doc = await ports.get(grant.application.applicationId, name);
    if (!doc) throw new NotFound(documentMessages.documentNotFound);
    assertCanEdit(doc, grant);
    if (!waiting(doc, now())) throw new Conflict(multipartMessages.notPending);
    if (!usesMultipart(doc.fileSize)) throw new Conflict(multipartMessages.notMultipart);
    return doc;
  }

  /** Starts the document's upload in parts (Pending → Uploading); any earlier one of it is aborted. */
  async function start(grant: ApplicationGrant, name: string): Promise<MultipartUploadDto> {
    const doc = await pendingDocument(grant, name);
    for (const old of await ports.openUploads(doc.objectKey)) await ports.abort(doc.objectKey, old);
    if (!(await ports.markUploading({ applicationId: doc.applicationId, documentName: doc.documentName })))
      throw new Conflict(multipartMessages.notPending);
    const uploadId = await ports.create(doc.objectKey, doc.fileType);
    return toDto(uploadId, doc.fileSize, []);
  }

  /** The document's open upload and the parts stored so far (to resume after a reload). */
  async function current(grant: ApplicationGrant, name: string): Promise<MultipartUploadDto> {
    const doc = await pendingDocument(grant, name);
    const [uploadId] = await ports.openUploads(doc.objectKey);
    const parts = uploadId ? await ports.listParts(doc.objectKey, uploadId) : undefined;
    if (!uploadId || !parts) throw new NotFound(multipartMessages.noUpload);
    return toDto(uploadId, doc.fileSize, parts);
  }

  /**
   * Presigned URLs for the browser's requests of upload `uploadId`: the parts asked for (each within
   * the file's part count), the list of parts, the completion (only when every part is stored at its
   * size: S3 then checks each part's ETag) or the abort.
   */
  async function sign(
    grant: ApplicationGrant,
    name: string,
    uploadId: string,
    body: SignMultipartRequest,
  ): Promise<SignMultipartResponse> {
    const doc = await pendingDocument(grant, name);
    const key = doc.objectKey;
    const expires = multipartLimits.urlSeconds;
    if (body.operation === 'UploadPart') {
      const count = partCountOf(doc.fileSize);
      const outside = body.partNumbers.findIndex((n) => n > count);
      if (outside >= 0) {
        const reason = multipartMessages.partOutOfRange(count);
        throw new Invalid([{ field: `body.partNumbers.${outside}`, reason }], reason);
      }
      const urls = [];
      for (const partNumber of body.partNumbers)
        urls.push({
          partNumber,
          url: await ports.presign(key, uploadId, { operation: 'UploadPart', partNumber }, expires),
        });
      return { urls };
    }
    if (body.operation === 'CompleteMultipartUpload') {
      const parts = await ports.listParts(key, uploadId);
      if (!parts) throw new NotFound(multipartMessages.noUpload);
      const check = checkParts(parts, doc.fileSize);
      if (!check.ok)
        throw new Invalid([{ field: 'body.operation', reason: check.reason }], multipartMessages.incomplete);
    }
    return { urls: [{ url: await ports.presign(key, uploadId, { operation: body.operation }, expires) }] };
  }
}

export type MultipartService = ReturnType<typeof multipartService>;
