/**
 * Merges and what they leave behind, through the local API (docs/organisations.md
 * "Merge"): the merged organisation's pending invitations (to join it, and to merge from or into
 * it) are closed by the merge and read Revoked; nobody joins a dissolved organisation, not even
 * through an invitation a cut-short merge left pending; a second Accepted on the merge invitation
 * changes nothing (no member moves again, no event is written twice).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { readOutputs } from '../support/outputs';
import { api, registeredUser, solvedCaptcha } from '../support/accounts';
import { eventsSettled } from '../support/events';
import { pointAtStack } from '../support/documents';
import { organisationMessages as msg } from '../../shared/domain/organisations';
import type {
  MergeInvitation,
  MergeInvitationsResponse,
  OrganisationInvitation,
  OrganisationInvitationsResponse,
  OrganisationMembersResponse,
} from '../../shared/schemas/organisations';
import type { UserDto } from '../../shared/schemas/user';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');

type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });

/** An admin with their organisation written, named `displayName`; its id. */
async function organisationOf(p: Person, displayName: string): Promise<string> {
  const res = await api('PATCH', '/user/organisation', { displayName }, as(p));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }).id;
}

async function inviteToJoin(admin: Person, who: Person): Promise<OrganisationInvitation> {
  const res = await api(
    'POST',
    '/user/organisation/invitations',
    { email: who.email, firstName: 'Hine', lastName: 'Moana', captchaToken: await solvedCaptcha(o) },
    as(admin),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as OrganisationInvitation;
}

async function inviteToMerge(from: Person, to: Person): Promise<MergeInvitation> {
  const found = await api(
    'GET',
    `/user/organisation/lookup?email=${encodeURIComponent(to.email)}`,
    undefined,
    as(from),
  );
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const res = await api(
    'POST',
    '/user/organisation/merge-invitations',
    { inviteeOrganisationId: (found.body as { id: string }).id, inviteeAdminEmail: to.email },
    as(from),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as MergeInvitation;
}

const received = async (p: Person) => {
  const res = await api('GET', '/user/organisation-invitations', undefined, as(p));
  expect(res.status).toBe(200);
  return (res.body as OrganisationInvitationsResponse).invitations;
};
const receivedMerges = async (p: Person) => {
  const res = await api('GET', '/user/merge-invitations', undefined, as(p));
  expect(res.status).toBe(200);
  return (res.body as MergeInvitationsResponse).mergeInvitations;
};
const members = async (p: Person) => {
  const res = await api('GET', '/user/organisation/members', undefined, as(p));
  expect(res.status).toBe(200);
  return res.body as OrganisationMembersResponse;
};
const me = async (p: Person) => (await api('GET', '/user', undefined, as(p))).body as UserDto;

/** The domain events of these organisations, as `type` lines, sorted (the outbox in the table). */
async function eventsOf(...organisationIds: string[]): Promise<string[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new ScanCommand({
        TableName: o.TableName,
        ExclusiveStartKey,
        FilterExpression: '#e = :e AND #a IN (:a, :b)',
        ExpressionAttributeNames: { '#e': '__edb_e__', '#a': 'aggregateId' },
        ExpressionAttributeValues: {
          ':e': 'domainEvent',
          ':a': organisationIds[0],
          ':b': organisationIds[1],
        },
        ConsistentRead: true,
      }),
    );
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items.map((i) => `${String(i.type)} ${JSON.stringify(i.data)}`).sort();
}

let a: Person; // the inviting organisation's admin
let b: Person; // the merged organisation's admin
let c: Person; // an organisation b had invited to merge into b
let x: Person; // invited to join b, with an account
let orgA: string;
let orgB: string;
let orgC: string;
let joinB: OrganisationInvitation;
let bToC: MergeInvitation;
let aToB: MergeInvitation;

beforeAll(async () => {
  [a, b, c, x] = [
    await registeredUser('merge-a', o),
    await registeredUser('merge-b', o),
    await registeredUser('merge-c', o),
    await registeredUser('merge-x', o),
  ];
  orgA = await organisationOf(a, 'Rimu Builders');
  orgB = await organisationOf(b, 'Kowhai Homes');
  orgC = await organisationOf(c, 'Matai Design');
  joinB = await inviteToJoin(b, x);
  bToC = await inviteToMerge(b, c);
  aToB = await inviteToMerge(a, b);
  const accepted = await api('PATCH', `/user/merge-invitations/${aToB.id}`, { status: 'Accepted' }, as(b));
  expect(accepted, JSON.stringify(accepted.body)).toMatchObject({
    status: 200,
    body: { status: 'Accepted' },
  });
  await eventsSettled(o);
}, 180_000);

describe('after a merge', () => {
  test("the merged organisation's pending invitations are closed: they read Revoked, and accepting one is refused", async () => {
    const join = await api(
      'PATCH',
      `/user/organisation-invitations/${joinB.id}`,
      { status: 'Accepted' },
      as(x),
    );
    expect(join).toMatchObject({ status: 400, body: { message: msg.organisationMerged } });
    expect((await me(x)).organisationId).toBeUndefined();
    expect((await received(x)).find((i) => i.id === joinB.id)).toMatchObject({ status: 'Revoked' });
    expect((await members(a)).users.map((u) => u.email)).not.toContain(x.email);

    // b's merge invitation to c closed too: c cannot merge into the dissolved b.
    expect((await receivedMerges(c)).find((i) => i.id === bToC.id)).toMatchObject({ status: 'Revoked' });
    const merge = await api('PATCH', `/user/merge-invitations/${bToC.id}`, { status: 'Accepted' }, as(c));
    expect(merge.status).toBe(400);
    expect((await members(c)).users.map((u) => u.email)).toEqual([c.email]);
    expect((await members(c)).organisationId).toBe(orgC);
  });

  test('a second Accepted changes nothing: no member moves again, no event is written twice', async () => {
    const before = { members: await members(a), events: await eventsOf(orgA, orgB) };
    expect(before.members.users.map((u) => u.email).sort()).toEqual([a.email, b.email].sort());
    expect(before.events.filter((e) => e.startsWith('OrganisationsMerged'))).toHaveLength(1);
    // b's admin (now a member of a) and a's admin send it again.
    for (const who of [b, a]) {
      const again = await api('PATCH', `/user/merge-invitations/${aToB.id}`, { status: 'Accepted' }, as(who));
      expect(again, JSON.stringify(again.body)).toMatchObject({ status: 200, body: { status: 'Accepted' } });
    }
    await eventsSettled(o);
    expect(await members(a)).toEqual(before.members);
    expect(await eventsOf(orgA, orgB)).toEqual(before.events);
  });
});

describe('a dissolved organisation', () => {
  test('takes nobody in, even through an invitation a cut-short merge left pending', async () => {
    const [d, y] = [await registeredUser('merge-d', o), await registeredUser('merge-y', o)];
    const orgD = await organisationOf(d, 'Harakeke Plumbing');
    const invitation = await inviteToJoin(d, y);
    // The merge's commit, as a request that died before closing anything would leave it.
    await entities.organisation.patch({ organisationId: orgD }).set({ mergedInto: orgA }).go();
    expect((await received(y)).find((i) => i.id === invitation.id)).toMatchObject({ status: 'Pending' });
    const join = await api(
      'PATCH',
      `/user/organisation-invitations/${invitation.id}`,
      { status: 'Accepted' },
      as(y),
    );
    expect(join).toMatchObject({ status: 400, body: { message: msg.organisationMerged } });
    expect((await me(y)).organisationId).toBeUndefined();
    expect((await received(y)).find((i) => i.id === invitation.id)).toMatchObject({ status: 'Pending' });
  }, 120_000);
});
