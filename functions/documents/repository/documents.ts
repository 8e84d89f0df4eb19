import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import type { applicationDocument, userDocument } from '../../platform/data/entities/documents.js';
import type { UploadErrorCode } from '../../../shared/schemas/documents.js';
import type { IssuedDocumentKind } from '../../../shared/schemas/issued-documents.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import { publishedEventItems } from '../../platform/events/council-feed.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import { SYSTEM_ACTOR } from '../../platform/events/types.js';
import { incomingKey, isUserKeyOwner, applicationIdOfIncomingKey } from '../model/keys.js';
import '../events.js';

export type ApplicationDocumentRecord = EntityItem<typeof applicationDocument>;
type UserDocumentItem = EntityItem<typeof userDocument>;
/** A document the scanner settles: an application's, or a user's own (`/user/documents`). */
export type ScanDocumentRecord = ApplicationDocumentRecord | UserDocumentItem;

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
  /** An upload into a council's open group after lodgement: its guid and the council (settle tells it). */
  councilGroupGuid?: string;
  councilAuthorityId?: string;
  /** Set on a document the council issued (docs/council-api.md "Issued documents"). */
  issuedKind?: IssuedDocumentKind;
}

/**
 * Creates the document record with uploadStatus Pending and the key its file is PUT to, a fresh
 * `incoming/{applicationId}/{uploadId}` (../model/keys.ts). Fails (ConditionalCheckFailed) if the name is
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

/**
 * The document waiting for the upload at an incoming key: a user's own when the key's owner segment
 * is `u-{userId}` (../model/keys.ts keyOwnerOf), else an application's; undefined when none.
 */
export async function getScanDocumentByObjectKey(objectKey: string): Promise<ScanDocumentRecord | undefined> {
  if (!isUserKeyOwner(applicationIdOfIncomingKey(objectKey)))
    return getApplicationDocumentByObjectKey(objectKey);
  const { data } = await entities.userDocument.query.byObjectKey({ objectKey }).go({ limit: 1 });
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

/** The attributes a settle writes and removes (Completed clears any errorCode). */
function settledFields(outcome: ScanOutcome) {
  if (outcome.uploadStatus === 'Error')
    return { set: { uploadStatus: 'Error' as const, errorCode: outcome.errorCode }, remove: [] };
  return {
    set: {
      uploadStatus: 'Completed' as const,
      storedKey: outcome.storedKey,
      storedETag: outcome.storedETag,
      ...(outcome.storedVersionId ? { storedVersionId: outcome.storedVersionId } : {}),
      ...(outcome.converted ?? {}),
    },
    remove: ['errorCode' as const],
  };
}

/** The settle's event: `DocumentSettled` (application) or `UserDocumentSettled`, by the system. */
function settledEvent(document: ScanDocumentRecord, outcome: ScanOutcome) {
  const data = {
    documentName: document.documentName,
    uploadStatus: outcome.uploadStatus,
    ...(outcome.uploadStatus === 'Error' ? { errorCode: outcome.errorCode } : {}),
  };
  return 'applicationId' in document
    ? newEvent('DocumentSettled', {
        aggregate: { type: 'application', id: document.applicationId } as never,
        actor: SYSTEM_ACTOR,
        data: {
          ...data,
          ...(document.documentContainerId ? { documentContainerId: document.documentContainerId } : {}),
        },
      })
    : newEvent('UserDocumentSettled', {
        aggregate: { type: 'user', id: document.userId },
        actor: SYSTEM_ACTOR,
        data,
      });
}

/**
 * The council's hearing of a settled upload into its open group (`RequiredDocumentUploaded`, its
 * feed entry beside it): only a Completed upload of a document marked at create with the group.
 */
function groupUploadEvent(document: ScanDocumentRecord, outcome: ScanOutcome) {
  if (!('applicationId' in document) || outcome.uploadStatus !== 'Completed') return undefined;
  const { councilGroupGuid, councilAuthorityId, documentContainerId } = document;
  if (!councilGroupGuid || !councilAuthorityId || !documentContainerId) return undefined;
  return newEvent('RequiredDocumentUploaded', {
    aggregate: { type: 'application', id: document.applicationId },
    actor: SYSTEM_ACTOR,
    data: {
      documentName: document.documentName,
      documentContainerId,
      groupGuid: councilGroupGuid,
      authorityId: councilAuthorityId,
    },
  });
}

/**
 * Settles a document after the scan of the object at `uploadKey`: Completed (with where the scanned
 * bytes are served from; clears any errorCode; a converted file's name, type and size, the upload's
 * kept as originalFileName / originalFileType) or Error with its code, and its settle event
 * (`DocumentSettled` / `UserDocumentSettled`) in the same transaction; an upload into a council's
 * open group also writes `RequiredDocumentUploaded` and the council's feed entry
 * (functions/platform/events/council-feed.ts `publishedEventItems`). Only a document still waiting
 * for that upload (its objectKey, status Pending or Uploading) is settled: false when another scan
 * settled it first or the record is gone, and nothing is written.
 */
export async function settleScannedDocument(
  document: ScanDocumentRecord,
  uploadKey: string,
  outcome: ScanOutcome,
): Promise<boolean> {
  const { set, remove } = settledFields(outcome);
  const event = settledEvent(document, outcome);
  const toCouncil = groupUploadEvent(document, outcome);
  const waiting = (sameUpload: string, pending: string, uploading: string) =>
    `${sameUpload} AND (${pending} OR ${uploading})`;
  const result = await service.transaction
    .write((e) => [
      'applicationId' in document
        ? e.applicationDocument
            .patch({ applicationId: document.applicationId, documentName: document.documentName })
            .set(set)
            .remove(remove)
            .where(({ objectKey, uploadStatus }, { eq }) =>
              waiting(eq(objectKey, uploadKey), eq(uploadStatus, 'Pending'), eq(uploadStatus, 'Uploading')),
            )
            .commit()
        : e.userDocument
            .patch({ userId: document.userId, documentName: document.documentName })
            .set(set)
            .remove(remove)
            .where(({ objectKey, uploadStatus }, { eq }) =>
              waiting(eq(objectKey, uploadKey), eq(uploadStatus, 'Pending'), eq(uploadStatus, 'Uploading')),
            )
            .commit(),
      outboxItem(e, event),
      ...(toCouncil ? publishedEventItems(e, toCouncil) : []),
    ])
    .go();
  return !result.canceled;
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
