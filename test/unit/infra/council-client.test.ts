import { describe, expect, it } from 'vitest';
import { CouncilApiError, councilApiClient } from '../../../infra/council/client.js';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A fake token endpoint and API: records each request, answers from `answer`. */
function fakeFetch(
  answer: (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string> },
) {
  const seen: Seen[] = [];
  const fn = (async (input: string | URL, init?: RequestInit) => {
    const req: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init?.headers as Record<string, string>) ?? {})),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    };
    seen.push(req);
    const a = answer(req);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json', ...(a.headers ?? {}) },
    });
  }) as typeof fetch;
  return { fn, seen };
}

const credentials = {
  clientId: 'client-1',
  clientSecret: 'secret-1',
  tokenUrl: 'http://127.0.0.1:9/oauth2/token',
  apiUrl: 'http://127.0.0.1:9/api/',
};

const application = {
  id: '1000001',
  applicationType: 'Standalone',
  recordType: 'Draft',
  authorityId: 'wcc',
  jurisdictionId: 'nz',
  formId: 'f1',
  status: 'InProgress',
  startedDate: '2026-11-01T00:00:00.000Z',
  modifiedDate: '2026-11-02T00:00:00.000Z',
  hasOutstandingRFIs: false,
  hasOutstandingPayments: false,
  useRequiredDocumentGroups: false,
  workflowStages: [],
  requiredInspections: [],
  rejectedReason: null,
};

function world(now: { t: number }) {
  return fakeFetch((req) => {
    if (req.url.endsWith('/oauth2/token'))
      return { status: 200, body: { access_token: `tok-${now.t}`, expires_in: 3600, token_type: 'Bearer' } };
    if (req.url.includes('/missing'))
      return { status: 404, body: { code: 'ResourceNotFound', message: 'Resource not found' } };
    return { status: 200, body: application, headers: { 'idempotent-replayed': 'true' } };
  });
}

describe('the council API client', () => {
  it('gets a token by client credentials (Basic) and keeps it until 60 s before it expires', async () => {
    const now = { t: 0 };
    const { fn, seen } = world(now);
    const council = councilApiClient(credentials, {
      fetch: fn,
      now: () => now.t,
      scopes: ['applications.read'],
    });
    await council.application('1000001');
    now.t = (3600 - 61) * 1000;
    await council.application('1000001');
    const tokens = seen.filter((r) => r.url.endsWith('/oauth2/token'));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('client-1:secret-1').toString('base64')}`,
    );
    expect(tokens[0]!.body).toBe('grant_type=client_credentials&scope=council-api%2Fapplications.read');
    now.t = (3600 - 59) * 1000;
    await council.application('1000001');
    expect(seen.filter((r) => r.url.endsWith('/oauth2/token'))).toHaveLength(2);
    expect(seen.at(-1)!.headers.authorization).toBe(`Bearer tok-${now.t}`);
    expect(seen.at(-1)!.url).toBe('http://127.0.0.1:9/api/council/applications/1000001');
  });

  it('abandons a request that never answers after its timeout (TimeoutError), and the next call goes on', async () => {
    let calls = 0;
    const hanging = (async (input: string | URL, init?: RequestInit) => {
      calls++;
      if (String(input).endsWith('/oauth2/token'))
        return new Response(JSON.stringify({ access_token: 'tok', expires_in: 3600 }), { status: 200 });
      if (calls === 2)
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        );
      return new Response(JSON.stringify(application), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const council = councilApiClient(credentials, { fetch: hanging, timeoutMs: 50 });
    await expect(council.application('1000001')).rejects.toMatchObject({ name: 'TimeoutError' });
    await expect(council.application('1000001')).resolves.toMatchObject({ id: application.id });
  });

  it('sends a fresh Idempotency-Key per write unless one is given, none on reads', async () => {
    const { fn, seen } = world({ t: 0 });
    const council = councilApiClient(credentials, { fetch: fn, now: () => 0 });
    await council.acceptLodgement('1000001');
    await council.acceptLodgement('1000001');
    await council.acceptLodgement('1000001', undefined, { idempotencyKey: 'k-1' });
    await council.application('1000001');
    const api = seen.filter((r) => !r.url.endsWith('/oauth2/token'));
    const keys = api.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('k-1');
    expect(keys[3]).toBeUndefined();
    expect(JSON.parse(api[0]!.body!)).toEqual({ decision: 'Accepted' });
    const raw = await council.send('DELETE', '/council/applications/1000001/suspension', {
      idempotencyKey: 'k-2',
    });
    expect(raw.replayed).toBe(true);
  });

  it('parses every answer by its schema and throws a typed error with the status and body', async () => {
    const { fn } = world({ t: 0 });
    const council = councilApiClient(credentials, { fetch: fn, now: () => 0 });
    expect((await council.application('1000001')).status).toBe('InProgress');
    const err = await council.application('missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CouncilApiError);
    expect((err as CouncilApiError).status).toBe(404);
    expect((err as CouncilApiError).body).toEqual({
      code: 'ResourceNotFound',
      message: 'Resource not found',
    });
    // A success that is not the schema's shape is a contract break.
    await expect(council.events()).rejects.toThrow();
  });
});
