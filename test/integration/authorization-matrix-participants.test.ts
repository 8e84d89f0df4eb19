/**
 * The authorization matrix, participant level × target level (docs/participants.md
 * "Access"): nobody lowers or removes a participant whose access is above their own, and Manage may
 * change anyone. The caller (the second demo user) is put at ReadOnly, Edit or Manage on an
 * application the first demo user created; the target is another participant at ReadOnly, Edit or
 * Manage (invited, no sign-in), and the caller sends
 *
 * - `PATCH …/participantsV2/{participantId}` with the target one level lower, and
 * - `DELETE …/participants/{participantId}`.
 *
 * Allowed (the target's level is not above the caller's, and the caller has Edit): 2xx and the
 * target stored lowered or removed. Refused: 403 in the one error shape, and the application's
 * partition (participants, access rows, history) and both users' list rows read the same after.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessLevel } from '../../shared/schemas/common';
import { accessRank } from '../../shared/domain/applications';
import { participantMessages } from '../../shared/domain/participants';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { eventsSettled } from '../support/events';
import { pointAtStack, subOf } from '../support/documents';

const o = readOutputs();
pointAtStack(o);

const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
const { listRowFields } = await import('../../functions/applications/model/list-row');
const { catalogue } = await import('../../functions/reference/catalogue');

type Level = 'ReadOnly' | 'Edit' | 'Manage';
const LEVELS: readonly Level[] = ['ReadOnly', 'Edit', 'Manage'];
const BELOW: Record<Level, AccessLevel> = { ReadOnly: 'None', Edit: 'ReadOnly', Manage: 'Edit' };

interface Person {
  email: string;
  token: string;
  sub: string;
}
let owner: Person;
let caller: Person;

/** The answer the matrix expects: the route needs Edit (DELETE; PATCH of another), then the rule. */
const allowed = (callerLevel: Level, target: Level) =>
  accessRank(callerLevel) >= 2 && accessRank(target) <= accessRank(callerLevel);

const targetId = (level: Level, op: 'patch' | 'delete') => `p-target-${level}-${op}`;

/** An application created by the owner, the caller on it at `level`, and a target per level and call. */
async function fixture(level: Level): Promise<string> {
  const res = await api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      authorityId: 'akl',
      formId: 'bc',
      address: { address1: '7 Target Street', city: 'Auckland', zipCode: '1010', country: 'NZ' },
    },
    { token: owner.token, outputs: o },
  );
  if (res.status !== 201) throw new Error(`fixture: ${res.status} ${JSON.stringify(res.body)}`);
  const id = (res.body as { id: string }).id;
  const { data: application } = await entities.application.get({ applicationId: id }).go();
  if (!application) throw new Error(`fixture ${id} is gone`);
  const now = new Date().toISOString();
  await entities.participant
    .put({
      applicationId: id,
      participantId: `p-${caller.sub}`,
      loginUserId: caller.sub,
      firstName: 'Tom',
      lastName: 'Whitfield',
      email: caller.email,
      participantTypes: ['Builder'],
      accessLevel: level,
      modifiedDate: now,
    })
    .go();
  await entities.applicationAccess
    .put({
      ...listRowFields(application, catalogue().names(application)),
      applicationId: id,
      userId: caller.sub,
      accessLevel: level,
      notificationLevel: 'Normal',
      isOwner: false,
      visibility: 'visible',
    })
    .go();
  for (const target of LEVELS)
    for (const op of ['patch', 'delete'] as const)
      await entities.participant
        .put({
          applicationId: id,
          participantId: targetId(target, op),
          firstName: 'Wiremu',
          lastName: target,
          email: `${op}-${target.toLowerCase()}-${randomUUID()}@example.nz`,
          participantTypes: [],
          accessLevel: target,
          invitation: 'Unregistered',
          isDeleted: false,
          modifiedDate: now,
        })
        .go();
  return id;
}

async function queryAll(input: ConstructorParameters<typeof QueryCommand>[0]) {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Everything a refused call could have touched. */
async function snapshot(id: string) {
  const pk = (entities.application.get({ applicationId: id }).params() as { Key: { pk: string } }).Key.pk;
  const rows = (userId: string) =>
    queryAll(
      entities.applicationAccess.query.byUser({ userId }).params() as ConstructorParameters<
        typeof QueryCommand
      >[0],
    );
  const [application, ownerRows, callerRows] = await Promise.all([
    queryAll({
      TableName: o.TableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
    rows(owner.sub),
    rows(caller.sub),
  ]);
  return { application, ownerRows, callerRows };
}

const stored = async (id: string, participantId: string) =>
  (await entities.participant.get({ applicationId: id, participantId }).go({ consistent: true })).data;

/** The dialog's whole participant (PATCH takes it whole), one level lower. */
async function lowered(id: string, participantId: string) {
  const p = (await stored(id, participantId))!;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    participantTypes: [],
    accessLevel: BELOW[p.accessLevel as Level],
  };
}

const fixtures = new Map<Level, string>();

beforeAll(async () => {
  const [a, b] = o.DemoUsers;
  if (!a || !b) throw new Error('the matrix needs the two demo users of the local stack');
  const person = async (u: { email: string; password: string }): Promise<Person> => {
    const t = await signIn(u.email, u.password, o);
    return { email: u.email, token: t.IdToken, sub: subOf(t.IdToken) };
  };
  [owner, caller] = await Promise.all([person(a), person(b)]);
  for (const level of LEVELS) fixtures.set(level, await fixture(level));
  // The creation's consumers (list rows) are done before any before/after comparison.
  await eventsSettled(o);
}, 120_000);

describe('participants: caller level × target level, PATCH (lower) and DELETE', () => {
  for (const callerLevel of LEVELS)
    for (const target of LEVELS) {
      const ok = allowed(callerLevel, target);
      test(`a caller at ${callerLevel} on a participant at ${target}: ${ok ? 'lowered and removed' : '403 twice, nothing changes'}`, async () => {
        const id = fixtures.get(callerLevel)!;
        const patchId = targetId(target, 'patch');
        const deleteId = targetId(target, 'delete');
        const patch = async () =>
          api('PATCH', `/user/applications/${id}/participantsV2/${patchId}`, await lowered(id, patchId), {
            token: caller.token,
            outputs: o,
          });
        const remove = () =>
          api('DELETE', `/user/applications/${id}/participants/${deleteId}`, undefined, {
            token: caller.token,
            outputs: o,
          });
        if (ok) {
          const p = await patch();
          expect(p.status, JSON.stringify(p.body)).toBe(200);
          expect((await stored(id, patchId))?.accessLevel).toBe(BELOW[target]);
          const d = await remove();
          expect(d.status, JSON.stringify(d.body)).toBe(204);
          expect((await stored(id, deleteId))?.isDeleted).toBe(true);
          return;
        }
        await eventsSettled(o);
        const before = await snapshot(id);
        const p = await patch();
        const d = await remove();
        expect(p.status, JSON.stringify(p.body)).toBe(403);
        expect(d.status, JSON.stringify(d.body)).toBe(403);
        // The rule's own words where the route let the caller in (Edit); a ReadOnly caller is
        // refused by the route (DELETE) or for touching someone else (PATCH).
        if (callerLevel === 'Edit')
          for (const res of [p, d])
            expect(res.body).toEqual({ code: 'ClientError', message: participantMessages.aboveYourAccess });
        expect(await snapshot(id), 'a refused call changed stored data').toEqual(before);
      });
    }
});
