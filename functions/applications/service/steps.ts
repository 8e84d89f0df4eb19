import type * as z from 'zod';
import { applicationMessages } from '../../../shared/schemas/applications.js';
import type {
  ApplicationDto,
  ApplicationStatus,
  EnabledStep,
  RuleResultsQuery,
  SaveStepRequest,
  StepDataDto,
  SubmissionRequest,
  ValidationResult,
} from '../../../shared/schemas/applications.js';
import type { FormioFieldError } from '../../../shared/schemas/formio.js';
import type { Step } from '../../../shared/schemas/reference.js';
import {
  isEditable,
  isEditableStatus,
  isStepVisible,
  stepAppliesTo,
  SUMMARY_CONTAINER_ID,
} from '../../../shared/domain/applications.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import { Forbidden, Invalid, Locked, NotFound } from '../../platform/errors.js';
import type { TransactionEntities, TransactionItems } from '../../platform/events/outbox.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type {
  ApplicationPatch,
  ApplicationRecord,
  ParticipantRecord,
  UpdateOptions,
} from '../repository/applications.js';
import type { DocumentRecord, StepRecord } from '../repository/steps.js';
import { toApplicationDto, toParticipantView } from './dto.js';
import {
  enabledSteps,
  formatMessage,
  hasErrors,
  loadFormValidation,
  runRules,
  validateStepData,
} from './rules/index.js';
import type { FormReference, RuleInput } from './rules/index.js';
import { profileFullName, SIGNATURE_MISMATCH, signatureMatches } from '../../../shared/domain/signature.js';
import { sanitiseStepData } from './sanitise.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { SnapshotContent } from './summary-pdf.js';

/**
 * Steps of an application (docs/applications.md): enabled steps, step data (read and autosave), rule
 * results, and submission with its snapshot. Every call reads the application's
 * partition once (application, participants, documents, steps); the route's access policy has
 * granted the caller's access level.
 */

export const SUBMISSION_HAS_ERRORS = 'The application has errors to fix before it can be submitted';
export const STEP_TAKES_NO_DATA = 'This step does not take data';
export const NOT_SUBMITTABLE = 'Only a draft or an application suspended for RFIs can be submitted';

/** An application's partition, as the steps read it. */
export interface ApplicationParts {
  application: ApplicationRecord | undefined;
  participants: ParticipantRecord[];
  documents: DocumentRecord[];
  steps: StepRecord[];
}

/** What the steps service needs from the world (functions/applications/form.ts wires it). */
export interface StepPorts {
  parts(applicationId: string): Promise<ApplicationParts>;
  saveStep(item: {
    applicationId: string;
    stepId: string;
    breadcrumbId: string;
    data: Record<string, unknown>;
    valid: boolean;
    modifiedBy: string;
  }): Promise<StepRecord>;
  /** The application's change (etag-conditional when given) with its event, in one transaction. */
  update(
    id: string,
    expectedEtag: string | undefined,
    patch: ApplicationPatch,
    actor: string,
    options: UpdateOptions,
  ): Promise<ApplicationRecord>;
  /**
   * What a submission adds to its transaction for the council: the lodgement index and feed entry
   * (functions/platform/events/council-feed.ts `lodgementItems`).
   */
  lodged?: (
    e: TransactionEntities,
    event: DomainEvent,
    lodgement: { applicationId: string; authorityId: string; lodgementDate: string; status: string },
  ) => TransactionItems;
  reference: {
    formReference(formId: string): FormReference | undefined;
    authorityName(authorityId: string): string | undefined;
  };
  /** The signer's profile (their full name is the signature). */
  people: { profile(userId: string): Promise<{ firstName?: string; lastName?: string } | undefined> };
  now?: () => Date;
}

interface Loaded {
  parts: ApplicationParts;
  application: ApplicationRecord;
  grant: ApplicationGrant;
  reference: FormReference;
}

