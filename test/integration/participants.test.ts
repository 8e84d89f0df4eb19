/**
 * Participants through the local API (docs/participants.md): a participant's access row is
 * what grants them the application (lists, level, removal), the rules refused with their messages
 * and nothing changed, a one-person role under concurrent adds, history newest first.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, solvedCaptcha, waitForMail } from '../support/accounts';
import { waitFor } from '../support/wait';
import type { CreateApplicationResponse, HistoryItem } from '../../shared/schemas/applications';
import type { ParticipantDto } from '../../shared/schemas/participants';

const o = readOutputs();
const demo = (email: string) => {
  const u = o.DemoUsers.find((d) => d.email === email);
  if (!u) throw new Error(`no demo user ${email}`);
  return u;
};

let owner: string; // applicant@ (creates the applications: Manage, the owner's roles)
let agent: string; // agent@ (added as a participant)
const AGENT_EMAIL = demo('agent@demo.consent.nz').email;

const site = () => ({
  address1: `${Math.floor(Math.random() * 900) + 10} Karaka Street`,
  city: 'Auckland',
  zipCode: '1010',
  country: 'NZ',
});
const contact = {
  phone: '021 555 1234',
  address: { address1: '5 Willis Street', city: 'Wellington', country: 'NZ', zipCode: '6011' },
};

async function newApplication(): Promise<string> {
  const res = await api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site() },
    { token: owner },
  );
  expect(res.status).toBe(201);
  return (res.body as CreateApplicationResponse).id;
}
const url = (id: string, rest = '') => `/user/applications/${id}/participantsV2${rest}`;
const list = async (id: string, token = owner, includeDeleted = false) => {
  const res = await api('GET', url(id, includeDeleted ? '?includeDeleted=true' : ''), undefined, { token });
  expect(res.status).toBe(200);
  return res.body as ParticipantDto[];
};
const add = (id: string, body: Record<string, unknown>, token = owner) =>
  api('POST', url(id), { firstName: 'Tama', lastName: 'Rangi', ...body }, { token }) as Promise<{
    status: number;
    body: ParticipantDto & { message?: string; details?: { field: string; reason: string }[] };
  }>;
const inAgentsList = async (id: string) => {
  const res = await api('GET', '/user/applicationsV2?pageSize=100', undefined, { token: agent });
  return (res.body as { items: { id: string; accessLevel: string }[] }).items.find((a) => a.id === id);
};

beforeAll(async () => {
  const [a, b] = await Promise.all(
    ['applicant@demo.consent.nz', 'agent@demo.consent.nz'].map((e) => signIn(e, demo(e).password, o)),
  );
  owner = a!.IdToken;
  agent = b!.IdToken;
});

describe('participants: access follows the participant', () => {
  test('a user added as a participant gets the application at their level, and loses it when removed', async () => {
    const id = await newApplication();
    expect((await api('GET', `/user/applications/${id}`, undefined, { token: agent })).status).toBe(404);
    const added = await add(id, {
      email: AGENT_EMAIL.toUpperCase(),
      accessLevel: 'Edit',
      participantTypes: ['Builder'],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      invitation: 'Accepted',
      accessLevel: 'Edit',
      participantTypes: ['Builder'],
    });
    expect(added.body.loginUserId).toBeTruthy();
    const app = await api('GET', `/user/applications/${id}`, undefined, { token: agent });
    expect(app.status).toBe(200);
    expect((app.body as { application: { accessLevel: string } }).application.accessLevel).toBe('Edit');
    await waitFor(
      'the application in the agent list',
      async () => (await inAgentsList(id))?.accessLevel === 'Edit',
    );

    // Lowered to ReadOnly: the agent can read, not add.
    const lowered = await api(
      'PATCH',
      url(id, `/${added.body.id}`),
      {
        firstName: 'Tama',
        lastName: 'Rangi',
        email: AGENT_EMAIL,
        participantTypes: ['Builder'],
        accessLevel: 'ReadOnly',
      },
      { token: owner },
    );
    expect(lowered.status).toBe(200);
    expect((await add(id, { email: `x-${randomUUID()}@example.nz` }, agent)).status).toBe(403);

    expect(
      (
        await api('DELETE', `/user/applications/${id}/participants/${added.body.id}`, undefined, {
          token: owner,
        })
      ).status,
    ).toBe(204);
    expect((await api('GET', `/user/applications/${id}`, undefined, { token: agent })).status).toBe(404);
    await waitFor(
      'the application gone from the agent list',
      async () => (await inAgentsList(id)) === undefined,
    );

    // Restored: back, at the level they had.
    const restored = await api('PATCH', url(id, `/${added.body.id}/restore`), undefined, { token: owner });
    expect(restored.status).toBe(200);
    expect((await api('GET', `/user/applications/${id}`, undefined, { token: agent })).status).toBe(200);
  });

  test('someone without a sign-in is invited (Queued); without access they are not', async () => {
    const id = await newApplication();
    const invited = await add(id, { email: `new-${randomUUID()}@example.nz`, accessLevel: 'ReadOnly' });
    expect(invited.body).toMatchObject({ invitation: 'Queued', accessLevel: 'ReadOnly' });
    expect(invited.body.loginUserId).toBeUndefined();
    const quiet = await add(id, { email: `quiet-${randomUUID()}@example.nz`, accessLevel: 'None' });
    expect(quiet.body.invitation).toBe('None');
  });
});

describe('participants: invitations', () => {
  test('an invitation mail lands in the outbox, and signing up with that address attaches the user', async () => {
    const id = await newApplication();
    const email = `invitee-${randomUUID()}@demo.consent.nz`;
    const added = await add(id, { email, accessLevel: 'ReadOnly', participantTypes: ['Designer'] });
    expect(added.body.invitation).toBe('Queued');
    const mail = await waitForMail(
      email,
      (m) => m.subject === 'You have been added to a building consent application',
      { outputs: o },
    );
    expect(mail.text).toContain('as Designer');
    const landing = encodeURIComponent(`/application-details/${id}`);
    expect(mail.text).toContain(`/registration?email=${encodeURIComponent(email)}&returnTo=${landing}`);
    await waitFor(
      'the invitation Unregistered',
      async () => (await list(id)).find((p) => p.id === added.body.id)?.invitation === 'Unregistered',
    );

    const password = 'Invitee#2026';
    const reg = await api('POST', '/public/user/registration', {
      email,
      firstName: 'Ana',
      lastName: 'Lee',
      password,
      acknowledgement: true,
      captchaToken: await solvedCaptcha(o),
      returnTo: `/application-details/${id}`,
    });
    expect(reg.status).toBe(200);
    const confirmation = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', {
      outputs: o,
    });
    // The confirmation link carries the application on to the first sign-in.
    expect(confirmation.text).toContain(`&returnTo=${landing}`);
    const code = confirmation.code;
    expect((await api('POST', '/public/user/registration/confirm', { email, code })).status).toBe(204);
    const token = (await signIn(email, password, o)).IdToken;
    const p = await waitFor('the invitee attached', async () => {
      const found = (await list(id)).find((x) => x.id === added.body.id);
      return found?.invitation === 'Accepted' ? found : undefined;
    });
    expect(p.loginUserId).toBeTruthy();
    const app = await api('GET', `/user/applications/${id}`, undefined, { token });
    expect(app.status).toBe(200);
    expect((app.body as { application: { accessLevel: string } }).application.accessLevel).toBe('ReadOnly');
  });
});

describe('participants: the return path of an invitation', () => {
  test('a registration with a return path to another site is 400 on body.returnTo', async () => {
    for (const returnTo of ['https://evil.example/x', '//evil.example/x']) {
      const res = await api('POST', '/public/user/registration', {
        email: `evil-${randomUUID()}@example.nz`,
        firstName: 'Eve',
        lastName: 'Lee',
        password: 'Invitee#2026',
        acknowledgement: true,
        captchaToken: 'x',
        returnTo,
      });
      expect(res.status).toBe(400);
      expect((res.body as { details: unknown[] }).details).toContainEqual({
        field: 'body.returnTo',
        reason: 'Must be a path of this site',
      });
    }
  });
});

describe('participants: the rules, refused with their messages and nothing changed', () => {
  test('bad fields are 400 with the field and reason', async () => {
    const id = await newApplication();
    const before = await list(id, owner, true);
    const bad = await add(id, { email: 'not-an-email', participantTypes: ['Agent'] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { field: 'body.email', reason: 'Invalid email format' },
        { field: 'body.phone', reason: 'You must provide a valid contact number' },
        { field: 'body.address', reason: "Complete address required for participant's role" },
      ]),
    );
    const dup = await add(id, { email: demo('applicant@demo.consent.nz').email });
    expect(dup.status).toBe(400);
    expect(dup.body.details).toEqual([
      { field: 'body.email', reason: 'Email used on existing participant: email must be unique' },
    ]);
    expect(await list(id, owner, true)).toEqual(before);
  });

  test("the holder of a required role cannot be removed: '{types} type is required'", async () => {
    const id = await newApplication();
    const [me] = await list(id);
    const res = await api('DELETE', `/user/applications/${id}/participants/${me!.id}`, undefined, {
      token: owner,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'Registered owner, Owner, Owner contact, Invoice payer type is required',
    );
  });

  test("a type sent by its id is its name: an Agent sent as 'agent' needs a contact number (docs/participants.md)", async () => {
    const id = await newApplication();
    const before = await list(id, owner, true);
    const email = `agent-${randomUUID()}@example.nz`;
    const bad = await add(id, { email, participantTypes: ['agent'] });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'body.phone', reason: 'You must provide a valid contact number' },
      { field: 'body.address', reason: "Complete address required for participant's role" },
    ]);
    expect(await list(id, owner, true)).toEqual(before);
    const ok = await add(id, { email, participantTypes: ['agent', 'DESIGNER'], ...contact });
    expect(ok.status).toBe(201);
    expect(ok.body.participantTypes).toEqual(['Agent', 'Designer']);
  });

  test('a second holder of a required role cannot be removed either (docs/participants.md)', async () => {
    const id = await newApplication();
    const hemi = await add(id, {
      email: `hemi-${randomUUID()}@example.nz`,
      participantTypes: ['registered-owner'],
    });
    expect(hemi.status).toBe(201);
    expect(hemi.body.participantTypes).toEqual(['RegisteredOwner']);
    const res = await api('DELETE', `/user/applications/${id}/participants/${hemi.body.id}`, undefined, {
      token: owner,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe('Registered owner type is required');
    expect((await list(id)).map((p) => p.id)).toContain(hemi.body.id);
  });

  test('two adds giving the same ExactlyOne role at once: exactly one holder after both', async () => {
    const id = await newApplication();
    const results = await Promise.all(
      [1, 2].map((n) =>
        add(id, {
          email: `payer-${n}-${randomUUID()}@example.nz`,
          participantTypes: ['InvoicePayer'],
          ...contact,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201]);
    const holders = (await list(id)).filter((p) => p.participantTypes.includes('InvoicePayer'));
    expect(holders).toHaveLength(1);
  });

  test('history: every add, update, remove and restore, newest first', async () => {
    const id = await newApplication();
    const p = (await add(id, { email: `h-${randomUUID()}@example.nz`, participantTypes: ['Engineer'] })).body;
    await api(
      'PATCH',
      url(id, `/${p.id}`),
      {
        firstName: 'Tamati',
        lastName: 'Rangi',
        email: p.email,
        participantTypes: ['Engineer'],
        accessLevel: 'ReadOnly',
      },
      { token: owner },
    );
    await api('DELETE', `/user/applications/${id}/participants/${p.id}`, undefined, { token: owner });
    await api('PATCH', url(id, `/${p.id}/restore`), undefined, { token: owner });
    const res = await api(
      'GET',
      `/user/applications/${id}/history?entity=PARTICIPANT&id=${p.id}`,
      undefined,
      { token: owner },
    );
    expect(res.status).toBe(200);
    const items = res.body as HistoryItem[];
    expect(items.map((h) => h.eventType)).toEqual([
      'ParticipantRestored',
      'ParticipantRemoved',
      'ParticipantUpdated',
      'ParticipantAdded',
    ]);
    expect(items[2]!.delta).toMatchObject({ firstName: ['Tama', 'Tamati'] });
  });
});
