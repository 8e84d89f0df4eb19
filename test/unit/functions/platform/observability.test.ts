import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createFeatureHandler, reply } from '../../../../functions/platform/http/handler.js';
import type { RouteSchemas } from '../../../../functions/platform/http/handler.js';
import { anyone, defineRoute, onApplication, signedIn } from '../../../../functions/routes.js';
import { NotFound } from '../../../../functions/platform/errors.js';
import { metrics, onMetric } from '../../../../functions/platform/observability/metrics.js';
import type { RecordedMetric } from '../../../../functions/platform/observability/metrics.js';
import {
  loadTracer,
  portalHandler,
  requestAnnotationKeys,
  tracer as adapterTracer,
} from '../../../../functions/platform/observability/tracer.js';
import { rateLimiter, type RateCounter } from '../../../../functions/platform/rate-limit.js';
import { TooManyRequests } from '../../../../functions/platform/errors.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';
import { seedApplicationAccess } from './http/access-fixture.js';

/** A feature handler over a table of its own: what is tested is the plumbing, not the portal's routes. */
const table = [
  defineRoute('GET', '/ok', 'applications', anyone),
  defineRoute('POST', '/people', 'applications', signedIn),
  defineRoute('GET', '/missing', 'applications', anyone),
  defineRoute('GET', '/boom', 'applications', anyone),
  defineRoute('GET', '/apps/{id}', 'applications', onApplication('ReadOnly')),
];
const contract: Record<string, RouteSchemas> = {
  'GET /ok': {},
  'POST /people': {},
  'GET /missing': {},
  'GET /boom': {},
  'GET /apps/{id}': {},
};
const impls = {
  'GET /ok': async () => ({ ok: true }),
  // An answer with personal data: it must never reach a trace.
  'POST /people': async () => reply(201, { name: 'Aroha Ngata', email: 'aroha@example.nz' }),
  'GET /missing': async () => {
    throw new NotFound('Nothing here');
  },
  'GET /boom': async () => {
    throw new Error('SES refused aroha@example.nz');
  },
  'GET /apps/{id}': async () => ({ seen: true }),
};
const handler = createFeatureHandler('applications', contract as never, impls as never, { routes: table });
const call = async (...args: Parameters<typeof httpEvent>) =>
  parseResponse(await handler(httpEvent(...args), lambdaContext));

// Outside Lambda the wrapper never loads the X-Ray SDK; here it is loaded to look at what it would do.
const tracer = await loadTracer();

const seen: RecordedMetric[] = [];
const off = onMetric((m) => seen.push(m));
afterAll(off);
beforeEach(() => {
  seen.length = 0;
});

describe('createFeatureHandler: every answer counted and timed (ApiResponses, ApiLatency)', () => {
  it('a success → ApiResponses {routeGroup: feature, statusClass: 2xx} and ApiLatency {routeGroup}', async () => {
    expect((await call('GET /ok')).statusCode).toBe(200);
    expect(seen.map((m) => [m.name, m.unit, m.dimensions])).toEqual([
      ['ApiResponses', 'Count', { routeGroup: 'applications', statusClass: '2xx' }],
      ['ApiLatency', 'Milliseconds', { routeGroup: 'applications' }],
    ]);
    expect(seen[1]!.value).toBeGreaterThanOrEqual(0);
  });

  it('mapped errors are answers too: a 404 → 4xx, an unexpected error → 5xx, no route → 4xx', async () => {
    expect((await call('GET /missing')).statusCode).toBe(404);
    expect((await call('GET /boom')).statusCode).toBe(500);
    expect((await call('GET /nowhere')).statusCode).toBe(404);
    expect(seen.filter((m) => m.name === 'ApiResponses').map((m) => m.dimensions.statusClass)).toEqual([
      '4xx',
      '5xx',
      '4xx',
    ]);
    expect(seen.filter((m) => m.name === 'ApiLatency')).toHaveLength(3);
  });
});

describe('rate limiter: each 429 → RateLimitRefusals {limit}', () => {
  it('counts the refused rule by name, nothing for allowed calls', async () => {
    let n = 0;
    const counter: RateCounter = { increment: async () => ++n };
    const limiter = rateLimiter({
      counter,
      limits: {
        ...(await import('../../../../functions/platform/rate-limit.js')).rateLimitSettings,
        resendPerAddress: { limit: 1, windowSeconds: 900 },
      },
    });
    await limiter.check(['resendPerAddress', 'aroha@example.nz']);
    expect(seen).toEqual([]);
    await expect(limiter.check(['resendPerAddress', 'aroha@example.nz'])).rejects.toBeInstanceOf(
      TooManyRequests,
    );
    expect(seen).toEqual([
      { name: 'RateLimitRefusals', unit: 'Count', value: 1, dimensions: { limit: 'resendPerAddress' } },
    ]);
  });
});

