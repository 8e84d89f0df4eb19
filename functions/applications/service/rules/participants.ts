import { applicationMessages } from '../../../../shared/schemas/applications.js';
import type { ParticipantType } from '../../../../shared/schemas/reference.js';
import { isNeededType, typeOf } from '../../../../shared/domain/participants.js';
import { result, stepOfType } from './types.js';
import type { Rule, RuleInput } from './types.js';

/** Whether a non-deleted participant holds the type (by its name or id, any case). */
function isHeld(input: RuleInput, type: ParticipantType): boolean {
  return input.participants.some(
    (p) => !p.isDeleted && (p.participantTypes ?? []).some((t) => typeOf([type], t) !== undefined),
  );
}

/**
 * Needed roles (docs/participants.md "A type with ExactlyOne or MinimumOne that no one holds is reported
 * as needed", read plainly: required or not, `isNeededType`): each participant type numbered
 * ExactlyOne or MinimumOne that no non-deleted participant holds → Error 'A valid application needs
 * to have {role} role' on the Contact step.
 */
export const requiredParticipantTypes: Rule = (input) => {
  const stepId = stepOfType(input, 'Contact')?.id;
  return [...input.reference.participantTypes]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .filter(isNeededType)
    .filter((t) => !isHeld(input, t))
    .map((t) =>
      result(input, {
        ruleId: `participant-type-required:${t.id}`,
        ruleType: 'ParticipantType',
        severity: 'Error',
        message: applicationMessages.requiredRole,
        messageParams: { role: t.displayName },
        stepId,
      }),
    );
};

export const DESIGNER_SUGGESTION = 'Consider adding the {role} of the building work to the application';

/** Suggestion: a Designer on the application (the council contacts them about the plans). */
export const designerSuggestion: Rule = (input) => {
  const designer = input.reference.participantTypes.find((t) => t.name === 'Designer');
  if (!designer || isHeld(input, designer)) return [];
  return [
    result(input, {
      ruleId: `participant-type-suggested:${designer.id}`,
      ruleType: 'ParticipantType',
      severity: 'Suggestion',
      message: DESIGNER_SUGGESTION,
      messageParams: { role: designer.displayName },
      stepId: stepOfType(input, 'Contact')?.id,
    }),
  ];
};
