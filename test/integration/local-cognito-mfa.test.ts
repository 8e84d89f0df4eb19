/**
 * Two-step sign-in (TOTP) through the local Cognito endpoint with the AWS SDK, as the deployed
 * pool answers it: enable (associate, verify, preference), the SOFTWARE_TOKEN_MFA challenge at
 * sign-in, the right code gives tokens the API accepts, a wrong one is refused, the session is
 * single use, turning it off gives tokens straight away; and the secret survives a restart.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SetUserPoolMfaConfigCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, test } from 'vitest';
import { startCognito } from '../../infra/local/cognito';
import { totpCode } from '../../infra/local/cognito-mfa';
import { HandlerLoader } from '../../infra/local/handlers';
import { readOutputs } from '../support/outputs';

const o = readOutputs();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const clientFor = (endpoint: string) =>
  new CognitoIdentityProviderClient({ endpoint, region: o.Region, credentials });
const cognito = clientFor(o.CognitoEndpoint!);
const password = 'Two-step#2025';

/** The AWS SDK's error name (Cognito's __type) of a failing call. */
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (err: Error) => `${err.name}: ${err.message}`,
  );

/** A code of the step after the current one's neighbours: never accepted now. */
const wrongCode = (secret: string) => totpCode(secret, Date.now() + 5 * 30_000);

async function newUser(): Promise<string> {
  const email = `totp-${randomUUID().slice(0, 8)}@demo.consent.nz`;
  await cognito.send(
    new SignUpCommand({
      ClientId: o.UserPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: o.UserPoolId, Username: email }));
  return email;
}

const passwordSignIn = (client: CognitoIdentityProviderClient, clientId: string, email: string) =>
  client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

async function enableTotp(client: CognitoIdentityProviderClient, accessToken: string): Promise<string> {
  const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  const verified = await client.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode!, Date.now()) }),
  );
  expect(verified.Status).toBe('SUCCESS');
  await client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode!;
}

describe('two-step sign-in on the local Cognito endpoint', () => {
  test('enable → sign-in is challenged → right code gives tokens, wrong code refused → turn off', async () => {
    const email = await newUser();
    const first = await passwordSignIn(cognito, o.UserPoolClientId, email);
    const accessToken = first.AuthenticationResult!.AccessToken!;
    const before = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(before.UserMFASettingList ?? []).toEqual([]);

    const { SecretCode } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    expect(SecretCode).toMatch(/^[A-Z2-7]{16,}$/);
    expect(
      await errorOf(
        cognito.send(
          new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: wrongCode(SecretCode!) }),
        ),
      ),
    ).toBe('EnableSoftwareTokenMFAException: Code mismatch and fail enable Software Token MFA');
    const secret = await enableTotp(cognito, accessToken);
    const after = await cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    expect(after.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(after.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    const challenged = await passwordSignIn(cognito, o.UserPoolClientId, email);
    expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenged.AuthenticationResult).toBeUndefined();
    expect(challenged.Session!.length).toBeGreaterThanOrEqual(100);
    const answer = (code: string, session = challenged.Session) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: o.UserPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );

    expect(await errorOf(answer(wrongCode(secret)))).toBe(
      'CodeMismatchException: Invalid code received for user',
    );
    expect(await errorOf(answer(totpCode(secret, Date.now()), 'made-up-session'))).toBe(
      'NotAuthorizedException: Invalid session for the user.',
    );
    const signedIn = await answer(totpCode(secret, Date.now()));
    const idToken = signedIn.AuthenticationResult!.IdToken!;
    const me = await fetch(`${o.ApiUrl}/user`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    // The session was used up.
    expect(await errorOf(answer(totpCode(secret, Date.now())))).toBe(
      'NotAuthorizedException: Invalid session for the user.',
    );

    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: signedIn.AuthenticationResult!.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const off = await passwordSignIn(cognito, o.UserPoolClientId, email);
    expect(off.ChallengeName).toBeUndefined();
    expect(off.AuthenticationResult?.IdToken).toBeTruthy();
  });

  test('a software token cannot be associated by a session that is not an MFA_SETUP challenge', async () => {
    expect(await errorOf(cognito.send(new AssociateSoftwareTokenCommand({ Session: 'x'.repeat(120) })))).toBe(
      'NotAuthorizedException: Invalid session for the user.',
    );
  });

  test("the secret and the preference are kept in the stand-in's data dir across a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cognito-mfa-'));
    const port = (Number(process.env.PORT_BASE) || 4100) + 160;
    const start = () =>
      startCognito({
        dataDir,
        port,
        internalPort: port + 1,
        region: o.Region,
        mailDir: path.join(dataDir, 'mail'),
        // No function modules: the plain mail, and no trigger is needed for an admin-created user.
        handlers: new HandlerLoader(path.join(dataDir, 'no-functions')),
        log: () => undefined,
      });
    const email = `restart-${randomUUID().slice(0, 8)}@demo.consent.nz`;
    let stack = await start();
    try {
      const client = clientFor(stack.endpoint);
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: stack.userPoolId,
          Username: email,
          UserAttributes: [{ Name: 'email', Value: email }],
          MessageAction: 'SUPPRESS',
        }),
      );
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: stack.userPoolId,
          Username: email,
          Password: password,
          Permanent: true,
        }),
      );
      const tokens = await passwordSignIn(client, stack.clientId, email);
      const secret = await enableTotp(client, tokens.AuthenticationResult!.AccessToken!);
      // A pool from before two-step sign-in (cognito-local's default is OFF) gets it at start.
      await client.send(
        new SetUserPoolMfaConfigCommand({ UserPoolId: stack.userPoolId, MfaConfiguration: 'OFF' }),
      );
      await stack.stop();
      stack = await start();

      const again = clientFor(stack.endpoint);
      const config = await again.send(new GetUserPoolMfaConfigCommand({ UserPoolId: stack.userPoolId }));
      expect(config.MfaConfiguration).toBe('OPTIONAL');
      expect(config.SoftwareTokenMfaConfiguration?.Enabled).toBe(true);
      const challenged = await passwordSignIn(again, stack.clientId, email);
      expect(challenged.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      const signedIn = await again.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: challenged.Session,
          ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret, Date.now()) },
        }),
      );
      expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
