/**
 * The authorization matrix's calls of the organisation routes (test/integration/authorization-matrix.test.ts;
 * docs/organisations.md), made by the agent demo user, a sole trader (the admin of their own
 * organisation), with the owner demo user as the other organisation. Merges that would move either
 * demo user are not made here (the other suites rely on their libraries): organisations.test.ts has them.
 */
import { randomUUID } from 'node:crypto';
import { api, solvedCaptcha } from './accounts';
import type { StackOutputs } from './outputs';

interface Person {
  email: string;
  token: string;
  sub: string;
}
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface UserCall {
  request: (caller: Person) => Request | Promise<Request>;
  alsoAccepted?: { statuses: number[]; why: string };
}

export function organisationCalls(
  o: StackOutputs,
  owner: () => Person,
  /** Writes a user record and an active Normal membership of `organisationId`. */
  seedMember: (userId: string, email: string, organisationId: string) => Promise<void>,
): { calls: Record<string, UserCall>; prepare: (agent: Person) => Promise<void> } {
  /**
   * Every fixture a call names (an invitation, a member) is made once, before the token cases run
   * concurrently (a write then would show in another case's before/after): `prepare`. Refused calls
   * consume nothing; the one success consumes it.
   */
  const made = new Map<string, Promise<string>>();
  const once = (key: string, make: () => Promise<string>) => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key)!;
  };
  const call = async (p: Person, method: string, path: string, body?: unknown) => {
    const res = await api(method, path, body, { token: p.token, outputs: o });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  /** The caller's organisation, written if it was only implied (a sole trader's). */
  const organisationOf = async (p: Person) =>
    (await call(p, 'PATCH', '/user/organisation', { displayName: 'Matrix Design' })).id as string;
  const invitation = async (p: Person, email = `matrix-${randomUUID()}@demo.consent.nz`) =>
    (
      await call(p, 'POST', '/user/organisation/invitations', {
        email,
        firstName: 'Matrix',
        lastName: 'Invitee',
        captchaToken: await solvedCaptcha(o),
      })
    ).id as string;
  /** A pending merge invitation from `from` to `to`'s organisation (the one pending, or a new one). */
  const mergeInvitation = async (from: Person, to: Person) => {
    const target = await call(from, 'GET', `/user/organisation/lookup?email=${encodeURIComponent(to.email)}`);
    const sent = (await call(from, 'GET', '/user/organisation/merge-invitations')).mergeInvitations as {
      id: string;
      status: string;
      inviteeOrganisationId: string;
    }[];
    const pending = sent.find((i) => i.status === 'Pending' && i.inviteeOrganisationId === target.id);
    if (pending) return pending.id;
    return (
      await call(from, 'POST', '/user/organisation/merge-invitations', {
        inviteeOrganisationId: target.id,
        inviteeAdminEmail: to.email,
      })
    ).id as string;
  };
  let solved: { at: number; token: Promise<string> } | undefined;
  const captcha = () => {
    if (!solved || Date.now() - solved.at > 5 * 60_000) solved = { at: Date.now(), token: solvedCaptcha(o) };
    return solved.token;
  };
  const pendingHeld = {
    statuses: [400],
    why: 'one pending merge invitation per pair of organisations: another call of the matrix may hold it',
  };
  const calls: Record<string, UserCall> = {
    'GET /user/organisation/members': { request: () => ({}) },
    'PATCH /user/organisation/members/{id}/roles': {
      request: (c) => ({ params: { id: c.sub }, body: { isAdministrator: true } }),
    },
    'PUT /user/organisation/members/{id}/status': {
      request: (c) => ({ params: { id: c.sub }, body: { status: 'Active' } }),
    },
    'POST /user/organisation': {
      // A member of the caller's organisation, released into an organisation of their own.
      request: async (c) => ({
        body: {
          existingUserId: await once('member', async () => {
            const organisationId = await organisationOf(c);
            const userId = `matrix-${randomUUID()}`;
            await seedMember(userId, `${userId}@demo.consent.nz`, organisationId);
            return userId;
          }),
        },
      }),
      alsoAccepted: {
        statuses: [409],
        why: 'the members changed meanwhile (concurrent matrix calls on one organisation)',
      },
    },
    'PATCH /user/organisation': {
      request: () => ({ body: { displayName: 'Matrix Design', colour: '#123456' } }),
    },
    'POST /user/organisation/image-uploads': {
      request: () => ({ body: { contentType: 'image/png', contentLength: 1024 } }),
    },
    'GET /user/organisation/lookup': { request: () => ({ query: { email: owner().email } }) },
    'GET /user/organisation/invitations': { request: () => ({}) },
    'POST /user/organisation/invitations': {
      request: async () => ({
        body: {
          email: `matrix-${randomUUID()}@demo.consent.nz`,
          firstName: 'Matrix',
          lastName: 'Invitee',
          // Shared by the concurrent token cases (solving many at once times out under load; a
          // refused call never claims it); solved again once it is 5 minutes old (challenges last 10).
          captchaToken: await captcha(),
        },
      }),
    },
    'PATCH /user/organisation/invitations/{id}': {
      request: async (c) => ({
        params: { id: await once('revoke', () => invitation(c)) },
        body: { status: 'Revoked' },
      }),
    },
    'POST /user/organisation/invitations/{id}/notifications': {
      request: async (c) => ({ params: { id: await once('resend', () => invitation(c)) } }),
    },
    'GET /user/organisation-invitations': { request: () => ({}) },
    'PATCH /user/organisation-invitations/{id}': {
      // The owner's organisation invites the caller, who declines (accepting would move a demo user).
      request: async (c) => ({
        params: { id: await once('received', () => invitation(owner(), c.email)) },
        body: { status: 'Rejected' },
      }),
      alsoAccepted: { statuses: [400], why: "one pending invitation per email: another run's may hold it" },
    },
    'POST /user/organisation/merge': {
      request: () => ({ body: { organisationId: `matrix-${randomUUID()}` } }),
      alsoAccepted: {
        statuses: [404],
        why: 'no merge invitation from that organisation: a real merge moves a demo user (organisations.test.ts merges)',
      },
    },
    'GET /user/organisation/merge-invitations': { request: () => ({}) },
    'POST /user/organisation/merge-invitations': {
      // The owner is a sole trader: their organisation's id is implied until it is written.
      request: () => ({
        body: { inviteeOrganisationId: `sole-trader-${owner().sub}`, inviteeAdminEmail: owner().email },
      }),
      alsoAccepted: pendingHeld,
    },
    'PATCH /user/organisation/merge-invitations/{id}': {
      request: async (c) => ({
        params: { id: await once('merge-sent', () => mergeInvitation(c, owner())) },
        body: { status: 'Revoked' },
      }),
      alsoAccepted: pendingHeld,
    },
    'POST /user/organisation/merge-invitations/{id}/notifications': {
      request: async (c) => ({ params: { id: await once('merge-sent', () => mergeInvitation(c, owner())) } }),
      alsoAccepted: pendingHeld,
    },
    'GET /user/merge-invitations': { request: () => ({}) },
    'PATCH /user/merge-invitations/{id}': {
      // The owner's organisation invites the caller's to merge; the caller rejects it.
      request: async (c) => ({
        params: { id: await once('merge-received', () => mergeInvitation(owner(), c)) },
        body: { status: 'Rejected' },
      }),
      alsoAccepted: pendingHeld,
    },
  };
  return {
    calls,
    prepare: async (agent) => {
      await organisationOf(agent);
      for (const c of Object.values(calls)) await c.request(agent);
    },
  };
}
