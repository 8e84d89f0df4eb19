import { afterEach, describe, expect, test } from 'vitest';
import { webhookRules, type WebhookPorts } from '../../../../functions/council/service/webhooks';
import { webhookDelivery } from '../../../../functions/council/service/webhook-delivery';
import { sealerOf } from '../../../../functions/council/service/webhook-seal';
import { allowLoopbackFrom } from '../../../../functions/council/service/webhook-ports';
import type {
  AttemptOutcome,
  DeliveryRecord,
  WebhookRecord,
} from '../../../../functions/council/repository/webhooks';
import {
  guardedLookup,
  postWebhook,
  signedWebhookHeaders,
  type PostResult,
  type Resolver,
} from '../../../../functions/council/service/webhook-sender';
import { webhookUrlMessages } from '../../../../shared/domain/council';
import type { CouncilEvent } from '../../../../shared/schemas/council';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../../support/webhook-receiver';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const SECRET_A = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const SECRET_B = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
const council = { authorityId: 'wcc', clientId: 'client-1' };
const event: CouncilEvent = {
  eventId: 'e-1',
  type: 'ApplicationSubmitted',
  applicationId: '1001',
  occurredAt: '2026-11-26T10:00:00.000Z',
};
const sealer = sealerOf('a-test-sealing-key-of-at-least-32-characters');

/**
 * The webhooks Lambda's service and the delivery function's over one in-memory table, a fake
 * network and a settable clock; the webhooks side reaches the delivery side only as the Lambda
 * invoke does (mint, redeliver), through JSON.
 */
function setup(options: { answers?: PostResult[]; addresses?: Record<string, string[]> } = {}) {
  const webhooks = new Map<string, WebhookRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const stored: unknown[] = [];
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  const answers = [...(options.answers ?? [])];
  let clock = new Date('2026-11-26T10:00:00Z');
  let secrets = [SECRET_A, SECRET_B];
  const delivery = webhookDelivery({
    getWebhook: async (a) => structuredClone(webhooks.get(a)),
    replaceSecrets: async (a, before, after) => {
      const w = webhooks.get(a);
      if (!w || JSON.stringify(w.secrets) !== JSON.stringify(before)) return false;
      webhooks.set(a, { ...w, secrets: structuredClone([...after]) });
      return true;
    },
    findDelivery: async (_a, id) => deliveries.get(id),
    ensureDelivery: async (d) => {
      if (!deliveries.has(d.eventId)) deliveries.set(d.eventId, { ...d, status: 'Pending', attempts: 0 });
      return { ...deliveries.get(d.eventId)! };
    },
    recordAttempt: async (k, o: AttemptOutcome) => {
      const d = deliveries.get(k.eventId)!;
      const { lastStatusCode: _c, lastError: _e, ...rest } = d;
      const next = {
        ...rest,
        status: o.status,
        attempts: d.attempts + 1,
        lastAttemptAt: o.attemptedAt,
        ...(o.statusCode !== undefined ? { lastStatusCode: o.statusCode } : {}),
        ...(o.error !== undefined ? { lastError: o.error } : {}),
      };
      deliveries.set(k.eventId, next);
      return next;
    },
    post: async (url, headers, body) => {
      posts.push({ url, headers, body });
      return answers.shift() ?? { ok: true, statusCode: 204 };
    },
    sign: signedWebhookHeaders,
    sealer: async () => sealer,
    newSecret: () => secrets.shift()!,
    now: () => clock,
  });
  const viaInvoke = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
  const ports: WebhookPorts = {
    getWebhook: async (a) => structuredClone(webhooks.get(a)),
    putWebhook: async (w, also) => {
      webhooks.set(w.authorityId, structuredClone(w));
      if (also) stored.push(also({ councilIdempotency: { create: (x: unknown) => x } } as never));
    },
    deleteWebhook: async (a) => void webhooks.delete(a),
    listDeliveries: async (_a, { status }) => ({
      deliveries: [...deliveries.values()].filter((d) => !status || d.status === status),
    }),
    storeAnswer: async (also) => void stored.push(also({} as never)),
    resolve: async (host) => options.addresses?.[host] ?? ['52.95.110.1'],
    allowLoopback: false,
    mintSecret: async (a) => viaInvoke(await delivery.mint(a)),
    redeliver: async (a, id) => viaInvoke(await delivery.redeliver(a, id)),
    now: () => clock,
  };
  return {
    rules: webhookRules(ports),
    delivery,
    webhooks,
    deliveries,
    posts,
    /** The answers stored for a retry with the same Idempotency-Key. */
    stored,
    setClock: (d: string) => (clock = new Date(d)),
    setSecrets: (s: string[]) => (secrets = s),
  };
}

