import { applicationMessages } from '../../../shared/schemas/applications.js';
import type { ApplicationStatus, StepDataDto } from '../../../shared/schemas/applications.js';
import type { FormioFieldError } from '../../../shared/schemas/formio.js';
import type { Step } from '../../../shared/schemas/reference.js';
import type { AccessLevel } from '../../../shared/schemas/common.js';
import { isEditable, isEditableStatus, isStepVisible } from '../../../shared/domain/applications.js';
import { updateApplication } from '../repository/applications.js';
import type { ApplicationRecord } from '../repository/applications.js';
import { loadApplicationParts, putSnapshot, putStepItem, SUMMARY_CONTAINER_ID } from '../repository/steps.js';
import {
  enabledSteps,
  formatMessage,
  formReference,
  hasErrors,
  runRules,
  validateStepData,
} from '../service/rules/index.js';
import type { FormReference, RuleInput } from '../service/rules/index.js';
import { sanitiseStepData } from '../service/sanitise.js';
import { generateSummaryPdf } from '../service/summary-pdf.js';
import type { SnapshotContent } from '../service/summary-pdf.js';
import { toApplicationDto, toParticipantView } from '../service/dto.js';
import { referenceData } from '../../reference/data.js';
import { logger } from '../../platform/logger.js';
import type { Implementations } from '../../platform/http/handler.js';
import type { contract } from '../contract.js';
import type { ApplicationGrant } from '../../platform/access.js';
import { Forbidden, Invalid, NotFound } from '../../platform/errors.js';

/**
 * Steps of an application (portal-core §7): enabled steps, step data (read and autosave), rule
 * results, and submission with its snapshot and summary PDF. Every call reads the application's
 * partition once (application, access rows, participants, documents, steps) and checks the caller's
 * access level on the server.
 */

export const SUBMISSION_HAS_ERRORS = 'The application has errors to fix before it can be submitted';
export const STEP_TAKES_NO_DATA = 'This step does not take data';
export const NOT_SUBMITTABLE = 'Only a draft or an application suspended for RFIs can be submitted';

type Parts = Awaited<ReturnType<typeof loadApplicationParts>>;

interface Loaded {
  parts: Parts;
  application: ApplicationRecord;
  accessLevel: AccessLevel;
  notificationLevel: 'Watching' | 'Normal' | 'Muted' | undefined;
  visibility: 'visible' | 'hidden' | undefined;
  reference: FormReference;
}

/**
 * The application's partition (application, participants, documents, steps) read once, with the
 * caller's access the route's policy granted (functions/platform/http/access.ts).
 */
async function load({ application: granted, access }: ApplicationGrant): Promise<Loaded> {
  const parts = await loadApplicationParts(granted.applicationId);
  const application = (parts.application as ApplicationRecord | undefined) ?? granted;
  const applicationId = application.applicationId;
  const reference = formReference(application.formId);
  if (!reference) throw new Error(`Application ${applicationId} has unknown form ${application.formId}`);
  return {
    parts,
    application,
    accessLevel: access.accessLevel,
    notificationLevel: access.notificationLevel,
    visibility: access.visibility,
    reference,
  };
}

/** The form's step `stepId`: 404 'Step not found' for an unknown step or one of another form. */
function stepOf(loaded: Loaded, stepId: string): Step {
  const step = loaded.reference.steps.find((s) => s.id === stepId);
  if (!step) throw new NotFound(undefined, applicationMessages.stepNotFound);
  return step;
}

function ruleInput(loaded: Loaded, now = new Date()): RuleInput {
  const { parts, application, reference } = loaded;
  return {
    application: {
      applicationId: application.applicationId,
      formId: application.formId,
      status: application.status,
    },
    stepData: Object.fromEntries(
      parts.steps.map((s) => [s.stepId, { data: (s.data ?? {}) as Record<string, unknown>, valid: s.valid }]),
    ),
    participants: parts.participants,
    // The generated summary is not one of the applicant's documents.
    documents: parts.documents.filter((d) => d.documentContainerId !== SUMMARY_CONTAINER_ID),
    reference,
    now,
  };
}

function stepDto(
  step: Step,
  saved: { data?: unknown; modifiedDate?: string } | undefined,
  readOnly: boolean,
): StepDataDto {
  const dto: StepDataDto = {
    stepId: step.id,
    breadcrumbId: step.breadcrumbId,
    type: step.type,
    data: (saved?.data ?? {}) as Record<string, unknown>,
    readOnly,
  };
  if (step.formioName) dto.formioName = step.formioName;
  if (saved?.modifiedDate) dto.modifiedDate = saved.modifiedDate;
  return dto;
}

const lockedIfNotEditable = (status: ApplicationStatus) => {
  if (!isEditableStatus(status)) throw new Forbidden(applicationMessages.lockedTooltip);
};

/** The snapshot of what is being submitted (application fields, steps, participants, documents). */
function snapshotOf(loaded: Loaded, application: ApplicationRecord): SnapshotContent {
  const saved = new Map(loaded.parts.steps.map((s) => [s.stepId, s]));
  return {
    application: { ...application } as SnapshotContent['application'],
    steps: loaded.reference.steps.map((s) => ({
      stepId: s.id,
      breadcrumbId: s.breadcrumbId,
      type: s.type,
      displayName: s.displayName,
      formioName: s.formioName,
      data: (saved.get(s.id)?.data ?? {}) as Record<string, unknown>,
      valid: saved.get(s.id)?.valid,
    })),
    participants: loaded.parts.participants
      .filter((p) => !p.isDeleted)
      .map((p) => ({
        participantId: p.participantId,
        firstName: p.firstName,
        lastName: p.lastName,
        groupName: p.groupName,
        organisation: p.organisation,
        email: p.email,
        participantTypes: p.participantTypes ?? [],
        accessLevel: p.accessLevel,
      })),
    documents: loaded.parts.documents
      .filter((d) => d.documentContainerId !== SUMMARY_CONTAINER_ID && d.uploadStatus !== 'Error')
      .map((d) => ({
        documentName: d.documentName,
        fileName: d.fileName,
        documentContainerId: d.documentContainerId,
        fileSize: d.fileSize,
        uploadStatus: d.uploadStatus,
        fileModifiedDate: d.fileModifiedDate,
      })),
  };
}

