import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isInvitationOpen,
  registrationService,
} from '../../../../../functions/accounts/service/registration.js';
import type { RegistrationPorts } from '../../../../../functions/accounts/service/registration.js';
import type {
  AcceptOutcome,
  InvitedUser,
  OrganisationInvitationRecord,
} from '../../../../../functions/accounts/repository/invitations.js';
import { rateLimiter, rateLimitSettings } from '../../../../../functions/platform/rate-limit.js';
import { linkSecretHash } from '../../../../../functions/platform/link-secrets.js';
import { toInvitationDto } from '../../../../../functions/organisations/service/invitations.js';

const PASSWORD_MESSAGE = 'Requires at least 8, upper, lower, numerical & special characters';
const CAPTCHA_MESSAGE = 'Please complete the CAPTCHA challenge';

/** An error as the Cognito SDK throws it: its exception name, message and HTTP status. */
const cognitoError = (name: string, message: string, httpStatusCode = 400) =>
  Object.assign(new Error(message), { name, $metadata: { httpStatusCode } });

interface PoolUser {
  sub: string;
  username: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  password: string;
  attributes: Record<string, string>;
}

const NOW = new Date('2026-01-05T00:00:00.000Z');

/** The secret of an invitation's mailed link in these tests (43 characters, as a real one). */
const codeOf = (invitationId: string) => `secret-of-${invitationId}`.padEnd(43, 'x');
const CODE = codeOf('inv-1');

const invitation = (extra: Partial<OrganisationInvitationRecord> = {}): OrganisationInvitationRecord =>
  ({
    invitationId: 'inv-1',
    organisationId: 'org-1',
    organisationName: 'Kauri Homes',
    email: 'new@example.nz',
    firstName: 'Hemi',
    status: 'Pending',
    sentDate: '2026-01-01T00:00:00.000Z',
    expiryDate: '2026-01-08T00:00:00.000Z',
    tokenHash: linkSecretHash(codeOf(extra.invitationId ?? 'inv-1')),
    ...extra,
  }) as OrganisationInvitationRecord;

/**
 * The registration service with fake ports: a captcha whose tokens say what they are (`ok:<sig>` or
 * `bad:<reason>`), an in-memory user pool with a password policy and Cognito's errors, in-memory
 * invitations, a fixed clock and a log. `fail` makes a pool call throw once.
 */
