/**
 * The signed-out account flows (docs/accounts.md) as plain async functions over injected calls,
 * so each outcome is unit-testable with mocks. Pages only map outcomes to what they show.
 */
import { ServiceError } from '../../api/errors';
import type {
  ConfirmRegistrationRequest,
  InvitationLookupResponse,
  InvitedRegistrationRequest,
  RegistrationRequest,
  RegistrationResponse,
  ResendRegistrationRequest,
} from '../../../../shared/schemas/accounts';
import { isValidEmail, normaliseEmail } from '../../../../shared/domain/validation';
import {
  registrationRequest,
  serverFieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from './forms';
import { identityMessage, type IdentityMessage } from './identityErrors';
import type { SignInResult } from './signInFlow';

const codeOf = (error: unknown) => (error instanceof ServiceError ? error.code : undefined);

// Registration ------------------------------------------------------------------------------------

export type RegistrationOutcome =
  | { kind: 'registered'; email: string; username: string }
  /** USER.EXISTS.COGNITO.400: 'An account already exists with this email' plus a reset link. */
  | { kind: 'exists' }
  /** 400 with field issues (a forged or expired captcha lands on captchaToken). */
  | { kind: 'invalid'; errors: Partial<Record<RegistrationField, string>> }
  | { kind: 'failed'; error: ServiceError | undefined };

const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'email',
  'firstName',
  'lastName',
  'password',
  'acknowledgement',
  'captchaToken',
];

export async function submitRegistration(
  register: (body: RegistrationRequest) => Promise<RegistrationResponse>,
  values: RegistrationValues,
): Promise<RegistrationOutcome> {
  const body = registrationRequest(values);
  try {
    const { username } = await register(body);
    return { kind: 'registered', email: body.email, username };
  } catch (error) {
    const code = codeOf(error);
    if (code === 'CognitoUsernameExists') return { kind: 'exists' };
    if (code === 'ClientError' && error instanceof ServiceError) {
      const errors = serverFieldErrors(error.details, REGISTRATION_FIELDS);
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    }
    return { kind: 'failed', error: error instanceof ServiceError ? error : undefined };
  }
}

// Resend verification -----------------------------------------------------------------------------

/**
 * 'sent' → 'A verification email will be sent to this email address.';
 * 'failed' → 'We cannot send verification email. Please try again later.'
 */
export type ResendOutcome = 'sent' | 'failed';

export async function resendVerification(
  resend: (body: ResendRegistrationRequest) => Promise<void>,
  email: string,
): Promise<ResendOutcome> {
  const normalised = normaliseEmail(email);
  if (!isValidEmail(normalised)) return 'failed';
  try {
    await resend({ email: normalised });
    return 'sent';
  } catch {
    return 'failed';
  }
}

// Confirmation ------------------------------------------------------------------------------------

export type ConfirmationState = 'confirming' | 'confirmed' | 'failed';

/** The query of /confirm-registration: verification_code and email. */
export function confirmationParams(search: URLSearchParams): ConfirmRegistrationRequest | undefined {
  const code = search.get('verification_code')?.trim() ?? '';
  const email = normaliseEmail(search.get('email') ?? '');
  if (!code || !isValidEmail(email)) return undefined;
  return { email, code };
}

/**
 * Why a confirmation failed, as far as the portal may say (the server answers every refusal alike,
 * so an address is never confirmed to exist): the link is incomplete, the server refused the code
 * (expired, replaced by a newer email, or the account already confirmed), or the service could not
 * be reached or asked to wait (try again later).
 */
export type ConfirmationFailure = 'incomplete' | 'refused' | 'unavailable';

