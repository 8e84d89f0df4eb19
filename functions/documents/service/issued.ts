import { randomUUID } from 'node:crypto';
import {
  byIssuedOrder,
  ISSUED_CONTAINER_ID,
  planIssuedDocument,
} from '../../../shared/domain/issued-documents.js';
import { documentLimits, documentMessages } from '../../../shared/schemas/documents.js';
import type {
  IssuedDocumentDto,
  IssuedDocumentRequest,
  IssuedDocumentUpload,
  IssuedDocumentsResponse,
} from '../../../shared/schemas/issued-documents.js';
import type { ApplicationGrant, CouncilApplicationGrant } from '../../platform/access.js';
import { councilActor } from '../../platform/events/types.js';
import type { Idempotency } from '../../platform/idempotency.js';
import { Conflict, Invalid } from '../../platform/errors.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { ApplicationDocumentRecord, NewApplicationDocument } from '../repository/documents.js';
import type { AddOutcome, CouncilAdd } from '../repository/writes.js';
import { incomingKey } from '../model/keys.js';
import { toDocumentDto } from './view.js';

export interface IssuedDocumentPorts {
  list(applicationId: string): Promise<ApplicationDocumentRecord[]>;
  snapshot(
    applicationId: string,
  ): Promise<{ documents: ApplicationDocumentRecord[]; version: number | undefined }>;
  add(
    doc: NewApplicationDocument,
    version: number | undefined,
    actor: string,
    council: CouncilAdd,
  ): Promise<AddOutcome>;
  presignedPut(
    key: string,
    options: { contentType: string; contentLength: number; expiresIn: number },
  ): Promise<string>;
  now(): Date;
}

/** How many times an upload reads again when another document was added meanwhile. */
const MAX_ATTEMPTS = 5;

/** The DTO of an issued document (its upload status derived as any document's: stalled reads Error). */
export function toIssuedDocumentDto(
  doc: ApplicationDocumentRecord,
  now: Date,
): IssuedDocumentDto | undefined {
  if (!doc.issuedKind) return undefined;
  const dto = toDocumentDto(doc, now);
  return {
    name: dto.name,
    kind: doc.issuedKind,
    fileName: dto.fileName,
    fileSize: dto.fileSize,
    issuedDate: dto.createdDate,
    uploadStatus: dto.uploadStatus,
    ...(dto.errorCode ? { errorCode: dto.errorCode } : {}),
  };
}

/**
 * The documents a council issues (docs/council-api.md "Issued documents"): an application
 * document in the `council-issued` container with its kind, PUT to a fresh incoming/ key and
 * scanned there as every upload; the applicant lists the clean ones and downloads them through
 * the documents' download link (Completed only).
 */
export function issuedDocumentsService(ports: IssuedDocumentPorts) {
  return {
    /** POST /council/applications/{id}/issued-documents: the record and its one-shot upload URL. */
    async upload(
      { council, application }: CouncilApplicationGrant,
      idempotency: Idempotency,
      body: IssuedDocumentRequest,
    ): Promise<IssuedDocumentUpload> {
      const actor = councilActor(council.authorityId);
      for (let attempt = 1; ; attempt++) {
        const { documents, version } = await ports.snapshot(application.applicationId);
        const plan = planIssuedDocument({
          body,
          application,
          existingNames: documents.map((d) => d.documentName),
        });
        if (!plan.ok) {
          if (plan.status === 409) throw new Conflict(plan.message);
          throw new Invalid(plan.issues, plan.message);
        }
        const objectKey = incomingKey(application.applicationId, randomUUID());
        const now = ports.now();
        const presignedUrl = await ports.presignedPut(objectKey, {
          contentType: body.mimeType,
          contentLength: body.size,
          expiresIn: documentLimits.uploadUrlSeconds,
        });
        const expiresAt = new Date(now.getTime() + documentLimits.uploadUrlSeconds * 1000).toISOString();
        const answer = (record: ApplicationDocumentRecord): IssuedDocumentUpload => ({
          document: toIssuedDocumentDto(record, now)!,
          presignedUrl,
          expiresAt,
        });
        const out = await ports.add(
          {
            applicationId: application.applicationId,
            documentName: plan.documentName,
            fileName: body.fileName,
            fileType: body.mimeType,
            fileSize: body.size,
            documentContainerId: ISSUED_CONTAINER_ID,
            issuedKind: body.kind,
            createdBy: actor,
            order: documents.filter((d) => d.documentContainerId === ISSUED_CONTAINER_ID).length,
          },
          version,
          actor,
          { objectKey, idempotency, answer },
        );
        if (out.ok) {
          recordMetric('CouncilWrites', { action: 'issued-document' });
          return answer(out.record);
        }
        if (out.reason === 'nameTaken') throw new Conflict(documentMessages.nameTaken(plan.documentName));
        if (attempt >= MAX_ATTEMPTS) throw new Conflict(documentMessages.uploadFailed);
      }
    },

    /** GET /user/applications/{id}/issued-documents: the clean ones (scan passed), consent first. */
    async list({ application }: ApplicationGrant): Promise<IssuedDocumentsResponse> {
      const now = ports.now();
      const docs = (await ports.list(application.applicationId))
        .map((d) => toIssuedDocumentDto(d, now))
        .filter((d): d is IssuedDocumentDto => d?.uploadStatus === 'Completed');
      return { issuedDocuments: byIssuedOrder(docs) };
    },
  };
}
