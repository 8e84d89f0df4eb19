/**
 * Upper bounds on the length of account fields (the spec gives none; these keep huge strings out
 * of Cognito and the table). Applied by the server on top of the request schemas of
 * shared/schemas/accounts.ts with {@link limitLengths}; a form may use the same numbers.
 */
import type { z } from 'zod';

export const maxLengths = {
  /** RFC 5321 path limit. */
  email: 254,
  name: 100,
  /** Cognito's maximum password length. */
  password: 256,
  invitationCode: 128,
  /** A real ALTCHA payload is about 1 KB. */
  captchaToken: 4096,
  accessToken: 8192,
  contactNumber: 32,
  phoneCountryCode: 8,
  addressPart: 256,
  fullAddress: 1024,
} as const;

export const tooLong = (max: number): string => `Must be at most ${max} characters`;

/** Field path (dotted, as in error details: `address.city`) → its maximum length. */
export type LengthLimits = Readonly<Record<string, number>>;

/** A superRefine check adding a "Must be at most N characters" issue for every string over its limit. */
export const limitLengths =
  (limits: LengthLimits) =>
  (value: unknown, ctx: z.RefinementCtx): void => {
    for (const [field, max] of Object.entries(limits)) {
      const path = field.split('.');
      let v: unknown = value;
      for (const key of path)
        v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      if (typeof v === 'string' && v.length > max)
        ctx.addIssue({ code: 'custom', path, message: tooLong(max) });
    }
  };

/** The parts of an address (shared/schemas/common.ts Address), as a top-level value. */
export const addressLimits = {
  address1: maxLengths.addressPart,
  address2: maxLengths.addressPart,
  city: maxLengths.addressPart,
  state: maxLengths.addressPart,
  country: maxLengths.addressPart,
  zipCode: maxLengths.addressPart,
  fullAddress: maxLengths.fullAddress,
} as const satisfies LengthLimits;

const address = Object.fromEntries(
  Object.entries(addressLimits).map(([field, max]) => [`address.${field}`, max]),
) as { readonly [K in keyof typeof addressLimits as `address.${K}`]: number };

/** The limits of each account request body. */
export const accountLimits = {
  registration: {
    email: maxLengths.email,
    firstName: maxLengths.name,
    lastName: maxLengths.name,
    password: maxLengths.password,
    captchaToken: maxLengths.captchaToken,
  },
  confirm: { email: maxLengths.email },
  resend: { email: maxLengths.email },
  invitationLookup: { invitationCode: maxLengths.invitationCode },
  invited: { invitationCode: maxLengths.invitationCode, password: maxLengths.password },
  userPatch: {
    firstName: maxLengths.name,
    lastName: maxLengths.name,
    contactNumber: maxLengths.contactNumber,
    phoneCountryCode: maxLengths.phoneCountryCode,
    ...address,
  },
  changePassword: {
    accessToken: maxLengths.accessToken,
    previousPassword: maxLengths.password,
    proposedPassword: maxLengths.password,
  },
} as const satisfies Record<string, LengthLimits>;
