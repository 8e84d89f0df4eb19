/**
 * The authorization matrix, council kind (docs/council-api.md §8): every route of the table whose
 * access is `caller: 'council'` (functions/routes.ts), generated from the table, called as
 *
 * - no token, a user's id token, a user's access token, a token under the web pool's issuer, an
 *   expired council token, one signed with another key, one with another client's `client_id`,
 *   `alg: none`, a malformed one, and a revoked client's valid token → 401; a token with every scope
 *   but the route's → 403;
 * - on `onLodgedApplication` routes: another onboarded council (akl on a wcc application), the own
 *   council on its own Draft, a malformed id → 404; the own council on a lodged one → its 2xx (reads
 *   on the shared fixture, writes each on a fresh lodged application put in the state they need
 *   through the council API, with a new Idempotency-Key);
 * - on `councilClient` routes (list, feed, invitations, webhook management): the own council → 2xx;
 * - the invitee's routes `/user/registered-applicant-invitations*`, the notifications
 *   (`/v1/service/notifications*`) and `GET /user` with a council
 *   token → 401 (their user cases are the user matrix's);
 *
 * and every refusal changed nothing: the application's partition, the applicant's partition, both
 * councils' lodgement index, feed, webhook registration and deliveries, client rows and
 * invitations, and the idempotency item of the exact key the refused call sent, read the same
 * before and after. How each route is called: test/support/matrix-council.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routeKey, routes, type RouteDef } from '../../functions/routes';
import { councilApiClient } from '../../infra/council/client';
import { MAX_ID_LENGTH } from '../../shared/schemas/common';
import { councilScopes, IDEMPOTENCY_KEY_HEADER, type CouncilScope } from '../../shared/schemas/council';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials, councilToken } from '../support/council';
import { mintCouncilTokens, revokedClientToken, type MintedCouncilTokens } from '../support/council-tokens';
import { councilCalls, type CouncilContext, type CouncilRequest } from '../support/matrix-council';
import { submittedApplication } from '../support/submission';
import { decodeJwt, subOf } from '../support/tokens';
import { eventsSettled } from '../support/events';
import { waitFor } from '../support/wait';
import { pointAtStack } from '../support/documents';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const o = readOutputs();

// The entities and clients read these at import: point them at the stack under test.
pointAtStack(o);

const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');

const table = routes as readonly RouteDef[];
const councilRoutes = table.filter((r) => r.access.caller === 'council');
const onLodged = (r: RouteDef) => 'lodgedApplication' in r.access;
const lodgedRoutes = councilRoutes.filter(onLodged);
const clientRoutes = councilRoutes.filter((r) => !onLodged(r));
/** The invitee's side of registered-applicant invitations, the user's own profile and notifications. */
const userRoutes = table.filter(
  (r) =>
    r.path.startsWith('/user/registered-applicant-invitations') ||
    r.path.startsWith('/v1/service/notifications') ||
    routeKey(r) === 'GET /user',
);
const scopeOf = (r: RouteDef): CouncilScope => ('scope' in r.access ? r.access.scope : councilScopes[0]);
const callOf = (r: RouteDef) => {
  const c = councilCalls[routeKey(r)];
  if (!c) throw new Error(`add a row for ${routeKey(r)} to test/support/matrix-council.ts`);
  return c;
};

const SITE = { address1: '9 Matrix Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' };
const councils = ['wcc', 'akl'] as const;
const wcc = councilApiClient(councilCredentials('wcc', o));

let applicant: { token: string; accessToken: string; sub: string };
let minted: MintedCouncilTokens;
let revoked: string;
const tokens: Record<string, string> = {};
/** The shared fixture of the refusals (and of the reads' successes), and a Draft of wcc. */
let lodgedId: string;
let draftId: string;
let receiver: WebhookReceiver;
const clientIds: string[] = [];

const tokenCases: { name: string; token: () => string | undefined }[] = [
  { name: 'no token', token: () => undefined },
  { name: "a user's id token", token: () => applicant.token },
  { name: "a user's access token", token: () => applicant.accessToken },
  { name: "a token under the web pool's issuer", token: () => minted.webPoolIssuer },
  { name: 'an expired council token', token: () => minted.expired },
  { name: 'a token signed with another key', token: () => minted.wrongKey },
  { name: "an altered payload (akl's client_id)", token: () => minted.alteredPayload },
  { name: 'an alg:none token', token: () => minted.algNone },
  { name: 'a malformed token', token: () => minted.garbage },
  { name: "a revoked client's token", token: () => revoked },
];