function world(opts: { invitations?: OrganisationInvitationRecord[]; outcome?: AcceptOutcome } = {}) {
  const users = new Map<string, PoolUser>();
  const counters = new Map<string, number>();
  const remembered = new Map<string, string>();
  const claimed = new Set<string>();
  const logged: { level: 'info' | 'error'; message: string; data?: unknown }[] = [];
  const deleted: string[] = [];
  const accepted: {
    invitation: OrganisationInvitationRecord;
    tokenHash: string;
    user: InvitedUser;
    now: Date;
  }[] = [];
  const fail: Partial<Record<keyof RegistrationPorts['userPool'] | 'accept', Error>> = {};
  const invitations = new Map((opts.invitations ?? [invitation()]).map((i) => [i.invitationId, i]));
  let nextSub = 1;
  const failing = (call: keyof typeof fail) => {
    const err = fail[call];
    if (err) {
      delete fail[call];
      throw err;
    }
  };
  const checkPassword = (password: string) => {
    if (!/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/.test(password))
      throw cognitoError(
        'InvalidPasswordException',
        'Password did not conform with policy: Password not long enough.',
      );
  };
  const ports: RegistrationPorts = {
    captcha: {
      challenge: async () => ({ algorithm: 'PBKDF2/SHA-256', signature: 'challenge' }) as never,
      verify: async (token) =>
        token.startsWith('ok:')
          ? { ok: true, signature: token.slice(3), expiresAt: 1_800_000_000 }
          : { ok: false, reason: token.slice(4) as 'malformed' },
      claim: async (signature) => {
        if (claimed.has(signature)) return false;
        claimed.add(signature);
        return true;
      },
    },
    userPool: {
      signUp: async ({ email, password, firstName, lastName }) => {
        failing('signUp');
        if (users.has(email)) throw cognitoError('UsernameExistsException', 'User already exists');
        checkPassword(password);
        const sub = `sub-${nextSub++}`;
        users.set(email, {
          sub,
          username: sub,
          status: 'UNCONFIRMED',
          password,
          attributes: { email, given_name: firstName, family_name: lastName },
        });
        return { userSub: sub };
      },
      confirmSignUp: async (email, code) => {
        failing('confirmSignUp');
        const u = users.get(email);
        if (!u) throw cognitoError('UserNotFoundException', 'Username/client id combination not found.');
        if (u.status === 'CONFIRMED')
          throw cognitoError(
            'NotAuthorizedException',
            'User cannot be confirmed. Current status is CONFIRMED',
          );
        if (code !== '123456')
          throw cognitoError(
            'CodeMismatchException',
            'Invalid verification code provided, please try again.',
          );
        u.status = 'CONFIRMED';
      },
      resendConfirmationCode: async () => {
        failing('resendConfirmationCode');
      },
      userStatus: async (email) => {
        failing('userStatus');
        return users.get(email)?.status;
      },
      createVerifiedUser: async ({ email, firstName, lastName }) => {
        failing('createVerifiedUser');
        if (users.has(email))
          throw cognitoError('UsernameExistsException', 'An account with the email already exists.');
        const sub = `sub-${nextSub++}`;
        users.set(email, {
          sub,
          username: sub,
          status: 'CONFIRMED',
          password: '',
          attributes: {
            email,
            email_verified: 'true',
            ...(firstName ? { given_name: firstName } : {}),
            ...(lastName ? { family_name: lastName } : {}),
          },
        });
        return { username: sub, sub };
      },
      setPermanentPassword: async (username, password) => {
        failing('setPermanentPassword');
        checkPassword(password);
        const u = [...users.values()].find((x) => x.username === username)!;
        u.password = password;
      },
      deleteUser: async (username) => {
        failing('deleteUser');
        deleted.push(username);
        for (const [email, u] of users) if (u.username === username) users.delete(email);
      },
    },
    invitations: {
      byTokenHash: async (hash) => [...invitations.values()].find((i) => i.tokenHash === hash),
      acceptAsNewUser: async (inv, tokenHash, user, now) => {
        failing('accept');
        accepted.push({ invitation: inv, tokenHash, user, now });
        return opts.outcome ?? 'accepted';
      },
    },
    limits: rateLimiter({
      counter: {
        increment: async (key) => {
          counters.set(key, (counters.get(key) ?? 0) + 1);
          return counters.get(key)!;
        },
      },
      now: () => NOW.getTime(),
    }),
    confirmations: {
      remember: async (email, code) => void remembered.set(email, code),
      matches: async (email, code) => remembered.get(email) === code,
    },
    now: () => NOW,
    log: {
      info: (message: string, data?: unknown) => void logged.push({ level: 'info', message, data }),
      error: (message: string, data?: unknown) => void logged.push({ level: 'error', message, data }),
    } as RegistrationPorts['log'],
  };
  const svc = registrationService(ports);
  // Every call from one client unless a test says otherwise.
  const service = {
    ...svc,
    register: (b: Parameters<typeof svc.register>[0], client = 'client-1') => svc.register(b, client),
    confirmRegistration: (b: Parameters<typeof svc.confirmRegistration>[0], client = 'client-1') =>
      svc.confirmRegistration(b, client),
    resendConfirmation: (b: Parameters<typeof svc.resendConfirmation>[0], client = 'client-1') =>
      svc.resendConfirmation(b, client),
  };
  return { service, ports, users, claimed, logged, deleted, accepted, fail, counters };
}

const registration = (captchaToken = 'ok:sig-1', extra: Record<string, unknown> = {}) => ({
  email: 'ana@example.nz',
  firstName: 'Ana',
  lastName: 'Tui',
  password: 'Register#2025',
  acknowledgement: true as const,
  captchaToken,
  ...extra,
});

const captchaError = {
  kind: 'invalid',
  code: 'ClientError',
  message: CAPTCHA_MESSAGE,
  details: [{ field: 'body.captchaToken', reason: CAPTCHA_MESSAGE }],
};

