/**
 * Accounts against the local stack: registration with a really solved captcha, the mail with its
 * code and link, confirmation, sign-in, the user record; existing email; resend; captcha replay.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { readOutbox, signIn } from '../support/cognito';
import { api, outboxFiles, solvedCaptcha, waitForMail } from '../support/accounts';

const o = readOutputs();
const password = 'Register#2025';
const newEmail = () => `reg-${randomUUID()}@demo.consent.nz`;

async function register(email: string, extra: Record<string, unknown> = {}) {
  return api('POST', '/public/user/registration', {
    email,
    firstName: 'Aroha',
    lastName: 'Ngata',
    password,
    acknowledgement: true,
    captchaToken: await solvedCaptcha(o),
    ...extra,
  });
}

describe('registration', () => {
  test('register → mail with link and code → confirm → sign in → GET /user has the names', async () => {
    const email = newEmail();
    const seen = outboxFiles(o);
    const res = await register(email.toUpperCase());
    expect(res.status).toBe(200);
    const { username } = res.body as { username: string };
    expect(username).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', {
      seenFiles: seen,
      outputs: o,
    });
    expect(mail.subject).toBe('Confirm your Consent Portal account');
    expect(mail.code).toMatch(/^\d{6}$/);
    const link = `${o.WebUrl}/confirm-registration?verification_code=${mail.code}&email=${encodeURIComponent(email)}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Kia ora Aroha');
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);

    // Not confirmed yet: sign-in is refused as UserNotConfirmed.
    await expect(signIn(email, password, o)).rejects.toThrow(/UserNotConfirmedException/);

    const wrong = await api('POST', '/public/user/registration/confirm', { email, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'ClientError', details: [{ field: 'body.code' }] });

    const confirmed = await api('POST', '/public/user/registration/confirm', { email, code: mail.code });
    expect(confirmed.status).toBe(204);
    // A second click on the link is fine.
    const again = await api('POST', '/public/user/registration/confirm', { email, code: mail.code });
    expect(again.status).toBe(204);

    const tokens = await signIn(email, password, o);
    const me = await api('GET', '/user', undefined, { token: tokens.IdToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: username,
      username,
      email,
      firstName: 'Aroha',
      lastName: 'Ngata',
      organisationRole: 'Normal',
      emailPreference: true,
    });
  });

  test('an existing email is USER.EXISTS.COGNITO.400 with the spec message', async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    const again = await register(email);
    expect(again).toEqual({
      status: 400,
      body: { code: 'USER.EXISTS.COGNITO.400', message: 'An account already exists with this email' },
    });
  });

  test('a captcha solution works once: a replay is refused and creates nothing', async () => {
    const token = await solvedCaptcha(o);
    const first = newEmail();
    const body = {
      firstName: 'Tama',
      lastName: 'Rewi',
      password,
      acknowledgement: true,
      captchaToken: token,
    };
    expect((await api('POST', '/public/user/registration', { ...body, email: first })).status).toBe(200);
    const second = newEmail();
    const replay = await api('POST', '/public/user/registration', { ...body, email: second });
    expect(replay).toEqual({
      status: 400,
      body: {
        code: 'ClientError',
        message: 'Please complete the CAPTCHA challenge',
        details: [{ field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' }],
      },
    });
    // Nothing was created for the second address: signing in finds no user (not an unconfirmed one).
    await expect(signIn(second, password, o)).rejects.toThrow(/UserNotFoundException|NotAuthorizedException/);
  });

  test('a forged captcha and bad fields are 400 with field and reason', async () => {
    const forged = Buffer.from(
      JSON.stringify({
        challenge: {
          parameters: { algorithm: 'PBKDF2/SHA-256', expiresAt: 4102444800 },
          signature: 'ab'.repeat(32),
        },
        solution: { counter: 1, derivedKey: 'ab' },
      }),
    ).toString('base64');
    const res = await register(newEmail(), { captchaToken: forged });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: [{ field: 'body.captchaToken' }] });

    const huge = await register(newEmail(), { lastName: 'x'.repeat(10_000) });
    expect(huge).toEqual({
      status: 400,
      body: {
        code: 'ClientError',
        message: 'Invalid request',
        details: [{ field: 'body.lastName', reason: 'Must be at most 100 characters' }],
      },
    });

    const bad = await api('POST', '/public/user/registration', {
      email: 'not-an-email',
      firstName: '1',
      lastName: 'x'.repeat(10_000),
      password: 'short',
      acknowledgement: false,
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body as { details: { field: string; reason: string }[] }).details;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'body.email', reason: 'Invalid email format' },
        { field: 'body.firstName', reason: 'Please enter a name with a valid format' },
        {
          field: 'body.password',
          reason: 'Requires at least 8, upper, lower, numerical & special characters',
        },
        { field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' },
      ]),
    );
  });

  test('resend sends a new code that confirms; unknown and confirmed users get the same 204 and no mail', async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    const first = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs: o });
    const seen = outboxFiles(o);
    const resend = await api('POST', '/public/user/registration/resend', { email });
    expect(resend.status).toBe(204);
    const second = await waitForMail(email, (m) => m.trigger === 'CustomMessage_ResendCode', {
      seenFiles: seen,
      outputs: o,
    });
    expect(second.subject).toBe('Confirm your Consent Portal account');
    expect(second.code).toMatch(/^\d{6}$/);
    if (second.code !== first.code) {
      const old = await api('POST', '/public/user/registration/confirm', { email, code: first.code });
      expect(old.status).toBe(400);
    }
    expect(
      (await api('POST', '/public/user/registration/confirm', { email, code: second.code })).status,
    ).toBe(204);

    const confirmed = await api('POST', '/public/user/registration/resend', { email });
    const unknownEmail = newEmail();
    const unknown = await api('POST', '/public/user/registration/resend', { email: unknownEmail });
    expect(confirmed).toEqual({ status: 204, body: undefined });
    expect(unknown).toEqual(confirmed);
    // No mail went out for either: the confirmed address has its sign-up and resend mails only.
    const mailsTo = (address: string) =>
      readOutbox(o).filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
    expect(mailsTo(unknownEmail)).toEqual([]);
    expect(mailsTo(email).map((m) => m.code)).toEqual([first.code, second.code]);
  });

  test('forgot password mail carries the reset code', async () => {
    const email = newEmail();
    expect((await register(email)).status).toBe(200);
    const signUpMail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs: o });
    expect(
      (await api('POST', '/public/user/registration/confirm', { email, code: signUpMail.code })).status,
    ).toBe(204);
    const seen = outboxFiles(o);
    const res = await fetch(`${o.CognitoEndpoint}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      body: JSON.stringify({ ClientId: o.UserPoolClientId, Username: email }),
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_ForgotPassword', {
      seenFiles: seen,
      outputs: o,
    });
    expect(mail.subject).toBe('Reset your Consent Portal password');
    expect(mail.text).toContain(`Your password reset code is ${mail.code}`);
  });
});
