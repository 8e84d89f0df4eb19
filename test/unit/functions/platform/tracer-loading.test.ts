import { vi } from 'vitest';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  delete process.env.AWS_XRAY_CONTEXT_MISSING;
  delete process.env.AWS_EXECUTION_ENV;
});

import { afterAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../helpers.js';

/**
 * The X-Ray SDK is not part of module init (docs/tracing.md "Cold-start cost"): the handler wrapper
 * loads the tracer before the first invocation, in Lambda only. Powertools' Tracer module sets
 * AWS_XRAY_CONTEXT_MISSING when it is evaluated: the sign that the SDK was loaded.
 */
describe('loading the tracer', () => {
  afterAll(() => {
    for (const k of ['AWS_EXECUTION_ENV', 'LAMBDA_TASK_ROOT', '_X_AMZN_TRACE_ID']) delete process.env[k];
  });

  it('outside Lambda: never loaded, not at import nor on an invocation', async () => {
    const { portalHandler } = await import('../../../../functions/platform/observability/tracer.js');
    await portalHandler(async () => 'done')({}, lambdaContext);
    expect(process.env.AWS_XRAY_CONTEXT_MISSING).toBeUndefined();
  });

  it('in Lambda: not at import, loaded and on before the first invocation runs', async () => {
    vi.resetModules();
    // As Lambda sets them for an invocation with active tracing (the SDK then has its facade segment).
    process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs22.x';
    process.env.LAMBDA_TASK_ROOT = import.meta.dirname;
    process.env._X_AMZN_TRACE_ID =
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0';
    const { portalHandler, loadTracer } =
      await import('../../../../functions/platform/observability/tracer.js');
    const handler = portalHandler(async () => process.env.AWS_XRAY_CONTEXT_MISSING);
    expect(process.env.AWS_XRAY_CONTEXT_MISSING).toBeUndefined();
    expect(await handler({}, lambdaContext)).toBe('IGNORE_ERROR');
    expect((await loadTracer()).isTracingEnabled()).toBe(true);
  });
});
