/**
 * The participant dialog's form as pure functions (docs/participants.md): its steps, the values from a
 * stored participant, the request body, and the field errors — the shared ParticipantInput schema's
 * messages (the rules are not repeated here) and a server 400's details mapped to the same fields.
 */
import { ParticipantInput, type ParticipantDto } from '../../../../shared/schemas/participants';
import type { AccessLevel, Address } from '../../../../shared/schemas/common';
import { DEFAULT_PHONE_COUNTRY_CODE } from '../../../../shared/domain/validation';
import { DEFAULT_GROUP_NAME, isGroupOnly, OWNER_CONTACT } from '../../../../shared/domain/participants';
import {
  qualificationFromPractitioner,
  type QualificationFields,
} from '../../../../shared/domain/qualifications';
import type { ContactDto, ContactInput } from '../../../../shared/schemas/contacts';
import type { Practitioner } from '../../../../shared/schemas/lookups';
import type { QualificationType } from '../../../../shared/schemas/reference';

export type StepId = 'roles' | 'contact' | 'group' | 'licences';

export interface LicenceValue extends QualificationFields {
  qualificationName: string;
  warnings?: ReadonlyArray<{ label: string; warning: string }>;
}

export interface ParticipantFormValues {
  firstName: string;
  lastName: string;
  organisation: string;
  phoneCountryCode: string;
  phone: string;
  email: string;
  address: Address | null;
  participantTypes: string[];
  accessLevel: AccessLevel;
  groupName: string;
  groupList: string;
  qualifications: LicenceValue[];
  /** The library contact the details came from (the person search); its lastUsed is updated. */
  libraryContactId?: string | undefined;
}

export type FieldErrors = Partial<Record<string, string>>;

/** What a person's form shows: the schema's errors of the fields left, and the server's 400s on theirs. */
export function visibleErrors(
  schemaErrors: FieldErrors,
  touched: Readonly<Record<string, boolean>>,
  serverErrors: FieldErrors,
): FieldErrors {
  return Object.fromEntries(
    [...Object.entries(schemaErrors).filter(([f]) => touched[f]), ...Object.entries(serverErrors)].filter(
      ([, message]) => !!message,
    ),
  );
}

/** The server's errors on the licences (`qualifications.{i}.{field}`), by `{i}.{field}`. */
export function licenceErrorsOf(serverErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(serverErrors)
      .filter(([k, v]) => k.startsWith('qualifications.') && v)
      .map(([k, v]) => [k.slice('qualifications.'.length), v]),
  );
}

/** The server's errors without those on the licences (the licences changed). */
export function withoutLicenceErrors(serverErrors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(serverErrors).filter(([k]) => !k.startsWith('qualifications')));
}

/** The fields each step shows (a field error sends the dialog back to its step). */
const STEP_FIELDS: Record<StepId, readonly string[]> = {
  roles: ['participantTypes', 'accessLevel'],
  contact: ['firstName', 'lastName', 'organisation', 'phoneCountryCode', 'phone', 'email', 'address'],
  group: ['groupName', 'groupList'],
  licences: ['qualifications'],
};

/** The steps: the Owners group step only when the participant has the OwnerContact type. */
export const stepsOf = (v: Pick<ParticipantFormValues, 'participantTypes'>): StepId[] =>
  v.participantTypes.includes(OWNER_CONTACT)
    ? ['roles', 'contact', 'group', 'licences']
    : ['roles', 'contact', 'licences'];

/** The step showing a field ('qualifications.0.qualificationNumber' → licences). */
export const stepOfField = (field: string): StepId =>
  (Object.keys(STEP_FIELDS) as StepId[]).find((s) => STEP_FIELDS[s].includes(field.split('.')[0]!)) ??
  'contact';