describe('registration service: the captcha (fake ports)', () => {
  it("the challenge is the captcha's own", async () => {
    expect(await world().service.captchaChallenge()).toEqual({
      algorithm: 'PBKDF2/SHA-256',
      signature: 'challenge',
    });
  });

  it.each(['malformed', 'expired', 'invalidSignature', 'invalidSolution'])(
    'a %s captcha is the captcha error on body.captchaToken; no one is signed up',
    async (reason) => {
      const w = world();
      await expect(w.service.register(registration(`bad:${reason}`))).rejects.toMatchObject(captchaError);
      expect(w.users.size).toBe(0);
      expect(w.claimed.size).toBe(0);
      expect(w.logged).toEqual([{ level: 'info', message: 'captcha rejected', data: { reason } }]);
    },
  );

  it('a solution is claimed once: its replay is the captcha error and signs up no one', async () => {
    const w = world();
    await w.service.register(registration('ok:sig-1'));
    await expect(
      w.service.register(registration('ok:sig-1', { email: 'other@example.nz' })),
    ).rejects.toMatchObject(captchaError);
    expect([...w.users.keys()]).toEqual(['ana@example.nz']);
    expect(w.logged.at(-1)).toEqual({
      level: 'info',
      message: 'captcha rejected',
      data: { reason: 'replayed' },
    });
  });
});

describe('registration service: sign-up (fake ports)', () => {
  it('signs up with the e-mail, password and names → {username: the sub}; the account waits for its code', async () => {
    const w = world();
    expect(await w.service.register(registration())).toEqual({ username: 'sub-1' });
    expect(w.users.get('ana@example.nz')).toMatchObject({
      status: 'UNCONFIRMED',
      password: 'Register#2025',
      attributes: { email: 'ana@example.nz', given_name: 'Ana', family_name: 'Tui' },
    });
    expect(w.claimed).toEqual(new Set(['sig-1']));
    expect(w.logged).toEqual([{ level: 'info', message: 'registered', data: { userSub: 'sub-1' } }]);
  });

  it('an e-mail with an account → USER.EXISTS.COGNITO.400 "An account already exists with this email"', async () => {
    const w = world();
    await w.service.register(registration('ok:a'));
    await expect(w.service.register(registration('ok:b'))).rejects.toMatchObject({
      kind: 'invalid',
      code: 'USER.EXISTS.COGNITO.400',
      message: 'An account already exists with this email',
    });
  });

  it("a password the pool refuses → the password message on body.password, Cognito's words without the period", async () => {
    const w = world();
    await expect(w.service.register(registration('ok:a', { password: 'password' }))).rejects.toMatchObject({
      kind: 'invalid',
      code: 'ClientError',
      message: PASSWORD_MESSAGE,
      description: 'Password did not conform with policy: Password not long enough',
      details: [{ field: 'body.password', reason: PASSWORD_MESSAGE }],
    });
    expect(w.users.size).toBe(0);
  });

  it.each([
    [
      cognitoError('LimitExceededException', 'Attempt limit exceeded.'),
      { kind: 'tooMany', message: 'Attempt limit exceeded' },
    ],
    [
      cognitoError('TooManyRequestsException', 'Too many requests.'),
      { kind: 'tooMany', message: 'Too many requests' },
    ],
    [
      cognitoError('InvalidParameterException', 'Bad attribute.'),
      { kind: 'invalid', code: 'ClientError', message: 'Bad attribute' },
    ],
  ])('Cognito refusing (%s) → its message without the period', async (err, expected) => {
    const w = world();
    w.fail.signUp = err;
    await expect(w.service.register(registration())).rejects.toMatchObject(expected);
  });

  it.each([
    cognitoError('InternalErrorException', 'boom', 500),
    cognitoError('SomethingException', 'server side', 503),
    new Error('socket hang up'),
  ])(
    'a Cognito fault or a network error (%s) is rethrown as it is (a 500 without internals)',
    async (err) => {
      const w = world();
      w.fail.signUp = err;
      await expect(w.service.register(registration())).rejects.toBe(err);
    },
  );

  it('a sign-up or an invited user without a sub is an error', async () => {
    const w = world();
    w.ports.userPool.signUp = async () => ({ userSub: undefined });
    await expect(w.service.register(registration())).rejects.toThrow('SignUp returned no UserSub');
    w.ports.userPool.createVerifiedUser = async () => ({ username: 'x', sub: undefined });
    await expect(
      w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' }),
    ).rejects.toThrow('AdminCreateUser returned no username or sub');
  });
});

const WRONG_CODE = {
  kind: 'invalid',
  code: 'ClientError',
  message: 'Invalid verification code',
  details: [{ field: 'body.code', reason: 'Invalid verification code' }],
};

/** The error a call throws, as the client sees it (kind, code, message, description, details). */
const answer = async (call: Promise<unknown>) => {
  const err = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as Record<string, unknown> | undefined;
  if (!err) return 'success';
  return {
    kind: err.kind,
    code: err.code,
    message: err.message,
    description: err.description,
    details: err.details,
  };
};

