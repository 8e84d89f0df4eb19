import type {
  ApplicationStatus,
  RecordType,
  ValidationResult,
} from '../../../../shared/schemas/applications.js';
import type { DocumentContainer, Form, ParticipantType, Step } from '../../../../shared/schemas/reference.js';

/**
 * The plain inputs every rule reads (no I/O): the application, its saved step data, participants and
 * documents, and the reference data of its form. Rules are pure functions `(input) => results`.
 */
export interface RuleInput {
  application: { applicationId: string; formId: string; status: ApplicationStatus; recordType: RecordType };
  /** Saved step data by step id (Formio and TemplateDetails steps). */
  stepData: Readonly<Record<string, { data: Record<string, unknown>; valid?: boolean } | undefined>>;
  participants: readonly RuleParticipant[];
  documents: readonly RuleDocument[];
  reference: RuleReference;
  /** The time the rules are run at (date rules, document expiry). */
  now: Date;
}

export interface RuleParticipant {
  participantId?: string;
  /** Participant type ids (names are accepted too). */
  participantTypes?: readonly string[] | undefined;
  isDeleted?: boolean | undefined;
  /** The details a participant card warns about when missing (shared isMissingDetails). */
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  address?: { fullAddress?: string | undefined } | undefined;
}

export interface RuleDocument {
  documentName: string;
  fileName?: string | undefined;
  documentContainerId?: string | undefined;
  uploadStatus: string;
  fileModifiedDate?: string | undefined;
  createdAt?: string | number | undefined;
  /** The record of title's issue date the extraction read (yyyy-mm-dd). */
  titleIssuedDate?: string | undefined;
}

export interface RuleReference {
  form: Form;
  /** The form's steps in breadcrumb then step order. */
  steps: readonly Step[];
  participantTypes: readonly ParticipantType[];
  documentContainers: readonly DocumentContainer[];
}

export type Rule = (input: RuleInput) => ValidationResult[];

/** The first step of a type in the form, if any. */
export const stepOfType = (input: RuleInput, type: Step['type']): Step | undefined =>
  input.reference.steps.find((s) => s.type === type);

/** A result with the application id filled in and no undefined fields. */
export function result(
  input: RuleInput,
  r: Omit<ValidationResult, 'applicationId' | 'stepId' | 'applicationFieldName' | 'messageParams'> & {
    stepId?: string | undefined;
    applicationFieldName?: string | undefined;
    messageParams?: Record<string, string> | undefined;
  },
): ValidationResult {
  const out: ValidationResult = {
    applicationId: input.application.applicationId,
    message: r.message,
    severity: r.severity,
    ruleId: r.ruleId,
    ruleType: r.ruleType,
  };
  if (r.messageParams) out.messageParams = r.messageParams;
  if (r.stepId) out.stepId = r.stepId;
  if (r.applicationFieldName) out.applicationFieldName = r.applicationFieldName;
  return out;
}

/** Filling a result's placeholders is a shared rule (the review step shows the same text). */
export { formatMessage } from '../../../../shared/domain/applications.js';
