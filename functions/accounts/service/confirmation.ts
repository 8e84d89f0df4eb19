import type { logger } from '../../platform/logger.js';
import type { NewUser } from '../repository/users.js';

/** What the post-confirmation trigger needs: the user records, a log. */
export interface ConfirmationPorts {
  users: { createIfAbsent(user: NewUser): Promise<{ created: boolean }> };
  log: Pick<typeof logger, 'info'>;
}

/** The confirmations that make an account: a sign-up confirmed by its code, or by an administrator. */
const CONFIRM_SOURCES = new Set(['PostConfirmation_ConfirmSignUp', 'PostConfirmation_AdminConfirmSignUp']);

/** The user record of a confirmed account (Cognito's PostConfirmation trigger). */
export function confirmationService(ports: ConfirmationPorts) {
  /**
   * Creates the user record from the pool's attributes (sub, email, given_name, family_name) if
   * absent: confirming twice changes nothing. A forgot-password confirmation is ignored.
   */
  async function accountConfirmed(input: {
    triggerSource: string;
    username: string;
    attributes: Readonly<Record<string, string | undefined>>;
  }): Promise<void> {
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
