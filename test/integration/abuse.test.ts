/**
 * Abuse controls against the local stack (docs/security.md): every call goes through the CloudFront
 * stand-in, which adds the origin secret; a direct call to the gateway is refused. Resend and
 * confirm answer identically whether or not the account exists or is confirmed. The rate limits
 * per address and per client refuse the next call with 429, the error shape and Retry-After, and
 * leave other addresses and clients alone. Each test acts as its own client (X-Forwarded-For,
 * which the local CloudFront stand-in takes as the viewer's address).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import { solvedCaptcha, waitForMail } from '../support/accounts';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';

const o = readOutputs();
const limits = o.RateLimits as Record<string, { limit: number; windowSeconds: number }>;
const newEmail = () => `abuse-${randomUUID()}@demo.consent.nz`;
const newClient = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function call(
  method: string,
  path: string,
  body: unknown,
  opts: { client?: string; base?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${opts.base ?? o.ApiUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.client ? { 'x-forwarded-for': opts.client } : {}),
      ...opts.headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

const resend = (email: string, client: string) =>
  call('POST', '/public/user/registration/resend', { email }, { client });
const confirm = (email: string, code: string, client: string) =>
  call('POST', '/public/user/registration/confirm', { email, code }, { client });

/** Registers `email` (a really solved captcha) and returns the code of its sign-up mail. */
async function registered(email: string, client: string): Promise<string> {
  const res = await call(
    'POST',
    '/public/user/registration',
    {
      email,
      firstName: 'Mere',
      lastName: 'Parata',
      password: 'Register#2025',
      acknowledgement: true,
      captchaToken: await solvedCaptcha(o),
    },
    { client },
  );
  expect(res.status).toBe(200);
  const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs: o });
  return mail.code!;
}

describe('everything goes through CloudFront', () => {
  test('a direct call to the gateway without the origin secret, or with another one, is 403 with the error shape', async () => {
    expect(typeof o.GatewayUrl).toBe('string');
    const forbidden = { status: 403, retryAfter: null, body: { code: 'ClientError', message: 'Forbidden' } };
    expect(await call('GET', '/public/health', undefined, { base: String(o.GatewayUrl) })).toEqual(forbidden);
    expect(
      await call('GET', '/public/health', undefined, {
        base: String(o.GatewayUrl),
        headers: { 'x-portal-origin-verify': 'a-guess' },
      }),
    ).toEqual(forbidden);
    // A public route that sends mail is refused before it does anything.
    expect(
      await call(
        'POST',
        '/public/user/registration/resend',
        { email: newEmail() },
        { base: String(o.GatewayUrl) },
      ),
    ).toEqual(forbidden);
    // Through the stand-in the same route answers.
    expect((await call('GET', '/public/health', undefined)).status).toBe(200);
  });

  test('a client cannot bring its own origin secret or viewer address past the edge', async () => {
    const res = await call('GET', '/public/health', undefined, {
      headers: { 'x-portal-origin-verify': 'wrong', 'x-portal-viewer-ip': '10.9.9.9' },
    });
    expect(res.status).toBe(200);
  });
});

describe('no account enumeration: resend and confirm answer identically', () => {
  test('resend: unknown, unconfirmed and confirmed accounts get the same status and body', async () => {
    const client = newClient();
    const pending = newEmail();
    const done = newEmail();
    await registered(pending, client);
    const code = await registered(done, client);
    expect((await confirm(done, code, client)).status).toBe(204);

    const unknown = await resend(newEmail(), client);
    expect(unknown).toEqual({ status: 204, retryAfter: null, body: undefined });
    expect(await resend(pending, client)).toEqual(unknown);
    expect(await resend(done, client)).toEqual(unknown);
  });

  test('confirm with a wrong code: unknown, unconfirmed and confirmed accounts get the same status and body', async () => {
    const client = newClient();
    const pending = newEmail();
    const done = newEmail();
    const pendingCode = await registered(pending, client);
    const doneCode = await registered(done, client);
    expect((await confirm(done, doneCode, client)).status).toBe(204);
    const wrong = (c: string) => (c === '111111' ? '222222' : '111111');

    const unknown = await confirm(newEmail(), '111111', client);
    expect(unknown).toEqual({
      status: 400,
      retryAfter: null,
      body: {
        code: 'ClientError',
        message: 'Invalid verification code',
        details: [{ field: 'body.code', reason: 'Invalid verification code' }],
      },
    });
    expect(await confirm(pending, wrong(pendingCode), client)).toEqual(unknown);
    expect(await confirm(done, wrong(doneCode), client)).toEqual(unknown);
    // The code that confirmed it still works (a second click on the mail's link).
    expect((await confirm(done, doneCode, client)).status).toBe(204);
  });
});

/**
 * The limiter's windows are fixed and aligned to the epoch (functions/platform/rate-limit.ts): a test
 * that counts calls across a window's end would see the count start again. When any window ends
 * within the next minute, wait for it to pass first.
 */
async function roomInEveryWindow(needSeconds = 60) {
  const windows = [...new Set(Object.values(limits).map((r) => r.windowSeconds))];
  const left = () => Math.min(...windows.map((w) => w - ((Date.now() / 1000) % w)));
  if (left() >= needSeconds) return;
  const until = Date.now() + left() * 1000 + 1000;
  await waitFor('the rate-limit windows to start again', () => Date.now() > until, {
    timeoutMs: (needSeconds + 5) * 1000,
    intervalMs: 250,
  });
}

describe('rate limits', () => {
  beforeEach(() => roomInEveryWindow(), 90_000);

  test('resend per address: the N+1th call is 429 with Retry-After; another address is not affected', async () => {
    const client = newClient();
    const email = newEmail();
    const { limit, windowSeconds } = limits.resendPerAddress!;
    for (let i = 0; i < limit; i++) expect((await resend(email, client)).status).toBe(204);
    const refused = await resend(email, client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'ClientError',
      message: 'Too many requests, please try again later',
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(windowSeconds);
    // Another client cannot unlock it either: the limit is the address's.
    expect((await resend(email, newClient())).status).toBe(429);
    expect((await resend(newEmail(), client)).status).toBe(204);
  });

  test('confirm per address: code guessing stops at the limit, and the right code is refused too', async () => {
    const client = newClient();
    const email = newEmail();
    const code = await registered(email, client);
    const { limit } = limits.confirmPerAddress!;
    const guesses = Array.from({ length: limit + 1 }, (_, i) => String(100000 + i)).filter((g) => g !== code);
    for (const g of guesses.slice(0, limit)) expect((await confirm(email, g, client)).status).toBe(400);
    const refused = await confirm(email, code, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  test('resend per client: one client walking through addresses is stopped; another client is not', async () => {
    const client = newClient();
    const { limit } = limits.resendPerClient!;
    // In batches of 10 at once: the counter's ADD is atomic, so concurrency cannot slip past it.
    for (let done = 0; done < limit; done += 10) {
      const batch = Array.from({ length: Math.min(10, limit - done) }, () => resend(newEmail(), client));
      expect((await Promise.all(batch)).map((r) => r.status)).toEqual(batch.map(() => 204));
    }
    const refused = await resend(newEmail(), client);
    expect(refused).toMatchObject({ status: 429, body: { code: 'ClientError' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await resend(newEmail(), newClient())).status).toBe(204);
  });
});