/** The answer a write stores: what `store(e, response)` was given. */
const storeAnswer = (_e: unknown, response: unknown) => response;

describe('registration', () => {
  test('a new registration shows its secret once; a URL change keeps the secrets and shows none', async () => {
    const { rules, webhooks } = setup();
    const created = await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    expect(created).toEqual({
      url: 'https://bcs.wcc.govt.nz/hooks',
      createdAt: '2026-11-26T10:00:00.000Z',
      secretCreatedAt: '2026-11-26T10:00:00.000Z',
      signingSecret: SECRET_A,
    });
    expect(await rules.show(council)).not.toHaveProperty('signingSecret');
    const changed = await rules.register(council, 'https://bcs.wcc.govt.nz/v2');
    expect(changed).toEqual({ ...created, url: 'https://bcs.wcc.govt.nz/v2', signingSecret: undefined });
    expect(changed).not.toHaveProperty('signingSecret');
    // Stored sealed, never plain: only the delivery function (its key) opens it.
    const [stored] = webhooks.get('wcc')!.secrets;
    expect(stored).not.toHaveProperty('secret');
    expect(JSON.stringify(webhooks.get('wcc'))).not.toContain(SECRET_A.slice(6));
    expect(sealer.open(stored!.sealed!, 'wcc')).toBe(SECRET_A);
  });

  test('the answer stored for a retry holds no signing secret (docs/council-api.md)', async () => {
    const { rules, stored } = setup();
    const created = await rules.register(council, 'https://bcs.wcc.govt.nz/hooks', storeAnswer);
    expect(created.signingSecret).toBe(SECRET_A);
    const rotated = await rules.rotateSecret(council, storeAnswer);
    expect(rotated.signingSecret).toBe(SECRET_B);
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain('whsec_');
    expect(stored[0]).toEqual({ ...created, signingSecret: undefined });
  });

  test("a sealed secret is bound to its authority: copied to another council's registration, it does not open", async () => {
    const { rules, webhooks, delivery } = setup();
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    webhooks.set('akl', { ...webhooks.get('wcc')!, authorityId: 'akl' });
    await expect(delivery.deliver('akl', { ...event, eventId: 'e-akl' })).rejects.toThrow();
  });

  test('a registration of before (plain secrets) is sealed at its first delivery and still signs', async () => {
    const { delivery, webhooks, posts } = setup();
    webhooks.set('wcc', {
      authorityId: 'wcc',
      url: 'https://bcs.wcc.govt.nz/hooks',
      clientId: 'client-1',
      createdAt: '2026-11-01T00:00:00.000Z',
      secrets: [{ secret: SECRET_A, createdAt: '2026-11-01T00:00:00.000Z' }],
    });
    expect(await delivery.deliver('wcc', event)).toBe('delivered');
    const sent = posts.at(-1)!;
    expect(
      verifyWebhook([SECRET_A], sent.headers, sent.body, Number(sent.headers['webhook-timestamp'])),
    ).toBe('ok');
    const [secret] = webhooks.get('wcc')!.secrets;
    expect(secret).toEqual({
      sealed: expect.stringMatching(/^sealed:v1:/),
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expect(sealer.open(secret!.sealed!, 'wcc')).toBe(SECRET_A);
  });

  test('a host that resolves to a private address is refused with the field, nothing stored', async () => {
    const { rules, webhooks } = setup({ addresses: { 'evil.example': ['52.95.110.1', '10.0.0.5'] } });
    await expect(rules.register(council, 'https://evil.example/x')).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ field: 'body.url', reason: webhookUrlMessages.privateHost }],
    });
    await expect(rules.register(council, 'http://bcs.wcc.govt.nz/x')).rejects.toMatchObject({
      details: [{ field: 'body.url', reason: webhookUrlMessages.https }],
    });
    expect(webhooks.size).toBe(0);
  });

  test('a host resolving to any non-public form (mapped, NAT64, 6to4, site-local) is refused (docs/council-api.md)', async () => {
    for (const address of [
      '::ffff:7f00:1',
      '::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::',
      'fec0::1',
      '198.18.0.1',
    ]) {
      const { rules, webhooks } = setup({ addresses: { 'rebind.example': ['52.95.110.1', address] } });
      await expect(rules.register(council, 'https://rebind.example/x'), address).rejects.toMatchObject({
        details: [{ field: 'body.url', reason: webhookUrlMessages.privateHost }],
      });
      expect(webhooks.size).toBe(0);
    }
  });

  test('rotation: the new secret and the old one sign for 24 hours, then the new one alone', async () => {
    const { rules, delivery, posts, setClock } = setup();
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    setClock('2026-11-26T12:00:00Z');
    const rotated = await rules.rotateSecret(council);
    expect(rotated).toMatchObject({ signingSecret: SECRET_B, secretCreatedAt: '2026-11-26T12:00:00.000Z' });

    await delivery.deliver('wcc', event);
    const both = posts.at(-1)!;
    expect(both.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const ts = Number(both.headers['webhook-timestamp']);
    expect(verifyWebhook([SECRET_A], both.headers, both.body, ts)).toBe('ok');
    expect(verifyWebhook([SECRET_B], both.headers, both.body, ts)).toBe('ok');

    setClock('2026-11-27T12:00:01Z');
    await rules.redeliver(council, 'e-1');
    const after = posts.at(-1)!;
    const ts2 = Number(after.headers['webhook-timestamp']);
    expect(verifyWebhook([SECRET_A], after.headers, after.body, ts2)).toBe('bad-signature');
    expect(verifyWebhook([SECRET_B], after.headers, after.body, ts2)).toBe('ok');
  });

  test('no registration: show, rotate and redelivery are 404, delivery does nothing', async () => {
    const { rules, delivery, posts, deliveries } = setup();
    await expect(rules.show(council)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(rules.rotateSecret(council)).rejects.toMatchObject({ kind: 'notFound' });
    expect(await delivery.deliver('wcc', event)).toBe('no-webhook');
    expect(posts).toHaveLength(0);
    expect(deliveries.size).toBe(0);
    await expect(rules.redeliver(council, 'e-1')).rejects.toMatchObject({ kind: 'notFound' });
  });
});

