/**
 * The Cognito proxy in front of cognito-local, against the stack test/with-stack.ts started:
 * what Amplify v6 needs beyond cognito-local (GetTokensFromRefreshToken, GlobalSignOut that really
 * revokes refresh tokens, AdminUserGlobalSignOut), Cognito's
 * answers (password policy, NotAuthorizedException), the codes (pool db and mail outbox) and the
 * post-confirmation trigger on a real sign-up.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { cognitoCall, readLatestCode, readOutbox, signIn } from '../support/cognito';
import { registeredUser } from '../support/accounts';

const o = readOutputs();
const endpoint = o.CognitoEndpoint!;
const demo = o.DemoUsers[0]!;

describe('local Cognito proxy', () => {
  test('GetTokensFromRefreshToken answers new tokens the gateway accepts', async () => {
    const t = await signIn(demo.email, demo.password, o);
    const { status, json } = await cognitoCall<{
      AuthenticationResult: { IdToken: string; AccessToken: string; TokenType: string; ExpiresIn: number };
    }>(endpoint, 'GetTokensFromRefreshToken', { ClientId: o.UserPoolClientId, RefreshToken: t.RefreshToken });
    expect(status).toBe(200);
    expect(json.AuthenticationResult.TokenType).toBe('Bearer');
    expect(json.AuthenticationResult.ExpiresIn).toBeGreaterThan(0);
    const res = await fetch(`${o.ApiUrl}/user`, {
      headers: { authorization: `Bearer ${json.AuthenticationResult.IdToken}` },
    });
    expect(res.status).toBe(200);
  });

  test('GlobalSignOut answers 200 {} and revokes every refresh token of the user (as Cognito); a forged token is refused', async () => {
    // A user of its own: signing a demo user out would revoke the other tests' sessions.
    const user = await registeredUser('global-sign-out', o);
    const [first, second] = [
      await signIn(user.email, user.password, o),
      await signIn(user.email, user.password, o),
    ];
    const refresh = (token: string) =>
      cognitoCall(endpoint, 'GetTokensFromRefreshToken', {
        ClientId: o.UserPoolClientId,
        RefreshToken: token,
      });
    expect((await refresh(first.RefreshToken)).status).toBe(200);
    const { status, json } = await cognitoCall(endpoint, 'GlobalSignOut', {
      AccessToken: second.AccessToken,
    });
    expect(status).toBe(200);
    expect(json).toEqual({});
    for (const t of [first, second]) {
      const old = await refresh(t.RefreshToken);
      expect(old.status).toBe(400);
      expect(old.json.__type).toBe('NotAuthorizedException');
    }
    // A new sign-in works.
    expect((await refresh((await signIn(user.email, user.password, o)).RefreshToken)).status).toBe(200);
    // Only a valid access token signs anyone out: an id token or a made-up one is refused.
    for (const token of [first.IdToken, 'not.a.token'])
      expect((await cognitoCall(endpoint, 'GlobalSignOut', { AccessToken: token })).json.__type).toBe(
        'NotAuthorizedException',
      );
  });

  test('AdminUserGlobalSignOut revokes the refresh tokens of the named user; an unknown user is UserNotFound', async () => {
    const user = await registeredUser('admin-sign-out', o);
    const t = await signIn(user.email, user.password, o);
    const out = await cognitoCall(endpoint, 'AdminUserGlobalSignOut', {
      UserPoolId: o.UserPoolId,
      Username: user.sub,
    });
    expect(out).toEqual({ status: 200, json: {} });
    const old = await cognitoCall(endpoint, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: o.UserPoolClientId,
      AuthParameters: { REFRESH_TOKEN: t.RefreshToken },
    });
    expect(old.json.__type).toBe('NotAuthorizedException');
    const unknown = await cognitoCall(endpoint, 'AdminUserGlobalSignOut', {
      UserPoolId: o.UserPoolId,
      Username: `nobody-${randomUUID()}@demo.consent.nz`,
    });
    expect(unknown.json.__type).toBe('UserNotFoundException');
  });

  test('a wrong password is NotAuthorizedException, as Cognito answers', async () => {
    const { status, json } = await cognitoCall(endpoint, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: o.UserPoolClientId,
      AuthParameters: { USERNAME: demo.email, PASSWORD: 'Wrong#Passw0rd' },
    });
    expect(status).toBe(400);
    expect(json.__type).toBe('NotAuthorizedException');
    expect(json.message).toBe('Incorrect username or password.');
  });

  test('the pool password policy is enforced on sign-up', async () => {
    for (const [password, why] of [
      ['Sh0rt!', 'Password not long enough'],
      ['lowercase1!', 'Password must have uppercase characters'],
      ['NoDigits!!', 'Password must have numeric characters'],
      ['NoSymbol12', 'Password must have symbol characters'],
    ] as const) {
      const { status, json } = await cognitoCall(endpoint, 'SignUp', {
        ClientId: o.UserPoolClientId,
        Username: `policy-${randomUUID()}@demo.consent.nz`,
        Password: password,
      });
      expect(status).toBe(400);
      expect(json.__type).toBe('InvalidPasswordException');
      expect(json.message).toBe(`Password did not conform with policy: ${why}`);
    }
  });

  test('sign-up: the code is readable (pool db and mail outbox); confirming runs post-confirmation', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@demo.consent.nz`;
    const password = 'N3w-user-pass!';
    const signUp = await cognitoCall<{ UserConfirmed: boolean; UserSub: string }>(endpoint, 'SignUp', {
      ClientId: o.UserPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Mere' },
        { Name: 'family_name', Value: 'Tane' },
      ],
    });
    expect(signUp.status).toBe(200);
    expect(signUp.json.UserConfirmed).toBe(false);

    const code = readLatestCode(email, o);
    expect(code).toMatch(/^\d{6}$/);
    const mail = readOutbox(o).filter((m) => m.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.code).toBe(code);
    expect(mail[0]!.text).toContain(code!);

    const wrong = await cognitoCall(endpoint, 'ConfirmSignUp', {
      ClientId: o.UserPoolClientId,
      Username: email,
      ConfirmationCode: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.__type).toBe('CodeMismatchException');

    const confirm = await cognitoCall(endpoint, 'ConfirmSignUp', {
      ClientId: o.UserPoolClientId,
      Username: email,
      ConfirmationCode: code,
    });
    expect(confirm.status).toBe(200);

    // The post-confirmation handler created the user record the API serves.
    const t = await signIn(email, password, o);
    const res = await fetch(`${o.ApiUrl}/user`, { headers: { authorization: `Bearer ${t.IdToken}` } });
    expect(res.status).toBe(200);
    const user = (await res.json()) as { email: string; firstName?: string; lastName?: string };
    expect(user).toMatchObject({ email, firstName: 'Mere', lastName: 'Tane' });
  });

  test('the JWKS the gateway verifies with is served through the proxy', async () => {
    const res = await fetch(`${endpoint}/${o.UserPoolId}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: { kty: string; alg: string }[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  });
});