export const stepRoutes = {
  'GET /user/applications/{id}/enabled-steps': async ({ ...grant }) => {
    const loaded = await load(grant);
    return enabledSteps(ruleInput(loaded), loaded.accessLevel);
  },

  'GET /user/applications/{id}/steps/{stepId}': async ({ params, ...grant }) => {
    const loaded = await load(grant);
    const step = stepOf(loaded, params.stepId);
    if (!isStepVisible(step, loaded.accessLevel)) throw new Forbidden();
    const saved = loaded.parts.steps.find((s) => s.stepId === step.id);
    const readOnly = !isEditable({ status: loaded.application.status, accessLevel: loaded.accessLevel });
    return stepDto(step, saved, readOnly);
  },

  'POST /user/applications/{id}/steps/{stepId}': async ({ params, body, caller, ...grant }) => {
    const loaded = await load(grant);
    const step = stepOf(loaded, params.stepId);
    if (!isStepVisible(step, loaded.accessLevel)) throw new Forbidden();
    lockedIfNotEditable(loaded.application.status);
    if (step.type !== 'Formio' && step.type !== 'TemplateDetails') {
      throw new Invalid(
        [{ field: 'path.stepId', reason: STEP_TAKES_NO_DATA }],
        applicationMessages.cannotSaveStep,
      );
    }
    // Sanitised first; then shaped and validated. Saved even when invalid (autosave keeps every keystroke).
    const clean = sanitiseStepData(body.data);
    let data = clean;
    let errors: FormioFieldError[] = [];
    if (step.type === 'Formio' && step.formioName) {
      const v = validateStepData(step.formioName, clean, new Date());
      data = v.data;
      errors = v.errors;
    }
    const saved = await putStepItem({
      applicationId: loaded.application.applicationId,
      stepId: step.id,
      breadcrumbId: step.breadcrumbId,
      data,
      valid: errors.length === 0,
      modifiedBy: caller.userId,
    });
    await updateApplication(loaded.application.applicationId, undefined, {}, caller.userId, {
      changed: [`step:${step.id}`],
    });
    return { ...stepDto(step, saved, false), errors };
  },

  'GET /user/applications/{id}/ruleresults': async ({ query, ...grant }) => {
    const loaded = await load(grant);
    const results = runRules(ruleInput(loaded), query.type === 'FULL');
    return query.stepId ? results.filter((r) => r.stepId === query.stepId) : results;
  },

  'POST /user/applications/{id}/submission': async ({ body, caller, ...grant }) => {
    const loaded = await load(grant);
    const { application } = loaded;
    if (application.status !== 'Draft' && application.status !== 'VRFISuspended') {
      throw new Forbidden(applicationMessages.lockedTooltip, 'ClientError', NOT_SUBMITTABLE);
    }
    const results = runRules(ruleInput(loaded), true);
    if (hasErrors(results)) {
      throw new Invalid(
        results
          .filter((r) => r.severity === 'Error')
          .map((r) => ({
            field: r.applicationFieldName
              ? `${r.stepId ?? 'application'}.${r.applicationFieldName}`
              : (r.stepId ?? r.ruleId),
            reason: formatMessage(r.message, r.messageParams),
          })),
        SUBMISSION_HAS_ERRORS,
      );
    }
    const submissionDate = new Date().toISOString();
    const status: ApplicationStatus = application.status === 'VRFISuspended' ? 'InProgress' : 'Submitted';
    // Conditional on the etag read: a concurrent change makes this a 409 and nothing is submitted.
    const submitted = await updateApplication(
      application.applicationId,
      application.etag,
      { status, submissionDate, userSignature: body.userSignature },
      caller.userId,
      { event: 'ApplicationSubmitted', previous: application },
    );
    const content = snapshotOf(loaded, submitted);
    await putSnapshot({
      applicationId: submitted.applicationId,
      submissionDate,
      submittedBy: caller.userId,
      userSignature: body.userSignature,
      content,
    });
    let applicationFormPdf: string | undefined;
    try {
      applicationFormPdf = await generateSummaryPdf(content, submissionDate, caller.userId);
    } catch (err) {
      // The submission stands; ensureSummaryPdf regenerates the PDF on its first download.
      logger.error('Summary PDF generation failed', { applicationId: submitted.applicationId, err });
    }
    const ref = referenceData();
    const dto = toApplicationDto(
      { ...submitted, applicationFormPdf: applicationFormPdf ?? submitted.applicationFormPdf },
      {
        accessLevel: loaded.accessLevel,
        notificationLevel: loaded.notificationLevel,
        visibility: loaded.visibility,
      },
      {
        formDisplayName: loaded.reference.form.displayName,
        formCategory: loaded.reference.form.category,
        authorityDisplayName: ref.authorities.find((a) => a.id === submitted.authorityId)?.displayName,
        participants: loaded.parts.participants.filter((p) => !p.isDeleted).map(toParticipantView),
        isParticipant: loaded.parts.participants.some((p) => !p.isDeleted && p.loginUserId === caller.userId),
      },
    );
    return { application: dto };
  },
} satisfies Partial<Implementations<typeof contract>>;
