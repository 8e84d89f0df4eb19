/**
 * The Cognito proxy in front of cognito-local, against the stack test/with-stack.ts started:
 * what Amplify v6 needs beyond cognito-local (GetTokensFromRefreshToken, GlobalSignOut), Cognito's
 * answers (password policy, NotAuthorizedException), the codes (pool db and mail outbox) and the
 * post-confirmation trigger on a real sign-up.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { cognitoCall, readLatestCode, readOutbox, signIn } from '../support/cognito';

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

  test('GlobalSignOut answers 200 {}', async () => {
    const t = await signIn(demo.email, demo.password, o);
    const { status, json } = await cognitoCall(endpoint, 'GlobalSignOut', { AccessToken: t.AccessToken });
    expect(status).toBe(200);
    expect(json).toEqual({});
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