/** confirming → confirmed, or failed ('We are not able to confirm your registration.') and why. */
export async function confirmAccountOutcome(
  confirm: (body: ConfirmRegistrationRequest) => Promise<void>,
  params: ConfirmRegistrationRequest | undefined,
): Promise<{ state: 'confirmed' } | { state: 'failed'; why: ConfirmationFailure }> {
  if (!params) return { state: 'failed', why: 'incomplete' };
  try {
    await confirm(params);
    return { state: 'confirmed' };
  } catch (error) {
    const status = error instanceof ServiceError ? error.status : undefined;
    const refused = status !== undefined && status >= 400 && status < 500 && status !== 429;
    return { state: 'failed', why: refused ? 'refused' : 'unavailable' };
  }
}

/** confirming → confirmed, or failed. */
export async function confirmAccount(
  confirm: (body: ConfirmRegistrationRequest) => Promise<void>,
  params: ConfirmRegistrationRequest | undefined,
): Promise<Exclude<ConfirmationState, 'confirming'>> {
  return (await confirmAccountOutcome(confirm, params)).state;
}

// Forgot and reset password (Amplify) -------------------------------------------------------------

export interface PasswordResetDeps {
  resetPassword(input: { username: string }): Promise<unknown>;
  confirmResetPassword(input: {
    username: string;
    confirmationCode: string;
    newPassword: string;
  }): Promise<void>;
}

export type IdentityOutcome = { ok: true; email: string } | { ok: false; message: IdentityMessage };

export async function requestPasswordReset(
  deps: Pick<PasswordResetDeps, 'resetPassword'>,
  email: string,
): Promise<IdentityOutcome> {
  const username = normaliseEmail(email);
  try {
    await deps.resetPassword({ username });
    return { ok: true, email: username };
  } catch (error) {
    return { ok: false, message: identityMessage(error) };
  }
}

export async function confirmPasswordReset(
  deps: Pick<PasswordResetDeps, 'confirmResetPassword'>,
  values: { email: string; code: string; password: string },
): Promise<IdentityOutcome> {
  const username = normaliseEmail(values.email);
  try {
    await deps.confirmResetPassword({
      username,
      confirmationCode: values.code.trim(),
      newPassword: values.password,
    });
    return { ok: true, email: username };
  } catch (error) {
    return { ok: false, message: identityMessage(error) };
  }
}

export { resetEmailFromState } from './resetNotice';

// Registration via invitation ---------------------------------------------------------------------

export type InvitationLookupOutcome =
  | { kind: 'ready'; email: string }
  /** 404 (or a rejected code): 'Invitation code is not valid'. */
  | { kind: 'invalid' }
  | { kind: 'failed'; error: ServiceError | undefined };

export async function lookupInvitationCode(
  lookup: (invitationCode: string) => Promise<InvitationLookupResponse>,
  code: string,
): Promise<InvitationLookupOutcome> {
  try {
    const { email } = await lookup(code);
    return { kind: 'ready', email };
  } catch (error) {
    const errorCode = codeOf(error);
    if (errorCode === 'ResourceNotFound' || errorCode === 'ClientError') return { kind: 'invalid' };
    return { kind: 'failed', error: error instanceof ServiceError ? error : undefined };
  }
}

export type InvitationRegistrationOutcome =
  | { kind: 'signedIn' }
  /** 'Unable to register with invitation code'. */
  | { kind: 'registerFailed' }
  /** Registered, but the automatic sign-in failed: a link back to the login page. */
  | { kind: 'signInFailed' };

export async function registerWithInvitation(
  deps: {
    registerInvited(body: InvitedRegistrationRequest): Promise<RegistrationResponse>;
    signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  },
  input: { code: string; email: string; password: string },
): Promise<InvitationRegistrationOutcome> {
  try {
    await deps.registerInvited({ invitationCode: input.code, password: input.password });
  } catch {
    return { kind: 'registerFailed' };
  }
  try {
    const result = await deps.signIn({ email: input.email, password: input.password });
    return result.ok ? { kind: 'signedIn' } : { kind: 'signInFailed' };
  } catch {
    return { kind: 'signInFailed' };
  }
}
