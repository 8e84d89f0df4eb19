/**
 * docs/accounts.md: an organisation invitation's registration link proves the invitee's mailbox.
 * Whatever the inviting admin can read back through the API (the invitation's id, its dates, the
 * email, the organisation's id...) registers nothing; only the secret in the mailed link does, once,
 * before the invitation expires. The invited registration is a registration like any other
 * (UserRegistered: a participant invitation queued for the email attaches).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { cognitoCall, signIn } from '../support/cognito';
import {
  api,
  outboxFiles,
  registeredUser,
  seedOrganisationInvitation,
  solvedCaptcha,
  waitForMail,
  type OutboxMail,
} from '../support/accounts';
import { waitFor } from '../support/wait';
import type { OrganisationInvitation } from '../../shared/schemas/organisations';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';
import type { ParticipantDto } from '../../shared/schemas/participants';

const o = readOutputs();
const password = 'Taken#Over2025';
const INVITATION_SUBJECT = 'You have been invited to join an organisation on the Consent Portal';

type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });

/** Every string anywhere in a JSON value. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsIn)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsIn)
        : [];

/**
 * The invited registration with `code`, under the body's old field name and its new one, so that no
 * spelling of the call gets through.
 */
const registerInvited = (code: string, pw = password) =>
  api('POST', '/public/user/registration/invited', { invitationCode: code, uuid: code, password: pw });
const lookup = (code: string) =>
  api('POST', '/public/organisation/invitations/lookup', { invitationCode: code });

/** The pool's user of an email, or undefined (UserNotFoundException). */
async function poolUser(email: string): Promise<string | undefined> {
  const { status, json } = await cognitoCall<{ Username?: string }>(o.CognitoEndpoint!, 'AdminGetUser', {
    UserPoolId: o.UserPoolId,
    Username: email,
  });
  if (status === 400 && json.__type === 'UserNotFoundException') return undefined;
  if (status !== 200) throw new Error(`AdminGetUser: ${status} ${JSON.stringify(json)}`);
  return json.Username;
}