describe('registration service: confirmation and resend (fake ports)', () => {
  it('confirms with the mailed code', async () => {
    const w = world();
    await w.service.register(registration());
    await w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' });
    expect(w.users.get('ana@example.nz')!.status).toBe('CONFIRMED');
  });

  it('a wrong or expired code → the one "Invalid verification code" answer on body.code', async () => {
    const w = world();
    await w.service.register(registration());
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '000000' }),
    ).rejects.toMatchObject(WRONG_CODE);
    w.fail.confirmSignUp = cognitoError(
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
    );
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).rejects.toMatchObject(WRONG_CODE);
    expect(w.users.get('ana@example.nz')!.status).toBe('UNCONFIRMED');
  });

  it('confirming twice with the code that confirmed succeeds (Cognito: NotAuthorized; cognito-local: ExpiredCode)', async () => {
    const w = world();
    await w.service.register(registration());
    await w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' });
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).resolves.toBeUndefined();
    w.fail.confirmSignUp = cognitoError(
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
    );
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).resolves.toBeUndefined();
  });

  it('enumeration: unknown, unconfirmed and confirmed accounts answer a wrong code identically', async () => {
    const w = world();
    await w.service.register(registration('ok:a', { email: 'pending@example.nz' }));
    await w.service.register(registration('ok:b', { email: 'done@example.nz' }));
    await w.service.confirmRegistration({ email: 'done@example.nz', code: '123456' });
    const unknown = await answer(
      w.service.confirmRegistration({ email: 'ghost@example.nz', code: '654321' }),
    );
    const pending = await answer(
      w.service.confirmRegistration({ email: 'pending@example.nz', code: '654321' }),
    );
    const done = await answer(w.service.confirmRegistration({ email: 'done@example.nz', code: '654321' }));
    expect(unknown).toMatchObject(WRONG_CODE);
    expect(pending).toEqual(unknown);
    expect(done).toEqual(unknown);
    // Even the code that confirmed another account is just a wrong code here.
    expect(
      await answer(w.service.confirmRegistration({ email: 'ghost@example.nz', code: '123456' })),
    ).toEqual(unknown);
  });

  it('NotAuthorized for an account that is not confirmed (disabled) → the same wrong-code answer', async () => {
    const w = world();
    await w.service.register(registration());
    w.fail.confirmSignUp = cognitoError('NotAuthorizedException', 'User is disabled.');
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).rejects.toMatchObject(WRONG_CODE);
  });

  it('a failing post-confirmation trigger (the record could not be written) is a server error', async () => {
    const w = world();
    const cause = cognitoError('UserLambdaValidationException', 'PostConfirmation failed with error x.');
    w.fail.confirmSignUp = cause;
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).rejects.toMatchObject({
      kind: 'internal',
      code: 'ServerError',
      message: 'Error',
      cause,
    });
  });

  it('resend: only an unconfirmed account gets a new code; unknown and confirmed ones answer the same', async () => {
    const w = world();
    const sent: string[] = [];
    w.ports.userPool.resendConfirmationCode = async (email) => void sent.push(email);
    await expect(w.service.resendConfirmation({ email: 'ghost@example.nz' })).resolves.toBeUndefined();
    await w.service.register(registration());
    await expect(w.service.resendConfirmation({ email: 'ana@example.nz' })).resolves.toBeUndefined();
    await w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' });
    await expect(w.service.resendConfirmation({ email: 'ana@example.nz' })).resolves.toBeUndefined();
    expect(sent).toEqual(['ana@example.nz']);
  });

  it('resend: Cognito refusing → its message (throttling → too many)', async () => {
    const w = world();
    await w.service.register(registration());
    w.fail.resendConfirmationCode = cognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
    await expect(w.service.resendConfirmation({ email: 'ana@example.nz' })).rejects.toMatchObject({
      kind: 'tooMany',
      message: 'Attempt limit exceeded, please try after some time',
    });
  });
});

