// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { decodeJWT } from 'aws-amplify/adapter-core/internals';
import { STORED_TOKEN_MARGIN_MS, storedIdToken } from '../../../web/src/lib/amplify';

// The id token read from Amplify's storage without loading Amplify (web/src/lib/amplify.ts).
const CLIENT = 'client-abc';
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${base64url({ alg: 'none' })}.${base64url(claims)}.sig`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

function memory(entries: Record<string, string>) {
  return { getItem: (k: string) => entries[k] ?? null };
}
const keys = (user: string, tokens: Record<string, string>) =>
  Object.fromEntries([
    [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, user],
    ...Object.entries(tokens).map(([k, v]) => [`CognitoIdentityServiceProvider.${CLIENT}.${user}.${k}`, v]),
  ]);

describe('storedIdToken', () => {
  const id = jwt({ sub: 'u1', exp: inSeconds(3600), token_use: 'id' });
  const access = jwt({ sub: 'u1', exp: inSeconds(3600), token_use: 'access' });

  it('gives the stored id token while both tokens stay valid past the margin', () => {
    expect(storedIdToken(CLIENT, memory(keys('u1', { idToken: id, accessToken: access })))).toBe(id);
  });

  it('gives none when a token expires within the margin, is expired, missing or unreadable', () => {
    const soon = jwt({ exp: inSeconds(STORED_TOKEN_MARGIN_MS / 1000 - 5) });
    const past = jwt({ exp: inSeconds(-10) });
    const cases: Record<string, string>[] = [
      { idToken: soon, accessToken: access },
      { idToken: id, accessToken: past },
      { idToken: id },
      { accessToken: access },
      { idToken: 'not-a-jwt', accessToken: access },
      { idToken: jwt({ sub: 'no exp' }), accessToken: access },
    ];
    for (const tokens of cases) {
      expect(storedIdToken(CLIENT, memory(keys('u1', tokens))), JSON.stringify(tokens)).toBeUndefined();
    }
  });

  it("follows Amplify's clock drift and reads only this app client's tokens", () => {
    const stored = keys('u1', { idToken: id, accessToken: access, clockDrift: String(3600_000) });
    expect(storedIdToken(CLIENT, memory(stored))).toBeUndefined();
    expect(
      storedIdToken('other-client', memory(keys('u1', { idToken: id, accessToken: access }))),
    ).toBeUndefined();
    expect(storedIdToken(CLIENT, memory({}))).toBeUndefined();
    const throwing = {
      getItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(storedIdToken(CLIENT, throwing)).toBeUndefined();
  });
});

describe("Amplify's own token store", () => {
  beforeAll(() => {
    Amplify.configure({
      Auth: { Cognito: { userPoolId: 'ap-southeast-2_pool', userPoolClientId: CLIENT } },
    });
  });
  afterEach(() => window.localStorage.clear());

  it('stores tokens where storedIdToken reads them, and both give the same id token', async () => {
    const id = jwt({ sub: 'u1', 'cognito:username': 'u1', exp: inSeconds(3600), iat: inSeconds(0) });
    const access = jwt({ sub: 'u1', username: 'u1', exp: inSeconds(3600), iat: inSeconds(0) });
    await cognitoUserPoolsTokenProvider.authTokenStore.storeTokens({
      username: 'u1',
      idToken: decodeJWT(id),
      accessToken: decodeJWT(access),
      refreshToken: 'refresh',
      clockDrift: 0,
    });
    expect(storedIdToken(CLIENT, window.localStorage)).toBe(id);
    const session = await fetchAuthSession();
    expect(session.tokens?.idToken?.toString()).toBe(id);
  });
});
