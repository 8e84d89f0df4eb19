/**
 * Organisations through the local API (docs/organisations.md): invite → register via the
 * mail's link → member; invite an existing user → accept on the dashboard → member; revoke and
 * resend; a merge moves members and contacts and a replayed accept changes nothing; a Normal member
 * gets 403 on every admin call; a disabled member loses the contact library; the last admin stays.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, outboxFiles, registeredUser, solvedCaptcha, waitForMail } from '../support/accounts';
import { routeKey, routes, type RouteDef } from '../../functions/routes';
import type {
  MergeInvitationsResponse,
  OrganisationInvitation,
  OrganisationInvitationsResponse,
  OrganisationMembersResponse,
} from '../../shared/schemas/organisations';
import type { ContactPage } from '../../shared/schemas/contacts';
import { organisationMessages as msg, userOrganisationRole } from '../../shared/domain/organisations';
import type { UserDto } from '../../shared/schemas/user';

const o = readOutputs();
type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });
const members = async (p: Person) => {
  const res = await api('GET', '/user/organisation/members', undefined, as(p));
  expect(res.status).toBe(200);
  return res.body as OrganisationMembersResponse;
};
const invite = async (admin: Person, email: string) => {
  const res = await api(
    'POST',
    '/user/organisation/invitations',
    { email, firstName: 'Hine', lastName: 'Moana', captchaToken: await solvedCaptcha(o) },
    as(admin),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as OrganisationInvitation;
};

let admin: Person; // a design practice's admin (its organisation written on the first change)
let orgId: string;
let normal: Person; // joined through the registration link

beforeAll(async () => {
  admin = await registeredUser('org-admin', o);
  const named = await api(
    'PATCH',
    '/user/organisation',
    { displayName: 'Kauri Design Ltd', colour: '#225588' },
    as(admin),
  );
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  orgId = (named.body as { id: string }).id;
}, 120_000);

describe('organisations', () => {
  test('invite → the mail link → register → an active Normal member', async () => {
    const email = `org-new-${Date.now()}@demo.consent.nz`;
    const seen = outboxFiles(o);
    const inv = await invite(admin, email);
    expect(inv).toMatchObject({ status: 'Pending', organisationName: 'Kauri Design Ltd', email });
    const mail = await waitForMail(email, () => true, { seenFiles: seen, outputs: o });
    // The link's secret rides in the fragment; it is not the invitation's id (docs/organisations.md).
    const code = /registration-via-invitation#code=([\w-]+)/.exec(mail.text)?.[1];
    expect(code).toMatch(/^[\w-]{43}$/);
    expect(code).not.toBe(inv.id);
    expect(await api('POST', '/public/organisation/invitations/lookup', { invitationCode: code })).toEqual({
      status: 200,
      body: { email },
    });
    const password = 'Joined#2025nz';
    expect(
      (await api('POST', '/public/user/registration/invited', { invitationCode: code, password })).status,
    ).toBe(200);
    const tokens = await signIn(email, password, o);
    normal = { email, password, token: tokens.IdToken, sub: '' };
    const list = await members(admin);
    expect(list.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email, role: 'Normal', status: 'Active', organisationId: orgId }),
      ]),
    );
    normal.sub = list.users.find((u) => u.email === email)!.id;
    expect((await members(normal)).organisationId).toBe(orgId);
  }, 120_000);

  test('a Normal member reads the members and gets 403 on every admin call', async () => {
    const adminRoutes = (routes as readonly RouteDef[]).filter(
      (r) => 'organisation' in r.access && r.access.organisation === 'Admin',
    );
    expect(adminRoutes.length).toBeGreaterThan(10);
    const bodies: Record<string, unknown> = {
      'PATCH /user/organisation/members/{id}/roles': { isAdministrator: true },
      'PUT /user/organisation/members/{id}/status': { status: 'Disabled' },
      'POST /user/organisation': { existingUserId: admin.sub },
      'PATCH /user/organisation': { displayName: 'Taken Over' },
      'POST /user/organisation/invitations': {
        email: 'x@demo.consent.nz',
        firstName: 'X',
        lastName: 'Y',
        captchaToken: 'x',
      },
      'PATCH /user/organisation/invitations/{id}': { status: 'Revoked' },
      'POST /user/organisation/merge': { organisationId: 'other' },
      'POST /user/organisation/merge-invitations': {
        inviteeOrganisationId: 'other',
        inviteeAdminEmail: admin.email,
      },
      'PATCH /user/organisation/merge-invitations/{id}': { status: 'Revoked' },
      'PATCH /user/merge-invitations/{id}': { status: 'Accepted' },
    };
    const answers: Record<string, number> = {};
    for (const r of adminRoutes) {
      const path =
        r.path.replace('{id}', admin.sub) + (r.path.endsWith('/lookup') ? `?email=${admin.email}` : '');
      answers[routeKey(r)] = (await api(r.method, path, bodies[routeKey(r)], as(normal))).status;
    }
    expect(answers).toEqual(Object.fromEntries(adminRoutes.map((r) => [routeKey(r), 403])));
    expect((await members(admin)).users.find((u) => u.id === admin.sub)).toMatchObject({
      role: 'Admin',
      status: 'Active',
    });
  }, 60_000);

  test('an existing user is invited, sees it, and accepts on the dashboard', async () => {
    const existing = await registeredUser('org-existing', o);
    const seen = outboxFiles(o);
    const inv = await invite(admin, existing.email);
    const mail = await waitForMail(existing.email, () => true, { seenFiles: seen, outputs: o });
    expect(mail.text).toContain('dashboard');
    const mine = (await api('GET', '/user/organisation-invitations', undefined, as(existing)))
      .body as OrganisationInvitationsResponse;
    expect(mine.invitations).toEqual([
      expect.objectContaining({ id: inv.id, status: 'Pending', organisationName: 'Kauri Design Ltd' }),
    ]);
    const accepted = await api(
      'PATCH',
      `/user/organisation-invitations/${inv.id}`,
      { status: 'Accepted' },
      as(existing),
    );
    expect(accepted).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    expect((await members(admin)).users).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: existing.email, role: 'Normal' })]),
    );
    const me = await api('GET', '/user', undefined, as(existing));
    expect(me.body).toMatchObject({ organisationId: orgId, organisationRole: 'Normal' });
  }, 120_000);

  test('resend mails again and restarts the expiry; revoke closes it; one pending invitation per email', async () => {
    const email = `org-revoke-${Date.now()}@demo.consent.nz`;
    const inv = await invite(admin, email);
    const again = await api(
      'POST',
      '/user/organisation/invitations',
      { email, firstName: 'Hine', lastName: 'Moana', captchaToken: await solvedCaptcha(o) },
      as(admin),
    );
    expect(again).toMatchObject({
      status: 400,
      body: { details: [{ field: 'body.email', reason: msg.alreadyInvited }] },
    });
    await waitForMail(email, () => true, { outputs: o });
    const seen = outboxFiles(o);
    expect(
      (await api('POST', `/user/organisation/invitations/${inv.id}/notifications`, undefined, as(admin)))
        .status,
    ).toBe(204);
    const resent = await waitForMail(email, () => true, { seenFiles: seen, outputs: o });
    const code = /registration-via-invitation#code=([\w-]+)/.exec(resent.text)?.[1];
    expect(code).toMatch(/^[\w-]{43}$/);
    const revoked = await api(
      'PATCH',
      `/user/organisation/invitations/${inv.id}`,
      { status: 'Revoked' },
      as(admin),
    );
    expect(revoked).toMatchObject({ status: 200, body: { status: 'Revoked' } });
    const sent = (await api('GET', '/user/organisation/invitations', undefined, as(admin)))
      .body as OrganisationInvitationsResponse;
    expect(sent.invitations.find((i) => i.id === inv.id)?.status).toBe('Revoked');
    expect(
      (await api('POST', `/user/organisation/invitations/${inv.id}/notifications`, undefined, as(admin)))
        .status,
    ).toBe(400);
    expect(
      (await api('POST', '/public/organisation/invitations/lookup', { invitationCode: code })).status,
    ).toBe(404);
  }, 120_000);

  test('a disabled member loses the contact library and the member calls; enabled again they have them back', async () => {
    expect((await api('GET', '/user/organisation/contacts', undefined, as(normal))).status).toBe(200);
    const off = await api(
      'PUT',
      `/user/organisation/members/${normal.sub}/status`,
      { status: 'Disabled' },
      as(admin),
    );
    expect(off).toMatchObject({ status: 200, body: { status: 'Disabled' } });
    expect((await api('GET', '/user/organisation/contacts', undefined, as(normal))).status).toBe(403);
    expect(
      (await api('POST', '/user/organisation/contacts', { firstName: 'A', lastName: 'B' }, as(normal)))
        .status,
    ).toBe(403);
    expect((await api('GET', '/user/organisation/members', undefined, as(normal))).status).toBe(403);
    // Their own account stays.
    expect((await api('GET', '/user', undefined, as(normal))).status).toBe(200);
    expect(
      (await api('PUT', `/user/organisation/members/${normal.sub}/status`, { status: 'Active' }, as(admin)))
        .status,
    ).toBe(200);
    expect((await api('GET', '/user/organisation/contacts', undefined, as(normal))).status).toBe(200);
  }, 60_000);

  test('the last active admin cannot step down; a member of another organisation is not found', async () => {
    const res = await api(
      'PATCH',
      `/user/organisation/members/${admin.sub}/roles`,
      { isAdministrator: false },
      as(admin),
    );
    expect(res).toMatchObject({ status: 400, body: { message: msg.lastAdmin } });
    const stranger = await api(
      'PATCH',
      `/user/organisation/members/not-a-member/roles`,
      { isAdministrator: true },
      as(admin),
    );
    expect(stranger.status).toBe(404);
  });

  test('a merge moves members and contacts; a replayed accept changes nothing', async () => {
    const other = await registeredUser('org-other', o);
    const contact = await api(
      'POST',
      '/user/organisation/contacts',
      { firstName: 'Rangi', lastName: 'Merged', email: `rangi-${Date.now()}@example.nz` },
      as(other),
    );
    expect(contact.status).toBe(201);
    const found = await api(
      'GET',
      `/user/organisation/lookup?email=${encodeURIComponent(other.email)}`,
      undefined,
      as(admin),
    );
    expect(found).toMatchObject({ status: 200, body: { administrators: [{ email: other.email }] } });
    const seen = outboxFiles(o);
    const sent = await api(
      'POST',
      '/user/organisation/merge-invitations',
      { inviteeOrganisationId: (found.body as { id: string }).id, inviteeAdminEmail: other.email },
      as(admin),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await waitForMail(other.email, () => true, { seenFiles: seen, outputs: o });
    const received = (await api('GET', '/user/merge-invitations', undefined, as(other)))
      .body as MergeInvitationsResponse;
    const inv = received.mergeInvitations[0]!;
    expect(inv).toMatchObject({
      status: 'Pending',
      organisationId: orgId,
      organisationName: 'Kauri Design Ltd',
    });
    const accept = await api('PATCH', `/user/merge-invitations/${inv.id}`, { status: 'Accepted' }, as(other));
    expect(accept).toMatchObject({ status: 200, body: { status: 'Accepted' } });

    const after = await members(admin);
    expect(after.users).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: other.email, role: 'Admin' })]),
    );
    const library = (await api('GET', '/user/organisation/contacts?search_text=merged', undefined, as(admin)))
      .body as ContactPage;
    expect(library.items.map((c) => c.lastName)).toEqual(['Merged']);

    const replay = await api('PATCH', `/user/merge-invitations/${inv.id}`, { status: 'Accepted' }, as(other));
    expect(replay.status).toBe(200);
    expect(await members(admin)).toEqual(after);
    const again = (await api('GET', '/user/organisation/contacts?search_text=merged', undefined, as(admin)))
      .body as ContactPage;
    expect(again.items).toEqual(library.items);
  }, 180_000);

  test('a sole trader: GET /user reads Normal from the record (docs/organisations.md), the web counts them admin of their own, and the server allows those admin calls', async () => {
    const sole = await registeredUser('org-sole', o);
    const me = await api('GET', '/user', undefined, as(sole));
    expect(me.status).toBe(200);
    const user = me.body as UserDto;
    expect(user.organisationRole).toBe('Normal');
    expect(user.organisationId).toBeUndefined();
    // What the web decides from GET /user (useIsAdmin, the dashboard's merge invitations)...
    expect(userOrganisationRole(user)).toBe('Admin');
    // ...is what the server allows: admin-only reads, and their own member row says Admin.
    for (const path of [
      '/user/organisation/invitations',
      '/user/organisation/merge-invitations',
      '/user/merge-invitations',
    ])
      expect((await api('GET', path, undefined, as(sole))).status, path).toBe(200);
    const list = await members(sole);
    expect(list.users).toEqual([
      expect.objectContaining({ email: sole.email, role: 'Admin', status: 'Active' }),
    ]);
  }, 120_000);
});
