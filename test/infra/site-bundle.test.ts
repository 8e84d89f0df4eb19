/**
 * What ships beside a bundle instead of in it, seen with the site function (bundled as PortalFunction
 * does, a few seconds):
 * - the tracer (infra/constructs/tracer-bundle.ts): `xray-tracer.js` beside every index.mjs, the
 *   X-Ray SDK not in it; with Lambda's variables the first invocation loads it and tracing is on
 *   (docs/tracing.md "Cold-start cost");
 * - the OpenAPI document (functions/site/openapi-document.ts): docs/openapi.json beside the site's
 *   bundle, served from there as the TypeScript source serves it.
 */
import { App, Stack } from 'aws-cdk-lib';
import { ASSET_RESOURCE_METADATA_ENABLED_CONTEXT } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiBundleFiles, openApiSourceFile } from '../../functions/site/openapi-document.js';
import { PortalFunction, repoRoot } from '../../infra/constructs/portal-function.js';
import { httpEvent, lambdaContext } from '../unit/functions/helpers.js';

interface Run {
  status: number | null;
  stderr: string;
  /** AWS_XRAY_CONTEXT_MISSING before and after the invocation: Powertools' Tracer module sets it. */
  before?: string;
  after?: string;
  response?: { statusCode: number; body: string };
}

/**
 * Imports `dir`/index.mjs in a fresh node there and calls its handler once, with the variables
 * Lambda sets for an invocation with active tracing (the trace header unsampled: nothing is sent).
 */
function invokeBundle(dir: string, event: unknown): Run {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href)});
    const before = process.env.AWS_XRAY_CONTEXT_MISSING;
    const response = await handler(JSON.parse(process.env.EVENT), JSON.parse(process.env.CONTEXT));
    process.stdout.write(JSON.stringify({ before, after: process.env.AWS_XRAY_CONTEXT_MISSING, response }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: 'dummy',
      AWS_SECRET_ACCESS_KEY: 'dummy',
      AWS_LAMBDA_FUNCTION_NAME: 'site',
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      LAMBDA_TASK_ROOT: dir,
      _HANDLER: 'index.handler',
      _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0',
      TABLE_NAME: 'site-table',
      POWERTOOLS_SERVICE_NAME: 'consent-portal-site',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // The handler's metrics are EMF lines on stdout: off, so stdout is the answer only.
      POWERTOOLS_METRICS_DISABLED: 'true',
      EVENT: JSON.stringify(event),
      CONTEXT: JSON.stringify(lambdaContext),
    },
  });
  if (run.status !== 0) return { status: run.status, stderr: run.stderr };
  return { status: 0, stderr: run.stderr, ...(JSON.parse(run.stdout) as Omit<Run, 'status' | 'stderr'>) };
}

describe('the site function: the tracer and the OpenAPI document beside its bundle', () => {
  let outdir: string;
  let assetDir: string;

  beforeAll(() => {
    outdir = mkdtempSync(path.join(tmpdir(), 'portal-site-bundle-'));
    const app = new App({ outdir, context: { [ASSET_RESOURCE_METADATA_ENABLED_CONTEXT]: true } });
    const stack = new Stack(app, 'SiteBundle');
    new PortalFunction(stack, 'Site', {
      entry: 'functions/site/handler.ts',
      serviceName: 'consent-portal-site',
      files: openApiBundleFiles,
    });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Metadata: Record<string, string>;
    }[];
    assetDir = path.join(outdir, fn!.Metadata['aws:asset:path']!);
  }, 120_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('has the tracer and the document beside index.mjs, and neither the X-Ray SDK nor the document in it', () => {
    expect(readdirSync(assetDir).sort()).toEqual([
      'index.mjs',
      'index.mjs.map',
      'openapi.json',
      'xray-tracer.js',
    ]);
    expect(readFileSync(path.join(assetDir, 'openapi.json'), 'utf8')).toBe(
      readFileSync(path.join(repoRoot, openApiSourceFile), 'utf8'),
    );
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    const tracer = readFileSync(path.join(assetDir, 'xray-tracer.js'), 'utf8');
    // The X-Ray SDK's name for the middleware it adds to a captured AWS SDK client.
    expect(tracer).toContain('XRaySDKInstrumentation');
    expect(code).not.toContain('XRaySDKInstrumentation');
    expect(code).toContain('./xray-tracer.js');
    // The document's title: not built into the bundle from the contracts.
    expect(code).not.toContain('Consent Portal API');
  });

  it('loads the tracer on the first invocation (tracing on) and serves the document as the source does', () => {
    const run = invokeBundle(assetDir, httpEvent('GET /public/openapi.json'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.before).toBeUndefined();
    expect(run.after).toBe('IGNORE_ERROR');
    expect(run.response?.statusCode).toBe(200);
    expect(JSON.parse(run.response!.body)).toEqual(
      JSON.parse(readFileSync(path.join(repoRoot, openApiSourceFile), 'utf8')),
    );
  });

  it('fails the request (500), not silently untraced, when the tracer is not beside the bundle', () => {
    const bare = mkdtempSync(path.join(outdir, 'bare-'));
    for (const f of ['index.mjs', 'openapi.json']) copyFileSync(path.join(assetDir, f), path.join(bare, f));
    const run = invokeBundle(bare, httpEvent('GET /public/openapi.json'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.after).toBeUndefined();
    expect(run.response?.statusCode).toBe(500);
  });
});
