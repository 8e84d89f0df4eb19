import type * as z from 'zod';
import {
  councilTransition,
  grantedFields,
  resumeClock,
  suspendClock,
} from '../../../shared/domain/council.js';
import type { CouncilAction } from '../../../shared/domain/council.js';
import type {
  CodeComplianceCertificateRequest,
  CouncilApplication,
  CouncilApplicationPatch,
  CouncilDecision,
  LodgementDecision,
  RequiredDocumentGroupRequest,
  RequiredDocumentUploadReview,
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
} from '../../../shared/schemas/council.js';
import { defined } from '../../../shared/domain/objects.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import {
  documentGroupMessages,
  documentGroupView,
  uploadsOf,
  withGroup,
  withReview,
  type StoredDocumentGroup,
  type UploadSource,
} from '../../../shared/domain/document-groups.js';
import type { RequiredDocumentGroupDto } from '../../../shared/schemas/documents.js';
import type { ApplicationRecord, CouncilApplicationGrant } from '../../platform/access.js';
import { councilActor } from '../../platform/events/types.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { CouncilPatch } from '../repository/writes.js';
import type { SnapshotSource } from './view.js';
import { toCouncilApplication } from './view.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { CouncilWriteAction } from '../../platform/observability/catalogue.js';

/** The CouncilWrites action of each change (its route's, functions/platform/observability/catalogue.ts). */
const metricAction = {
  CouncilApplicationUpdated: 'update',
  LodgementAccepted: 'lodgement',
  LodgementRejected: 'lodgement',
  ApplicationSuspended: 'suspension',
  ApplicationResumed: 'resumption',
  ConsentGranted: 'decision',
  ApplicationClosed: 'decision',
  CodeComplianceCertificateIssued: 'ccc',
  WorkflowStagesSet: 'workflow-stages',
  RequiredInspectionsSet: 'required-inspections',
  RequiredDocumentGroupSet: 'required-document-groups',
  RequiredDocumentUploadReviewed: 'document-review',
  RequiredDocumentUploadRejected: 'document-review',
} as const satisfies Record<string, CouncilWriteAction>;
type WriteEvent = keyof typeof metricAction;

export interface WritePorts {
  write(change: {
    application: ApplicationRecord;
    patch: CouncilPatch;
    actor: string;
    action: string;
    now: Date;
    idempotency: Idempotency;
    answer: (after: ApplicationRecord) => unknown;
  }): Promise<ApplicationRecord>;
  latestSnapshot(applicationId: string): Promise<SnapshotSource | undefined>;
  formDisplayName(formId: string): string | undefined;
  /** The application's documents (a required document group's uploads). */
  documents(applicationId: string): Promise<UploadSource[]>;
  /** Whether a document container exists (reference data). */
  isDocumentContainer(id: string): boolean;
  now(): Date;
}

/** The date a council gives (a calendar date or an instant), or now. */
const dateOr = (given: string | undefined, now: Date): string => given ?? now.toISOString();

/**
 * The council's writes on a lodged application (docs/council-api.md §4). Status changes follow
 * `councilTransition` (shared/domain/council.ts): an impossible one is 409 Conflict and nothing
 * changes. Each write is one transaction with its idempotency item; it answers the application
 * after the change (CouncilApplication), which is what a replay answers too.
 */