export function formValuesOf(p?: ParticipantDto): ParticipantFormValues {
  return {
    firstName: p?.firstName ?? '',
    lastName: p?.lastName ?? '',
    organisation: p?.organisation ?? '',
    phoneCountryCode: p?.phoneCountryCode || DEFAULT_PHONE_COUNTRY_CODE,
    phone: p?.phone ?? '',
    email: p?.email ?? '',
    address: p?.address ?? null,
    participantTypes: p?.participantTypes ?? [],
    accessLevel: p?.accessLevel ?? 'None',
    groupName: p?.groupName || DEFAULT_GROUP_NAME,
    groupList: p?.groupList ?? '',
    qualifications: p?.qualifications ?? [],
    libraryContactId: p?.libraryContactId,
  };
}

const given = (s: string) => (s.trim() ? s : undefined);

/**
 * The request body (POST, or PATCH with the whole participant); the group with OwnerContact, or when
 * the participant is only a group (the owners group proposed from the title).
 */
export function bodyOf(v: ParticipantFormValues): ParticipantInput {
  const group = (v.participantTypes.includes(OWNER_CONTACT) || isGroupOnly(v)) && !!v.groupList.trim();
  return {
    firstName: given(v.firstName),
    lastName: given(v.lastName),
    organisation: given(v.organisation),
    phoneCountryCode: v.phone.trim() ? v.phoneCountryCode : undefined,
    phone: given(v.phone),
    email: given(v.email),
    address: v.address ?? undefined,
    participantTypes: v.participantTypes,
    accessLevel: v.accessLevel,
    groupName: group ? v.groupName.trim() || DEFAULT_GROUP_NAME : undefined,
    groupList: group ? v.groupList : undefined,
    qualifications: v.qualifications.map(
      ({ qualificationName, licensingClasses, otherQualificationType, qualificationNumber }) => ({
        qualificationName,
        licensingClasses: [...(licensingClasses ?? [])],
        otherQualificationType,
        qualificationNumber,
      }),
    ),
    libraryContactId: v.libraryContactId,
  };
}

/** The contact library's body for "Save to contact library": the same details and licences. */
export function contactBodyOf(v: ParticipantFormValues): ContactInput {
  const { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications } =
    bodyOf(v);
  return { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications };
}

/**
 * A library contact picked in the person search (docs/participants.md): its names, organisation, email,
 * phone, address and licences replace the form's, and the participant remembers where they came from.
 */
export function withContact(v: ParticipantFormValues, c: ContactDto): ParticipantFormValues {
  return {
    ...v,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    organisation: c.organisation ?? '',
    email: c.email ?? '',
    phoneCountryCode: c.phoneCountryCode || DEFAULT_PHONE_COUNTRY_CODE,
    phone: c.phone ?? '',
    address: c.address ?? null,
    qualifications: c.qualifications.map((q) => ({ ...q, warnings: [] })),
    libraryContactId: c.id,
  };
}

/**
 * A practitioner picked from the LBP register (docs/participants.md): their names, and their LBP licence
 * (number and active classes) in place of an LBP licence the form had. The details no longer come
 * from a library contact.
 */
export function withPractitioner(
  v: ParticipantFormValues,
  p: Practitioner,
  types: readonly QualificationType[],
): ParticipantFormValues {
  const licence = qualificationFromPractitioner(p, types);
  return {
    ...v,
    firstName: p.firstName,
    lastName: p.lastName,
    qualifications: licence
      ? [...v.qualifications.filter((q) => q.qualificationName !== licence.qualificationName), licence]
      : v.qualifications,
    libraryContactId: undefined,
  };
}

/** The schema's first message per field ('address.zipCode' is shown on the address). */
export function fieldErrorsOf(v: ParticipantFormValues): FieldErrors {
  const result = ParticipantInput.safeParse(bodyOf(v));
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  return errors;
}

/** A server 400's details ({ field: 'body.email', reason }) as field errors. */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const d of details as Array<{ field?: unknown; reason?: unknown }>) {
    if (typeof d?.field !== 'string' || typeof d.reason !== 'string') continue;
    const field = d.field.replace(/^body\./, '');
    errors[field] ??= d.reason;
  }
  return errors;
}

/** Whether any of the errors belongs to the step. */
export const stepHasErrors = (errors: FieldErrors, step: StepId): boolean =>
  Object.keys(errors).some((f) => errors[f] && stepOfField(f) === step);
