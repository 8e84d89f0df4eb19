import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, exportJWK, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, test } from 'vitest';
import { cached, councilAuthorizer, routeScope } from '../../../infra/local/council-authorizer';
import { buildEvent } from '../../../infra/local/gateway';
import type { IncomingMessage } from 'node:http';

const issuer = 'http://127.0.0.1:4504/local_council';
const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'CognitoLocal', alg: 'RS256', use: 'sig' };
const keys = createLocalJWKSet({ keys: [jwk] });
let listed = 0;
const authorize = councilAuthorizer({
  issuer,
  keys,
  clientIds: async () => {
    listed++;
    return new Set(['wccclient', 'aklclient']);
  },
});
const now = Math.floor(Date.now() / 1000);
const claims = {
  sub: 'wccclient',
  client_id: 'wccclient',
  token_use: 'access',
  scope: 'council-api/applications.read council-api/events.read',
  iss: issuer,
  iat: now,
  exp: now + 3600,
  jti: 'j1',
  version: 2,
};
const sign = (c: JWTPayload, key = pair.privateKey) =>
  new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const read = 'council-api/applications.read';

const valid = await sign(claims);
const [h, , s] = valid.split('.');
const cases: [string, string | undefined, string][] = [
  ['no token', undefined, 'Bearer'],
  ['not Bearer', `Basic ${valid}`, 'Bearer'],
  ['garbage', 'Bearer not-a-jwt', 'Bearer error="invalid_token"'],
  ['expired', `Bearer ${await sign({ ...claims, exp: now - 60 })}`, 'Bearer error="invalid_token"'],
  ['another key', `Bearer ${await sign(claims, other.privateKey)}`, 'Bearer error="invalid_token"'],
  [
    'another issuer (the web pool)',
    `Bearer ${await sign({ ...claims, iss: 'http://127.0.0.1:4504/local_web' })}`,
    'Bearer error="invalid_token"',
  ],
  ['an id token', `Bearer ${await sign({ ...claims, token_use: 'id' })}`, 'Bearer error="invalid_token"'],
  [
    'a client not in the pool',
    `Bearer ${await sign({ ...claims, client_id: 'gone', sub: 'gone' })}`,
    'Bearer error="invalid_token"',
  ],
  [
    'no client_id',
    `Bearer ${await sign({ ...claims, client_id: undefined })}`,
    'Bearer error="invalid_token"',
  ],
  [
    'an altered payload',
    `Bearer ${h}.${b64({ ...claims, client_id: 'aklclient' })}.${s}`,
    'Bearer error="invalid_token"',
  ],
  [
    'alg none',
    `Bearer ${b64({ alg: 'none', kid: 'CognitoLocal' })}.${b64(claims)}.`,
    'Bearer error="invalid_token"',
  ],
  [
    'HS256 with the public key as secret',
    `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'CognitoLocal' }).sign(new TextEncoder().encode(JSON.stringify(jwk)))}`,
    'Bearer error="invalid_token"',
  ],
];

describe('the council routes’ JWT authorizer (local)', () => {
  test('a valid token passes with the claims and scopes HTTP API gives the Lambda', async () => {
    const out = await authorize(`Bearer ${await sign(claims)}`, read);
    expect(out).toEqual({
      ok: true,
      claims: { ...claims },
      scopes: ['council-api/applications.read', 'council-api/events.read'],
    });
  });

  test('a token without the route’s scope → 403 insufficient_scope', async () => {
    const out = await authorize(`Bearer ${await sign(claims)}`, 'council-api/webhooks.manage');
    expect(out).toMatchObject({ ok: false, status: 403, body: { message: 'Forbidden' } });
  });

  test('a route without a declared scope needs only a valid token', async () => {
    expect(await authorize(`Bearer ${await sign({ ...claims, scope: '' })}`, undefined)).toMatchObject({
      ok: true,
    });
  });

  test.each(cases)('%s → 401', async (_what, header, challenge) => {
    expect(await authorize(header, read)).toEqual({
      ok: false,
      status: 401,
      headers: { 'www-authenticate': challenge },
      body: { message: 'Unauthorized' },
    });
  });

  test('an unknown client is looked up once more before the refusal (a client onboarded a moment ago)', async () => {
    const before = listed;
    await authorize(`Bearer ${await sign({ ...claims, client_id: 'gone' })}`, read);
    expect(listed - before).toBe(2);
  });

  test('the route’s scope is council-api/<access.scope>; none for an access without one', () => {
    expect(routeScope({ access: { caller: 'council', scope: 'events.read' } as never })).toBe(
      'council-api/events.read',
    );
    expect(routeScope({ access: { caller: 'council' } as never })).toBeUndefined();
  });

  test('the event carries the claims and the scope list as HTTP API’s JWT authorizer', () => {
    const req = { headers: {}, method: 'GET', httpVersion: '1.1', socket: {} } as unknown as IncomingMessage;
    const event = buildEvent({
      req,
      body: Buffer.alloc(0),
      rawPath: '/council/events',
      rawQueryString: '',
      routeKey: 'GET /council/events',
      claims: { client_id: 'wccclient', scope: 'council-api/events.read' },
      scopes: ['council-api/events.read'],
    });
    expect(event.requestContext.authorizer).toEqual({
      jwt: {
        claims: { client_id: 'wccclient', scope: 'council-api/events.read' },
        scopes: ['council-api/events.read'],
      },
    });
  });
});

