import type { EntityItem } from 'electrodb';
import { entities } from '../platform/data/service.js';
import type { applicationDocument } from '../platform/data/entities/documents.js';
import type { UploadErrorCode } from '../../shared/schemas/documents.js';
import { applicationDocumentKey } from './service/keys.js';

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
 * Creates the document record with uploadStatus Pending and its S3 object key
 * (`applicationDocumentKey`). Fails (ConditionalCheckFailed) if the name is taken in the application.
 */
export async function createApplicationDocument(
  input: NewApplicationDocument,
): Promise<ApplicationDocumentRecord> {
  const { data } = await entities.applicationDocument
    .create({
      ...input,
      objectKey: applicationDocumentKey(input.applicationId, input.documentName),
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
  { uploadStatus: 'Completed' } | { uploadStatus: 'Error'; errorCode: UploadErrorCode };

/** Settles a document after the scan: Completed (clears any errorCode) or Error with its code. */
export async function setApplicationDocumentStatus(
  key: { applicationId: string; documentName: string },
  outcome: ScanOutcome,
): Promise<void> {
  const op = entities.applicationDocument.patch(key);
  if (outcome.uploadStatus === 'Completed') {
    await op.set({ uploadStatus: 'Completed' }).remove(['errorCode']).go({ response: 'none' });
  } else {
    await op.set({ uploadStatus: 'Error', errorCode: outcome.errorCode }).go({ response: 'none' });
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
