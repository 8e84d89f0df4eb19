/**
 * Registration through an organisation invitation against the local stack: lookup, registration,
 * sign-in, the user record with the organisation, the invitation accepted; invalid codes. The code
 * is the registration link's secret (seeded as the invitation mail makes it); the inviter's side is
 * accounts-invitation-secret.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { readOutbox, signIn } from '../support/cognito';
import { api, localRepositories, seedOrganisationInvitation } from '../support/accounts';

const o = readOutputs();
const password = 'Invited#2025';
const notValid = {
  status: 404,
  body: expect.objectContaining({ code: 'ResourceNotFound', message: 'Resource not found' }),
};
const lookup = (invitationCode: string) =>
  api('POST', '/public/organisation/invitations/lookup', { invitationCode });
const registerInvited = (invitationCode: string, pw = password) =>
  api('POST', '/public/user/registration/invited', { invitationCode, password: pw });

describe('registration via invitation', () => {
  test('lookup gives the email; registering signs in at once with the organisation on the record', async () => {
    const inv = await seedOrganisationInvitation({ organisationName: 'Kauri Homes' }, o);
    expect(await lookup(inv.invitationCode)).toEqual({ status: 200, body: { email: inv.email } });

    const mailBefore = readOutbox(o).length;
    const res = await registerInvited(inv.invitationCode);
    expect(res.status).toBe(200);
    const { username } = res.body as { username: string };
    expect(username).toMatch(/^[0-9a-f-]{36}$/);
    // No verification mail: the invitation proved the address.
    expect(readOutbox(o).filter((m) => m.to.includes(inv.email))).toHaveLength(0);
    expect(readOutbox(o).length).toBe(mailBefore);

    const tokens = await signIn(inv.email, password, o);
    const me = await api('GET', '/user', undefined, { token: tokens.IdToken });
    expect(me).toEqual({
      status: 200,
      body: expect.objectContaining({
        id: username,
        email: inv.email,
        organisationId: inv.organisationId,
        organisationRole: 'Normal',
      }),
    });

    const { invitations } = await localRepositories(o);
    expect((await invitations.getOrganisationInvitation(inv.invitationId))?.status).toBe('Accepted');
    // Used once: the code is no longer valid.
    expect(await lookup(inv.invitationCode)).toEqual(notValid);
    expect(await registerInvited(inv.invitationCode)).toEqual(notValid);
  });

  test('unknown, expired and revoked codes are 404 for lookup and registration, and create nothing', async () => {
    const expired = await seedOrganisationInvitation(
      { expiryDate: new Date(Date.now() - 60_000).toISOString() },
      o,
    );
    const revoked = await seedOrganisationInvitation({ status: 'Revoked' }, o);
    const unknown = randomBytes(32).toString('base64url');
    for (const code of [unknown, expired.invitationCode, revoked.invitationCode]) {
      expect(await lookup(code)).toEqual(notValid);
      expect(await registerInvited(code)).toEqual(notValid);
    }
    await expect(signIn(expired.email, password, o)).rejects.toThrow(/NotAuthorizedException/);
    expect(await api('POST', '/public/organisation/invitations/lookup', {})).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'ClientError',
        details: [{ field: 'body.invitationCode', reason: 'Required' }],
      }),
    });
    // The invitation's id (what its inviter reads back) is not a code.
    expect(await registerInvited(expired.invitationId)).toEqual({
      status: 400,
      body: expect.objectContaining({
        details: [{ field: 'body.invitationCode', reason: 'Invitation code is not valid' }],
      }),
    });
  });

  test('an invitation to an email that already has an account is 400 USER.EXISTS.COGNITO.400; the invitation stays Pending', async () => {
    const demo = o.DemoUsers[0]!;
    const inv = await seedOrganisationInvitation({ email: demo.email }, o);
    const res = await registerInvited(inv.invitationCode);
    expect(res).toEqual({
      status: 400,
      body: { code: 'USER.EXISTS.COGNITO.400', message: 'An account already exists with this email' },
    });
    const { invitations } = await localRepositories(o);
    expect((await invitations.getOrganisationInvitation(inv.invitationId))?.status).toBe('Pending');
    // The demo user's password is unchanged.
    await expect(signIn(demo.email, demo.password, o)).resolves.toBeTruthy();
  });

  test('a weak password is 400 with the password message and creates no account', async () => {
    const inv = await seedOrganisationInvitation({}, o);
    const res = await registerInvited(inv.invitationCode, 'weak');
    expect(res).toEqual({
      status: 400,
      body: {
        code: 'ClientError',
        message: 'Invalid request',
        details: [
          {
            field: 'body.password',
            reason: 'Requires at least 8, upper, lower, numerical & special characters',
          },
        ],
      },
    });
    expect(await lookup(inv.invitationCode)).toEqual({ status: 200, body: { email: inv.email } });
  });
});
