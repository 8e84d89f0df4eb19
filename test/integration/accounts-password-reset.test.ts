/**
 * docs/accounts.md: a password reset by the account's owner signs out every other session. The
 * reset completes in Cognito (ConfirmForgotPassword, from the web's /reset-password); its
 * PostConfirmation trigger (functions/accounts/post-confirmation.ts) signs the user out globally
 * (AdminUserGlobalSignOut), so a refresh token issued before the reset no longer works. Locally the
 * Cognito proxy runs that trigger and really revokes refresh tokens (infra/local/cognito.ts).
 */
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { cognitoCall, signIn } from '../support/cognito';
import { outboxFiles, registeredUser, waitForMail } from '../support/accounts';

const o = readOutputs();

describe('a password reset signs out every other session', () => {
  test("the reset revokes the refresh tokens issued before it; the new password's sign-in works", async () => {
    const user = await registeredUser('reset', o);
    const before = await signIn(user.email, user.password, o);
    const refresh = (token: string) =>
      cognitoCall(o.CognitoEndpoint!, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: o.UserPoolClientId,
        AuthParameters: { REFRESH_TOKEN: token },
      });
    expect((await refresh(before.RefreshToken)).status).toBe(200);

    const seen = outboxFiles(o);
    const forgot = await cognitoCall(o.CognitoEndpoint!, 'ForgotPassword', {
      ClientId: o.UserPoolClientId,
      Username: user.email,
    });
    expect(forgot.status).toBe(200);
    const mail = await waitForMail(user.email, (m) => m.trigger === 'CustomMessage_ForgotPassword', {
      seenFiles: seen,
      outputs: o,
    });
    const newPassword = 'Reset#Pass2025';
    const confirm = await cognitoCall(o.CognitoEndpoint!, 'ConfirmForgotPassword', {
      ClientId: o.UserPoolClientId,
      Username: user.email,
      ConfirmationCode: mail.code,
      Password: newPassword,
    });
    expect(confirm.status, JSON.stringify(confirm.json)).toBe(200);

    const old = await refresh(before.RefreshToken);
    expect(old.status).toBe(400);
    expect(old.json.__type).toBe('NotAuthorizedException');
    const viaAmplify = await cognitoCall(o.CognitoEndpoint!, 'GetTokensFromRefreshToken', {
      ClientId: o.UserPoolClientId,
      RefreshToken: before.RefreshToken,
    });
    expect(viaAmplify.json.__type).toBe('NotAuthorizedException');

    const after = await signIn(user.email, newPassword, o);
    expect((await refresh(after.RefreshToken)).status).toBe(200);
  });
});