describe('delivery', () => {
  test('a failed attempt is logged Failed and throws (the machinery retries); the retry delivers once', async () => {
    const { rules, delivery, deliveries, posts } = setup({
      answers: [{ ok: false, statusCode: 503, error: 'HTTP 503' }],
    });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    await expect(delivery.deliver('wcc', event)).rejects.toThrow('HTTP 503');
    expect(deliveries.get('e-1')).toMatchObject({ status: 'Failed', attempts: 1, lastStatusCode: 503 });
    expect(await delivery.deliver('wcc', event)).toBe('delivered');
    expect(deliveries.get('e-1')).toMatchObject({ status: 'Delivered', attempts: 2, lastStatusCode: 204 });
    // A replay of a delivered event sends nothing.
    expect(await delivery.deliver('wcc', event)).toBe('already');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[0]!.body)).toEqual(event);
    expect(posts[0]!.headers['webhook-id']).toBe('e-1');
  });

  test('the delivery log lists by status', async () => {
    const { rules, delivery } = setup({ answers: [{ ok: false, error: 'No answer within 5 s' }] });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    await expect(delivery.deliver('wcc', event)).rejects.toThrow();
    expect(await rules.deliveries(council, { status: 'Failed', pageSize: 50 })).toEqual({
      deliveries: [
        {
          eventId: 'e-1',
          type: 'ApplicationSubmitted',
          occurredAt: event.occurredAt,
          status: 'Failed',
          attempts: 1,
          lastAttemptAt: '2026-11-26T10:00:00.000Z',
          lastError: 'No answer within 5 s',
        },
      ],
    });
    expect((await rules.deliveries(council, { status: 'Delivered', pageSize: 50 })).deliveries).toEqual([]);
  });
});

