import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOST } from './ports.js';
import { listen } from './util.js';

/**
 * The local card gateway (docs/payments.md): the subset of Windcave's REST API the portal's adapter
 * speaks (functions/platform/adapters/payments/windcave.ts) and a hosted payment page with test
 * cards. What a real gateway does that matters to the portal is reproduced: the outcome is known
 * only by querying the session; the notification is unsigned, and a card may make it arrive twice,
 * late or never.
 *
 * - `POST /api/v1/sessions` (HTTP Basic): a purchase session; 202 with its `self` and `hpp` links.
 * - `GET /api/v1/sessions/{id}` (HTTP Basic): its state and transactions.
 * - `GET /pay/{id}`: the hosted page; `POST /pay/{id}` with `card` (or `cancel`): the attempt, then a
 *   303 to the session's callback URL with `?sessionId=`.
 * - A session created with `expires` takes no payment after it (its state reads `expired`).
 */

/** A notification that was not taken is sent again at most this many times (Windcave's FPRN: six). */
export const NOTIFY_RETRIES = 6;

/** The test cards, shown on the hosted page. */
export const TEST_CARDS = {
  '4111111111111111': { outcome: 'approved', label: 'Approved' },
  '4000000000000002': { outcome: 'declined', label: 'Declined (insufficient funds)' },
  '4000000000000119': { outcome: 'error', label: 'Error at the bank' },
  '4000000000000259': { outcome: 'approved', label: 'Approved, notified twice', notify: 'twice' },
  '4000000000000440': { outcome: 'approved', label: 'Approved, notified late', notify: 'late' },
  '4000000000000333': { outcome: 'approved', label: 'Approved, never notified', notify: 'never' },
  // A gateway answering for something other than the session (the portal must not settle it).
  '4000000000000507': {
    outcome: 'approved',
    label: 'Approved for another amount (does not match the invoice)',
    charge: 'otherAmount',
  },
  '4000000000000515': {
    outcome: 'approved',
    label: 'Approved under another reference (does not match the invoice)',
    charge: 'otherReference',
  },
} as const satisfies Record<
  string,
  {
    outcome: 'approved' | 'declined' | 'error';
    label: string;
    notify?: 'twice' | 'late' | 'never';
    charge?: 'otherAmount' | 'otherReference';
  }
>;
type TestCard = keyof typeof TEST_CARDS;

interface Session {
  id: string;
  state: 'init' | 'complete' | 'cancelled' | 'expired';
  amount: string;
  currency: string;
  merchantReference: string;
  callbackUrls: { approved: string; declined: string; cancelled: string };
  notificationUrl: string;
  /** When the hosted page stops taking payment (ISO time), if the merchant said. */
  expires?: string;
  transactions: {
    id: string;
    authorised: boolean;
    responseText: string;
    reCo: string;
    amount: string;
    currency: string;
    merchantReference: string;
  }[];
}

export interface PaymentGatewayOptions {
  port: number;
  username: string;
  apiKey: string;
  /** How long a "late" notification waits (default 5 s). */
  lateMs?: number;
  /** The first wait before a notification that was not taken is sent again, doubled each time (default 1 s). */
  notifyRetryMs?: number;
  /**
   * Where the sessions are kept (JSON), so a restart of the stack finds them as the real gateway
   * would; without it they live in memory only.
   */
  file?: string;
  log?: (line: string) => void;
}

