import type { CouncilApplication, CouncilApplicationSummary } from '../../../shared/schemas/council.js';
import { CouncilApplication as CouncilApplicationSchema } from '../../../shared/schemas/council.js';
import type { RequiredInspection, WorkflowStage } from '../../../shared/schemas/applications.js';
import { defined } from '../../../shared/domain/objects.js';
import type { ApplicationRecord } from '../../platform/access.js';
import { toApplicationDto } from '../../applications/index.js';

/** The newest submission snapshot, as stored (content is the JSON the submission kept). */
export interface SnapshotSource {
  submissionDate: string;
  userSignature: string;
  content: string;
}

/** The step data by step id of a snapshot's content (`steps: [{ stepId, data }]`). */
function snapshotSteps(content: string): Record<string, Record<string, unknown>> {
  try {
    const parsed = JSON.parse(content) as { steps?: { stepId?: unknown; data?: unknown }[] };
    return Object.fromEntries(
      (parsed.steps ?? []).flatMap((s) =>
        typeof s.stepId === 'string' && s.data && typeof s.data === 'object'
          ? [[s.stepId, s.data as Record<string, unknown>]]
          : [],
      ),
    );
  } catch {
    return {};
  }
}

/**
 * An application as its council reads it (docs/council-api.md §4; CouncilApplication): the
 * applicant's view of the fields without the caller-specific ones, the council's own fields, and
 * the submission (the newest snapshot's step data). Also what every write answers and stores.
 */
export function toCouncilApplication(
  app: ApplicationRecord,
  extras: { formDisplayName?: string | undefined; snapshot?: SnapshotSource | undefined },
): CouncilApplication {
  const dto = toApplicationDto(app, { accessLevel: 'ReadOnly' }, { formDisplayName: extras.formDisplayName });
  const { snapshot } = extras;
  // Parsing keeps exactly the council's fields (the schema strips the applicant-only ones).
  return CouncilApplicationSchema.parse(
    defined({
      ...dto,
      developmentContributionRequired: app.developmentContributionRequired,
      resourceConsentRequired: app.resourceConsentRequired,
      useRequiredDocumentGroups: app.useRequiredDocumentGroups ?? false,
      workflowStages: dto.workflowStages,
      requiredInspections: (app.requiredInspections ?? []) as RequiredInspection[],
      inspectionBookingUrl: app.inspectionBookingUrl,
      rejectedReason: app.rejectedReason ? defined({ ...app.rejectedReason }) : null,
      submission: snapshot
        ? defined({
            submissionDate: snapshot.submissionDate,
            userSignature: snapshot.userSignature,
            signedBy: app.signedBy,
            signedAt: app.signedAt,
            declarationText: app.declarationText,
            steps: snapshotSteps(snapshot.content),
          })
        : undefined,
    }),
  );
}

/** A row of GET /council/applications. */
export function toCouncilSummary(
  app: ApplicationRecord,
  formDisplayName: string | undefined,
): CouncilApplicationSummary {
  const dto = toApplicationDto(app, { accessLevel: 'ReadOnly' }, { formDisplayName });
  return defined({
    id: dto.id,
    applicationNumber: dto.applicationNumber,
    consentNumber: dto.consentNumber,
    recordType: dto.recordType,
    status: dto.status,
    formId: dto.formId,
    formDisplayName: dto.formDisplayName,
    address: dto.address,
    submissionDate: dto.submissionDate,
    modifiedDate: dto.modifiedDate,
  });
}

/** The stages stored on the application (`workflowStages` is kept as the council sent it). */
export const storedStages = (app: ApplicationRecord): WorkflowStage[] =>
  (app.workflowStages ?? []) as WorkflowStage[];
