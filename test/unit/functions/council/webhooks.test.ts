import { afterEach, describe, expect, test } from 'vitest';
import { webhookRules, type WebhookPorts } from '../../../../functions/council/service/webhooks';
import type {
  AttemptOutcome,
  DeliveryRecord,
  WebhookRecord,
} from '../../../../functions/council/repository/webhooks';
import {
  postWebhook,
  signedWebhookHeaders,
  type PostResult,
} from '../../../../functions/council/service/webhook-sender';
import { webhookUrlMessages } from '../../../../shared/domain/council';
import type { CouncilEvent } from '../../../../shared/schemas/council';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../../support/webhook-receiver';

const SECRET_A = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const SECRET_B = `whsec_${Buffer.alloc(32, 2).toString('base64')}`;
const council = { authorityId: 'wcc', clientId: 'client-1' };
const event: CouncilEvent = {
  eventId: 'e-1',
  type: 'ApplicationSubmitted',
  applicationId: '1001',
  occurredAt: '2026-11-26T10:00:00.000Z',
};

/** The service over an in-memory table, a fake network and a settable clock. */
function setup(options: { answers?: PostResult[]; addresses?: Record<string, string[]> } = {}) {
  const webhooks = new Map<string, WebhookRecord>();
  const deliveries = new Map<string, DeliveryRecord>();
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  const answers = [...(options.answers ?? [])];
  let clock = new Date('2026-11-26T10:00:00Z');
  let secrets = [SECRET_A, SECRET_B];
  const ports: WebhookPorts = {
    getWebhook: async (a) => webhooks.get(a),
    putWebhook: async (w) => void webhooks.set(w.authorityId, structuredClone(w)),
    deleteWebhook: async (a) => void webhooks.delete(a),
    findDelivery: async (_a, id) => deliveries.get(id),
    ensureDelivery: async (d) => {
      if (!deliveries.has(d.eventId)) deliveries.set(d.eventId, { ...d, status: 'Pending', attempts: 0 });
      return { ...deliveries.get(d.eventId)! };
    },
    recordAttempt: async (k, o: AttemptOutcome) => {
      const d = deliveries.get(k.eventId)!;
      const next = {
        ...d,
        status: o.status,
        attempts: d.attempts + 1,
        lastAttemptAt: o.attemptedAt,
        lastStatusCode: o.statusCode,
        lastError: o.error,
      };
      deliveries.set(k.eventId, next);
      return next;
    },
    listDeliveries: async (_a, { status }) => ({
      deliveries: [...deliveries.values()].filter((d) => !status || d.status === status),
    }),
    post: async (url, headers, body) => {
      posts.push({ url, headers, body });
      return answers.shift() ?? { ok: true, statusCode: 204 };
    },
    sign: signedWebhookHeaders,
    resolve: async (host) => options.addresses?.[host] ?? ['203.0.113.10'],
    allowLoopback: false,
    newSecret: () => secrets.shift()!,
    now: () => clock,
  };
  return {
    rules: webhookRules(ports),
    webhooks,
    deliveries,
    posts,
    setClock: (d: string) => (clock = new Date(d)),
    setSecrets: (s: string[]) => (secrets = s),
  };
}

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
    expect(webhooks.get('wcc')!.secrets.map((s) => s.secret)).toEqual([SECRET_A]);
  });

  test('a host that resolves to a private address is refused with the field, nothing stored', async () => {
    const { rules, webhooks } = setup({ addresses: { 'evil.example': ['203.0.113.1', '10.0.0.5'] } });
    await expect(rules.register(council, 'https://evil.example/x')).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ field: 'body.url', reason: webhookUrlMessages.privateHost }],
    });
    await expect(rules.register(council, 'http://bcs.wcc.govt.nz/x')).rejects.toMatchObject({
      details: [{ field: 'body.url', reason: webhookUrlMessages.https }],
    });
    expect(webhooks.size).toBe(0);
  });

  test('rotation: the new secret and the old one sign for 24 hours, then the new one alone', async () => {
    const { rules, posts, setClock } = setup();
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    setClock('2026-11-26T12:00:00Z');
    const rotated = await rules.rotateSecret(council);
    expect(rotated).toMatchObject({ signingSecret: SECRET_B, secretCreatedAt: '2026-11-26T12:00:00.000Z' });

    await rules.deliver('wcc', event);
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
    const { rules, posts, deliveries } = setup();
    await expect(rules.show(council)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(rules.rotateSecret(council)).rejects.toMatchObject({ kind: 'notFound' });
    expect(await rules.deliver('wcc', event)).toBe('no-webhook');
    expect(posts).toHaveLength(0);
    expect(deliveries.size).toBe(0);
    await expect(rules.redeliver(council, 'e-1')).rejects.toMatchObject({ kind: 'notFound' });
  });
});

describe('delivery', () => {
  test('a failed attempt is logged Failed and throws (the machinery retries); the retry delivers once', async () => {
    const { rules, deliveries, posts } = setup({
      answers: [{ ok: false, statusCode: 503, error: 'HTTP 503' }],
    });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    await expect(rules.deliver('wcc', event)).rejects.toThrow('HTTP 503');
    expect(deliveries.get('e-1')).toMatchObject({ status: 'Failed', attempts: 1, lastStatusCode: 503 });
    expect(await rules.deliver('wcc', event)).toBe('delivered');
    expect(deliveries.get('e-1')).toMatchObject({ status: 'Delivered', attempts: 2, lastStatusCode: 204 });
    // A replay of a delivered event sends nothing.
    expect(await rules.deliver('wcc', event)).toBe('already');
    expect(posts).toHaveLength(2);
    expect(JSON.parse(posts[0]!.body)).toEqual(event);
    expect(posts[0]!.headers['webhook-id']).toBe('e-1');
  });

  test('the delivery log lists by status', async () => {
    const { rules } = setup({ answers: [{ ok: false, error: 'No answer within 5 s' }] });
    await rules.register(council, 'https://bcs.wcc.govt.nz/hooks');
    await expect(rules.deliver('wcc', event)).rejects.toThrow();
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
      error: webhookUrlMessages.privateHost,
    });
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    expect(await postWebhook(byName, {}, '{}', { allowLoopback: false })).toMatchObject({
      ok: false,
      error: webhookUrlMessages.privateHost,
    });
    expect(receiver.requests).toHaveLength(0);
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