export interface LocalPaymentGateway {
  url: string;
  /** The notifications sent so far (session ids, each attempt), for tests. */
  notifications: string[];
  /** Ends a session unpaid now, as its expiry would (tests). */
  expire(sessionId: string): void;
  /**
   * Fault injection (test/support/faults.ts): while on, the REST API answers 500 to every call and
   * no notification is sent (the hosted page still takes the card: the bank side works). The
   * notifications it would have sent are not sent later either: only a query finds the outcome.
   */
  setFailing(on: boolean): void;
  /** The notifications not sent because the gateway was failing (session ids). */
  suppressed: string[];
  close(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startPaymentGateway(options: PaymentGatewayOptions): Promise<LocalPaymentGateway> {
  const sessions = new Map<string, Session>();
  if (options.file && existsSync(options.file)) {
    try {
      for (const s of JSON.parse(readFileSync(options.file, 'utf8')) as Session[]) sessions.set(s.id, s);
    } catch (err) {
      options.log?.(`payment gateway: ignoring unreadable ${options.file}: ${String(err)}`);
    }
  }
  const persist = () => {
    if (!options.file) return;
    const tmp = `${options.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...sessions.values()]));
    renameSync(tmp, options.file);
  };
  const notifications: string[] = [];
  const suppressed: string[] = [];
  let failing = false;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${options.username}:${options.apiKey}`).toString('base64')}`,
  );
  const authorised = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  let base = '';
  /** A session unpaid past its `expires` is expired (Windcave's hosted page stops taking payment). */
  const current = (s: Session) => {
    if (s.state === 'init' && s.expires && Date.parse(s.expires) <= Date.now()) s.state = 'expired';
    return s;
  };

  /**
   * Sends a notification; one that is not taken (no connection, or an answer other than 2xx, 3xx,
   * 404 or 502: Windcave's fail-proof result notification gives up on those two) is sent again, up
   * to NOTIFY_RETRIES times, 1, 2, 4 … s apart (`notifyRetryMs`): a portal that answered 503 for a
   * table or gateway it could not reach hears again. Windcave's own intervals are not published.
   */
  const notify = (s: Session, attempt = 0) => {
    if (failing) {
      suppressed.push(s.id);
      return;
    }
    notifications.push(s.id);
    const url = new URL(s.notificationUrl);
    url.searchParams.set('sessionId', s.id);
    const again = (why: string) => {
      if (closed || attempt >= NOTIFY_RETRIES) {
        options.log?.(`payment gateway: notification for ${s.id} failed (${why}), not sent again`);
        return;
      }
      const t = setTimeout(
        () => {
          timers.delete(t);
          notify(s, attempt + 1);
        },
        (options.notifyRetryMs ?? 1000) * 2 ** attempt,
      );
      timers.add(t);
    };
    fetch(url, { method: 'GET', signal: AbortSignal.timeout(30_000) }).then(
      async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 400 && res.status !== 404 && res.status !== 502) again(`HTTP ${res.status}`);
      },
      (err: unknown) => again(String(err)),
    );
  };

  const page = (s: Session) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(s.merchantReference)} (local test gateway)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem">
<main>
<h1>Pay ${escapeHtml(s.currency)} ${escapeHtml(s.amount)}</h1>
<p>Reference ${escapeHtml(s.merchantReference)}. This is the local test gateway: no money moves.</p>
<form method="post" action="/pay/${encodeURIComponent(s.id)}">
<fieldset><legend>Test card</legend>
${Object.entries(TEST_CARDS)
  .map(
    ([number, c], i) =>
      `<div><input type="radio" id="card-${i}" name="card" value="${number}"${i === 0 ? ' checked' : ''}>
<label for="card-${i}">${number} · ${escapeHtml(c.label)}</label></div>`,
  )
  .join('\n')}
</fieldset>
<p><button type="submit">Pay now</button> <button type="submit" name="cancel" value="1">Cancel</button></p>
</form></main></body></html>`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const api = /^\/api\/v1\/sessions(?:\/([^/]+))?$/.exec(url.pathname);
    if (api) {
      if (failing) return send(res, 500, { errors: [{ message: 'Internal server error' }] });
      if (!authorised(req)) return send(res, 401, { errors: [{ message: 'Unauthorized' }] });
      if (req.method === 'POST' && !api[1]) {
        const body = JSON.parse(await readBody(req)) as Partial<Session> & { type?: string };
        if (
          body.type !== 'purchase' ||
          !/^\d+\.\d{2}$/.test(body.amount ?? '') ||
          !body.callbackUrls ||
          !body.notificationUrl
        )
          return send(res, 400, {
            errors: [{ message: 'A purchase with amount, callbackUrls and notificationUrl' }],
          });
        const id = randomBytes(12).toString('hex');
        sessions.set(id, {
          id,
          state: 'init',
          amount: body.amount!,
          currency: body.currency ?? 'NZD',
          merchantReference: body.merchantReference ?? '',
          callbackUrls: body.callbackUrls,
          notificationUrl: body.notificationUrl,
          ...(typeof body.expires === 'string' ? { expires: body.expires } : {}),
          transactions: [],
        });
        return send(res, 202, {
          id,
          state: 'init',
          links: [
            { href: `${base}/api/v1/sessions/${id}`, rel: 'self', method: 'GET' },
            { href: `${base}/pay/${id}`, rel: 'hpp', method: 'REDIRECT' },
          ],
        });
      }
      if (req.method === 'GET' && api[1]) {
        const s = sessions.get(decodeURIComponent(api[1]));
        if (!s) return send(res, 404, { errors: [{ message: 'Session not found' }] });
        current(s);
        return send(res, 200, {
          id: s.id,
          state: s.state,
          amount: s.amount,
          currency: s.currency,
          merchantReference: s.merchantReference,
          transactions: s.transactions,
        });
      }
      return send(res, 405, { errors: [{ message: 'Method not allowed' }] });
    }
    const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
    const s = pay ? sessions.get(decodeURIComponent(pay[1]!)) : undefined;
    if (!pay || !s) return send(res, 404, 'Not found', 'text/plain');
    if (current(s).state !== 'init') {
      const to = s.state === 'complete' ? s.callbackUrls.approved : s.callbackUrls.cancelled;
      res.writeHead(303, { location: `${to}${to.includes('?') ? '&' : '?'}sessionId=${s.id}` });
      return res.end();
    }
    if (req.method === 'GET') return send(res, 200, page(s), 'text/html; charset=utf-8');
    const form = new URLSearchParams(await readBody(req));
    const back = (to: string) => {
      res.writeHead(303, { location: `${to}${to.includes('?') ? '&' : '?'}sessionId=${s.id}` });
      res.end();
    };
    if (form.get('cancel')) {
      s.state = 'cancelled';
      notify(s);
      return back(s.callbackUrls.cancelled);
    }
    const card = TEST_CARDS[form.get('card') as TestCard] as (typeof TEST_CARDS)[TestCard] | undefined;
    const outcome = card?.outcome ?? 'declined';
    s.state = 'complete';
    const charge = card && 'charge' in card ? card.charge : undefined;
    s.transactions.push({
      id: randomBytes(8).toString('hex'),
      authorised: outcome === 'approved',
      responseText: outcome === 'approved' ? 'APPROVED' : outcome === 'error' ? 'SYSTEM ERROR' : 'DECLINED',
      reCo: outcome === 'approved' ? '00' : outcome === 'error' ? 'U9' : '51',
      amount: charge === 'otherAmount' ? (Number(s.amount) + 1).toFixed(2) : s.amount,
      currency: s.currency,
      merchantReference: charge === 'otherReference' ? `${s.merchantReference}-X` : s.merchantReference,
    });
    const how = card && 'notify' in card ? card.notify : undefined;
    if (how === 'twice') {
      notify(s);
      notify(s);
    } else if (how === 'late') {
      const t = setTimeout(() => {
        timers.delete(t);
        notify(s);
      }, options.lateMs ?? 5000);
      timers.add(t);
    } else if (how !== 'never') notify(s);
    return back(outcome === 'approved' ? s.callbackUrls.approved : s.callbackUrls.declined);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res)
      .then(() => {
        if (req.method === 'POST') persist();
      })
      .catch((err: unknown) => send(res, 400, { errors: [{ message: String(err) }] }));
  });
  await listen(server, options.port, HOST);
  base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    notifications,
    suppressed,
    setFailing: (on) => {
      failing = on;
    },
    expire: (sessionId) => {
      const s = sessions.get(sessionId);
      if (s?.state === 'init') s.state = 'expired';
      persist();
    },
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
