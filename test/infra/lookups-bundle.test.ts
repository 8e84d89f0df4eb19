/**
 * The lookups function's asset: the local services' sample data is beside the bundle
 * (sample-data/*.json, read at first use), not in it, and the bundle still answers every lookup
 * from it as the TypeScript source does. Bundles only this function (a few seconds), with the files
 * the API stack gives it.
 */
import { App, Stack } from 'aws-cdk-lib';
import { ASSET_RESOURCE_METADATA_ENABLED_CONTEXT } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as sourceHandler } from '../../functions/lookups/handler.js';
import { setLookupAdapters } from '../../functions/platform/adapters/lookups/index.js';
import { openApiBundleFiles } from '../../functions/site/openapi-document.js';
import {
  sampleDataBundleFiles,
  sampleDataFiles,
  sampleDataSourceDir,
} from '../../functions/platform/adapters/lookups/sample-data.js';
import {
  entryMetadataKey,
  filesMetadataKey,
  PortalFunction,
  repoRoot,
} from '../../infra/constructs/portal-function.js';
import { httpEvent, lambdaContext, userClaims, type EventOptions } from '../unit/functions/helpers.js';
import { sharedTestApp } from './helpers.js';

vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.LOOKUPS_MODE = 'local';
  delete process.env.LOOKUPS_FAULTS_FILE;
});

const sourceDir = path.join(repoRoot, sampleDataSourceDir);
const sample = <T>(file: string) => JSON.parse(readFileSync(path.join(sourceDir, file), 'utf8')) as T;

type Result = { statusCode: number; body: string };

/** Calls the handler of `dir`/index.mjs with each event, in a fresh node in `dir`, in local mode. */
function runBundle(dir: string, events: unknown[]): Result[] {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href)});
    const context = { awsRequestId: 'r1', functionName: 'lookups', getRemainingTimeInMillis: () => 10000 };
    const out = [];
    for (const e of JSON.parse(process.env.EVENTS)) out.push(await handler(e, context));
    process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      AWS_REGION: 'ap-southeast-2',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // The handler's metrics are EMF lines on stdout: off, so stdout is the answers only.
      POWERTOOLS_METRICS_DISABLED: 'true',
      LOOKUPS_MODE: 'local',
      EVENTS: JSON.stringify(events),
    },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Result[];
}

const call = (routeKey: string, opts: EventOptions = {}) =>
  httpEvent(routeKey, { ...opts, claims: userClaims() });

