/**
 * The qualification form's rules (docs/participants.md), run by the licence list's
 * Apply and by the server against the qualification types (GET /user/qualification-types). Messages
 * are the spec's, word for word.
 */
import type { Practitioner } from '../schemas/lookups.js';
import type { QualificationType } from '../schemas/reference.js';
import { formatMessage } from './applications.js';

export const qualificationMessages = {
  required: 'Required',
  numberInvalid: 'Qualification number is invalid',
  otherRequired: 'Other qualification type is required',
  classesRequired: 'At least one license class must be selected',
  semicolon: 'Invalid {field}. {Field} cannot contain ";" character',
  licenceInUse: 'This license number is already in use on this application',
  notVerified: 'Could not verify {number} in LBP Register',
  inactive: '{class} license status: {reason}',
  // Ours: the type list excludes types already held, except Other (the dialog does not offer them).
  typeHeld: '{type} is already on this participant',
  unknownClass: 'Unknown license class: {class}',
} as const;

export const OTHER_QUALIFICATION = 'Other';
export const LBP_QUALIFICATION = 'LBP';

/** What a qualification holds (docs/participants.md). */
export interface QualificationFields {
  qualificationName?: string | undefined;
  licensingClasses?: readonly string[] | undefined;
  otherQualificationType?: string | undefined;
  qualificationNumber?: string | undefined;
}

export interface QualificationIssue {
  field: keyof QualificationFields;
  message: string;
}

const semicolon = (label: string) =>
  formatMessage(qualificationMessages.semicolon, {
    field: label.toLowerCase(),
    Field: label.charAt(0).toUpperCase() + label.slice(1),
  });

/** The issues of one qualification against its type; empty when Apply may be pressed. */
export function qualificationIssues(
  q: QualificationFields,
  types: readonly QualificationType[],
): QualificationIssue[] {
  const issues: QualificationIssue[] = [];
  const type = types.find((t) => t.name === q.qualificationName || t.id === q.qualificationName);
  if (!type) return [{ field: 'qualificationName', message: qualificationMessages.required }];
  const number = q.qualificationNumber?.trim() ?? '';
  if (type.regex) {
    if (!number) issues.push({ field: 'qualificationNumber', message: qualificationMessages.required });
    else if (!new RegExp(type.regex).test(number))
      issues.push({
        field: 'qualificationNumber',
        message: type.validationErrorMessage ?? qualificationMessages.numberInvalid,
      });
  } else if (number.includes(';'))
    issues.push({ field: 'qualificationNumber', message: semicolon('Qualification number') });
  const classes = q.licensingClasses ?? [];
  if (type.name === OTHER_QUALIFICATION) {
    const other = q.otherQualificationType?.trim() ?? '';
    if (!other)
      issues.push({ field: 'otherQualificationType', message: qualificationMessages.otherRequired });
    else if (other.includes(';'))
      issues.push({ field: 'otherQualificationType', message: semicolon('Other qualification type') });
  } else {
    if (classes.length === 0)
      issues.push({ field: 'licensingClasses', message: qualificationMessages.classesRequired });
    const unknown = classes.find((c) => !type.classes.some((k) => k.name === c || k.id === c));
    if (unknown)
      issues.push({
        field: 'licensingClasses',
        message: formatMessage(qualificationMessages.unknownClass, { class: unknown }),
      });
  }
  return issues;
}

/** A qualification as stored: the type's name, classes by name, no Other text unless Other. */
export function normaliseQualification<Q extends QualificationFields>(
  q: Q,
  types: readonly QualificationType[],
): Q {
  const type = types.find((t) => t.name === q.qualificationName || t.id === q.qualificationName);
  if (!type) return q;
  const isOther = type.name === OTHER_QUALIFICATION;
  return {
    ...q,
    qualificationName: type.name,
    qualificationNumber: q.qualificationNumber?.trim() || undefined,
    licensingClasses: isOther
      ? []
      : (q.licensingClasses ?? []).map(
          (c) => type.classes.find((k) => k.name === c || k.id === c)?.name ?? c,
        ),
    otherQualificationType: isOther ? q.otherQualificationType?.trim() : undefined,
  };
}

/**
 * The qualification types a participant may still add (docs/participants.md): those not held yet, Other
 * always.
 */
export const offeredQualificationTypes = (
  types: readonly QualificationType[],
  held: readonly QualificationFields[],
): QualificationType[] =>
  types.filter((t) => t.name === OTHER_QUALIFICATION || !held.some((h) => h.qualificationName === t.name));

/** Licence numbers used more than once (case and spaces forgiven). */
export const licenceKey = (number: string | undefined): string =>
  (number ?? '').replace(/\s+/g, '').toUpperCase();

/** A class name without spaces or case ('Site 2', 'Site2' and 'site 2' are one class). */
const classKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/**
 * The LBP qualification of a practitioner picked from the register (docs/participants.md):
 * the LBP number and the register's active classes, as the LBP type's classes (the register writes
 * 'Site 2' or 'Bricklaying and Blocklaying', the type has name 'Site2' and that display name).
 * Undefined when the types have no LBP or none of the practitioner's classes is active and known:
 * such a licence could not be applied ('At least one license class must be selected').
 */
export function qualificationFromPractitioner(
  p: Pick<Practitioner, 'lbpNumber' | 'licenceClasses'>,
  types: readonly QualificationType[],
): { qualificationName: string; qualificationNumber: string; licensingClasses: string[] } | undefined {
  const lbp = types.find((t) => t.name === LBP_QUALIFICATION);
  if (!lbp) return undefined;
  const classes = p.licenceClasses
    .filter((c) => c.status === 'Active')
    .map(
      (c) =>
        lbp.classes.find(
          (k) =>
            classKey(k.name) === classKey(c.licenceClass) ||
            classKey(k.displayName) === classKey(c.licenceClass),
        )?.name,
    )
    .filter((name): name is string => !!name);
  const licensingClasses = lbp.classes.map((k) => k.name).filter((name) => classes.includes(name));
  if (licensingClasses.length === 0) return undefined;
  return { qualificationName: lbp.name, qualificationNumber: p.lbpNumber, licensingClasses };
}
