import { describe, expect, test } from 'vitest';
import { CognitoError } from '../../../infra/local/cognito-error';
import {
  MAX_CODE_ATTEMPTS,
  MfaSessions,
  SESSION_TTL_MS,
  createMfaProxy,
  totpCode,
  verifyTotp,
  type MfaUser,
} from '../../../infra/local/cognito-mfa';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const T0 = 1_700_000_010_000; // 10 s into a 30 s step

const thrown = async (fn: () => unknown): Promise<CognitoError> => {
  try {
    await fn();
  } catch (err) {
    if (err instanceof CognitoError) return err;
    throw err;
  }
  throw new Error('expected a CognitoError');
};

describe('TOTP codes (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  test("matches the RFC's test vectors (last six digits)", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  test('accepts the current step and one step either side, not two', () => {
    const at = (steps: number) => totpCode(RFC_SECRET, T0 + steps * 30_000);
    expect(verifyTotp(RFC_SECRET, at(0), T0)).toBe(true);
    expect(verifyTotp(RFC_SECRET, at(-1), T0)).toBe(true);
    expect(verifyTotp(RFC_SECRET, at(1), T0)).toBe(true);
    expect(verifyTotp(RFC_SECRET, at(-2), T0)).toBe(false);
    expect(verifyTotp(RFC_SECRET, at(2), T0)).toBe(false);
  });

  test('refuses anything but six digits, and a missing or broken secret', () => {
    const good = totpCode(RFC_SECRET, T0);
    for (const code of [undefined, 123456, '', '12345', '1234567', `${good} `, 'abcdef'])
      expect(verifyTotp(RFC_SECRET, code, T0)).toBe(false);
    expect(verifyTotp(undefined, good, T0)).toBe(false);
    expect(verifyTotp('not base32 !', good, T0)).toBe(false);
  });
});

describe('sign-in sessions of the SOFTWARE_TOKEN_MFA challenge', () => {
  const clock = () => {
    let now = T0;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  test('are opaque, bound to the app client, and live 3 minutes', async () => {
    const c = clock();
    const sessions = new MfaSessions(c.now);
    const s = sessions.issue('user-1', 'client-a');
    expect(s.length).toBeGreaterThanOrEqual(100);
    expect(sessions.issue('user-1', 'client-a')).not.toBe(s);
    expect(sessions.get(s, 'client-a').username).toBe('user-1');
    const other = await thrown(() => sessions.get(s, 'client-b'));
    expect([other.type, other.message]).toEqual([
      'NotAuthorizedException',
      'NotAuthorizedException: Invalid session for the user.',
    ]);
    c.advance(SESSION_TTL_MS);
    expect(sessions.get(s, 'client-a').username).toBe('user-1');
    c.advance(1);
    const expired = await thrown(() => sessions.get(s, 'client-a'));
    expect(expired.type).toBe('NotAuthorizedException');
    expect(expired.message).toContain('Invalid session for the user, session is expired.');
    // Gone once expired: asking again is an unknown session.
    expect((await thrown(() => sessions.get(s, 'client-a'))).message).not.toContain('expired');
  });

  test(`end after ${MAX_CODE_ATTEMPTS} wrong codes, and when used`, async () => {
    const sessions = new MfaSessions(() => T0);
    const s = sessions.issue('user-1', 'client-a');
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++) sessions.wrongCode(s);
    expect(sessions.get(s, 'client-a').attempts).toBe(MAX_CODE_ATTEMPTS - 1);
    sessions.wrongCode(s);
    expect((await thrown(() => sessions.get(s, 'client-a'))).type).toBe('NotAuthorizedException');
    const t = sessions.issue('user-1', 'client-a');
    sessions.end(t);
    expect((await thrown(() => sessions.get(t, 'client-a'))).type).toBe('NotAuthorizedException');
  });

  test('expired sessions are swept when new ones are issued', () => {
    const c = clock();
    const sessions = new MfaSessions(c.now);
    sessions.issue('a', 'c');
    sessions.issue('b', 'c');
    c.advance(SESSION_TTL_MS + 1);
    sessions.issue('c', 'c');
    expect(sessions.size).toBe(1);
  });
});