const invite = async (admin: Person, email: string) => {
  const res = await api(
    'POST',
    '/user/organisation/invitations',
    { email, firstName: 'Wiremu', lastName: 'Kāinga', captchaToken: await solvedCaptcha(o) },
    as(admin),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res;
};

/** The secret of an invitation mail's registration link (in the URL's fragment). */
const codeOf = (mail: OutboxMail): string => {
  const link = /https?:\/\/\S*\/registration-via-invitation\S*/.exec(mail.text)?.[0] ?? '';
  const code = /#code=([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
  if (!code) throw new Error(`no invitation code in the mail's link: ${link}`);
  return code;
};

let inviter: Person; // a new sole trader: the admin of their own organisation

beforeAll(async () => {
  inviter = await registeredUser('inviter', o);
}, 120_000);

describe('an organisation invitation: only the mailbox registers the account', () => {
  test('an inviter cannot register the invitee with anything it can read back: refused, no account is made', async () => {
    const victim = `victim-${randomUUID()}@demo.consent.nz`;
    const seen = outboxFiles(o);
    const sent = await invite(inviter, victim);
    const list = await api('GET', '/user/organisation/invitations', undefined, as(inviter));
    expect(list.status).toBe(200);
    const members = await api('GET', '/user/organisation/members', undefined, as(inviter));
    const readBack = [
      ...new Set([...stringsIn(sent.body), ...stringsIn(list.body), ...stringsIn(members.body)]),
    ];
    expect(readBack).toContain((sent.body as OrganisationInvitation).id);

    for (const value of readBack) {
      const res = await registerInvited(value);
      expect([400, 404], `${value}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expect((await lookup(value)).status).not.toBe(200);
      expect(
        (await api('GET', `/public/organisation/invitations?uuid=${encodeURIComponent(value)}`)).status,
      ).not.toBe(200);
    }
    expect(await poolUser(victim)).toBeUndefined();
    await expect(signIn(victim, password, o)).rejects.toThrow(/NotAuthorizedException/);

    // Nothing the inviter reads back is the mailed secret (nor its stored hash).
    const code = codeOf(
      await waitForMail(victim, (m) => m.subject === INVITATION_SUBJECT, { seenFiles: seen }),
    );
    const after = await api('GET', '/user/organisation/invitations', undefined, as(inviter));
    expect(JSON.stringify([sent.body, list.body, members.body, after.body])).not.toContain(code);
    expect(await poolUser(victim)).toBeUndefined();
  });

  test('the invitee registers with the mailed link once; a second use, and the code after a resend, fail', async () => {
    const email = `invitee-${randomUUID()}@demo.consent.nz`;
    let seen = outboxFiles(o);
    const inv = (await invite(inviter, email)).body as OrganisationInvitation;
    const mail = await waitForMail(email, (m) => m.subject === INVITATION_SUBJECT, { seenFiles: seen });
    // The secret rides in the fragment (never sent to a server, never in an access log).
    expect(mail.text).not.toMatch(/registration-via-invitation\?/);
    const first = codeOf(mail);
    expect(mail.text).not.toContain(inv.id);

    // A resend mails a new link; the first stops working.
    seen = outboxFiles(o);
    const resend = await api(
      'POST',
      `/user/organisation/invitations/${inv.id}/notifications`,
      undefined,
      as(inviter),
    );
    expect(resend.status).toBeLessThan(300);
    const code = codeOf(
      await waitForMail(email, (m) => m.subject === INVITATION_SUBJECT, { seenFiles: seen }),
    );
    expect(code).not.toBe(first);
    await waitFor('the first link replaced', async () => (await lookup(first)).status === 404);
    expect((await registerInvited(first)).status).toBe(404);

    expect(await lookup(code)).toEqual({ status: 200, body: { email } });
    const res = await registerInvited(code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tokens = await signIn(email, password, o);
    const me = await api('GET', '/user', undefined, { token: tokens.IdToken, outputs: o });
    expect(me.body).toMatchObject({ email, organisationId: inv.organisationId, organisationRole: 'Normal' });

    // Single use: the same link again registers nothing and says the code is not valid.
    expect((await registerInvited(code, 'Another#Pass2025')).status).toBe(404);
    expect((await lookup(code)).status).toBe(404);
    await expect(signIn(email, 'Another#Pass2025', o)).rejects.toThrow(/NotAuthorizedException/);
  });

  test('an expired or revoked invitation with its real code is refused and makes no account', async () => {
    const expired = await seedOrganisationInvitation(
      { expiryDate: new Date(Date.now() - 60_000).toISOString() },
      o,
    );
    const revoked = await seedOrganisationInvitation({ status: 'Revoked' }, o);
    for (const inv of [expired, revoked]) {
      expect(inv.invitationCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await lookup(inv.invitationCode)).status).toBe(404);
      expect((await registerInvited(inv.invitationCode)).status).toBe(404);
      expect(await poolUser(inv.email)).toBeUndefined();
    }
  });

  test('an invited registration is a registration: a participant invitation queued for the email attaches', async () => {
    const applicant = o.DemoUsers.find((d) => d.email === 'applicant@demo.consent.nz')!;
    const owner = (await signIn(applicant.email, applicant.password, o)).IdToken;
    const created = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'Create',
        authorityId: 'akl',
        formId: 'bc',
        address: { address1: '12 Rimu Road', city: 'Auckland', zipCode: '1010', country: 'NZ' },
      },
      { token: owner, outputs: o },
    );
    expect(created.status).toBe(201);
    const appId = (created.body as CreateApplicationResponse).id;
    const email = `both-${randomUUID()}@demo.consent.nz`;
    const added = await api(
      'POST',
      `/user/applications/${appId}/participantsV2`,
      {
        firstName: 'Tama',
        lastName: 'Rangi',
        email,
        accessLevel: 'ReadOnly',
        participantTypes: ['Designer'],
      },
      { token: owner, outputs: o },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const participantId = (added.body as ParticipantDto).id;

    const seen = outboxFiles(o);
    await invite(inviter, email);
    const code = codeOf(
      await waitForMail(email, (m) => m.subject === INVITATION_SUBJECT, { seenFiles: seen }),
    );
    expect((await registerInvited(code)).status).toBe(200);

    const participant = await waitFor('the participant attached', async () => {
      const res = await api('GET', `/user/applications/${appId}/participantsV2`, undefined, {
        token: owner,
        outputs: o,
      });
      const p = (res.body as ParticipantDto[]).find((x) => x.id === participantId);
      return p?.invitation === 'Accepted' ? p : undefined;
    });
    expect(participant.loginUserId).toBeTruthy();
    const token = (await signIn(email, password, o)).IdToken;
    const app = await api('GET', `/user/applications/${appId}`, undefined, { token, outputs: o });
    expect(app.status).toBe(200);
  });
});
