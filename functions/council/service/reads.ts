import type * as z from 'zod';
import type {
  CouncilApplication,
  CouncilApplicationsPage,
  CouncilApplicationsQuery,
  CouncilDocuments,
  CouncilParticipants,
} from '../../../shared/schemas/council.js';
import { Invalid } from '../../platform/errors.js';
import type { ApplicationRecord } from '../../platform/access.js';
import { toParticipantDto } from '../../participants/index.js';
import { servedKey, toDocumentDto } from '../../documents/index.js';
import type { LodgementPosition, LodgementRecord } from '../repository/lodgements.js';
import type { DocumentRecord, ParticipantRecord } from '../repository/parts.js';
import { toCouncilApplication, toCouncilSummary } from './view.js';
import type { SnapshotSource } from './view.js';

/** How long a council's document link works (docs/council-api.md §4). */
export const COUNCIL_DOWNLOAD_SECONDS = 5 * 60;
export const LIST_CURSOR_MESSAGE = 'Not a cursor of this list';

export interface ReadPorts {
  lodgements(
    authorityId: string,
    options: {
      statuses?: readonly string[] | undefined;
      submittedAfter?: string | undefined;
      before?: LodgementPosition | undefined;
      limit: number;
    },
  ): Promise<{ lodgements: LodgementRecord[]; last?: LodgementPosition }>;
  applicationsByIds(ids: readonly string[]): Promise<ApplicationRecord[]>;
  latestSnapshot(applicationId: string): Promise<SnapshotSource | undefined>;
  participants(applicationId: string): Promise<ParticipantRecord[]>;
  documents(applicationId: string): Promise<DocumentRecord[]>;
  presignedDownload(key: string, fileName: string, expiresIn: number, versionId?: string): Promise<string>;
  formDisplayName(formId: string): string | undefined;
  now(): Date;
}

const encodeListCursor = (p: LodgementPosition): string =>
  Buffer.from(JSON.stringify([p.submissionDate, p.applicationId])).toString('base64url');

function decodeListCursor(cursor: string | undefined): LodgementPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string')
      return { submissionDate: parsed[0], applicationId: parsed[1] };
  } catch {
    // falls through to the 400
  }
  throw new Invalid([{ field: 'query.cursor', reason: LIST_CURSOR_MESSAGE }]);
}

/** The council's reads (docs/council-api.md §4): the access policy has granted the application. */
export function councilReads(ports: ReadPorts) {
  return {
    /** GET /council/applications: the lodgement index, newest submission first. */
    async list(
      authorityId: string,
      query: z.output<typeof CouncilApplicationsQuery>,
    ): Promise<z.input<typeof CouncilApplicationsPage>> {
      const { lodgements, last } = await ports.lodgements(authorityId, {
        statuses: query.status,
        submittedAfter: query.submittedAfter,
        before: decodeListCursor(query.cursor),
        limit: query.pageSize,
      });
      const apps = await ports.applicationsByIds(lodgements.map((l) => l.applicationId));
      return {
        applications: apps.map((a) => toCouncilSummary(a, ports.formDisplayName(a.formId))),
        ...(last ? { nextCursor: encodeListCursor(last) } : {}),
      };
    },

    /** GET /council/applications/{id}: the application with its newest submission. */
    async read(application: ApplicationRecord): Promise<CouncilApplication> {
      const snapshot = await ports.latestSnapshot(application.applicationId);
      return toCouncilApplication(application, {
        formDisplayName: ports.formDisplayName(application.formId),
        snapshot,
      });
    },

    /** GET /council/applications/{id}/participants (deleted ones left out). */
    async participants(application: ApplicationRecord): Promise<z.input<typeof CouncilParticipants>> {
      const rows = await ports.participants(application.applicationId);
      return {
        participants: rows
          .filter((p) => !p.isDeleted)
          .map((p) => {
            const { notificationLevel: _own, ...dto } = toParticipantDto(p);
            return dto;
          }),
      };
    },

    /** GET /council/applications/{id}/documents: a link only to scanned, clean files (5 minutes). */
    async documents(application: ApplicationRecord): Promise<z.input<typeof CouncilDocuments>> {
      const now = ports.now();
      const expiresAt = new Date(now.getTime() + COUNCIL_DOWNLOAD_SECONDS * 1000).toISOString();
      const docs = await ports.documents(application.applicationId);
      return {
        documents: await Promise.all(
          docs.map(async (doc) => {
            const { isEditable: _e, isDeletable: _d, ...dto } = toDocumentDto(doc, now);
            const key = servedKey(doc);
            if (dto.uploadStatus !== 'Completed' || !key) return dto;
            const presignedUrl = await ports.presignedDownload(
              key,
              doc.fileName,
              COUNCIL_DOWNLOAD_SECONDS,
              doc.storedKey ? doc.storedVersionId : undefined,
            );
            return { ...dto, presignedUrl, expiresAt };
          }),
        ),
      };
    },
  };
}
