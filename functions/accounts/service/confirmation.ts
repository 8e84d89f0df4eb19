import type { logger } from '../../platform/logger.js';
import type { UserPool } from '../repository/user-pool.js';
import type { NewUser } from '../repository/users.js';

/** What the post-confirmation trigger needs: the user records, the pool's global sign-out, a log. */
export interface ConfirmationPorts {
  users: { createIfAbsent(user: NewUser): Promise<{ created: boolean }> };
  userPool: Pick<UserPool, 'globalSignOut'>;
  log: Pick<typeof logger, 'info'>;
}

/** The confirmations that make an account: a sign-up confirmed by its code, or by an administrator. */
const CONFIRM_SOURCES = new Set(['PostConfirmation_ConfirmSignUp', 'PostConfirmation_AdminConfirmSignUp']);

/** A forgotten password reset with the mailed code (ConfirmForgotPassword). */
const PASSWORD_RESET = 'PostConfirmation_ConfirmForgotPassword';

/** The user record of a confirmed account; the other sessions of a reset password (Cognito's PostConfirmation trigger). */
export function confirmationService(ports: ConfirmationPorts) {
  /**
   * A confirmed sign-up: creates the user record from the pool's attributes (sub, email, given_name,
   * family_name) if absent (confirming twice changes nothing). A password reset: signs the user out
   * everywhere, so whoever held a session before the reset (a stolen refresh token, a shared
   * computer) is out once the real owner resets the password; the reset runs only in Cognito (the
   * web's /reset-password calls ConfirmForgotPassword), and this trigger is the server side of it.
   * A failing sign-out fails the reset's call (the trigger's error), to be tried again, rather than
   * leave the old sessions quietly alive. Other sources are ignored.
   */
  async function accountConfirmed(input: {
    triggerSource: string;
    userPoolId: string;
    username: string;
    attributes: Readonly<Record<string, string | undefined>>;
  }): Promise<void> {
    if (input.triggerSource === PASSWORD_RESET) {
      await ports.userPool.globalSignOut(input.username, input.userPoolId);
      ports.log.info('post-confirmation: password reset, signed out everywhere', {
        userId: input.attributes.sub,
      });
      return;
    }
    if (!CONFIRM_SOURCES.has(input.triggerSource)) {
      ports.log.info('post-confirmation: ignored trigger', { triggerSource: input.triggerSource });
      return;
    }
    const a = input.attributes;
    const sub = a.sub;
    const email = a.email;
    if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
    const { created } = await ports.users.createIfAbsent({
      userId: sub,
      username: input.username,
      email,
      ...(a.given_name ? { firstName: a.given_name } : {}),
      ...(a.family_name ? { lastName: a.family_name } : {}),
    });
    ports.log.info('post-confirmation', { userId: sub, created, triggerSource: input.triggerSource });
  }
  return { accountConfirmed };
}
