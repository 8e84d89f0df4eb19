import { describe, expect, it } from 'vitest';
import { confirmationService } from '../../../../../functions/accounts/service/confirmation.js';
import type { NewUser } from '../../../../../functions/accounts/repository/users.js';

/**
 * The confirmation service with fake ports: an in-memory user table with a conditional create, the
 * pool's global sign-outs, and a log.
 */
function world() {
  const rows = new Map<string, NewUser>();
  const logged: { message: string; data?: unknown }[] = [];
  const signedOut: { username: string; userPoolId: string | undefined }[] = [];
  const service = confirmationService({
    userPool: {
      globalSignOut: async (username, userPoolId) => void signedOut.push({ username, userPoolId }),
    },
    users: {
      createIfAbsent: async (user) => {
        if (rows.has(user.userId)) return { created: false };
        rows.set(user.userId, user);
        return { created: true };
      },
    },
    log: { info: ((message: string, data?: unknown) => void logged.push({ message, data })) as never },
  });
  return { service, rows, logged, signedOut };
}

const attributes = {
  sub: 'c0ffee-sub',
  email: 'ana@example.nz',
  given_name: 'Ana',
  family_name: 'Tui',
  email_verified: 'true',
};

describe('confirmation service: the user record of a confirmed account (fake ports)', () => {
  it.each(['PostConfirmation_ConfirmSignUp', 'PostConfirmation_AdminConfirmSignUp'])(
    '%s creates the record from the attributes',
    async (triggerSource) => {
      const w = world();
      await w.service.accountConfirmed({
        triggerSource,
        userPoolId: 'p',
        username: 'c0ffee-sub',
        attributes,
      });
      expect(w.rows.get('c0ffee-sub')).toEqual({
        userId: 'c0ffee-sub',
        username: 'c0ffee-sub',
        email: 'ana@example.nz',
        firstName: 'Ana',
        lastName: 'Tui',
      });
      expect(w.logged).toEqual([
        { message: 'post-confirmation', data: { userId: 'c0ffee-sub', created: true, triggerSource } },
      ]);
    },
  );

  it('names are left out when the pool has none', async () => {
    const w = world();
    await w.service.accountConfirmed({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: 'p',
      username: 'u',
      attributes: { sub: 's', email: 'e@example.nz', given_name: '' },
    });
    expect(w.rows.get('s')).toEqual({ userId: 's', username: 'u', email: 'e@example.nz' });
  });

  it('a second confirmation changes nothing', async () => {
    const w = world();
    const input = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: 'p',
      username: 'c0ffee-sub',
      attributes,
    };
    await w.service.accountConfirmed(input);
    await w.service.accountConfirmed({ ...input, attributes: { ...attributes, given_name: 'Other' } });
    expect(w.rows.get('c0ffee-sub')!.firstName).toBe('Ana');
    expect(w.logged.at(-1)).toMatchObject({ data: { created: false } });
  });

  it('a password reset (ConfirmForgotPassword) signs the user out everywhere on their pool, and writes nothing', async () => {
    const w = world();
    await w.service.accountConfirmed({
      triggerSource: 'PostConfirmation_ConfirmForgotPassword',
      userPoolId: 'ap-southeast-2_pool',
      username: 'c0ffee-sub',
      attributes,
    });
    expect(w.signedOut).toEqual([{ username: 'c0ffee-sub', userPoolId: 'ap-southeast-2_pool' }]);
    expect(w.rows.size).toBe(0);
    expect(w.logged).toEqual([
      { message: 'post-confirmation: password reset, signed out everywhere', data: { userId: 'c0ffee-sub' } },
    ]);
  });

  it('a sign-up confirmation signs no one out; other sources are ignored', async () => {
    const w = world();
    await w.service.accountConfirmed({
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      userPoolId: 'p',
      username: 'c0ffee-sub',
      attributes,
    });
    await w.service.accountConfirmed({
      triggerSource: 'Something_Else',
      userPoolId: 'p',
      username: 'u',
      attributes,
    });
    expect(w.signedOut).toEqual([]);
    expect(w.logged.at(-1)).toEqual({
      message: 'post-confirmation: ignored trigger',
      data: { triggerSource: 'Something_Else' },
    });
  });

  it('a confirmation without sub or e-mail is an error (Cognito reports it)', async () => {
    const w = world();
    for (const missing of ['sub', 'email'])
      await expect(
        w.service.accountConfirmed({
          triggerSource: 'PostConfirmation_ConfirmSignUp',
          userPoolId: 'p',
          username: 'u',
          attributes: { ...attributes, [missing]: undefined },
        }),
      ).rejects.toThrow('PostConfirmation event without sub or email');
    expect(w.rows.size).toBe(0);
  });
});
