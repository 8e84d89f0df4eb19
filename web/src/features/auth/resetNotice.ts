import { isValidEmail, normaliseEmail } from '../../../../shared/domain/validation';

/** Router state /reset-password leaves for the sign-in page: "your password has been reset". */
export const PASSWORD_RESET_NOTICE = 'passwordReset';

/**
 * The email /forgot-password passes to /reset-password in router state (here, not in ./flows, so
 * the signed-out routes' guard loads no form schemas).
 */
export function resetEmailFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('email' in state)) return undefined;
  const email = typeof state.email === 'string' ? normaliseEmail(state.email) : '';
  return isValidEmail(email) ? email : undefined;
}
