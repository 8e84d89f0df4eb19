import * as z from 'zod';
import { fromCents, toCents } from '../../../../shared/domain/payments.js';
import { GatewayUnavailable, type PaymentGateway, type SessionOutcome } from './gateway.js';

/**
 * Windcave's REST API behind the gateway port (docs/payments.md): `POST /api/v1/sessions` creates a
 * purchase session (HTTP Basic with the REST user and key), its `hpp` link is the hosted page;
 * `GET /api/v1/sessions/{id}` tells the outcome from the session's transactions. The same adapter
 * drives the local stand-in (infra/local/gateway-standin.ts), which speaks the same subset.
 * Field names and states as Windcave documents them; check them against its current reference
 * before go-live.
 */
export interface WindcaveConfig {
  /** e.g. https://sec.windcave.com (production) or https://uat.windcave.com (test). */
  baseUrl: string;
  username: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
}

const Link = z.object({ href: z.string(), rel: z.string() });
const Created = z.object({ id: z.string().min(1), links: z.array(Link) });
const Transaction = z.object({
  id: z.string(),
  authorised: z.boolean(),
  responseText: z.string().optional(),
  reCo: z.string().optional(),
  amount: z.string(),
  currency: z.string().optional(),
  merchantReference: z.string().optional(),
});
const Session = z.object({
  id: z.string(),
  state: z.string(),
  currency: z.string().optional(),
  merchantReference: z.string().optional(),
  transactions: z.array(Transaction).optional(),
});

/** Response codes Windcave gives when the attempt failed on its side rather than the card's. */
const ERROR_CODES = new Set(['U9', 'RC', 'U5', 'QK']);

/** A session's outcome from Windcave's answer (pure: the tests feed it answers). */
export function outcomeOf(session: z.infer<typeof Session>): SessionOutcome {
  const last = session.transactions?.at(-1);
  if (last) {
    const amountCents = toCents(last.amount) ?? 0;
    const message = last.responseText ?? (last.authorised ? 'APPROVED' : 'DECLINED');
    const result = last.authorised
      ? 'Approved'
      : last.reCo && ERROR_CODES.has(last.reCo)
        ? 'Error'
        : 'Declined';
    return {
      state: 'done',
      result,
      transactionId: last.id,
      message,
      amountCents,
      currency: last.currency ?? session.currency,
      merchantReference: last.merchantReference ?? session.merchantReference,
    };
  }
  const state = session.state.toLowerCase();
  if (state === 'expired' || state === 'cancelled') return { state: 'abandoned', message: session.state };
  return { state: 'pending' };
}

export function windcaveGateway(config: WindcaveConfig): PaymentGateway {
  const doFetch = config.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${config.username}:${config.apiKey}`).toString('base64')}`;
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await doFetch(`${config.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new GatewayUnavailable(`gateway: cannot connect (${String(err)})`, { cause: err });
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500 || res.status === 429) throw new GatewayUnavailable(`gateway: HTTP ${res.status}`);
    if (res.status >= 400) throw new Error(`gateway: HTTP ${res.status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new GatewayUnavailable('gateway: the answer is not JSON', { cause: err });
    }
  }
  return {
    async createSession(input) {
      const created = Created.safeParse(
        await call('POST', '/api/v1/sessions', {
          type: 'purchase',
          methods: ['card'],
          amount: fromCents(input.amountCents).toFixed(2),
          currency: input.currency,
          merchantReference: input.merchantReference,
          callbackUrls: { approved: input.returnUrl, declined: input.returnUrl, cancelled: input.returnUrl },
          notificationUrl: input.notificationUrl,
          // The hosted page takes no payment after this (an open session blocks the invoice's next).
          expires: input.expiresAt.toISOString(),
        }),
      );
      if (!created.success) throw new GatewayUnavailable('gateway: an unexpected session answer');
      const hpp = created.data.links.find((l) => l.rel === 'hpp');
      if (!hpp) throw new GatewayUnavailable('gateway: the session has no hosted page');
      return { sessionId: created.data.id, payUrl: hpp.href };
    },
    async querySession(sessionId) {
      const session = Session.safeParse(
        await call('GET', `/api/v1/sessions/${encodeURIComponent(sessionId)}`),
      );
      if (!session.success) throw new GatewayUnavailable('gateway: an unexpected session answer');
      return outcomeOf(session.data);
    },
  };
}
