/**
 * The local HTTP API gateway, against the stack test/with-stack.ts started (CONSENT_PORTAL_OUTPUTS):
 * the JWT authorizer (id tokens of the local pool only), API Gateway's 401/404 answers, CORS, and
 * the real user handler behind GET /user.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { routeKey, routes } from '../../functions/routes';
import { readOutputs } from '../support/outputs';
import { signIn, type Tokens } from '../support/cognito';

const o = readOutputs();
const demo = o.DemoUsers[0]!;
let tokens: Tokens;

beforeAll(async () => {
  tokens = await signIn(demo.email, demo.password, o);
});

const getUser = (authorization?: string) =>
  fetch(`${o.ApiUrl}/user`, { headers: authorization ? { authorization } : {} });

describe('local gateway', () => {
  test('ApiUrl carries the stage prefix /api', () => {
    expect(o.ApiUrl).toMatch(/\/api$/);
  });

  test("a demo user's id token is accepted: GET /user answers 200 with that user", async () => {
    const res = await getUser(`Bearer ${tokens.IdToken}`);
    expect(res.status).toBe(200);
    const user = (await res.json()) as { email: string; firstName?: string; lastName?: string; id: string };
    expect(user.email).toBe(demo.email);
    expect(user.firstName).toBeTruthy();
    const claims = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    };
    expect(user.id).toBe(claims.sub);
  });

  test('no token, a malformed token, a tampered token and an access token are all 401 Unauthorized', async () => {
    const [h, p, s] = tokens.IdToken.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'someone-else' })).toString('base64url')}.${s}`;
    for (const auth of [
      undefined,
      'Bearer nonsense',
      `Bearer ${forged}`,
      `Bearer ${tokens.AccessToken}`,
      tokens.IdToken,
    ]) {
      const res = await getUser(auth);
      expect(res.status, String(auth).slice(0, 20)).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  test('unknown paths and methods are 404 Not Found, as API Gateway answers', async () => {
    for (const [method, url] of [
      ['GET', `${o.ApiUrl}/no-such-thing`],
      ['DELETE', `${o.ApiUrl}/user`],
      ['GET', o.ApiUrl.replace(/\/api$/, '/user')],
    ] as const) {
      const res = await fetch(url, { method, headers: { authorization: `Bearer ${tokens.IdToken}` } });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
  });

  test('a trailing slash matches the route', async () => {
    const res = await fetch(`${o.ApiUrl}/user/`, { headers: { authorization: `Bearer ${tokens.IdToken}` } });
    expect(res.status).toBe(200);
  });

  test('CORS preflight from the web origin is answered; other origins get no CORS headers', async () => {
    const origin = String(o.WebUrl);
    const pre = await fetch(`${o.ApiUrl}/user`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await fetch(`${o.ApiUrl}/user`, {
      headers: { origin: 'https://evil.example', authorization: `Bearer ${tokens.IdToken}` },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('the gateway serves exactly the route table: every route reaches its handler, nothing else does', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
    for (const r of routes) {
      const path = r.path.replace(/\{[^}]+\}/g, 'x1');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (r.caller === 'user') headers.authorization = `Bearer ${tokens.IdToken}`;
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : '{}';
      const res = await fetch(`${o.ApiUrl}${path}`, { method: r.method, headers, body });
      const text = await res.text();
      // API Gateway's own 404 is {"message":"Not Found"}; a handler always answers with its own shape.
      expect(text, `${routeKey(r)} → ${res.status} ${text}`).not.toBe('{"message":"Not Found"}');
      // The same path with a method the table does not have is API Gateway's 404.
      for (const m of methods) {
        if (routes.some((o2) => o2.path === r.path && o2.method === m)) continue;
        const other = await fetch(`${o.ApiUrl}${path}`, { method: m, headers });
        expect(other.status, `${m} ${r.path}`).toBe(404);
        expect(await other.json()).toEqual({ message: 'Not Found' });
      }
    }
  });
});
