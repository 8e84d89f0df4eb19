/**
 * The signed-in user's record and password against the local stack (PATCH /user, PUT /user/password),
 * and the public maintenance / announcements settings.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, localRepositories, solvedCaptcha, waitForMail } from '../support/accounts';

const o = readOutputs();

/** A fresh confirmed user (registered through the API) and its tokens. */
async function newUser(password = 'Profile#2025') {
  const email = `profile-${randomUUID()}@demo.consent.nz`;
  const reg = await api('POST', '/public/user/registration', {
    email,
    firstName: 'Mere',
    lastName: 'Parata',
    password,
    acknowledgement: true,
    captchaToken: await solvedCaptcha(o),
  });
  expect(reg.status).toBe(200);
  const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs: o });
  expect((await api('POST', '/public/user/registration/confirm', { email, code: mail.code })).status).toBe(
    204,
  );
  return { email, password, tokens: await signIn(email, password, o) };
}

describe('profile', () => {
  test('PATCH /user stores the profile, builds the full address, and GET /user reads it back', async () => {
    const { tokens } = await newUser();
    const patch = await api(
      'PATCH',
      '/user',
      {
        firstName: ' Mere ',
        contactNumber: '021 555 0101',
        phoneCountryCode: '+64',
        address: {
          address1: '1 Queen Street',
          city: 'Auckland',
          zipCode: '1010',
          country: 'NZ',
          isManualAddress: true,
        },
        defaultApplicationNotificationLevel: 'Watching',
        smsPreference: true,
      },
      { token: tokens.IdToken },
    );
    const expected = {
      firstName: 'Mere',
      lastName: 'Parata',
      contactNumber: '0215550101',
      phoneCountryCode: '+64',
      address: {
        address1: '1 Queen Street',
        city: 'Auckland',
        zipCode: '1010',
        country: 'NZ',
        isManualAddress: true,
        fullAddress: '1 Queen Street, Auckland 1010',
      },
      defaultApplicationNotificationLevel: 'Watching',
      emailPreference: true,
      smsPreference: true,
      pushPreference: false,
    };
    expect(patch).toEqual({ status: 200, body: expect.objectContaining(expected) });
    expect(await api('GET', '/user', undefined, { token: tokens.IdToken })).toEqual({
      status: 200,
      body: expect.objectContaining(expected),
    });

    const bad = await api('PATCH', '/user', { contactNumber: '12345' }, { token: tokens.IdToken });
    expect(bad).toEqual({
      status: 400,
      body: expect.objectContaining({
        details: [{ field: 'body.contactNumber', reason: 'Contact number is not valid' }],
      }),
    });
    const unknownField = await api(
      'PATCH',
      '/user',
      { email: 'other@demo.consent.nz' },
      { token: tokens.IdToken },
    );
    expect(unknownField.status).toBe(400);
    expect(await api('PATCH', '/user', { firstName: 'X' })).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });

  test('PUT /user/password changes the password; a wrong current one is 400 without the trailing period', async () => {
    const { email, password, tokens } = await newUser();
    const wrong = await api(
      'PUT',
      '/user/password',
      { accessToken: tokens.AccessToken, previousPassword: 'Wrong#Pass1', proposedPassword: 'Changed#2025' },
      { token: tokens.IdToken },
    );
    expect(wrong).toEqual({
      status: 400,
      body: {
        code: 'ClientError',
        message: 'Incorrect username or password',
        details: [{ field: 'body.previousPassword', reason: 'Incorrect username or password' }],
      },
    });
    const weak = await api(
      'PUT',
      '/user/password',
      { accessToken: tokens.AccessToken, previousPassword: password, proposedPassword: 'weakpass' },
      { token: tokens.IdToken },
    );
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ details: [{ field: 'body.proposedPassword' }] });

    const ok = await api(
      'PUT',
      '/user/password',
      { accessToken: tokens.AccessToken, previousPassword: password, proposedPassword: 'Changed#2025' },
      { token: tokens.IdToken },
    );
    expect(ok).toEqual({ status: 204, body: undefined });
    await expect(signIn(email, password, o)).rejects.toThrow(/NotAuthorizedException/);
    await expect(signIn(email, 'Changed#2025', o)).resolves.toBeTruthy();
  });
});

describe('site settings', () => {
  test('maintenance and announcements: defaults, then what an operator sets', async () => {
    const { site } = await localRepositories(o);
    expect(await api('GET', '/maintenance/maintenance.json')).toEqual({
      status: 200,
      body: { isInMaintenance: false },
    });
    expect(await api('GET', '/announcements/announcements.json')).toEqual({ status: 200, body: [] });

    await site.setMaintenance(true, 'test');
    await site.setAnnouncements(
      [
        {
          id: 'a1',
          header: 'Scheduled outage',
          severity: 'warning',
          persistent: true,
          startTime: '2026-01-01T00:00:00Z',
        },
      ],
      'test',
    );
    try {
      expect(await api('GET', '/maintenance/maintenance.json')).toEqual({
        status: 200,
        body: { isInMaintenance: true },
      });
      expect(await api('GET', '/announcements/announcements.json')).toEqual({
        status: 200,
        body: [
          {
            id: 'a1',
            header: 'Scheduled outage',
            severity: 'warning',
            persistent: true,
            startTime: '2026-01-01T00:00:00Z',
          },
        ],
      });
    } finally {
      await site.setMaintenance(false, 'test');
      await site.setAnnouncements([], 'test');
    }
  });
});
