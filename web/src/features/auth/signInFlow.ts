import type { AuthFlowType } from '../../app/config';
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

export type SignInResult = { ok: true } | { ok: false; reason: 'LoginFailed' | 'UserNotActive' };

const NEW_PASSWORD_REQUIRED = 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED';
/** Amplify v6 turns Cognito's UserNotConfirmedException into this next step instead of throwing. */
const CONFIRM_SIGN_UP = 'CONFIRM_SIGN_UP';

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
