import type { AuthFlowType } from '../../lib/config';
import { identityError } from '../../api/errors';

/** The parts of aws-amplify/auth the sign-in flow uses (injected, so the flow is unit-testable). */
export interface SignInDeps {
  signIn(input: {
    username: string;
    password: string;
    options: { authFlowType: AuthFlowType };
  }): Promise<{ isSignedIn: boolean; nextStep: { signInStep: string } }>;
  confirmSignIn(input: {
    challengeResponse: string;
  }): Promise<{ isSignedIn: boolean; nextStep: { signInStep: string } }>;
}

export type SignInResult =
  | { ok: true }
  | { ok: false; reason: 'LoginFailed' | 'UserNotActive' }
  /** Two-step sign-in is on: the password was right, a code from the authenticator app is next. */
  | { ok: false; reason: 'TotpRequired' };

/** Why a code at the second step of sign-in was refused. */
export type TotpResult =
  | { ok: true }
  | {
      ok: false;
      /** CodeMismatch: wrong code (try again); SessionExpired: start again from the password. */
      reason: 'CodeMismatch' | 'SessionExpired' | 'LoginFailed';
    };

const NEW_PASSWORD_REQUIRED = 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED';
/** Amplify v6 turns Cognito's UserNotConfirmedException into this next step instead of throwing. */
const CONFIRM_SIGN_UP = 'CONFIRM_SIGN_UP';
/** Cognito's SOFTWARE_TOKEN_MFA challenge (after SRP's PASSWORD_VERIFIER or USER_PASSWORD_AUTH). */
const TOTP_CODE = 'CONFIRM_SIGN_IN_WITH_TOTP_CODE';

// Lower-cases and trims an e-mail (applied on blur and again before signing in).
import { normaliseEmail } from '../../../../shared/domain/validation';
export { normaliseEmail };

function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

/**
 * Signs in with the configured auth flow. A NEW_PASSWORD_REQUIRED challenge (a user created by an
 * administrator) is completed automatically with the password just entered (spec core §4).
 * An unconfirmed user (UserNotConfirmedException, or Amplify's CONFIRM_SIGN_UP next step) becomes
 * UserNotActive; every other failure is LoginFailed.
 */
export async function runSignIn(
  deps: SignInDeps,
  credentials: { email: string; password: string },
  authFlowType: AuthFlowType,
): Promise<SignInResult> {
  try {
    let output = await deps.signIn({
      username: normaliseEmail(credentials.email),
      password: credentials.password,
      options: { authFlowType },
    });
    if (!output.isSignedIn && output.nextStep.signInStep === NEW_PASSWORD_REQUIRED) {
      output = await deps.confirmSignIn({ challengeResponse: credentials.password });
    }
    if (output.isSignedIn) return { ok: true };
    if (output.nextStep.signInStep === TOTP_CODE) return { ok: false, reason: 'TotpRequired' };
    return {
      ok: false,
      reason: output.nextStep.signInStep === CONFIRM_SIGN_UP ? 'UserNotActive' : 'LoginFailed',
    };
  } catch (error) {
    if (errorName(error) === 'UserAlreadyAuthenticatedException') return { ok: true };
    if (identityError(error).code === 'UserNotActive') return { ok: false, reason: 'UserNotActive' };
    return { ok: false, reason: 'LoginFailed' };
  }
}

/** Whether a text is a six-digit code (spaces, as apps show "123 456", are ignored). */
export function totpCodeOf(text: string): string | undefined {
  const code = text.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : undefined;
}

/**
 * Answers the SOFTWARE_TOKEN_MFA challenge with the code from the authenticator app. Cognito's
 * CodeMismatchException is a wrong code (the session stays: another try); an expired or used-up
 * session (NotAuthorizedException "Invalid session ...", or Amplify's SignInException when its
 * own 3-minute sign-in state is gone) means starting again from the password.
 */
export async function runConfirmTotp(
  deps: Pick<SignInDeps, 'confirmSignIn'>,
  code: string,
): Promise<TotpResult> {
  try {
    const output = await deps.confirmSignIn({ challengeResponse: code });
    return output.isSignedIn ? { ok: true } : { ok: false, reason: 'LoginFailed' };
  } catch (error) {
    const name = errorName(error);
    const message = error instanceof Error ? error.message : '';
    if (name === 'CodeMismatchException') return { ok: false, reason: 'CodeMismatch' };
    if (name === 'SignInException' || (name === 'NotAuthorizedException' && /session/i.test(message)))
      return { ok: false, reason: 'SessionExpired' };
    return { ok: false, reason: 'LoginFailed' };
  }
}
