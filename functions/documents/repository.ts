import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities } from '../platform/data/service.js';
import type { applicationDocument } from '../platform/data/entities/documents.js';
import type { UploadErrorCode } from '../../shared/schemas/documents.js';
import { isConditionalCheckFailed } from '../platform/data/conditional.js';
import { incomingKey } from './service/keys.js';

export type ApplicationDocumentRecord = EntityItem<typeof applicationDocument>;

export interface NewApplicationDocument {
  applicationId: string;
  documentName: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  documentContainerId?: string;
  documentCategoryId?: string;
  order?: number;
  createdBy?: string;
  fileModifiedDate?: string;
}

/**
 * Creates the document record with uploadStatus Pending and the key its file is PUT to, a fresh
 * `incoming/{applicationId}/{uploadId}` (keys.ts). Fails (ConditionalCheckFailed) if the name is
 * taken in the application.
 */
export async function createApplicationDocument(
  input: NewApplicationDocument,
): Promise<ApplicationDocumentRecord> {
  const { data } = await entities.applicationDocument
    .create({
      ...input,
      objectKey: incomingKey(input.applicationId, randomUUID()),
      uploadStatus: 'Pending',
    })
    .go();
  return data;
}

/** The document stored at an S3 object key (decoded), or undefined. */
export async function getApplicationDocumentByObjectKey(
  objectKey: string,
): Promise<ApplicationDocumentRecord | undefined> {
  const { data } = await entities.applicationDocument.query.byObjectKey({ objectKey }).go({ limit: 1 });
  return data[0];
}

export type ScanOutcome =
  | {
      uploadStatus: 'Completed';
      storedKey: string;
      storedETag: string;
      storedVersionId?: string;
      /** The file stored is a conversion (an image → PDF): its name, type and size replace the upload's. */
      converted?: {
        fileName: string;
        fileType: string;
        fileSize: number;
        originalFileName: string;
        originalFileType: string;
      };
    }
  | { uploadStatus: 'Error'; errorCode: UploadErrorCode };

/**
 * Settles a document after the scan of the object at `uploadKey`: Completed (with where the scanned
 * bytes are served from; clears any errorCode; a converted file's name, type and size, the upload's
 * kept as originalFileName / originalFileType) or Error with its code. Only a document still waiting
 * for that upload (its objectKey, status Pending or Uploading) is settled: false when another scan
 * settled it first or the record is gone, and nothing is written.
 */
export async function settleApplicationDocument(
  key: { applicationId: string; documentName: string },
  uploadKey: string,
  outcome: ScanOutcome,
): Promise<boolean> {
  const op = entities.applicationDocument.patch(key);
  const converted = (outcome.uploadStatus === 'Completed' && outcome.converted) || {};
  const set =
    outcome.uploadStatus === 'Completed'
      ? op
          .set({
            uploadStatus: 'Completed',
            storedKey: outcome.storedKey,
            storedETag: outcome.storedETag,
            ...(outcome.storedVersionId ? { storedVersionId: outcome.storedVersionId } : {}),
            ...converted,
          })
          .remove(['errorCode'])
      : op.set({ uploadStatus: 'Error', errorCode: outcome.errorCode });
  try {
    await set
      .where(
        ({ objectKey, uploadStatus }, { eq }) =>
          `${eq(objectKey, uploadKey)} AND (${eq(uploadStatus, 'Pending')} OR ${eq(uploadStatus, 'Uploading')})`,
      )
      .go({ response: 'none' });
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** The documents of an application (D1), in name order. */
export async function listApplicationDocuments(applicationId: string): Promise<ApplicationDocumentRecord[]> {
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return data;
}

/** One document by name (D2), or undefined. */
export async function getApplicationDocument(
  applicationId: string,
  documentName: string,
): Promise<ApplicationDocumentRecord | undefined> {
  const { data } = await entities.applicationDocument.get({ applicationId, documentName }).go();
  return data ?? undefined;
}

/** Deletes a document record (D2); returns the deleted record, or undefined when there was none. */
export async function deleteApplicationDocument(key: {
  applicationId: string;
  documentName: string;
}): Promise<ApplicationDocumentRecord | undefined> {
  const { data } = await entities.applicationDocument.delete(key).go({ response: 'all_old' });
  return data ?? undefined;
}

/**
 * Marks a document whose file is being sent in parts (Pending → Uploading, its upload then counted
 * stalled only after a day: shared/schemas/documents-multipart.ts). False when it is no longer
 * waiting for its file.
 */
export async function markDocumentUploading(key: {
  applicationId: string;
  documentName: string;
}): Promise<boolean> {
  try {
    await entities.applicationDocument
      .patch(key)
      .set({ uploadStatus: 'Uploading' })
      .where(
        ({ uploadStatus }, { eq }) => `${eq(uploadStatus, 'Pending')} OR ${eq(uploadStatus, 'Uploading')}`,
      )
      .go({ response: 'none' });
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}