describe('tracing: annotations and what a trace may hold (no personal data)', () => {
  const ddb = mockClient(DynamoDBDocumentClient);
  /** A stand-in X-Ray segment: what the tracer would write to it. */
  const segment = {
    addNewSubsegment: vi.fn(() => segment),
    close: vi.fn(),
    addError: vi.fn(),
    addErrorFlag: vi.fn(),
    addFaultFlag: vi.fn(),
    addMetadata: vi.fn(),
    addAnnotation: vi.fn(),
  };
  const annotations: [string, unknown][] = [];

  beforeEach(() => {
    ddb.reset();
    seedApplicationAccess(ddb, { reader: 'ReadOnly' });
    annotations.length = 0;
    for (const fn of Object.values(segment)) fn.mockClear();
    // As in Lambda with active tracing: the tracer on, a segment to write to.
    vi.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    vi.spyOn(tracer, 'getSegment').mockReturnValue(segment as never);
    vi.spyOn(tracer, 'setSegment').mockImplementation(() => undefined);
    vi.spyOn(tracer, 'putAnnotation').mockImplementation((k, v) => void annotations.push([k, v]));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    ddb.reset();
  });

  const allowed = [...requestAnnotationKeys, 'ColdStart', 'Service'];

  it('annotates the route key, the feature and the application id, and nothing else', async () => {
    expect(
      (await call('GET /apps/{id}', { pathParameters: { id: '1000001' }, claims: userClaims('reader') }))
        .statusCode,
    ).toBe(200);
    const own = annotations.filter(([k]) => !['ColdStart', 'Service'].includes(k));
    expect(own).toEqual([
      ['routeKey', 'GET /apps/{id}'],
      ['feature', 'applications'],
      ['applicationId', '1000001'],
    ]);
    for (const [k] of annotations) expect(allowed).toContain(k);
  });

  it('no application id on a route without one, nor a path value that is not an id', async () => {
    await call('POST /people', { claims: userClaims('reader') });
    await call('GET /apps/{id}', {
      pathParameters: { id: 'aroha@example.nz' },
      claims: userClaims('reader'),
    });
    expect(annotations.map(([k]) => k)).not.toContain('applicationId');
    expect(JSON.stringify(annotations)).not.toContain('@');
  });

  it('never captures a response (names, emails) as metadata', async () => {
    const putMetadata = vi.spyOn(tracer, 'putMetadata');
    const res = await call('POST /people', { claims: userClaims('reader') });
    expect(res.body).toMatchObject({ email: 'aroha@example.nz' });
    expect(putMetadata).not.toHaveBeenCalled();
    expect(segment.addMetadata).not.toHaveBeenCalled();
    expect(segment.close).toHaveBeenCalled();
  });

  it("an error marks the segment (fault for a 5xx, error for a client's mistake) without its message", async () => {
    await call('GET /boom');
    expect(segment.addFaultFlag).toHaveBeenCalled();
    await call('GET /missing');
    expect(segment.addErrorFlag).toHaveBeenCalled();
    expect(segment.addError).not.toHaveBeenCalled();
    expect(segment.addMetadata).not.toHaveBeenCalled();
  });
});

describe('portalHandler (every other Lambda)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts the cold start (Powertools ColdStart, with the function name) and returns the answer', async () => {
    const coldStart = vi.spyOn(metrics, 'captureColdStartMetric').mockImplementation(() => undefined);
    const h = portalHandler(async (event: { n: number }) => ({ twice: event.n * 2 }));
    expect(await h({ n: 2 }, lambdaContext)).toEqual({ twice: 4 });
    expect(coldStart).toHaveBeenCalledWith('test-fn');
  });

  it('is off outside Lambda (no AWS_EXECUTION_ENV): SDK clients are left as they are', () => {
    expect(tracer.isTracingEnabled()).toBe(false);
    const client = { send: () => undefined, middlewareStack: { add: () => undefined } };
    expect(tracer.captureAWSv3Client(client as never)).toBe(client);
    expect(adapterTracer.captureAWSv3Client(client)).toBe(client);
  });
});
