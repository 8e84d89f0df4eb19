import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPaymentGateway,
  TEST_CARDS,
  type LocalPaymentGateway,
} from '../../../infra/local/payment-gateway.js';
import { windcaveGateway } from '../../../functions/platform/adapters/payments/windcave.js';

/**
 * The local card gateway against the portal's Windcave adapter (the adapter's contract with the
 * stand-in): a session, the hosted page, each test card's outcome read only by querying the
 * session, and its notifications (once, twice, late, never) at a receiver.
 */
let gateway: LocalPaymentGateway;
let receiver: Server;
let receiverUrl = '';
const received: string[] = [];
/** What the receiver answers to a session's next notifications (then 200). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  gateway = await startPaymentGateway({
    port: 0,
    username: 'local',
    apiKey: 'key',
    lateMs: 300,
    notifyRetryMs: 20,
  });
  receiver = createServer((req, res) => {
    const sessionId = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
    received.push(sessionId);
    res.writeHead(answers.get(sessionId)?.shift() ?? 200).end();
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
});
afterAll(async () => {
  await gateway.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

const adapter = () => windcaveGateway({ baseUrl: gateway.url, username: 'local', apiKey: 'key' });
const newSession = (expiresAt = new Date(Date.now() + 30 * 60_000)) =>
  adapter().createSession({
    amountCents: 31854,
    currency: 'NZD',
    merchantReference: 'BLD-1-1',
    returnUrl: 'http://portal.test/back',
    notificationUrl: receiverUrl,
    expiresAt,
  });
/** The payer's submission of the hosted page's form. */
const pay = (payUrl: string, form: Record<string, string>) =>
  fetch(payUrl, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
const count = (sessionId: string) => received.filter((id) => id === sessionId).length;
/** Waits until `sessionId` has been notified `n` times (and answers the count). */
const notified = async (sessionId: string, n: number) => {
  for (let i = 0; i < 100 && count(sessionId) < n; i++) await new Promise((r) => setTimeout(r, 20));
  return count(sessionId);
};
/** The count after `ms`: only to show that a notification has not come (nothing to wait for). */
const after = async (sessionId: string, ms: number) => {
  await new Promise((r) => setTimeout(r, ms));
  return count(sessionId);
};

describe('the local payment gateway', () => {
  it('a session and its hosted page: the amount, the reference and every test card, labelled', async () => {
    const { sessionId, payUrl } = await newSession();
    expect(payUrl).toBe(`${gateway.url}/pay/${sessionId}`);
    const html = await (await fetch(payUrl)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Pay NZD 318.54');
    expect(html).toContain('BLD-1-1');
    for (const number of Object.keys(TEST_CARDS)) expect(html).toContain(`value="${number}"`);
    expect(await adapter().querySession(sessionId)).toEqual({ state: 'pending' });
  });

  it('approved: known by querying; the payer goes back with the session id; notified once', async () => {
    const { sessionId, payUrl } = await newSession();
    const res = await pay(payUrl, { card: '4111111111111111' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://portal.test/back?sessionId=${sessionId}`);
    expect(await adapter().querySession(sessionId)).toMatchObject({
      state: 'done',
      result: 'Approved',
      message: 'APPROVED',
      amountCents: 31854,
    });
    expect(await notified(sessionId, 1)).toBe(1);
    expect(await after(sessionId, 100)).toBe(1);
  });

  it('declined and error cards', async () => {
    for (const [card, result] of [
      ['4000000000000002', 'Declined'],
      ['4000000000000119', 'Error'],
    ] as const) {
      const { sessionId, payUrl } = await newSession();
      await pay(payUrl, { card });
      expect(await adapter().querySession(sessionId)).toMatchObject({ state: 'done', result });
    }
  });

  it('notifications twice, late or never, as the card says', async () => {
    const twice = await newSession();
    await pay(twice.payUrl, { card: '4000000000000259' });
    expect(await notified(twice.sessionId, 2)).toBe(2);
    const late = await newSession();
    await pay(late.payUrl, { card: '4000000000000440' });
    expect(count(late.sessionId)).toBe(0);
    expect(await notified(late.sessionId, 1)).toBe(1);
    const never = await newSession();
    await pay(never.payUrl, { card: '4000000000000333' });
    expect(await after(never.sessionId, 300)).toBe(0);
    expect(await adapter().querySession(never.sessionId)).toMatchObject({ result: 'Approved' });
  });

  it('a notification not taken (a 5xx: the portal could not reach its table) is sent again until it is; a 404 is not', async () => {
    const { sessionId, payUrl } = await newSession();
    answers.set(sessionId, [503, 503, 500]);
    await pay(payUrl, { card: '4111111111111111' });
    // The first and three more: the fourth answered 200.
    expect(await notified(sessionId, 4)).toBe(4);
    expect(await after(sessionId, 400)).toBe(4);
    const gone = await newSession();
    answers.set(gone.sessionId, [404]);
    await pay(gone.payUrl, { card: '4111111111111111' });
    expect(await notified(gone.sessionId, 1)).toBe(1);
    expect(await after(gone.sessionId, 200)).toBe(1);
  });

  it('a cancelled session is abandoned; a paid session cannot be paid again', async () => {
    const { sessionId, payUrl } = await newSession();
    await pay(payUrl, { cancel: '1' });
    expect(await adapter().querySession(sessionId)).toEqual({ state: 'abandoned', message: 'cancelled' });
    const paid = await newSession();
    await pay(paid.payUrl, { card: '4111111111111111' });
    await pay(paid.payUrl, { card: '4111111111111111' });
    const outcome = await adapter().querySession(paid.sessionId);
    expect(outcome).toMatchObject({ result: 'Approved' });
  });

  it('tells the currency and reference it charged under; two cards answer for something else (a mismatch)', async () => {
    const ok = await newSession();
    await pay(ok.payUrl, { card: '4111111111111111' });
    expect(await adapter().querySession(ok.sessionId)).toMatchObject({
      amountCents: 31854,
      currency: 'NZD',
      merchantReference: 'BLD-1-1',
    });
    const amount = await newSession();
    await pay(amount.payUrl, { card: '4000000000000507' });
    expect(await adapter().querySession(amount.sessionId)).toMatchObject({
      result: 'Approved',
      amountCents: 31954,
      merchantReference: 'BLD-1-1',
    });
    const reference = await newSession();
    await pay(reference.payUrl, { card: '4000000000000515' });
    expect(await adapter().querySession(reference.sessionId)).toMatchObject({
      result: 'Approved',
      amountCents: 31854,
      merchantReference: 'BLD-1-1-X',
    });
  });

  it('a session past its expiry (or expired by a test) takes no payment: abandoned, the payer sent back', async () => {
    const old = await newSession(new Date(Date.now() - 1000));
    expect(await adapter().querySession(old.sessionId)).toEqual({ state: 'abandoned', message: 'expired' });
    const res = await pay(old.payUrl, { card: '4111111111111111' });
    expect(res.status).toBe(303);
    expect(await adapter().querySession(old.sessionId)).toEqual({ state: 'abandoned', message: 'expired' });
    const open = await newSession();
    gateway.expire(open.sessionId);
    await pay(open.payUrl, { card: '4111111111111111' });
    expect(await adapter().querySession(open.sessionId)).toEqual({ state: 'abandoned', message: 'expired' });
  });

  it('refuses the API without the credentials', async () => {
    const wrong = windcaveGateway({ baseUrl: gateway.url, username: 'local', apiKey: 'nope' });
    await expect(wrong.querySession('x')).rejects.toThrow(/HTTP 401/);
  });

  it('failing (a fault): the API answers 500, a payment made meanwhile is never notified; queried after, approved', async () => {
    const { sessionId, payUrl } = await newSession();
    gateway.setFailing(true);
    try {
      await expect(adapter().querySession(sessionId)).rejects.toMatchObject({ name: 'GatewayUnavailable' });
      await expect(newSession()).rejects.toMatchObject({ name: 'GatewayUnavailable' });
      expect((await pay(payUrl, { card: '4111111111111111' })).status).toBe(303);
    } finally {
      gateway.setFailing(false);
    }
    expect(gateway.suppressed).toContain(sessionId);
    expect(await after(sessionId, 100)).toBe(0);
    expect(await adapter().querySession(sessionId)).toMatchObject({ state: 'done', result: 'Approved' });
  });

  it('with a file, a restarted gateway still knows its sessions (as Windcave does)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gateway-'));
    const file = path.join(dir, 'sessions.json');
    const start = () => startPaymentGateway({ port: 0, username: 'local', apiKey: 'key', file });
    try {
      let g = await start();
      const at = (url: string) => windcaveGateway({ baseUrl: url, username: 'local', apiKey: 'key' });
      const paid = await at(g.url).createSession({
        amountCents: 1000,
        currency: 'NZD',
        merchantReference: 'BLD-2-1',
        returnUrl: 'http://portal.test/back',
        notificationUrl: receiverUrl,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
      const open = await at(g.url).createSession({
        amountCents: 2000,
        currency: 'NZD',
        merchantReference: 'BLD-2-2',
        returnUrl: 'http://portal.test/back',
        notificationUrl: receiverUrl,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      });
      expect((await pay(paid.payUrl, { card: '4111111111111111' })).status).toBe(303);
      await g.close();
      g = await start();
      // Another port: the sessions' links name the old one; the ids are what the portal keeps.
      expect(await at(g.url).querySession(paid.sessionId)).toMatchObject({
        state: 'done',
        result: 'Approved',
      });
      const reopened = open.payUrl.replace(/^http:\/\/[^/]+/, g.url);
      expect((await pay(reopened, { card: '4111111111111111' })).status).toBe(303);
      expect(await at(g.url).querySession(open.sessionId)).toMatchObject({
        state: 'done',
        amountCents: 2000,
      });
      await g.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
