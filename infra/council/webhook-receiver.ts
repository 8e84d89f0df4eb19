/**
 * A council's webhook endpoint for the tests and the simulator's `listen` (docs/council-api.md §5):
 * an HTTP server on 127.0.0.1 that verifies each request as a receiver of the Standard Webhooks
 * scheme must — the signature (HMAC-SHA256 with node:crypto over the pure parts of
 * shared/domain/council.ts, any of the `v1` signatures with any of its secrets) and the timestamp
 * within WEBHOOK_TOLERANCE_SECONDS — answers 401 to a request that fails either, and records what it
 * accepted. `failNext(n)` makes it answer 503 to the next n valid requests (a council that is down).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  isFreshWebhookTimestamp,
  parseWebhookSignatures,
  WEBHOOK_HEADERS,
  webhookSecretKeyPart,
  webhookSignedContent,
} from '../../shared/domain/council';
import { CouncilEvent } from '../../shared/schemas/council';

export type Verdict = 'ok' | 'bad-signature' | 'stale-timestamp' | 'missing-headers';

export interface ReceivedRequest {
  webhookId: string;
  timestamp: number;
  body: string;
  verdict: Verdict;
  /** What the receiver answered. */
  status: number;
  event?: CouncilEvent;
}

/** Verifies one request's headers and raw body against the secrets (pure apart from the HMAC). */
export function verifyWebhook(
  secrets: readonly string[],
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Verdict {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = one(WEBHOOK_HEADERS.id);
  const ts = one(WEBHOOK_HEADERS.timestamp);
  const signatures = parseWebhookSignatures(one(WEBHOOK_HEADERS.signature));
  if (!id || !ts || !signatures.length) return 'missing-headers';
  if (!isFreshWebhookTimestamp(ts, nowSeconds)) return 'stale-timestamp';
  const content = webhookSignedContent(id, Number(ts), body);
  const expected = secrets.map((s) =>
    createHmac('sha256', Buffer.from(webhookSecretKeyPart(s), 'base64'))
      .update(content)
      .digest(),
  );
  const matches = signatures.some((sig) => {
    const given = Buffer.from(sig, 'base64');
    return expected.some((e) => e.length === given.length && timingSafeEqual(e, given));
  });
  return matches ? 'ok' : 'bad-signature';
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Every request, in arrival order, whatever its verdict. */
  requests: ReceivedRequest[];
  /** The events of the requests answered 2xx. */
  accepted(): CouncilEvent[];
  /** The secrets it verifies with (a rotation adds one). */
  setSecrets(secrets: readonly string[]): void;
  /** Answers 503 to the next `n` valid requests. */
  failNext(n: number): void;
  /** Answers 503 to every valid request until `failNext(0)`. */
  failAlways(): void;
  /** Stops listening (connections refused, open ones dropped) until {@link up}: a council that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { secrets?: readonly string[]; port?: number; onRequest?: (r: ReceivedRequest) => void } = {},
): Promise<WebhookReceiver> {
  let secrets = [...(options.secrets ?? [])];
  let failures = 0;
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const verdict = verifyWebhook(secrets, req.headers, body);
      let status = verdict === 'ok' ? 204 : 401;
      if (verdict === 'ok' && failures > 0) {
        failures--;
        status = 503;
      }
      const parsed = CouncilEvent.safeParse(safeJson(body));
      const record: ReceivedRequest = {
        webhookId: String(req.headers[WEBHOOK_HEADERS.id] ?? ''),
        timestamp: Number(req.headers[WEBHOOK_HEADERS.timestamp]),
        body,
        verdict,
        status,
        ...(parsed.success ? { event: parsed.data } : {}),
      };
      requests.push(record);
      options.onRequest?.(record);
      res.writeHead(status).end();
    });
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen(options.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    port,
    requests,
    accepted: () => requests.filter((r) => r.status < 300 && r.event).map((r) => r.event!),
    setSecrets: (s) => {
      secrets = [...s];
    },
    failNext: (n) => {
      failures = n;
    },
    failAlways: () => {
      failures = Number.POSITIVE_INFINITY;
    },
    down: close,
    up: () => (server.listening ? Promise.resolve() : listen(port)),
    close,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
