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
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
} from '../../../shared/schemas/council.js';
import { defined } from '../../../shared/domain/objects.js';
import { Conflict } from '../../platform/errors.js';
import type { ApplicationRecord, CouncilApplicationGrant } from '../../platform/access.js';
import { councilActor } from '../../platform/events/types.js';
import type { Idempotency } from '../../platform/idempotency.js';
import type { CouncilPatch } from '../repository/writes.js';
import type { SnapshotSource } from './view.js';
import { toCouncilApplication } from './view.js';

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
    action: string,
    patch: CouncilPatch,
  ): Promise<CouncilApplication> {
    const snapshot = await ports.latestSnapshot(grant.application.applicationId);
    const view = (app: ApplicationRecord) =>
      toCouncilApplication(app, { formDisplayName: ports.formDisplayName(app.formId), snapshot });
    const after = await ports.write({
      application: grant.application,
      patch,
      actor: councilActor(grant.council.authorityId),
      action,
      now: ports.now(),
      idempotency,
      answer: view,
    });
    return view(after);
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