const ctx = (id?: string): CouncilContext => ({
  ...(id ? { id } : {}),
  wcc,
  webhook: { url: () => receiver.url, seedDelivery },
  applicant: (method, path, body) => api(method, path, body, { token: applicant.token, outputs: o }),
});

// ---------------------------------------------------------------------------------------------
// Calls

function url(route: RouteDef, req: CouncilRequest, id?: string): string {
  const params: Record<string, string> = { ...(id ? { id } : {}), ...req.params };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name] ?? `matrix-${name}`;
    return encodeURIComponent(v);
  });
  const qs = new URLSearchParams(req.query ?? {}).toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(
  route: RouteDef,
  req: CouncilRequest,
  token: string | undefined,
  id?: string,
  key?: string,
) {
  const res = await fetch(`${o.ApiUrl}${url(route, req, id)}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
    },
    ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text };
}

// ---------------------------------------------------------------------------------------------
// What a refused call must not change

type Item = Record<string, unknown>;
type QueryInput = ConstructorParameters<typeof QueryCommand>[0];

async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((out.Items ?? []) as Item[]));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
const partition = (pk: string) =>
  queryAll({
    TableName: o.TableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
  });
const pkOf = (params: unknown) => (params as { Key: { pk: string } }).Key.pk;
const queryPk = (params: unknown) => String((params as QueryInput).ExpressionAttributeValues?.[':pk']);

/** The partitions of a council: its lodgement index, feed, webhook registration and deliveries. */
const councilPks = (authorityId: string) => [
  ...new Set([
    queryPk(entities.councilLodgement.query.byAuthority({ authorityId }).params()),
    queryPk(entities.councilFeedEntry.query.byAuthority({ authorityId }).params()),
    pkOf(entities.councilWebhook.get({ authorityId }).params()),
    queryPk(entities.councilDelivery.query.byAuthority({ authorityId }).params()),
  ]),
];

/** What every snapshot reads whatever the call: the applicant's partition, each council's items. */
async function readShared() {
  const byAuthority = (authorityId: string) =>
    Promise.all([
      Promise.all(councilPks(authorityId).map(partition)),
      queryAll(entities.councilClient.query.byAuthority({ authorityId }).params() as QueryInput),
      queryAll(
        entities.registeredApplicantInvitation.query.byAuthority({ authorityId }).params() as QueryInput,
      ),
    ]);
  const [applicantPartition, councilItems] = await Promise.all([
    partition(pkOf(entities.applicationListSummary.get({ userId: applicant.sub }).params())),
    Promise.all(councils.map(byAuthority)),
  ]);
  return { applicantPartition, councilItems };
}

/**
 * The shared part, read once for every snapshot asked for while the read before it runs: a read is
 * shared only by those that asked before it started, so each snapshot still reads what was stored
 * after it was asked for (a "before" after its call was built, an "after" after its answer), and
 * the concurrent refusals read each council's partitions once between them, not once each.
 */
let sharedRunning: Promise<unknown> = Promise.resolve();
let sharedQueued: ReturnType<typeof readShared> | undefined;
function sharedPart(): ReturnType<typeof readShared> {
  if (!sharedQueued) {
    const read = () => {
      sharedQueued = undefined;
      return readShared();
    };
    const next = sharedRunning.then(read, read);
    sharedQueued = next;
    sharedRunning = next.catch(() => undefined);
  }
  return sharedQueued;
}

async function snapshot(appId: string | undefined, key: string | undefined) {
  const [application, { applicantPartition, councilItems }, idempotency] = await Promise.all([
    appId ? partition(pkOf(entities.application.get({ applicationId: appId }).params())) : [],
    sharedPart(),
    key
      ? Promise.all(
          clientIds.map(
            async (clientId) =>
              (await entities.councilIdempotency.get({ clientId, key }).go({ consistent: true })).data ??
              null,
          ),
        )
      : [],
  ]);
  return { application, applicantPartition, councilItems, idempotency };
}

/** Sends a call that must be refused with `status`, and checks it changed nothing. */
async function expectRefused(route: RouteDef, token: string | undefined, status: number, id?: string) {
  const req = await callOf(route).request(ctx(id));
  const key = route.method === 'GET' ? undefined : randomUUID();
  const before = await snapshot(id, key);
  const res = await send(route, req, token, id, key);
  const after = await snapshot(id, key);
  expect(res.status, `${routeKey(route)} answered ${res.status} ${res.body}`).toBe(status);
  expect(after, `${routeKey(route)}: a refused call changed stored data`).toEqual(before);
}

// ---------------------------------------------------------------------------------------------
// Fixtures

/** A delivery of `wcc` in its log (as the `council.webhooks` consumer writes it): its event id. */
async function seedDelivery(): Promise<string> {
  const eventId = `matrix-${randomUUID()}`;
  const occurredAt = new Date().toISOString();
  const payload = {
    eventId,
    type: 'ApplicationSubmitted',
    occurredAt,
    authorityId: 'wcc',
    applicationId: lodgedId,
  };
  await entities.councilDelivery
    .create({
      authorityId: 'wcc',
      eventId,
      occurredAt,
      type: 'ApplicationSubmitted',
      payload: JSON.stringify(payload),
      status: 'Failed',
      attempts: 1,
      ttl: Math.floor(Date.now() / 1000) + 3600,
    })
    .go();
  seededDeliveries.push({ authorityId: 'wcc', eventId, occurredAt });
  return eventId;
}
const seededDeliveries: { authorityId: string; eventId: string; occurredAt: string }[] = [];

beforeAll(async () => {
  const [a] = o.DemoUsers;
  if (!a) throw new Error('the matrix needs the demo applicant of the local stack');
  const t = await signIn(a.email, a.password, o);
  applicant = { token: t.IdToken, accessToken: t.AccessToken, sub: subOf(t.IdToken) };
  const [wccCreds, aklCreds] = councils.map((c) => councilCredentials(c, o));
  clientIds.push(wccCreds!.clientId, aklCreds!.clientId);
  tokens.wcc = await councilToken('wcc', undefined, o);
  tokens.akl = await councilToken('akl', undefined, o);
  for (const scope of councilScopes)
    tokens[`without ${scope}`] = await councilToken(
      'wcc',
      councilScopes.filter((s) => s !== scope),
      o,
    );
  minted = await mintCouncilTokens(tokens.wcc, aklCreds!.clientId, String(decodeJwt(t.IdToken).payload.iss));
  revoked = await revokedClientToken(o, 'wcc', async (row) => {
    clientIds.push(row.clientId);
    await entities.councilClient.put({ ...row, status: 'Revoked' }).go();
  });
  receiver = await startWebhookReceiver();
  lodgedId = await submittedApplication(applicant.token, 'wcc', SITE, o);
  const draft = await api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId: 'wcc', formId: 'bc', address: SITE },
    { token: applicant.token, outputs: o },
  );
  if (draft.status !== 201) throw new Error(`draft fixture: ${draft.status} ${JSON.stringify(draft.body)}`);
  draftId = (draft.body as { id: string }).id;
  // Every refusal compares stored data: what the fixtures' events write lands first.
  await eventsSettled(o);
  let last: string | undefined;
  await waitFor(
    'stored data to settle',
    async () => {
      const now = JSON.stringify(await snapshot(lodgedId, undefined));
      const same = now === last;
      last = now;
      return same;
    },
    { timeoutMs: 30_000, intervalMs: 400 },
  );
}, 120_000);

afterAll(() => receiver?.close());

describe('the matrix covers the council routes of the table', () => {
  test('every council route has a row, and every row is of a council route', () => {
    const keys = councilRoutes.map(routeKey);
    expect(keys.filter((k) => !councilCalls[k]).map((k) => `add a row for ${k}`)).toEqual([]);
    expect(Object.keys(councilCalls).filter((k) => !keys.includes(k))).toEqual([]);
  });

  test('the minted tokens are refused for their flaw only: the same minting without one is accepted', async () => {
    const res = await send(
      councilRoutes.find((r) => routeKey(r) === 'GET /council/applications')!,
      {},
      minted.valid,
    );
    expect(res.status, res.body).toBe(200);
  });
});

describe.concurrent(
  'flawed, missing or revoked credentials: 401; a missing scope: 403; nothing changes',
  () => {
    for (const route of councilRoutes) {
      const key = routeKey(route);
      const id = () => (onLodged(route) ? lodgedId : undefined);
      for (const t of tokenCases)
        test(`${key}: ${t.name} → 401`, () => expectRefused(route, t.token(), 401, id()));
      test(`${key}: a token without ${scopeOf(route)} → 403`, () =>
        expectRefused(route, tokens[`without ${scopeOf(route)}`], 403, id()));
    }
  },
);

describe.concurrent('an application not lodged with the caller: 404, and nothing changes', () => {
  for (const route of lodgedRoutes) {
    const key = routeKey(route);
    test(`${key}: another onboarded council (akl on a wcc application) → 404`, () =>
      expectRefused(route, tokens.akl, 404, lodgedId));
    test(`${key}: the own council on its own Draft → 404`, () =>
      expectRefused(route, tokens.wcc, 404, draftId));
    test(`${key}: a malformed id → 404`, () =>
      expectRefused(route, tokens.wcc, 404, 'x'.repeat(MAX_ID_LENGTH + 1)));
  }
});

describe.concurrent("the invitee's user routes with a council token: 401, and nothing changes", () => {
  for (const route of userRoutes) {
    test(`${routeKey(route)}: wcc's token → 401`, async () => {
      const req = {
        params: { id: randomUUID() },
        ...(route.method === 'PATCH' ? { body: { status: 'Rejected' } } : {}),
      };
      const before = await snapshot(undefined, undefined);
      const res = await send(route, req, tokens.wcc);
      expect(res.status, res.body).toBe(401);
      expect(await snapshot(undefined, undefined)).toEqual(before);
    });
  }
});

