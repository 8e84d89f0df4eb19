/**
 * The contact dialog's form as pure functions (portal-core §3 Contact, §5): the values from a stored
 * contact, the request body and the field errors of the shared ContactInput schema. A contact has
 * the participant form's person fields (so the dialog reuses its Contact details and licence list)
 * without roles, access or owners group.
 */
import { ContactInput, type ContactDto } from '../../../../shared/schemas/contacts';
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

/** The request body (POST, or PATCH with the whole contact): the participant body's person fields. */
export function contactBodyOf(v: ContactFormValues): ContactInput {
  const { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications } =
    bodyOf({ ...v, participantTypes: [], groupList: '' });
  return { firstName, lastName, organisation, phoneCountryCode, phone, email, address, qualifications };
}

/** ContactInput's first message per field ('address.zipCode' is shown on the address). */
export function contactFieldErrorsOf(v: ContactFormValues): FieldErrors {
  const result = ContactInput.safeParse(contactBodyOf(v));
  const errors: FieldErrors = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}