export function stepsService(ports: StepPorts) {
  const now = () => (ports.now ? ports.now() : new Date());

  /** The partition read once; the application as read now (the grant's copy when the read lags). */
  async function load(grant: ApplicationGrant): Promise<Loaded> {
    const parts = await ports.parts(grant.application.applicationId);
    const application = parts.application ?? grant.application;
    const reference = ports.reference.formReference(application.formId);
    if (!reference)
      throw new Error(`Application ${application.applicationId} has unknown form ${application.formId}`);
    return { parts, application, grant, reference };
  }

  /**
   * The form's visible step `stepId`: 404 'Step not found' for an unknown step or one that does not
   * apply to the record type (Template details of an application), 403 for a hidden one.
   */
  function visibleStep(loaded: Loaded, stepId: string): Step {
    const step = loaded.reference.steps.find((s) => s.id === stepId);
    if (!step || !stepAppliesTo(step.type, loaded.application.recordType))
      throw new NotFound(undefined, applicationMessages.stepNotFound);
    if (!isStepVisible(step, loaded.grant.access.accessLevel)) throw new Forbidden();
    return step;
  }

  /** What the rules read: the step data, participants and the applicant's documents. */
  function ruleInput({ parts, application, reference }: Loaded): RuleInput {
    return {
      application: {
        applicationId: application.applicationId,
        formId: application.formId,
        status: application.status,
        recordType: application.recordType,
      },
      stepData: Object.fromEntries(
        parts.steps.map((s) => [
          s.stepId,
          { data: (s.data ?? {}) as Record<string, unknown>, valid: s.valid },
        ]),
      ),
      participants: parts.participants,
      documents: parts.documents.filter((d) => d.documentContainerId !== SUMMARY_CONTAINER_ID),
      reference,
      now: now(),
    };
  }

  function stepDto(
    step: Step,
    saved: { data?: unknown; modifiedDate?: string } | undefined,
    readOnly: boolean,
  ) {
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

  return {
    /** The steps the caller sees, with their state. */
    async enabledSteps(grant: ApplicationGrant): Promise<EnabledStep[]> {
      const [loaded] = await Promise.all([load(grant), loadFormValidation()]);
      return enabledSteps(ruleInput(loaded), grant.access.accessLevel);
    },

    /** One step's saved data; read-only unless the caller may edit the application now. */
    async step(grant: ApplicationGrant, stepId: string): Promise<StepDataDto> {
      const loaded = await load(grant);
      const step = visibleStep(loaded, stepId);
      const saved = loaded.parts.steps.find((s) => s.stepId === step.id);
      const readOnly = !isEditable({
        status: loaded.application.status,
        accessLevel: grant.access.accessLevel,
      });
      return stepDto(step, saved, readOnly);
    },

    /**
     * Autosave of a step: sanitised, then shaped and validated by its Form.io definition, and saved
     * even when invalid (every keystroke is kept); the errors come back with it.
     */
    async saveStep(
      caller: UserCaller,
      grant: ApplicationGrant,
      stepId: string,
      body: z.output<typeof SaveStepRequest>,
    ): Promise<StepDataDto & { errors: FormioFieldError[] }> {
      const [loaded] = await Promise.all([load(grant), loadFormValidation()]);
      const step = visibleStep(loaded, stepId);
      if (!isEditableStatus(loaded.application.status)) throw new Locked(applicationMessages.lockedTooltip);
      if (step.type !== 'Formio' && step.type !== 'TemplateDetails')
        throw new Invalid(
          [{ field: 'path.stepId', reason: STEP_TAKES_NO_DATA }],
          applicationMessages.cannotSaveStep,
        );
      const clean = sanitiseStepData(body.data);
      let data = clean;
      let errors: FormioFieldError[] = [];
      if (step.type === 'Formio' && step.formioName) {
        const v = validateStepData(step.formioName, clean, now());
        data = v.data;
        errors = v.errors;
      }
      const saved = await ports.saveStep({
        applicationId: loaded.application.applicationId,
        stepId: step.id,
        breadcrumbId: step.breadcrumbId,
        data,
        valid: errors.length === 0,
        modifiedBy: caller.userId,
      });
      await ports.update(loaded.application.applicationId, undefined, {}, caller.userId, {
        changed: [`step:${step.id}`],
      });
      return { ...stepDto(step, saved, false), errors };
    },

    /** The rules' results (the form steps' rules, or every rule with FULL), of one step when asked. */
    async ruleResults(
      grant: ApplicationGrant,
      query: z.output<typeof RuleResultsQuery>,
    ): Promise<ValidationResult[]> {
      const [loaded] = await Promise.all([load(grant), loadFormValidation()]);
      const results = runRules(ruleInput(loaded), query.type === 'FULL');
      return query.stepId ? results.filter((r) => r.stepId === query.stepId) : results;
    },

    /**
     * Submission: every rule must pass; the status moves (Draft → Submitted, VRFISuspended →
     * InProgress) on condition of the etag read, with its snapshot in the same transaction. Its
     * summary PDF follows from the event (the `applications.summaryPdf` consumer): until it is made,
     * the application names none (the web says it is being prepared).
     */
    async submit(
      caller: UserCaller,
      grant: ApplicationGrant,
      body: z.output<typeof SubmissionRequest>,
    ): Promise<{ application: ApplicationDto }> {
      const [loaded] = await Promise.all([load(grant), loadFormValidation()]);
      const { application } = loaded;
      if (application.status !== 'Draft' && application.status !== 'VRFISuspended')
        throw new Locked(applicationMessages.lockedTooltip, 'ClientError', NOT_SUBMITTABLE);
      // The signature is the signer's full name as on their profile (case and spacing forgiven).
      const signer = profileFullName((await ports.people.profile(caller.userId)) ?? {});
      if (!signatureMatches(body.userSignature, signer))
        throw new Invalid([{ field: 'body.userSignature', reason: SIGNATURE_MISMATCH }]);
      const results = runRules(ruleInput(loaded), true);
      if (hasErrors(results))
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
      const submissionDate = now().toISOString();
      const status: ApplicationStatus = application.status === 'VRFISuspended' ? 'InProgress' : 'Submitted';
      // The first submission's date keeps the application's place in its council's list.
      const lodgementDate = application.lodgementDate ?? submissionDate;
      const { lodged } = ports;
      const patch = {
        status,
        submissionDate,
        lodgementDate,
        userSignature: body.userSignature,
        signedBy: { userId: caller.userId, name: signer },
        signedAt: submissionDate,
        declarationText: loaded.reference.form.declarationText,
      } satisfies ApplicationPatch;
      // The snapshot of the application as submitted, kept in the submission's own transaction.
      const content = snapshotOf(loaded, { ...application, ...patch, modifiedBy: caller.userId });
      const submitted = await ports.update(
        application.applicationId,
        application.etag,
        patch,
        caller.userId,
        {
          event: 'ApplicationSubmitted',
          previous: application,
          snapshot: {
            submissionDate,
            submittedBy: caller.userId,
            userSignature: body.userSignature,
            content,
          },
          ...(lodged
            ? {
                also: (e, event) =>
                  lodged(e, event, {
                    applicationId: application.applicationId,
                    authorityId: application.authorityId,
                    lodgementDate,
                    status,
                  }),
              }
            : {}),
        },
      );
      // A lodgement (Draft → Submitted); a resubmission after RFIs (→ InProgress) is not one.
      if (status === 'Submitted') recordMetric('Lodgements');
      const shown = loaded.parts.participants.filter((p) => !p.isDeleted);
      return {
        application: toApplicationDto(submitted, grant.access, {
          formDisplayName: loaded.reference.form.displayName,
          formCategory: loaded.reference.form.category,
          authorityDisplayName: ports.reference.authorityName(submitted.authorityId),
          participants: shown.map(toParticipantView),
          isParticipant: shown.some((p) => p.loginUserId === caller.userId),
        }),
      };
    },
  };
}
