/**
 * The authorization matrix, payer-link kind (docs/payments.md "Invite to pay"):
 * every route of the table whose access is `payerLink` (functions/routes.ts), called with the link's
 * token in the JSON body (never the path or query: docs/payments.md), as
 *
 * - a token no request has, a cancelled request's, an Expired one's, and an Open one's past its
 *   expiresAt (the expiry job not yet run) → 404 'This payment link is no longer valid', and
 *   nothing in the application's partition changes;
 * - its own token → the route's 2xx, on its own invoice only: another invoice of the same
 *   application is never read or changed;
 * - after the invoice is paid (whether or not the request has closed): the view 200, the return
 *   with a session started through this link 200, a session of another's 404, and a new session or
 *   a claim 409 'This invoice has been paid' — the link cannot be replayed to pay again.
 *
 * Fixtures: a Draft created by the demo applicant through the API, its invoices and requests written
 * directly (the token's SHA-256 stored, as the service does).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { routeKey, routes, type RouteDef } from '../../functions/routes';
import { paymentRequestMessages as msg } from '../../shared/domain/payment-requests';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);

const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
const { payerTokenHash } = await import('../../functions/platform/access');

const table = routes as readonly RouteDef[];
const payerRoutes = table.filter((r) => 'paymentRequest' in r.access);

/**
 * How each payer route is called (a route without an entry fails the suite). The link's token is in
 * the body, never in the path or query (docs/payments.md: CloudFront logs paths and query strings).
 */
const bodies: Record<string, object> = {
  'POST /public/payment-requests/view': {},
  'POST /public/payment-requests/sessions': { paymentMethod: 'Gateway' },
  'POST /public/payment-requests/claim': { paymentMethod: 'Deposit', transactionDate: '2026-01-05' },
};
const call = (route: RouteDef, token: string, body: object = bodies[routeKey(route)]!) =>
  api(route.method, route.path, { token, ...body }, { outputs: o });

let ownerToken: string;
const site = { address1: '3 Payer Lane', city: 'Auckland', zipCode: '1010', country: 'NZ' };

interface Fixture {
  applicationId: string;
  /** The request's invoice, and another invoice of the same application. */
  own: string;
  other: string;
  requestId: string;
  token: string;
}

async function invoice(applicationId: string, paymentId: string, status = 'AwaitingPayment' as const) {
  await entities.payment
    .put({
      applicationId,
      paymentId,
      authorityId: 'akl',
      description: `Invoice ${paymentId}`,
      reference: `PX-${paymentId}`,
      status,
      baseCents: 10000,
      surchargeCents: 150,
      issuedDate: new Date().toISOString(),
      options: [
        { type: 'Gateway', displayName: 'Card', surchargeFlag: true },
        {
          type: 'Deposit',
          displayName: 'Direct deposit',
          bankName: 'Example Bank',
          accountName: 'Auckland Council',
          accountNumber: '00-0000-0000000-00',
          paymentInstruction: 'Use the reference',
        },
      ],
    })
    .go();
}

/** A Draft with two invoices and a request of the first, in `status`, expiring at `expiresAt`. */
async function fixture(
  status: 'Open' | 'Paid' | 'Expired' | 'Cancelled' = 'Open',
  expiresInMs = 14 * 86_400_000,
): Promise<Fixture> {
  const res = await api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site },
    { token: ownerToken, outputs: o },
  );
  if (res.status !== 201) throw new Error(`fixture: ${res.status} ${JSON.stringify(res.body)}`);
  const applicationId = (res.body as { id: string }).id;
  const f: Fixture = {
    applicationId,
    own: 'pay-own',
    other: 'pay-other',
    requestId: randomUUID(),
    token: randomBytes(32).toString('base64url'),
  };
  await invoice(applicationId, f.own);
  await invoice(applicationId, f.other);
  const now = Date.now();
  await entities.paymentRequest
    .put({
      applicationId,
      requestId: f.requestId,
      paymentId: f.own,
      tokenHash: payerTokenHash(f.token),
      payerName: 'Matrix Payer',
      payerEmail: 'matrix-payer@demo.consent.nz',
      sentBy: 'matrix',
      status,
      sentAt: new Date(now - 86_400_000).toISOString(),
      expiresAt: new Date(now + expiresInMs).toISOString(),
    })
    .go();
  return f;
}

