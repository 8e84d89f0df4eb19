import type { EntityItem } from 'electrodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { entities, service } from '../../platform/data/service.js';
import type {
  applicationSnapshot as snapshotEntity,
  applicationStep as stepEntity,
} from '../../platform/data/entities/application.js';
import type { applicationDocument as documentEntity } from '../../platform/data/entities/documents.js';
import { s3Client } from '../../platform/adapters/aws/s3.js';
import { requireEnv } from '../../platform/config.js';
import { generatedKey } from '../../documents/index.js';

/**
 * Step data items (one per application and step), the submission snapshots, and the summary PDF
 * document of an application. Everything lives in the application's partition (collection
 * `application`), so a whole application is one query (A2).
 */

export type StepRecord = EntityItem<typeof stepEntity>;
export type SnapshotRecord = EntityItem<typeof snapshotEntity>;
export type DocumentRecord = EntityItem<typeof documentEntity>;

import { SUMMARY_CONTAINER_ID } from '../../../shared/domain/applications.js';

/** Saves (replaces) a step's data with whether it passed validation. */
export async function putStepItem(item: {
  applicationId: string;
  stepId: string;
  breadcrumbId: string;
  data: Record<string, unknown>;
  valid: boolean;
  modifiedBy: string;
}): Promise<StepRecord> {
  const record = { ...item, modifiedDate: new Date().toISOString() };
  await entities.applicationStep.put(record).go({ response: 'none' });
  return record as StepRecord;
}

/**
 * Everything the rules and the steps read, in one query of the application's partition: the
 * application, the access rows, participants, documents, step items and snapshots.
 */
export async function loadApplicationParts(applicationId: string) {
  const { data } = await service.collections.application({ applicationId }).go({ pages: 'all' });
  return {
    application: data.application[0],
    access: data.applicationAccess,
    participants: data.participant,
    documents: data.applicationDocument,
    steps: data.applicationStep,
    snapshots: data.applicationSnapshot,
  };
}

/** The newest snapshot of an application, or undefined. */
export async function latestSnapshot(applicationId: string): Promise<SnapshotRecord | undefined> {
  const { data } = await entities.applicationSnapshot.query
    .byApplication({ applicationId })
    .go({ order: 'desc', limit: 1 });
  return data[0];
}

/**
 * Writes the summary PDF to the uploads bucket under generated/ (no presigned PUT reaches it; the
 * scan trigger ignores it) and its Completed document record (replacing any).
 */
export async function storeSummaryDocument(input: {
  applicationId: string;
  documentName: string;
  bytes: Uint8Array;
  createdBy: string;
}): Promise<DocumentRecord> {
  const objectKey = generatedKey(input.applicationId, input.documentName);
  await s3Client().send(
    new PutObjectCommand({
      Bucket: requireEnv('UPLOADS_BUCKET'),
      Key: objectKey,
      Body: input.bytes,
      ContentType: 'application/pdf',
      ContentDisposition: `attachment; filename="${input.documentName}"`,
    }),
  );
  const now = new Date().toISOString();
  const record = {
    applicationId: input.applicationId,
    documentName: input.documentName,
    objectKey,
    storedKey: objectKey,
    fileName: input.documentName,
    fileType: 'application/pdf',
    fileSize: input.bytes.byteLength,
    fileModifiedDate: now,
    uploadStatus: 'Completed',
    documentContainerId: SUMMARY_CONTAINER_ID,
    createdBy: input.createdBy,
  } as const;
  await entities.applicationDocument.put(record).go({ response: 'none' });
  return record as DocumentRecord;
}

/** Records the summary PDF's name on the application and its snapshot (no etag change: not an edit). */
export async function setSummaryPdfName(
  applicationId: string,
  documentName: string,
  snapshotSubmissionDate: string,
): Promise<void> {
  await entities.application
    .patch({ applicationId })
    .set({ applicationFormPdf: documentName })
    .go({ response: 'none' });
  await entities.applicationSnapshot
    .patch({ applicationId, submissionDate: snapshotSubmissionDate })
    .set({ summaryPdf: documentName })
    .go({ response: 'none' });
}

/** One document record, or undefined. */
export async function getDocument(
  applicationId: string,
  documentName: string,
): Promise<DocumentRecord | undefined> {
  const { data } = await entities.applicationDocument.get({ applicationId, documentName }).go();
  return data ?? undefined;
}
