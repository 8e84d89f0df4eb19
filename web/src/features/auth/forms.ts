/**
 * Form rules of the signed-out account pages (docs/accounts.md), built on the shared request
 * schemas so the browser and the API reject the same input with the same words. Pure: unit-tested
 * in Node.
 */
import * as z from 'zod';
import {
  Acknowledgement,
  CaptchaToken,
  InvitedRegistrationRequest,
  RegistrationRequest,
} from '../../../../shared/schemas/accounts';
import { Email, Password, VerificationCode } from '../../../../shared/schemas/fields';
import { messages } from '../../../../shared/domain/validation';

/** The i18n key of each shared validation message (en.json holds the same words). */
export const validationMessageKeys = {
  [messages.required]: 'auth.validation.required',
  [messages.email]: 'auth.validation.email',
  [messages.password]: 'auth.validation.password',
  [messages.name]: 'auth.validation.name',
  [messages.organisationName]: 'auth.validation.organisationName',
  [messages.captcha]: 'auth.validation.captcha',
} as const;

export type ValidationMessageKey = (typeof validationMessageKeys)[keyof typeof validationMessageKeys];

/** The i18n key for a shared message; unknown messages (from a newer server) are shown as they are. */
export function validationKey(message: string): ValidationMessageKey | undefined {
  return (validationMessageKeys as Record<string, ValidationMessageKey>)[message];
}

export interface FormState<F extends string> {
  /** The first message per field (the spec's words, see validationKey). */
  errors: Partial<Record<F, string>>;
  valid: boolean;
  /** Submit buttons are disabled when the form is unchanged or invalid (docs/accounts.md). */
  submittable: boolean;
}

export function formState<F extends string, V extends Record<F, unknown>>(
  schema: z.ZodType,
  values: V,
  initial: V,
): FormState<F> {
  const errors: Partial<Record<F, string>> = {};
  const result = schema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && errors[field as F] === undefined) {
        errors[field as F] = issue.message;
      }
    }
  }
  const valid = result.success;
  const changed = (Object.keys(values) as F[]).some((key) => values[key] !== initial[key]);
  return { errors, valid, submittable: valid && changed };
}

// Registration ------------------------------------------------------------------------------------

export interface RegistrationValues {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  acknowledgement: boolean;
  captchaToken: string;
}
export type RegistrationField = keyof RegistrationValues;

export const INITIAL_REGISTRATION: RegistrationValues = {
  email: '',
  firstName: '',
  lastName: '',
  password: '',
  acknowledgement: false,
  captchaToken: '',
};

export function registrationFormState(
  values: RegistrationValues,
  initial: RegistrationValues = INITIAL_REGISTRATION,
): FormState<RegistrationField> {
  return formState<RegistrationField, RegistrationValues>(RegistrationRequest, values, initial);
}

/** The request body for valid values (emails normalised, names trimmed by the shared schema). */
export function registrationRequest(values: RegistrationValues): RegistrationRequest {
  const parsed = RegistrationRequest.parse(values);
  return { ...parsed, acknowledgement: true };
}

// Forgot and reset password -----------------------------------------------------------------------

export interface ForgotPasswordValues {
  email: string;
}
const ForgotPasswordForm = z.object({ email: Email });

export function forgotPasswordFormState(
  values: ForgotPasswordValues,
  initial: ForgotPasswordValues = { email: '' },
): FormState<'email'> {
  return formState<'email', ForgotPasswordValues>(ForgotPasswordForm, values, initial);
}

export interface ResetPasswordValues {
  email: string;
  code: string;
  password: string;
}
const ResetPasswordForm = z.object({ email: Email, code: VerificationCode, password: Password });

export function resetPasswordFormState(
  values: ResetPasswordValues,
  initial: ResetPasswordValues = { email: values.email, code: '', password: '' },
): FormState<keyof ResetPasswordValues> {
  return formState<keyof ResetPasswordValues, ResetPasswordValues>(ResetPasswordForm, values, initial);
}

// Registration via invitation ---------------------------------------------------------------------

export interface InvitationValues {
  password: string;
  acknowledgement: boolean;
}
const InvitationForm = z.object({
  password: InvitedRegistrationRequest.shape.password,
  acknowledgement: Acknowledgement,
});

export function invitationFormState(
  values: InvitationValues,
  initial: InvitationValues = { password: '', acknowledgement: false },
): FormState<keyof InvitationValues> {
  return formState<keyof InvitationValues, InvitationValues>(InvitationForm, values, initial);
}

// Shared helpers ----------------------------------------------------------------------------------

/** Whether a captcha payload is present (the server verifies it). */
export const hasCaptcha = (token: string): boolean => CaptchaToken.safeParse(token).success;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The random 5-character id of an acknowledgement checkbox (docs/accounts.md); starts with a letter. */
export function randomId(length = 5, random: () => number = Math.random): string {
  let id = ID_ALPHABET[Math.floor(random() * 26)] ?? 'a';
  while (id.length < length) id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? '0';
  return id;
}

/**
 * Field issues of a 400 response (`details: [{ field: 'body.email', reason }]`) as form errors,
 * for the fields the form has.
 */
export function serverFieldErrors<F extends string>(
  details: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  if (!Array.isArray(details)) return errors;
  for (const item of details as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { field, reason } = item as { field?: unknown; reason?: unknown };
    if (typeof field !== 'string' || typeof reason !== 'string') continue;
    const name = field.replace(/^body\./, '').split('.')[0] as F;
    if (fields.includes(name) && errors[name] === undefined) errors[name] = reason;
  }
  return errors;
}
