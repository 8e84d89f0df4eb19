/**
 * zod field schemas carrying the shared patterns and the spec's messages
 * (shared/domain/validation.ts). Request schemas and web forms build on these.
 */
import * as z from 'zod';
import {
  isValidContactNumber,
  isValidEmail,
  isValidName,
  isValidOrganisationName,
  isValidPassword,
  messages,
  normaliseEmail,
} from '../domain/validation.js';

const requiredString = () => z.string({ error: messages.required }).min(1, messages.required);

/** Email: required, standard format; the parsed value is trimmed and lowercased. */
export const Email = requiredString()
  .refine((v) => v.trim().length > 0, messages.required)
  .refine(isValidEmail, messages.email)
  .transform(normaliseEmail);

/** Password: required, the pattern (never trimmed). */
export const Password = requiredString().refine(isValidPassword, messages.password);

/** A person's first or last name: required, the name pattern; trimmed. */
export const PersonName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine(isValidName, messages.name);

export const OrganisationName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine(isValidOrganisationName, messages.organisationName);

/** A verification or reset code as Cognito sends it (6 digits); required. */
export const VerificationCode = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(64, 'Invalid verification code');

/**
 * An object field pair { contactNumber, phoneCountryCode }: the number must be valid for the
 * country code. Use with `.superRefine(checkContactNumber(required))` on the containing object.
 */
export const checkContactNumber =
  (required: boolean) =>
  (
    v: { contactNumber?: string | undefined; phoneCountryCode?: string | undefined },
    ctx: z.RefinementCtx,
  ) => {
    const n = v.contactNumber?.trim() ?? '';
    if (!n) {
      if (required)
        ctx.addIssue({ code: 'custom', path: ['contactNumber'], message: messages.contactNumberRequired });
      return;
    }
    if (!isValidContactNumber(n, v.phoneCountryCode ?? undefined)) {
      ctx.addIssue({ code: 'custom', path: ['contactNumber'], message: messages.contactNumber });
    }
  };