describe('the proxy: challenge, answer, enabling', () => {
  const user: MfaUser = {
    Username: 'sub-1',
    SoftwareTokenMfaConfiguration: { Secret: RFC_SECRET, Verified: true },
    UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
  };
  const setup = (now = () => T0) => {
    const forwarded: { target: string; body: Record<string, unknown> }[] = [];
    const proxy = createMfaProxy({
      now: () => now(),
      findUser: async (_clientId, username) =>
        ['sub-1', 'person@example.nz'].includes(username) ? user : null,
      forward: async (target, body) => {
        forwarded.push({ target, body });
        return target === 'RespondToAuthChallenge'
          ? { ChallengeParameters: {}, AuthenticationResult: { IdToken: 'id', AccessToken: 'access' } }
          : { Status: 'SUCCESS' };
      },
    });
    const challenge = proxy.afterInitiateAuth('client-a', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' },
      Session: 'cognito-local-uuid',
    });
    const answer = (code: string, username = 'person@example.nz') =>
      proxy.handle('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: 'client-a',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
      });
    return { proxy, challenge, answer, forwarded };
  };

  test("the challenge's session is the proxy's; tokens are not touched", () => {
    const { proxy, challenge } = setup();
    expect(challenge.Session).not.toBe('cognito-local-uuid');
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const tokens = { AuthenticationResult: { IdToken: 'x' }, ChallengeParameters: {} };
    expect(proxy.afterInitiateAuth('client-a', tokens)).toBe(tokens);
  });

  test('the right code gives the tokens cognito-local issues, once', async () => {
    const { answer, forwarded } = setup();
    const out = await answer(totpCode(RFC_SECRET, T0));
    expect(out).toMatchObject({ AuthenticationResult: { IdToken: 'id' } });
    expect(forwarded.map((f) => f.target)).toEqual(['RespondToAuthChallenge']);
    expect((await thrown(() => answer(totpCode(RFC_SECRET, T0)))).type).toBe('NotAuthorizedException');
  });

  test('a code that signed in cannot sign in again, nor can an older one; the next step can', async () => {
    let now = T0;
    const { proxy, answer } = setup(() => now);
    await answer(totpCode(RFC_SECRET, T0));
    const again = async (code: string) => {
      const challenge = proxy.afterInitiateAuth('client-a', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' },
      });
      return proxy.handle('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: 'client-a',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: 'sub-1', SOFTWARE_TOKEN_MFA_CODE: code },
      });
    };
    expect((await thrown(() => again(totpCode(RFC_SECRET, T0)))).type).toBe('CodeMismatchException');
    expect((await thrown(() => again(totpCode(RFC_SECRET, T0 - 30_000)))).type).toBe('CodeMismatchException');
    now += 30_000;
    await expect(again(totpCode(RFC_SECRET, now))).resolves.toMatchObject({ AuthenticationResult: {} });
  });

  test('a wrong code is CodeMismatchException and the session stays for another try', async () => {
    const { answer, forwarded } = setup();
    const wrong = await thrown(() => answer(totpCode(RFC_SECRET, T0 + 90_000)));
    expect(wrong.type).toBe('CodeMismatchException');
    expect(wrong.message).toContain('Invalid code received for user');
    expect(forwarded).toHaveLength(0);
    await expect(answer(totpCode(RFC_SECRET, T0))).resolves.toBeDefined();
  });

  test('after 3 minutes the session is expired, even with the right code', async () => {
    let now = T0;
    const { answer } = setup(() => now);
    now += SESSION_TTL_MS + 1_000;
    const err = await thrown(() => answer(totpCode(RFC_SECRET, now)));
    expect(err.type).toBe('NotAuthorizedException');
    expect(err.message).toContain('Invalid session for the user, session is expired.');
  });

  test("another user's name with the session is refused", async () => {
    const { answer } = setup();
    expect((await thrown(() => answer(totpCode(RFC_SECRET, T0), 'someone@else.nz'))).type).toBe(
      'NotAuthorizedException',
    );
  });

  test("VerifySoftwareToken: a wrong code is Cognito's EnableSoftwareTokenMFAException", async () => {
    const { proxy, forwarded } = setup();
    const token = `h.${Buffer.from(JSON.stringify({ sub: 'sub-1', client_id: 'client-a' })).toString('base64url')}.s`;
    const err = await thrown(() =>
      proxy.handle('VerifySoftwareToken', {
        AccessToken: token,
        UserCode: totpCode(RFC_SECRET, T0 + 300_000),
      }),
    );
    expect(err.type).toBe('EnableSoftwareTokenMFAException');
    expect(forwarded).toHaveLength(0);
    await expect(
      proxy.handle('VerifySoftwareToken', { AccessToken: token, UserCode: totpCode(RFC_SECRET, T0) }),
    ).resolves.toEqual({ Status: 'SUCCESS' });
    expect(forwarded.map((f) => f.target)).toEqual(['VerifySoftwareToken']);
  });

  test('Associate/VerifySoftwareToken by Session (MFA_SETUP, never issued here) is an invalid session', async () => {
    const { proxy } = setup();
    for (const target of ['AssociateSoftwareToken', 'VerifySoftwareToken'])
      expect(
        (await thrown(() => proxy.handle(target, { Session: 'abc', UserCode: '123456' }))).message,
      ).toContain('Invalid session for the user.');
    // With an access token, AssociateSoftwareToken is cognito-local's own.
    await expect(proxy.handle('AssociateSoftwareToken', { AccessToken: 'a.b.c' })).resolves.toBeUndefined();
    await expect(proxy.handle('SetUserMFAPreference', {})).resolves.toBeUndefined();
  });
});