describe('the lookups function ships its sample data beside the bundle', () => {
  let outdir: string;
  let assetDir: string;

  beforeAll(() => {
    outdir = mkdtempSync(path.join(tmpdir(), 'portal-lookups-bundle-'));
    const app = new App({ outdir, context: { [ASSET_RESOURCE_METADATA_ENABLED_CONTEXT]: true } });
    const stack = new Stack(app, 'LookupsBundle');
    new PortalFunction(stack, 'Lookups', {
      entry: 'functions/lookups/handler.ts',
      serviceName: 'consent-portal-lookups',
      files: sampleDataBundleFiles,
    });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Metadata: Record<string, string>;
    }[];
    assetDir = path.join(outdir, fn!.Metadata['aws:asset:path']!);
  });

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('has the sample data files beside index.mjs, as they are in the repository', () => {
    expect(readdirSync(assetDir).sort()).toEqual([
      'index.mjs',
      'index.mjs.map',
      'sample-data',
      'xray-tracer.js',
    ]);
    for (const f of sampleDataFiles) {
      expect(readFileSync(path.join(assetDir, 'sample-data', f), 'utf8'), f).toBe(
        readFileSync(path.join(sourceDir, f), 'utf8'),
      );
    }
  });

  it('has none of the sample data in index.mjs', () => {
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    const { addresses } = sample<{ addresses: { dpid: string; fullAddress: string }[] }>('addresses.json');
    const parcels = sample<Record<string, { legalDescription: string }[]>>('parcels.json');
    const practitioners = sample<{ lbpNumber: string; fullName: string }[]>('practitioners.json');
    for (const a of addresses.slice(0, 20)) expect(code).not.toContain(a.fullAddress);
    for (const p of Object.values(parcels).flat().slice(0, 20))
      expect(code).not.toContain(p.legalDescription);
    for (const p of practitioners.slice(0, 20)) {
      expect(code).not.toContain(p.lbpNumber);
      expect(code).not.toContain(p.fullName);
    }
  });

  it('answers every lookup from the sample data exactly as the TypeScript source does', async () => {
    const practitioner = sample<{ lbpNumber: string }[]>('practitioners.json')[7]!.lbpNumber;
    const willis = sample<{ addresses: { dpid: string; fullAddress: string }[] }>(
      'addresses.json',
    ).addresses.find((a) => a.fullAddress === '12 Willis Street, Te Aro, Wellington 6011')!;
    const events = [
      call('GET /user/nzpost/addresschecker/suggest', { queryStringParameters: { q: '12 willis' } }),
      call('GET /user/nzpost/addresschecker/suggest', { queryStringParameters: { q: 'road', max: '20' } }),
      call('GET /user/nzpost/addresschecker/details', { queryStringParameters: { dpid: willis.dpid } }),
      call('GET /v1/service/property-lookup/parcels', {
        queryStringParameters: {
          authority: 'Wellington City Council',
          address: JSON.stringify({ dpid: willis.dpid }),
        },
      }),
      call('GET /v1/service/licensed-building-practitioners', {
        queryStringParameters: { searchText: 'smith' },
      }),
      call('GET /v1/service/licensed-building-practitioners/{lbpNumber}', {
        pathParameters: { lbpNumber: practitioner },
      }),
    ];

    // The bundle, in a fresh node in its own folder (as in a Lambda), in local mode.
    const bundled = runBundle(assetDir, events);
    setLookupAdapters(undefined);
    const source: Result[] = [];
    for (const e of events) source.push((await sourceHandler(e, lambdaContext)) as Result);

    expect(bundled.map((r) => r.statusCode)).toEqual(events.map(() => 200));
    expect(bundled.map((r) => JSON.parse(r.body) as unknown)).toEqual(
      source.map((r) => JSON.parse(r.body) as unknown),
    );
    // And they are answers, not empty lists.
    expect(bundled[0]!.body).toContain('12 Willis Street, Te Aro, Wellington 6011');
    expect(bundled[3]!.body).toContain('legalDescription');
    expect(bundled[5]!.body).toContain(practitioner);
  });

  it('reads them from beside the bundle: without them, the local services fail', () => {
    const bare = mkdtempSync(path.join(outdir, 'bare-'));
    copyFileSync(path.join(assetDir, 'index.mjs'), path.join(bare, 'index.mjs'));
    const [res] = runBundle(bare, [
      call('GET /user/nzpost/addresschecker/suggest', { queryStringParameters: { q: '12 willis' } }),
    ]);
    expect(res!.statusCode).toBe(502); // the spec's failure (the error log names the folders looked in)
  });
});

describe('the API stack', () => {
  it('gives the functions that call the lookup services (lookups, and the LBP checks of participants, contacts and access-request approvals), and only them, the sample data files; the site its OpenAPI document', () => {
    const t = Template.fromStack(sharedTestApp().stacks.api);
    const fns = Object.values(t.findResources('AWS::Lambda::Function')) as {
      Metadata?: Record<string, unknown>;
    }[];
    const withFiles = fns.filter(
      (f) => f.Metadata?.[filesMetadataKey] && f.Metadata[entryMetadataKey] !== 'functions/site/handler.ts',
    );
    expect(withFiles.map((f) => f.Metadata?.[entryMetadataKey]).sort()).toEqual([
      'functions/access-requests/handler.ts',
      'functions/contacts/handler.ts',
      'functions/lookups/handler.ts',
      'functions/participants/handler.ts',
    ]);
    for (const f of withFiles) expect(f.Metadata?.[filesMetadataKey]).toEqual(sampleDataBundleFiles);
    // The site has the OpenAPI document beside it instead (test/infra/site-bundle.test.ts).
    const site = fns.find((f) => f.Metadata?.[entryMetadataKey] === 'functions/site/handler.ts');
    expect(site?.Metadata?.[filesMetadataKey]).toEqual(openApiBundleFiles);
    for (const from of Object.values(sampleDataBundleFiles))
      expect(existsSync(path.join(repoRoot, from))).toBe(true);
  });
});
