import { describe, expect, it } from 'vitest';
import { outcomeOf, windcaveGateway } from '../../../../functions/platform/adapters/payments/windcave.js';
import { GatewayUnavailable } from '../../../../functions/platform/adapters/payments/gateway.js';

/** A fetch that records the request and answers `status` with `body`. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { calls, fetch };
}
const config = { baseUrl: 'https://uat.windcave.test/', username: 'wcc_rest', apiKey: 'key' };

describe('the Windcave adapter', () => {
  it('creates a purchase session: amount as text in dollars, Basic auth, the hosted page link', async () => {
    const f = fakeFetch(202, {
      id: 'sess-1',
      state: 'init',
      links: [
        { href: 'https://uat.windcave.test/api/v1/sessions/sess-1', rel: 'self' },
        { href: 'https://uat.windcave.test/pxmi3/hpp', rel: 'hpp' },
      ],
    });
    const created = await windcaveGateway({ ...config, fetch: f.fetch }).createSession({
      amountCents: 31260,
      currency: 'NZD',
      merchantReference: 'INV-1',
      returnUrl: 'https://portal.test/back',
      notificationUrl: 'https://api.portal.test/public/payments/notifications',
      expiresAt: new Date('2026-11-27T01:30:00.000Z'),
    });
    expect(created).toEqual({ sessionId: 'sess-1', payUrl: 'https://uat.windcave.test/pxmi3/hpp' });
    expect(f.calls[0]!.url).toBe('https://uat.windcave.test/api/v1/sessions');
    expect((f.calls[0]!.init.headers as Record<string, string>).authorization).toBe(
      `Basic ${Buffer.from('wcc_rest:key').toString('base64')}`,
    );
    expect(JSON.parse(String(f.calls[0]!.init.body))).toMatchObject({
      type: 'purchase',
      amount: '312.60',
      currency: 'NZD',
      merchantReference: 'INV-1',
      notificationUrl: 'https://api.portal.test/public/payments/notifications',
      expires: '2026-11-27T01:30:00.000Z',
    });
  });

  it('reads the outcome from the last transaction', () => {
    const tx = (over: object) => ({
      id: 'tx-1',
      authorised: true,
      amount: '312.60',
      responseText: 'APPROVED',
      ...over,
    });
    expect(
      outcomeOf({
        id: 's',
        state: 'complete',
        currency: 'NZD',
        merchantReference: 'INV-1',
        transactions: [tx({ currency: 'NZD', merchantReference: 'INV-1' })],
      }),
    ).toEqual({
      state: 'done',
      result: 'Approved',
      transactionId: 'tx-1',
      message: 'APPROVED',
      amountCents: 31260,
      currency: 'NZD',
      merchantReference: 'INV-1',
    });
    // The currency and reference the gateway charged under: the transaction's, else the session's.
    expect(
      outcomeOf({
        id: 's',
        state: 'complete',
        currency: 'AUD',
        merchantReference: 'X',
        transactions: [tx({})],
      }),
    ).toMatchObject({ currency: 'AUD', merchantReference: 'X' });
    expect(outcomeOf({ id: 's', state: 'complete', transactions: [tx({})] })).toMatchObject({
      currency: undefined,
      merchantReference: undefined,
    });
    expect(
      outcomeOf({
        id: 's',
        state: 'complete',
        transactions: [tx({ authorised: false, responseText: 'DECLINED', reCo: '51' })],
      }),
    ).toMatchObject({ result: 'Declined', message: 'DECLINED' });
    expect(
      outcomeOf({
        id: 's',
        state: 'complete',
        transactions: [tx({ authorised: false, responseText: 'SYSTEM ERROR', reCo: 'U9' })],
      }),
    ).toMatchObject({ result: 'Error' });
    expect(outcomeOf({ id: 's', state: 'pending' })).toEqual({ state: 'pending' });
    expect(outcomeOf({ id: 's', state: 'init', transactions: [] })).toEqual({ state: 'pending' });
    expect(outcomeOf({ id: 's', state: 'expired' })).toEqual({ state: 'abandoned', message: 'expired' });
  });

  it('a 5xx, a timeout-like failure or garbage is GatewayUnavailable (retry later); a 4xx is a plain error', async () => {
    for (const [status, body] of [
      [503, 'busy'],
      [200, 'not json'],
      [200, { unexpected: true }],
    ] as const) {
      const f = fakeFetch(status, body);
      await expect(windcaveGateway({ ...config, fetch: f.fetch }).querySession('s')).rejects.toBeInstanceOf(
        GatewayUnavailable,
      );
    }
    const refused = fakeFetch(401, { error: 'bad credentials' });
    const e = await windcaveGateway({ ...config, fetch: refused.fetch })
      .querySession('s')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(GatewayUnavailable);
    const down = windcaveGateway({
      ...config,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.querySession('s')).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});