describe('the sender against a receiver on 127.0.0.1', () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => receiver?.close());

  test('a signed POST is accepted; a tampered body and an old timestamp are refused', async () => {
    receiver = await startWebhookReceiver({ secrets: [SECRET_A] });
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const headers = signedWebhookHeaders([SECRET_A], 'e-1', now, body);
    expect(await postWebhook(receiver.url, headers, body, { allowLoopback: true })).toEqual({
      ok: true,
      statusCode: 204,
    });
    const tampered = body.replace('1001', '1002');
    expect(await postWebhook(receiver.url, headers, tampered, { allowLoopback: true })).toMatchObject({
      ok: false,
      statusCode: 401,
    });
    const old = signedWebhookHeaders([SECRET_A], 'e-1', now - 301, body);
    expect(await postWebhook(receiver.url, old, body, { allowLoopback: true })).toMatchObject({ ok: false });
    expect(receiver.requests.map((r) => r.verdict)).toEqual(['ok', 'bad-signature', 'stale-timestamp']);
    expect(receiver.accepted()).toEqual([event]);
  });

  test('without the local flag a loopback endpoint is never connected to', async () => {
    receiver = await startWebhookReceiver({ secrets: [SECRET_A] });
    expect(await postWebhook(receiver.url, {}, '{}', { allowLoopback: false })).toEqual({
      ok: false,
      error: webhookUrlMessages.https,
      refused: true,
    });
    const byName = receiver.url.replace('http://127.0.0.1', 'https://localhost');
    expect(await postWebhook(byName, {}, '{}', { allowLoopback: false })).toEqual({
      ok: false,
      error: webhookUrlMessages.privateHost,
      refused: true,
    });
    expect(receiver.requests).toHaveLength(0);
  });

  test('on AWS an attempt connects to port 443 only, and never to a non-public literal of any form (docs/council-api.md)', async () => {
    receiver = await startWebhookReceiver({ secrets: [SECRET_A] });
    const port = new URL(receiver.url).port;
    for (const [url, error] of [
      [`https://bcs.wcc.govt.nz:${port}/hooks`, 'The webhook URL must use the https port, 443'],
      [`https://[::ffff:7f00:1]:${port}/`, webhookUrlMessages.privateHost],
      [`https://[::7f00:1]/`, webhookUrlMessages.privateHost],
      [`https://2130706433:${port}/`, webhookUrlMessages.privateHost],
      [`https://[64:ff9b::7f00:1]/`, webhookUrlMessages.privateHost],
    ] as const)
      expect(await postWebhook(url, {}, '{}', { allowLoopback: false }), url).toEqual({
        ok: false,
        error,
        refused: true,
      });
    expect(receiver.requests).toHaveLength(0);
  });

  test('at delivery every address a name resolves to is checked (DNS rebinding) and only those are connected to', async () => {
    const answers: Record<string, { address: string; family: number }[]> = {
      'rebind.example': [
        { address: '52.95.110.1', family: 4 },
        { address: '::ffff:127.0.0.1', family: 6 },
      ],
      'nat64.example': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
      'site-local.example': [{ address: 'fec0::1', family: 6 }],
    };
    const resolve: Resolver = (host, cb) => cb(null, answers[host] ?? []);
    for (const host of Object.keys(answers))
      expect(
        await postWebhook(`https://${host}/hooks`, {}, '{}', {
          allowLoopback: false,
          resolve,
          timeoutMs: 2000,
        }),
        host,
      ).toEqual({ ok: false, error: webhookUrlMessages.privateHost, refused: true });

    // The lookup the socket uses answers exactly the checked addresses.
    const lookup = guardedLookup(true, (_h, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    const got = await new Promise((r) =>
      lookup('receiver.test', { all: true }, (err, addresses) => r(err ?? addresses)),
    );
    expect(got).toEqual([{ address: '127.0.0.1', family: 4 }]);
    const refused = guardedLookup(false, (_h, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    const error = await new Promise((r) => refused('receiver.test', { all: true }, (err) => r(err)));
    expect(error).toMatchObject({ code: 'EPRIVATE' });
  });

  test("the loopback allowance is the local stack's only: a deployed function refuses it", () => {
    expect(allowLoopbackFrom({ COUNCIL_WEBHOOK_ALLOW_LOOPBACK: 'true' })).toBe(true);
    expect(allowLoopbackFrom({})).toBe(false);
    expect(() =>
      allowLoopbackFrom({
        COUNCIL_WEBHOOK_ALLOW_LOOPBACK: 'true',
        AWS_LAMBDA_FUNCTION_NAME: 'consent-portal-x',
      }),
    ).toThrow(/local stack only/);
  });

  test('an endpoint that does not answer in time fails the attempt', async () => {
    const http = await import('node:http');
    const server = http.createServer(() => undefined);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const result = await postWebhook(`http://127.0.0.1:${port}/`, {}, '{}', {
      allowLoopback: true,
      timeoutMs: 200,
    });
    server.closeAllConnections();
    server.close();
    expect(result).toEqual({ ok: false, error: 'No answer within 0.2 s' });
  });
});

describe('sealed signing secrets (docs/council-api.md)', () => {
  test('open only with the same key and authority, untampered', () => {
    const sealed = sealer.seal(SECRET_A, 'wcc');
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain(SECRET_A.slice(6, 20));
    expect(sealer.open(sealed, 'wcc')).toBe(SECRET_A);
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(sealer.seal(SECRET_A, 'wcc')).not.toBe(sealed);
    expect(() => sealer.open(sealed, 'akl')).toThrow();
    expect(() => sealerOf('another-key-of-at-least-32-characters!!').open(sealed, 'wcc')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => sealer.open(tampered, 'wcc')).toThrow();
    expect(() => sealer.open(SECRET_A, 'wcc')).toThrow(/not a sealed/);
    expect(() => sealerOf('short')).toThrow(/32/);
  });
});

describe('metrics (docs/council-api.md)', () => {
  const metrics = captureMetrics();
  const delivery = (authority: string, outcome: string) => [
    { name: 'WebhookDeliveries', unit: 'Count', dimensions: { authority, outcome } },
    { name: 'WebhookDeliveryOutcomes', unit: 'Count', dimensions: { outcome } },
  ];

  test('counts every attempt by authority and outcome: each failed retry again, a delivered replay not at all', async () => {
    const { rules, delivery: d } = setup({
      answers: [
        { ok: false, statusCode: 503, error: 'HTTP 503' },
        { ok: false, error: 'No answer within 5 s' },
      ],
    });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    metrics.seen.length = 0;
    await expect(d.deliver('wcc', event)).rejects.toThrow();
    await expect(d.deliver('wcc', event)).rejects.toThrow();
    await d.deliver('wcc', event);
    await d.deliver('wcc', event); // a duplicate stream delivery: already Delivered, nothing sent
    expect(metrics.emitted()).toEqual([
      ...delivery('wcc', 'Failed'),
      ...delivery('wcc', 'Failed'),
      ...delivery('wcc', 'Delivered'),
    ]);
    expectOnlyCatalogueValues(metrics, ['e-1', 'bcs.wcc.govt.nz', 'client-1', SECRET_A]);
  });

  test('an attempt the portal would not send (a private address) is Refused; a redelivery is an attempt too', async () => {
    const { rules, delivery: d } = setup({
      answers: [{ ok: false, error: webhookUrlMessages.privateHost, refused: true }],
    });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    await expect(d.deliver('wcc', event)).rejects.toThrow();
    await rules.redeliver(council, 'e-1', storeAnswer);
    expect(metrics.emitted()).toEqual([
      { name: 'CouncilWrites', unit: 'Count', dimensions: { action: 'webhook' } },
      ...delivery('wcc', 'Refused'),
      ...delivery('wcc', 'Delivered'),
      { name: 'CouncilWrites', unit: 'Count', dimensions: { action: 'redelivery' } },
    ]);
  });

  test('the webhook writes are CouncilWrites: register, rotate, remove', async () => {
    const { rules } = setup();
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks', storeAnswer);
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks2', storeAnswer);
    await rules.rotateSecret(council, storeAnswer);
    await rules.remove(council, storeAnswer);
    expect(metrics.emitted().map((m) => m.dimensions)).toEqual([
      { action: 'webhook' },
      { action: 'webhook' },
      { action: 'webhook-secret' },
      { action: 'webhook-removal' },
    ]);
    expectOnlyCatalogueValues(metrics, ['bcs.wcc.govt.nz', 'client-1', SECRET_A, SECRET_B]);
  });
});