export function councilWrites(ports: WritePorts) {
  async function change(
    grant: CouncilApplicationGrant,
    idempotency: Idempotency,
    action: WriteEvent,
    patch: CouncilPatch,
  ): Promise<CouncilApplication> {
    const snapshot = await ports.latestSnapshot(grant.application.applicationId);
    const view = (app: ApplicationRecord) =>
      toCouncilApplication(app, { formDisplayName: ports.formDisplayName(app.formId), snapshot });
    return changeAnswering(grant, idempotency, action, patch, view);
  }

  /** A change whose answer (stored for replays) is `answer` of the application after it. */
  async function changeAnswering<T>(
    grant: CouncilApplicationGrant,
    idempotency: Idempotency,
    action: WriteEvent,
    patch: CouncilPatch,
    answer: (after: ApplicationRecord) => T,
  ): Promise<T> {
    const after = await ports.write({
      application: grant.application,
      patch,
      actor: councilActor(grant.council.authorityId),
      action,
      now: ports.now(),
      idempotency,
      answer,
    });
    // Committed (a lost race throws; a replay never gets here): counted once.
    recordMetric('CouncilWrites', { action: metricAction[action] });
    return answer(after);
  }

  const groupsOf = (application: ApplicationRecord) =>
    (application.requiredDocumentGroups ?? []) as StoredDocumentGroup[];

  /** The group `guid` of the application after a change, as the spec shapes it. */
  async function groupAnswer(application: ApplicationRecord, guid: string) {
    const documents = await ports.documents(application.applicationId);
    return (after: ApplicationRecord): RequiredDocumentGroupDto =>
      documentGroupView(
        after.applicationId,
        groupsOf(after).find((g) => g.guid === guid)!,
        documents,
      );
  }

  /** The status `action` leads to, or 409 with the reason. */
  function transition(application: ApplicationRecord, action: CouncilAction) {
    const t = councilTransition(application, action);
    if (!t.ok) throw new Conflict(t.reason);
    return t.status;
  }

  return {
    /** PATCH: the fields the council keeps (no status change). */
    patch: async (
      g: CouncilApplicationGrant,
      idem: Idempotency,
      body: z.output<typeof CouncilApplicationPatch>,
    ) => change(g, idem, 'CouncilApplicationUpdated', defined(body)),

    /** POST …/lodgement: Accepted (Submitted → InProgress) or Rejected with its reason. */
    async lodgement(g: CouncilApplicationGrant, idem: Idempotency, body: LodgementDecision) {
      const now = ports.now();
      if (body.decision === 'Accepted')
        return change(g, idem, 'LodgementAccepted', {
          status: transition(g.application, 'acceptLodgement'),
          acceptedDate: dateOr(body.date, now),
        });
      const date = dateOr(body.date, now);
      return change(g, idem, 'LodgementRejected', {
        status: transition(g.application, 'rejectLodgement'),
        rejectedReason: { reason: body.reason, date },
        closedReason: body.reason,
      });
    },

    /** POST …/suspension: InProgress → VRFISuspended; the statutory clock stops from now. */
    suspend: async (
      g: CouncilApplicationGrant,
      idem: Idempotency,
      _body: z.output<typeof SuspensionRequest>,
    ) =>
      change(g, idem, 'ApplicationSuspended', {
        status: transition(g.application, 'suspend'),
        clockSuspensions: suspendClock(g.application.clockSuspensions, ports.now()),
      }),

    /** DELETE …/suspension: VRFISuspended → InProgress; the statutory clock runs again. */
    resume: async (g: CouncilApplicationGrant, idem: Idempotency) =>
      change(g, idem, 'ApplicationResumed', {
        status: transition(g.application, 'resume'),
        clockSuspensions: resumeClock(g.application.clockSuspensions, ports.now()),
      }),

    /** POST …/decision: Granted (a consent number, record type Consent) or closed with a reason. */
    async decision(g: CouncilApplicationGrant, idem: Idempotency, body: CouncilDecision) {
      const decisionDate = dateOr(body.date, ports.now());
      if (body.outcome === 'Granted') {
        const status = transition(g.application, 'grant');
        return change(g, idem, 'ConsentGranted', {
          status,
          decisionDate,
          ...grantedFields(g.application, body.consentNumber),
        });
      }
      const action = ({ Refused: 'refuse', Lapsed: 'lapse', Withdrawn: 'withdraw' } as const)[body.outcome];
      return change(g, idem, 'ApplicationClosed', {
        status: transition(g.application, action),
        closedReason: body.closedReason,
        decisionDate,
      });
    },

    /** POST …/code-compliance-certificate: a granted consent → Completed. */
    codeComplianceCertificate: async (
      g: CouncilApplicationGrant,
      idem: Idempotency,
      body: z.output<typeof CodeComplianceCertificateRequest>,
    ) =>
      change(g, idem, 'CodeComplianceCertificateIssued', {
        status: transition(g.application, 'issueCcc'),
        cccIssuedDate: body.issuedDate,
        ...(body.certificateNumber ? { cccNumber: body.certificateNumber } : {}),
      }),

    /** PUT …/workflow-stages: the stages as the council has them now. */
    workflowStages: async (
      g: CouncilApplicationGrant,
      idem: Idempotency,
      body: z.output<typeof WorkflowStagesRequest>,
    ) => change(g, idem, 'WorkflowStagesSet', { workflowStages: body.workflowStages }),

    /**
     * PUT …/required-document-groups/{guid}: creates or replaces the council's group (its reviews of
     * uploads kept); the application now uses required document groups. Answers the group.
     */
    async requiredDocumentGroup(
      g: CouncilApplicationGrant,
      idem: Idempotency,
      guid: string,
      body: z.output<typeof RequiredDocumentGroupRequest>,
    ): Promise<RequiredDocumentGroupDto> {
      if (!ports.isDocumentContainer(body.documentContainerId))
        throw new Invalid([
          { field: 'body.documentContainerId', reason: documentGroupMessages.unknownContainer },
        ]);
      const groups = withGroup(groupsOf(g.application), { guid, ...body });
      return changeAnswering(
        g,
        idem,
        'RequiredDocumentGroupSet',
        { requiredDocumentGroups: groups, useRequiredDocumentGroups: true },
        await groupAnswer(g.application, guid),
      );
    },

    /**
     * PATCH …/required-document-groups/{guid}/uploads/{applicationDocumentId}: the council's status of
     * one upload (a document of the application in the group's container). Answers the group. A
     * rejection is its own action (`RequiredDocumentUploadRejected`): the applicant is told of it
     * (functions/notifications) and has a replacement to upload.
     */
    async reviewUpload(
      g: CouncilApplicationGrant,
      idem: Idempotency,
      guid: string,
      documentName: string,
      body: z.output<typeof RequiredDocumentUploadReview>,
    ): Promise<RequiredDocumentGroupDto> {
      const group = groupsOf(g.application).find((x) => x.guid === guid);
      if (!group) throw new NotFound(documentGroupMessages.groupNotFound);
      const documents = await ports.documents(g.application.applicationId);
      if (!uploadsOf(group, documents).some((d) => d.name === documentName))
        throw new NotFound(documentGroupMessages.uploadNotFound);
      const groups = withReview(groupsOf(g.application), guid, documentName, defined(body))!;
      return changeAnswering(
        g,
        idem,
        body.councilStatus === 'Rejected'
          ? 'RequiredDocumentUploadRejected'
          : 'RequiredDocumentUploadReviewed',
        { requiredDocumentGroups: groups },
        (after) =>
          documentGroupView(
            after.applicationId,
            groupsOf(after).find((x) => x.guid === guid)!,
            documents,
          ),
      );
    },

    /** PUT …/required-inspections: every location, and where to book. */
    requiredInspections: async (
      g: CouncilApplicationGrant,
      idem: Idempotency,
      body: z.output<typeof RequiredInspectionsRequest>,
    ) =>
      change(g, idem, 'RequiredInspectionsSet', {
        requiredInspections: body.requiredInspections,
        ...(body.bookingUrl ? { inspectionBookingUrl: body.bookingUrl } : {}),
      }),
  };
}
