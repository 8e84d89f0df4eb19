/**
 * Two-step sign-in (TOTP, Cognito's software token MFA) for the profile page: the calls it makes
 * (Amplify v6, injected so the rules and the component are testable) and the pure rules.
 */
export interface TwoStepDeps {
  fetchMFAPreference(): Promise<{ enabled?: string[]; preferred?: string }>;
  setUpTOTP(): Promise<{ sharedSecret: string }>;
  verifyTOTPSetup(input: { code: string }): Promise<void>;
  updateMFAPreference(input: { totp: 'PREFERRED' | 'DISABLED' }): Promise<void>;
}

/** Amplify's own functions, loaded with the profile page only. */
export async function amplifyTwoStepDeps(): Promise<TwoStepDeps> {
  const { loadAmplifyAuth } = await import('../../lib/amplify');
  const auth = await loadAmplifyAuth();
  return {
    fetchMFAPreference: () => auth.fetchMFAPreference(),
    setUpTOTP: () => auth.setUpTOTP(),
    verifyTOTPSetup: (input) => auth.verifyTOTPSetup(input),
    updateMFAPreference: (input) => auth.updateMFAPreference(input),
  };
}

/** Whether TOTP is on for the signed-in user (Cognito's UserMFASettingList has it). */
export const isTotpOn = (preference: { enabled?: string[] }): boolean =>
  (preference.enabled ?? []).includes('TOTP');

/**
 * The otpauth:// URI an authenticator app reads from the QR code (Key Uri Format): the label is
 * "issuer:account", the issuer repeated as a parameter, and Cognito's parameters (SHA-1, 6 digits,
 * 30 s), which are the apps' defaults but stated so no app guesses.
 */
export function totpSetupUri({
  issuer,
  account,
  secret,
}: {
  issuer: string;
  account: string;
  secret: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}

/** The secret in groups of four, as people copy it into an app by hand. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Why verifying the first code failed: Cognito says EnableSoftwareTokenMFAException (or
 * CodeMismatchException) for a wrong code; anything else is a failure to try again later.
 */
export function verifyFailure(error: unknown): 'CodeMismatch' | 'Failed' {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return name === 'EnableSoftwareTokenMFAException' || name === 'CodeMismatchException'
    ? 'CodeMismatch'
    : 'Failed';
}
