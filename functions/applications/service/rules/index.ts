import type { EnabledStep, ValidationResult } from '../../../../shared/schemas/applications.js';
import type { Step } from '../../../../shared/schemas/reference.js';
import { isStepVisible, stepAppliesTo } from '../../../../shared/domain/applications.js';
import { isMissingDetails } from '../../../../shared/domain/participants.js';
import type { AccessLevel } from '../../../../shared/schemas/common.js';
import { ownershipDocumentExpiry, requiredDocuments, titleAge } from './documents.js';
import { estimatedValueControl, formStepRules } from './form-steps.js';
import { designerSuggestion, requiredParticipantTypes } from './participants.js';
import type { Rule, RuleInput } from './types.js';

export * from './types.js';
export * from './documents.js';
export * from './form-steps.js';
export * from './participants.js';

/** The rules of the form steps (GET .../ruleresults without type=FULL). */
export const stepRules: readonly Rule[] = [formStepRules, estimatedValueControl];

/** Every rule (type=FULL, the review step and submission). */
export const fullRules: readonly Rule[] = [
  requiredParticipantTypes,
  formStepRules,
  requiredDocuments,
  ownershipDocumentExpiry,
  titleAge,
  designerSuggestion,
  estimatedValueControl,
];

const severityOrder = { Error: 0, Control: 1, Suggestion: 2 } as const;

/** Runs the rules: errors first, then controls, then suggestions; within a severity in rule order. */
export function runRules(input: RuleInput, full: boolean): ValidationResult[] {
  const results = (full ? fullRules : stepRules).flatMap((rule) => rule(input));
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => severityOrder[a.r.severity] - severityOrder[b.r.severity] || a.i - b.i)
    .map(({ r }) => r);
}

export const hasErrors = (results: readonly ValidationResult[]): boolean =>
  results.some((r) => r.severity === 'Error');

/**
 * Whether a step is complete, from the full results: a Formio step saved with no Error on it; the
 * Contact step with no role missing and no participant missing details; the DocumentUpload step with every required container filled;
 * the review step when no Error remains; a TemplateDetails step once saved.
 */
export function isStepComplete(step: Step, input: RuleInput, results: readonly ValidationResult[]): boolean {
  const errors = results.filter((r) => r.severity === 'Error');
  switch (step.type) {
    case 'Formio':
      return !!input.stepData[step.id] && !errors.some((r) => r.stepId === step.id);
    case 'Contact':
      // Complete only when no role is missing and no participant card warns of missing details
      // (shared isMissingDetails: the one rule of the card's warning and of this step).
      return (
        !errors.some((r) => r.ruleType === 'ParticipantType') &&
        !input.participants.some((p) => !p.isDeleted && isMissingDetails(input.reference.participantTypes, p))
      );
    case 'DocumentUpload':
      return !errors.some((r) => r.ruleType === 'DocumentContainer');
    case 'ApplicationReview':
      return errors.length === 0;
    case 'TemplateDetails':
      return !!input.stepData[step.id];
  }
}

/**
 * The steps the caller sees (isStepVisible) that apply to the application's record type
 * (stepAppliesTo), in order, each with whether it is complete.
 */
export function enabledSteps(
  input: RuleInput,
  accessLevel: AccessLevel | undefined,
  contactStepsForAll = false,
): EnabledStep[] {
  const results = runRules(input, true);
  return input.reference.steps
    .filter((s) => stepAppliesTo(s.type, input.application.recordType))
    .filter((s) => isStepVisible(s, accessLevel, contactStepsForAll))
    .map((s) => ({
      breadcrumbId: s.breadcrumbId,
      stepId: s.id,
      type: s.type,
      enabled: true,
      complete: isStepComplete(s, input, results),
    }));
}
export { formReference, type FormReference } from '../../../reference/index.js';