describe('the client list (cached)', () => {
  test('a stale list is answered while the new one loads; fresh waits for a new one', async () => {
    const pending: (() => void)[] = [];
    let loads = 0;
    const list = cached(0, async () => {
      const n = ++loads;
      if (n > 1) await new Promise<void>((r) => pending.push(r));
      return n;
    });
    const tick = () => new Promise((r) => setTimeout(r, 5));
    expect(await list()).toBe(1); // the first call waits
    await tick();
    expect(await list()).toBe(1); // stale: answered at once, the second load under way
    expect(await list()).toBe(1); // one load at a time
    expect(loads).toBe(2);
    pending.shift()!();
    await tick();
    expect(await list()).toBe(2); // the new list (and a third load under way)
    const fresh = list(true); // a fourth, awaited
    expect(loads).toBe(4);
    pending.pop()!();
    expect(await fresh).toBe(4);
    pending.shift()!();
  });
});

describe('verified tokens (kept until their exp)', () => {
  const setup = (clients = new Set(['wccclient'])) => {
    let clock = now * 1000;
    let verifications = 0;
    const authorizer = councilAuthorizer({
      issuer,
      keys: (header, token) => {
        verifications++;
        return keys(header, token);
      },
      clientIds: async () => clients,
      now: () => clock,
    });
    return {
      authorizer,
      clients,
      verifications: () => verifications,
      advance: (seconds: number) => (clock += seconds * 1000),
    };
  };

  test('a council’s repeated calls with one token verify its signature once', async () => {
    const { authorizer, verifications } = setup();
    const token = `Bearer ${await sign(claims)}`;
    for (let i = 0; i < 3; i++) expect(await authorizer(token, read)).toMatchObject({ ok: true });
    expect(verifications()).toBe(1);
    // Another token (another signature) is verified: the key is the whole token.
    expect(await authorizer(`Bearer ${await sign({ ...claims, jti: 'j2' })}`, read)).toMatchObject({
      ok: true,
    });
    expect(verifications()).toBe(2);
  });

  test('a kept token is refused once past its exp, and verified again never', async () => {
    const { authorizer, advance, verifications } = setup();
    const token = `Bearer ${await sign({ ...claims, exp: now + 60 })}`;
    expect(await authorizer(token, read)).toMatchObject({ ok: true });
    advance(61);
    expect(await authorizer(token, read)).toMatchObject({ ok: false, status: 401 });
    expect(verifications()).toBe(2); // dropped from the kept ones, then refused by the check
  });

  test('the client list and the scope are checked on every call, kept token or not', async () => {
    const { authorizer, clients } = setup();
    const token = `Bearer ${await sign(claims)}`;
    expect(await authorizer(token, read)).toMatchObject({ ok: true });
    expect(await authorizer(token, 'council-api/webhooks.manage')).toMatchObject({ ok: false, status: 403 });
    clients.delete('wccclient'); // the app client deleted from the pool
    expect(await authorizer(token, read)).toMatchObject({ ok: false, status: 401 });
  });

  test('a refused token is never kept', async () => {
    const { authorizer, verifications } = setup();
    const forged = `Bearer ${await sign(claims, other.privateKey)}`;
    expect(await authorizer(forged, read)).toMatchObject({ ok: false, status: 401 });
    expect(await authorizer(forged, read)).toMatchObject({ ok: false, status: 401 });
    expect(verifications()).toBe(2);
  });
});
