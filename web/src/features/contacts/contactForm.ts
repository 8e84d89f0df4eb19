/**
 * The contact dialog's form as pure functions (docs/participants.md): the values from a stored
 * contact, the request body and the field errors of the shared ContactInput schema. A contact has
 * the participant form's person fields (so the dialog reuses its Contact details and licence list)
 * without roles, access or owners group.
 */
import { ContactInput, type ContactDto, type ContactPatch } from '../../../../shared/schemas/contacts';
import {
  bodyOf,
  formValuesOf,
  type FieldErrors,
  type ParticipantFormValues,
} from '../participants/participantForm';

export type ContactFormValues = ParticipantFormValues;

/** The form's values: a stored contact's, or empty (phone country code +64) for a new one. */
export function contactValuesOf(c?: ContactDto): ContactFormValues {
  const blank = formValuesOf();
  if (!c) return blank;
  return {
    ...blank,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    organisation: c.organisation ?? '',
    phoneCountryCode: c.phoneCountryCode || blank.phoneCountryCode,
    phone: c.phone ?? '',
    email: c.email ?? '',
    address: c.address ?? null,
    qualifications: c.qualifications,
  };
}

/** The request body of an add (POST): the participant body's person fields. */
export function contactBodyOf(v: ContactFormValues): ContactInput {
  const { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications } =
    bodyOf({ ...v, participantTypes: [], groupList: '' });
  return { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications };
}

/**
 * The PATCH body of an edit (docs/participants.md): every field, an emptied one as null, because a PATCH
 * keeps the fields it does not name.
 */
export function contactPatchOf(v: ContactFormValues): ContactPatch {
  const body = contactBodyOf(v);
  return {
    ...body,
    firstName: body.firstName ?? null,
    lastName: body.lastName ?? null,
    organisation: body.organisation ?? null,
    phoneCountryCode: body.phoneCountryCode ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
    address: body.address ?? null,
  };
}

/** ContactInput's first message per field ('address.zipCode' is shown on the address). */
export function contactFieldErrorsOf(v: ContactFormValues): FieldErrors {
  const result = ContactInput.safeParse(contactBodyOf(v));
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}
