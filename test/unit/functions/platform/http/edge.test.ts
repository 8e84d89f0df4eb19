import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { afterEach, describe, expect, it } from 'vitest';
import { createFeatureHandler } from '../../../../../functions/platform/http/handler.js';
import type { RouteSchemas } from '../../../../../functions/platform/http/handler.js';
import {
  clientAddress,
  ORIGIN_VERIFY_HEADER,
  resetOriginSecret,
  VIEWER_IP_HEADER,
} from '../../../../../functions/platform/http/edge.js';
import { TooManyRequests } from '../../../../../functions/platform/errors.js';
import { anyone, defineRoute } from '../../../../../functions/routes.js';
import { httpEvent, lambdaContext, parseResponse } from '../../helpers.js';

const table = [
  defineRoute('GET', '/public/ping', 'site', anyone),
  defineRoute('GET', '/public/limited', 'site', anyone),
];
const contract: Record<string, RouteSchemas> = { 'GET /public/ping': {}, 'GET /public/limited': {} };
const handler = createFeatureHandler(
  'site',
  contract as never,
  {
    'GET /public/ping': async () => ({ ok: true }),
    'GET /public/limited': async () => {
      throw new TooManyRequests(undefined, undefined, 42);
    },
  } as never,
  { routes: table },
);

const call = async (routeKey: string, headers: Record<string, string> = {}) => {
  const event = httpEvent(routeKey);
  event.headers = { ...event.headers, ...headers };
  return parseResponse(await handler(event, lambdaContext));
};

afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
  resetOriginSecret();
});

describe('origin check: only requests through CloudFront reach a route', () => {
  it('with the secret configured, a request without it or with another value is 403 with the error shape', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 's3cret-from-secrets-manager';
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'guess' },
      { [ORIGIN_VERIFY_HEADER]: '' },
    ];
    for (const headers of attempts) {
      expect(await call('GET /public/ping', headers)).toMatchObject({
        statusCode: 403,
        body: { code: 'ClientError', message: 'Forbidden' },
      });
    }
    expect(
      await call('GET /public/ping', { [ORIGIN_VERIFY_HEADER]: 's3cret-from-secrets-manager' }),
    ).toMatchObject({ statusCode: 200, body: { ok: true } });
  });

  it('the check comes before routing: an unknown route without the secret is 403, not 404', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 's3cret';
    expect((await call('GET /public/nothing-here')).statusCode).toBe(403);
  });

  it('without a configured secret (a handler called directly in a unit test) there is no check', async () => {
    expect((await call('GET /public/ping')).statusCode).toBe(200);
  });
});

describe('429 and the client address', () => {
  it('TooManyRequests → 429 with the error shape and Retry-After', async () => {
    const res = await call('GET /public/limited');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('42');
    expect(res.body).toEqual({ code: 'ClientError', message: 'Too many requests, please try again later' });
  });

  it("the client is the viewer address CloudFront's function set, else the gateway's source IP", () => {
    const e = httpEvent('GET /public/ping');
    expect(clientAddress(e)).toBe('127.0.0.1');
    e.headers = { ...e.headers, [VIEWER_IP_HEADER]: '203.0.113.9' };
    expect(clientAddress(e)).toBe('203.0.113.9');
  });
});