const partition = async (applicationId: string) => {
  const pk = (entities.application.get({ applicationId }).params() as { Key: { pk: string } }).Key.pk;
  const out = await documentClient().send(
    new QueryCommand({
      TableName: o.TableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
};
const paymentOf = async (f: Fixture, paymentId: string) =>
  (await entities.payment.get({ applicationId: f.applicationId, paymentId }).go({ consistent: true })).data;

async function expectInvalid(route: RouteDef, f: Fixture, token = f.token) {
  const before = await partition(f.applicationId);
  const res = await call(route, token);
  expect(res.status, `${routeKey(route)}: ${res.status} ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body).toMatchObject({ message: msg.linkInvalid });
  expect(await partition(f.applicationId), `${routeKey(route)}: a refused call changed stored data`).toEqual(
    before,
  );
}

beforeAll(async () => {
  const [a] = o.DemoUsers;
  if (!a) throw new Error('the payer matrix needs the demo applicant');
  ownerToken = (await signIn(a.email, a.password, o)).IdToken;
}, 60_000);

describe('the payer matrix covers the table', () => {
  test('every payer-link route has a call, and there are such routes', () => {
    expect(payerRoutes.map(routeKey).sort()).toEqual(Object.keys(bodies).sort());
  });
  test('no route takes a token in its path or query (CloudFront logs both)', () => {
    for (const r of payerRoutes) expect(r.path, routeKey(r)).not.toMatch(/\{/);
  });
});

describe('the link in its place: the body only', () => {
  test('the token in the path (the old form) or the query names nothing; no token is 404; nothing changes', async () => {
    const f = await fixture();
    const before = await partition(f.applicationId);
    for (const route of payerRoutes) {
      const key = routeKey(route);
      // No token in the body: the link is not valid, whatever the path or query carry.
      const query = await api(route.method, `${route.path}?token=${f.token}`, bodies[key], { outputs: o });
      expect(query.status, key).toBe(404);
      expect(query.body).toMatchObject({ message: msg.linkInvalid });
      const bare = await api(route.method, route.path, bodies[key], { outputs: o });
      expect(bare.status, key).toBe(404);
    }
    // The routes of the path form are gone.
    for (const [method, path] of [
      ['GET', `/public/payment-requests/${f.token}`],
      ['POST', `/public/payment-requests/${f.token}/sessions`],
      ['PATCH', `/public/payment-requests/${f.token}`],
    ] as const) {
      const res = await api(method, path, method === 'GET' ? undefined : { paymentMethod: 'Gateway' }, {
        outputs: o,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Payment');
    }
    expect(await partition(f.applicationId)).toEqual(before);
  });
});

describe.concurrent('a link that is not valid: 404, and nothing changes', () => {
  for (const route of payerRoutes) {
    const key = routeKey(route);
    test(`${key}: a token no request has → 404`, async () => {
      const f = await fixture();
      await expectInvalid(route, f, randomBytes(32).toString('base64url'));
      // The hash, or the request id, is not a token either.
      await expectInvalid(route, f, payerTokenHash(f.token));
      await expectInvalid(route, f, f.requestId);
    });
    test(`${key}: a cancelled request → 404`, async () => expectInvalid(route, await fixture('Cancelled')));
    test(`${key}: an Expired request → 404`, async () => expectInvalid(route, await fixture('Expired')));
    test(`${key}: an Open request past its expiry (the job not yet run) → 404`, async () =>
      expectInvalid(route, await fixture('Open', -1000)));
  }
});

describe.concurrent('its own token: the 2xx, on its own invoice only', () => {
  for (const route of payerRoutes) {
    const key = routeKey(route);
    test(`${key}: its own invoice; the other invoice unchanged`, async () => {
      const f = await fixture();
      const otherBefore = await paymentOf(f, f.other);
      const res = await call(route, f.token);
      expect(res.status, `${key}: ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      if (routeKey(route).endsWith('/sessions')) {
        const { sessionId } = res.body as { sessionId: string };
        const session = await entities.paymentSession.get({ sessionId }).go({ consistent: true });
        expect(session.data).toMatchObject({ paymentId: f.own, startedBy: `payer:${f.requestId}` });
      } else {
        expect((res.body as { payment: { paymentId: string } }).payment.paymentId).toBe(f.own);
      }
      expect(await paymentOf(f, f.other)).toEqual(otherBefore);
    });
  }
});

describe.concurrent('after payment: the receipt and the return, never a second payment', () => {
  for (const closed of [false, true]) {
    const how = closed ? 'the request closed' : 'before the request closes';
    test(`${how}: the view 200, the return 200, another's session 404, a new session or a claim 409`, async () => {
      const f = await fixture(closed ? 'Paid' : 'Open');
      await entities.payment
        .patch({ applicationId: f.applicationId, paymentId: f.own })
        .set({ status: 'Paid', paymentMethod: 'Council' })
        .go();
      const session = async (startedBy: string) => {
        const sessionId = `matrix-${randomUUID()}`;
        await entities.paymentSession
          .create({
            sessionId,
            applicationId: f.applicationId,
            paymentId: f.own,
            startedBy,
            amountCents: 10150,
            surchargeCents: 150,
            state: 'Approved',
            startedAt: new Date().toISOString(),
            message: 'APPROVED',
          })
          .go();
        return sessionId;
      };
      const [view, start, claim] = ['view', 'sessions', 'claim'].map((last) =>
        payerRoutes.find((r) => r.path.endsWith(`/${last}`))!,
      );
      const seen = await call(view!, f.token);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ status: 'Paid', payment: { paymentId: f.own, status: 'Paid' } });
      const back = await call(start!, f.token, {
        paymentMethod: 'Gateway',
        sessionId: await session(`payer:${f.requestId}`),
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toMatchObject({ result: 'Approved' });
      const others = await call(start!, f.token, {
        paymentMethod: 'Gateway',
        sessionId: await session('someone'),
      });
      expect(others.status).toBe(404);
      const before = await partition(f.applicationId);
      for (const r of [start!, claim!]) {
        const res = await call(r, f.token);
        expect(res.status, `${routeKey(r)}: ${JSON.stringify(res.body)}`).toBe(409);
        expect(res.body).toMatchObject({ message: msg.alreadyPaid });
      }
      expect(await partition(f.applicationId)).toEqual(before);
    });
  }
});