const succeeded = (res: { status: number; body: string }) =>
  res.status >= 200 && res.status < 300 ? '2xx' : `${res.status} ${res.body}`;

// Not a concurrent describe: vitest runs adjacent concurrent suites together, and these change data.
describe('the own council on an application lodged with it: 2xx', () => {
  for (const route of lodgedRoutes) {
    const key = routeKey(route);
    const writes = route.method !== 'GET';
    test.concurrent(`${key}: wcc${writes ? ' (a fresh lodged application)' : ''}`, async ({ expect }) => {
      const c = callOf(route);
      // A write gets an application of its own, put in the state it needs through the council API.
      const id = writes ? await submittedApplication(applicant.token, 'wcc', SITE, o) : lodgedId;
      if (writes) await c.prepare?.(ctx(id));
      const res = await send(
        route,
        await c.request(ctx(id)),
        tokens.wcc,
        id,
        writes ? randomUUID() : undefined,
      );
      expect(succeeded(res), key).toBe('2xx');
    });
  }
});

describe('the own council on its own records (list, feed, invitations, webhook): 2xx', () => {
  // wcc's webhook registration as stored before (none, on a fresh stack), put back after.
  const Key = (entities.councilWebhook.get({ authorityId: 'wcc' }).params() as { Key: Item }).Key;
  let saved: Item | undefined;
  beforeAll(async () => {
    saved = (
      await documentClient().send(new GetCommand({ TableName: o.TableName, Key, ConsistentRead: true }))
    ).Item;
  });
  // The councils' webhook registration as found (other files rely on it), and no seeded delivery.
  afterAll(async () => {
    await documentClient().send(new DeleteCommand({ TableName: o.TableName, Key }));
    if (saved) await documentClient().send(new PutCommand({ TableName: o.TableName, Item: saved }));
    for (const d of seededDeliveries) await entities.councilDelivery.delete(d).go();
  });

  for (const route of clientRoutes) {
    const key = routeKey(route);
    test(`${key}: wcc`, async () => {
      const c = callOf(route);
      await c.prepare?.(ctx());
      const writes = route.method !== 'GET';
      const res = await send(
        route,
        await c.request(ctx()),
        tokens.wcc,
        undefined,
        writes ? randomUUID() : undefined,
      );
      expect(succeeded(res), key).toBe('2xx');
    });
  }
});