describe('registration service: rate limits (fake ports)', () => {
  it('resend: the limit per address refuses the next call with 429 and a Retry-After; another address is not affected', async () => {
    const w = world();
    const { limit } = rateLimitSettings.resendPerAddress;
    for (let i = 0; i < limit; i++) await w.service.resendConfirmation({ email: 'ghost@example.nz' });
    await expect(w.service.resendConfirmation({ email: 'ghost@example.nz' })).rejects.toMatchObject({
      kind: 'tooMany',
      retryAfterSeconds: expect.any(Number) as number,
    });
    await expect(w.service.resendConfirmation({ email: 'other@example.nz' })).resolves.toBeUndefined();
  });

  it('confirm: code guessing stops at the limit per address, even with the right code', async () => {
    const w = world();
    await w.service.register(registration());
    const { limit } = rateLimitSettings.confirmPerAddress;
    for (let i = 0; i < limit; i++)
      await expect(
        w.service.confirmRegistration({ email: 'ana@example.nz', code: String(100000 + i) }),
      ).rejects.toMatchObject(WRONG_CODE);
    await expect(
      w.service.confirmRegistration({ email: 'ana@example.nz', code: '123456' }),
    ).rejects.toMatchObject({ kind: 'tooMany' });
    expect(w.users.get('ana@example.nz')!.status).toBe('UNCONFIRMED');
  });

  it('confirm: one client walking through addresses stops at the limit per client; another client goes on', async () => {
    const w = world();
    const { limit } = rateLimitSettings.confirmPerClient;
    for (let i = 0; i < limit; i++)
      await w.service
        .confirmRegistration({ email: `a${i}@example.nz`, code: '000000' }, 'bot')
        .catch(() => undefined);
    await expect(
      w.service.confirmRegistration({ email: 'fresh@example.nz', code: '000000' }, 'bot'),
    ).rejects.toMatchObject({ kind: 'tooMany' });
    await expect(
      w.service.confirmRegistration({ email: 'fresh@example.nz', code: '000000' }, 'person'),
    ).rejects.toMatchObject(WRONG_CODE);
  });

  it('register: the captcha is checked before the limits (a bad captcha spends no budget)', async () => {
    const w = world();
    await expect(w.service.register(registration('bad:malformed'))).rejects.toMatchObject(captchaError);
    expect(w.counters.size).toBe(0);
    await w.service.register(registration('ok:1'));
    expect(w.counters.size).toBe(2);
  });
});

