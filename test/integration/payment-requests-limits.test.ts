/**
 * Invite to pay is not a mail relay (docs/payments.md "Invite to pay"): payment
 * requests are limited per invoice and per user, through the API, with the stack's limits
 * (functions/platform/rate-limit.ts, RATE_LIMITS). Over a limit: 429 with the error shape and
 * Retry-After, and no request is stored (so no mail goes). A fresh user, so no other test's sends
 * count.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import { PaymentRequestsResponse } from '../../shared/schemas/payment-requests';
import { readOutputs } from '../support/outputs';
import { api, registeredUser } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';

const o = readOutputs();
const limits = o.RateLimits as Record<string, { limit: number; windowSeconds: number }>;
const wcc = councilApiClient(councilCredentials('wcc', o));

/**
 * The limiter's windows are fixed and aligned to the epoch: counting across a window's end would
 * see the count start again. When one of these ends within `needSeconds`, wait for it to pass.
 */
async function roomInWindows(windows: number[], needSeconds = 120) {
  const left = () => Math.min(...windows.map((w) => w - ((Date.now() / 1000) % w)));
  if (left() >= needSeconds) return;
  const until = Date.now() + left() * 1000 + 1000;
  await waitFor('the rate-limit windows to start again', () => Date.now() > until, {
    timeoutMs: (needSeconds + 5) * 1000,
    intervalMs: 250,
  });
}

describe('payment request limits', { timeout: 240_000 }, () => {
  test('per invoice, then per user: the next request is 429 with Retry-After, and nothing is sent', async () => {
    const perInvoice = limits.paymentRequestPerInvoice!;
    const perUser = limits.paymentRequestPerUser!;
    expect(perUser.limit).toBeGreaterThan(perInvoice.limit);
    const user = await registeredUser('pay-limits', o);
    const id = await submittedApplication(
      user.token,
      'wcc',
      { address1: '21 Relay Road', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    // Enough invoices to reach the user's limit without any one reaching its own.
    const invoices: string[] = [];
    for (let i = 0; i <= Math.ceil(perUser.limit / (perInvoice.limit - 1)); i++)
      invoices.push((await wcc.issueInvoice(id, { description: `Fee ${i}`, baseAmount: 10 + i })).id);
    await roomInWindows([perInvoice.windowSeconds, perUser.windowSeconds]);

    const send = async (paymentId: string) => {
      const res = await fetch(`${o.ApiUrl}/user/applications/${id}/payments/${paymentId}/requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          payerName: 'Relay Target',
          payerEmail: `relay-${randomUUID()}@demo.consent.nz`,
          message: 'Visit https://evil.example',
        }),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    const stored = async (paymentId: string) =>
      PaymentRequestsResponse.parse(
        (
          await api('GET', `/user/applications/${id}/payments/${paymentId}/requests`, undefined, {
            token: user.token,
            outputs: o,
          })
        ).body,
      ).length;

    // ---- Per invoice: the limit's worth, then 429 ----
    const [first, ...others] = invoices as [string, ...string[]];
    for (let i = 0; i < perInvoice.limit; i++) expect((await send(first)).status).toBe(201);
    const refused = await send(first);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'ClientError', message: 'Too many requests, please try again later' },
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(perInvoice.windowSeconds);
    expect(await stored(first)).toBe(perInvoice.limit);
    // Another invoice of the same user is not affected.
    expect((await send(others[0]!)).status).toBe(201);

    // ---- Per user: every attempt counted (the refused one too), spread over the other invoices ----
    let attempts = perInvoice.limit + 2;
    for (let i = 0; attempts < perUser.limit; i++, attempts++) {
      const res = await send(others[i % others.length]!);
      expect(res.status, `attempt ${attempts + 1}`).toBe(201);
    }
    const last = others.at(-1)!;
    const before = await stored(last);
    expect(before).toBeLessThan(perInvoice.limit);
    const over = await send(last);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(perUser.windowSeconds);
    expect(await stored(last)).toBe(before);
  });
});
