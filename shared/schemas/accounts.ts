/**
 * Account calls (docs/accounts.md): request and response
 * bodies, shared by the public/user handlers and the web forms. Messages come from
 * shared/domain/validation.ts.
 */
import * as z from 'zod';
import { messages, normaliseContactNumber } from '../domain/validation.js';
import { Address, checkPostcode, NotificationLevel } from './common.js';
import { checkContactNumber, Email, Password, PersonName, VerificationCode } from './fields.js';
import { safeReturnPath } from '../domain/returnPath.js';

/** Where the person lands after their first sign-in: a same-origin path (shared/domain/returnPath.ts). */
export const ReturnPath = z
  .string()
  .refine((v) => safeReturnPath(v) !== undefined, { message: 'Must be a path of this site' });

/** The ALTCHA payload the widget produces (base64 JSON); required. */
export const CaptchaToken = z.string({ error: messages.captcha }).min(1, messages.captcha);

/** The terms acknowledgement must be ticked. */
export const Acknowledgement = z.literal(true, { error: messages.required });

/** POST /public/user/registration → { username }. */
export const RegistrationRequest = z.object({
  email: Email,
  firstName: PersonName,
  lastName: PersonName,
  password: Password,
  acknowledgement: Acknowledgement,
  captchaToken: CaptchaToken,
  returnTo: ReturnPath.optional(),
});
export type RegistrationRequest = z.input<typeof RegistrationRequest>;
export const RegistrationResponse = z.object({ username: z.string() });
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/** POST /public/user/registration/confirm { email, code } → 204. */
export const ConfirmRegistrationRequest = z.object({ email: Email, code: VerificationCode });
export type ConfirmRegistrationRequest = z.input<typeof ConfirmRegistrationRequest>;

/** POST /public/user/registration/resend { email } → 204. */
export const ResendRegistrationRequest = z.object({ email: Email, returnTo: ReturnPath.optional() });
export type ResendRegistrationRequest = z.input<typeof ResendRegistrationRequest>;

/** "Invitation code is not valid" (docs/accounts.md, invitation registration). */
export const INVITATION_CODE_NOT_VALID = 'Invitation code is not valid';

/**
 * The secret of an organisation invitation's registration link (32 random bytes, base64url: 43
 * characters), read by the page from the link's fragment (`#code=`) and sent only in a POST body
 * (docs/organisations.md "The registration link"). Never the invitation's id.
 */
export const InvitationCode = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .regex(/^[A-Za-z0-9_-]{43}$/, INVITATION_CODE_NOT_VALID);

/** POST /public/organisation/invitations/lookup { invitationCode } → { email }. */
export const InvitationLookupRequest = z.object({ invitationCode: InvitationCode });
export type InvitationLookupRequest = z.input<typeof InvitationLookupRequest>;
export const InvitationLookupResponse = z.object({ email: z.string() });
export type InvitationLookupResponse = z.infer<typeof InvitationLookupResponse>;

/** POST /public/user/registration/invited { invitationCode, password } → { username }. */
export const InvitedRegistrationRequest = z.object({
  invitationCode: InvitationCode,
  password: Password,
});
export type InvitedRegistrationRequest = z.input<typeof InvitedRegistrationRequest>;

/** GET /public/captcha/challenge → an ALTCHA challenge (the widget's challenge JSON). */
export const CaptchaChallenge = z.record(z.string(), z.unknown());

/**
 * PATCH /user: profile fields, notification default, or email/sms/push preferences. Every field is
 * optional; a contact number must be valid for its country code (default +64).
 */
export const UserPatchRequest = z
  .object({
    firstName: PersonName.optional(),
    lastName: PersonName.optional(),
    contactNumber: z.string().trim().optional(),
    phoneCountryCode: z.string().trim().optional(),
    address: Address.superRefine(checkPostcode).optional(),
    defaultApplicationNotificationLevel: NotificationLevel.optional(),
    emailPreference: z.boolean().optional(),
    smsPreference: z.boolean().optional(),
    pushPreference: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkContactNumber(false))
  // Stored the one way (shared/domain/validation.ts): '+64 21 123 4567' → '0211234567'.
  .transform((body) =>
    body.contactNumber
      ? { ...body, contactNumber: normaliseContactNumber(body.contactNumber, body.phoneCountryCode) }
      : body,
  );
export type UserPatchRequest = z.input<typeof UserPatchRequest>;

/** PUT /user/password { accessToken, previousPassword, proposedPassword } → 204. */
export const ChangePasswordRequest = z.object({
  accessToken: z.string().min(1, messages.required),
  previousPassword: z.string().min(1, messages.required),
  proposedPassword: Password,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** GET /maintenance/maintenance.json. */
export const Maintenance = z.object({ isInMaintenance: z.boolean() });
export type Maintenance = z.infer<typeof Maintenance>;

/** An announcement (docs/accounts.md); GET /announcements/announcements.json returns a list. */
export const Announcement = z.object({
  id: z.string(),
  location: z.string().optional(),
  header: z.string(),
  subTitle: z.string().optional(),
  description: z.string().optional(),
  severity: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
  persistent: z.boolean().default(false),
});
export type Announcement = z.infer<typeof Announcement>;
export const Announcements = z.array(Announcement);