describe('registration service: organisation invitations (fake ports)', () => {
  it('an invitation is open only while Pending and before its expiry', () => {
    const inv = invitation();
    expect(isInvitationOpen(inv, NOW)).toBe(true);
    expect(isInvitationOpen({ ...inv, status: 'Accepted' }, NOW)).toBe(false);
    expect(isInvitationOpen(inv, new Date('2026-01-08T00:00:00Z'))).toBe(false);
  });

  it("the e-mail of the open invitation of a link's secret", async () => {
    expect(await world().service.invitationEmail(CODE)).toEqual({ email: 'new@example.nz' });
  });

  it.each([
    ['an unknown secret', codeOf('nope')],
    ["an accepted invitation's", codeOf('accepted')],
    ["a revoked invitation's", codeOf('revoked')],
    ["an expired invitation's", codeOf('expired')],
    ['a secret a newer link replaced', codeOf('replaced')],
    ["the invitation's id", 'inv-1'],
    ["the stored hash of the link's secret", linkSecretHash(CODE)],
  ])('%s → NotFound, and no account', async (_what, code) => {
    const w = world({
      invitations: [
        invitation(),
        invitation({ invitationId: 'accepted', status: 'Accepted' }),
        invitation({ invitationId: 'revoked', status: 'Revoked' }),
        invitation({ invitationId: 'expired', expiryDate: NOW.toISOString() }),
        invitation({ invitationId: 'replaced', tokenHash: linkSecretHash('a newer link') }),
      ],
    });
    const notFound = { kind: 'notFound', description: 'Invitation not found' };
    await expect(w.service.invitationEmail(code)).rejects.toMatchObject(notFound);
    await expect(
      w.service.registerInvited({ invitationCode: code, password: 'Invited#2025' }),
    ).rejects.toMatchObject(notFound);
    expect(w.users.size).toBe(0);
    expect(w.accepted).toEqual([]);
  });

  it('property: nothing the inviter reads back about an invitation registers its account; only the mailed secret does', async () => {
    const text = fc.string({ minLength: 1, maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          invitationId: fc.uuid(),
          organisationId: fc.oneof(
            fc.uuid(),
            fc.uuid().map((u) => `sole-trader-${u}`),
          ),
          organisationName: text,
          email: fc.emailAddress(),
          firstName: text,
          lastName: text,
          secret: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          guesses: fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), { maxLength: 5 }),
        }),
        async ({ secret, guesses, ...fields }) => {
          const inv = invitation({ ...fields, tokenHash: linkSecretHash(secret) });
          const w = world({ invitations: [inv] });
          // What the inviter can read: the invitation as the organisation's invitation lists show it
          // (POST and GET /user/organisation/invitations), and every string in it.
          const dto = toInvitationDto(inv, NOW);
          const readBack = Object.values(dto).filter((v): v is string => typeof v === 'string');
          for (const value of [...readBack, inv.tokenHash!, ...guesses.filter((g) => g !== secret)]) {
            await expect(
              w.service.registerInvited({ invitationCode: value, password: 'Invited#2025' }),
            ).rejects.toMatchObject({ kind: 'notFound' });
          }
          expect(w.users.size).toBe(0);
          expect(JSON.stringify(dto)).not.toContain(secret);
          expect(JSON.stringify(dto)).not.toContain(inv.tokenHash!);
          await w.service.registerInvited({ invitationCode: secret, password: 'Invited#2025' });
          expect([...w.users.keys()]).toEqual([fields.email]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("registering: a verified, confirmed user with the invitation's names and a permanent password, then the invitation accepted", async () => {
    const w = world();
    expect(await w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' })).toEqual({
      username: 'sub-1',
    });
    expect(w.users.get('new@example.nz')).toMatchObject({
      status: 'CONFIRMED',
      password: 'Invited#2025',
      attributes: { email: 'new@example.nz', email_verified: 'true', given_name: 'Hemi' },
    });
    expect(w.users.get('new@example.nz')!.attributes).not.toHaveProperty('family_name');
    expect(w.accepted).toEqual([
      {
        invitation: invitation(),
        tokenHash: linkSecretHash(CODE),
        user: { userId: 'sub-1', username: 'sub-1', email: 'new@example.nz' },
        now: NOW,
      },
    ]);
    expect(w.deleted).toEqual([]);
    expect(w.logged).toEqual([
      {
        level: 'info',
        message: 'registered through invitation',
        data: { userSub: 'sub-1', invitationId: 'inv-1', organisationId: 'org-1' },
      },
    ]);
  });

  it('an e-mail with an account → USER.EXISTS.COGNITO.400; nothing accepted', async () => {
    const w = world();
    await w.service.register(registration('ok:a', { email: 'new@example.nz' }));
    await expect(
      w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' }),
    ).rejects.toMatchObject({
      code: 'USER.EXISTS.COGNITO.400',
      message: 'An account already exists with this email',
    });
    expect(w.accepted).toEqual([]);
    expect(w.deleted).toEqual([]);
  });

  it('a password the pool refuses removes the new user → the password message on body.password', async () => {
    const w = world();
    await expect(
      w.service.registerInvited({ invitationCode: CODE, password: 'weakpass' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: PASSWORD_MESSAGE,
      details: [{ field: 'body.password', reason: PASSWORD_MESSAGE }],
    });
    expect(w.deleted).toEqual(['sub-1']);
    expect(w.users.size).toBe(0);
    expect(w.accepted).toEqual([]);
  });

  it('an invitation used or revoked meanwhile removes the new user → NotFound', async () => {
    const w = world({ outcome: 'invitationClosed' });
    await expect(
      w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' }),
    ).rejects.toMatchObject({
      kind: 'notFound',
      description: 'Invitation not found',
    });
    expect(w.deleted).toEqual(['sub-1']);
  });

  it('a user record that exists already removes the new user → server error', async () => {
    const w = world({ outcome: 'userExists' });
    await expect(
      w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' }),
    ).rejects.toMatchObject({
      kind: 'internal',
    });
    expect(w.deleted).toEqual(['sub-1']);
  });

  it('a failing transaction removes the new user and is rethrown; a failing removal is logged', async () => {
    const w = world();
    const boom = new Error('table down');
    w.fail.accept = boom;
    w.fail.deleteUser = new Error('pool down');
    await expect(w.service.registerInvited({ invitationCode: CODE, password: 'Invited#2025' })).rejects.toBe(
      boom,
    );
    expect(w.logged).toEqual([
      {
        level: 'error',
        message: 'invited registration: could not remove the Cognito user',
        data: { username: 'sub-1', error: expect.objectContaining({ message: 'pool down' }) },
      },
    ]);
  });
});
