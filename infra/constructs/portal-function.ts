import {
  Annotations,
  AssetHashType,
  DockerImage,
  Duration,
  RemovalPolicy,
  Stack,
  type CfnResource,
  type ILocalBundling,
  type Size,
} from 'aws-cdk-lib';
import { Architecture, Code, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { buildSync, type BuildOptions } from 'esbuild';
import { acknowledge, lambdaBasicExecutionPolicy } from './nag.js';
import type { Construct } from 'constructs';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EnvName } from '../../functions/platform/config.js';
import { tracerBundleFile, tracerImport } from './tracer-bundle.js';
import { metricsNamespace } from '../../functions/platform/observability/catalogue.js';

/** The repository root (this file is infra/constructs/portal-function.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * ESM output needs `require` for the CommonJS dependencies esbuild inlines (dynamic requires of
 * Node built-ins inside bundled packages).
 */
export const esmRequireBanner =
  "import { createRequire as __cjsCreateRequire } from 'node:module'; const require = __cjsCreateRequire(import.meta.url);";

/**
 * Built-ins the bundles reach as CommonJS rather than by an ESM import (esbuild `alias`, paths from
 * the repository root): an ESM import makes Node build the module's namespace at init, and `http`'s
 * then loads undici (functions/platform/bundling/node-http.cjs, docs/performance.md "Module init").
 * Only modules without subpaths: an alias also maps `x/sub` (so not `fs`, whose `fs/promises` is
 * imported).
 */
export const builtinAliases: Readonly<Record<string, string>> = Object.fromEntries(
  ['http', 'https', 'process', 'events'].flatMap((name) => {
    const shim = `./functions/platform/bundling/node-${name}.cjs`;
    return [
      [name, shim],
      [`node:${name}`, shim],
    ];
  }),
);

/**
 * Every esbuild `alias` of the bundles (docs/performance.md "Lambda bundles and module init"): the
 * built-ins above, and packages whose Node build carries what a Lambda never runs:
 * - `@aws-sdk/credential-provider-node` → credentials from the environment only, where Lambda puts
 *   the role's (functions/platform/bundling/aws-credentials-env.mjs): not the SDK's whole chain and
 *   its STS, SSO and SSO-OIDC clients;
 * - `fetch-ponyfill` → Node's fetch (functions/platform/bundling/fetch-ponyfill.cjs): not node-fetch
 *   and its URL and Unicode tables, which @formio/core's SDK would load for a fetch it never makes.
 * Bundles only: code run from source (local stack, tests) resolves the packages themselves.
 * test/infra/app-bundles.ts and test/bench/bundles.ts pass the same.
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  ...builtinAliases,
  '@aws-sdk/credential-provider-node': './functions/platform/bundling/aws-credentials-env.mjs',
  'fetch-ponyfill': './functions/platform/bundling/fetch-ponyfill.cjs',
};

/**
 * The esbuild options of every function's bundle (esbuild's build API; PortalFunction adds the entry
 * and the output file). test/infra/app-bundles.ts and test/bench/bundles.ts build each entry with the
 * same (plus a metafile) to show what a bundle is made of.
 */
export const portalBundling: Readonly<BuildOptions> = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  mainFields: ['module', 'main'],
  banner: { js: esmRequireBanner },
  minify: true,
  // The map ships beside index.mjs but Node does not load it (no --enable-source-maps: parsing it
  // cost ≈ 15–25 ms of every cold start); a logged stack is mapped with bin/map-stack.ts
  // (docs/operations.md "Reading a stack trace").
  sourcemap: true,
  sourcesContent: false,
  target: 'node22',
  // Bundle the AWS SDK too: the lockfile decides its version, not the Lambda runtime. Only pdf.js
  // (see pdfJsFiles) and the tracer (a file beside every bundle: ./tracer-bundle.ts) stay out.
  external: ['unpdf/pdfjs', tracerImport],
  // Relative to the repository root (esbuild's absWorkingDir).
  alias: { ...bundleAliases },
};

/**
 * pdf.js (unpdf's serverless build, 1.6 MB minified, ≈ 490 KB gzip) is not bundled: unpdf loads it with
 * `import('unpdf/pdfjs')` when a PDF is first read, and a function that reads PDFs (the scan's
 * checks, the extraction's text) ships it beside its bundle as a package Node resolves from there
 * (`files`: node_modules/unpdf/…), so it is neither in the bundle's gzip nor compiled at every cold
 * start (docs/performance.md "Lambda bundles and module init"). Code run from source resolves the
 * installed package itself. test/infra/pdfjs-bundle.test.ts reads a PDF with a bundle and these files.
 */
export const pdfJsFiles: Readonly<Record<string, string>> = {
  'node_modules/unpdf/package.json': 'node_modules/unpdf/package.json',
  'node_modules/unpdf/dist/pdfjs.mjs': 'node_modules/unpdf/dist/pdfjs.mjs',
};

/** Template metadata key naming a function's entry file (repository-relative), for the bundle benchmark. */
export const entryMetadataKey = 'consent-portal:entry';

/** Template metadata key listing the files shipped beside a function's bundle (PortalFunctionProps `files`). */
export const filesMetadataKey = 'consent-portal:files';

/**
 * App context naming whether demo data may load (`excluded` in a prod-like stage, `included` in a
 * test stage; buildApp sets it): every PortalFunction gets it as DEMO_DATA
 * (functions/reference/demo-data.ts).
 */
export const DEMO_DATA_CONTEXT = 'consent-portal:demoData';

/** App context naming the stage (buildApp sets it): every PortalFunction's metrics namespace. */
export const STAGE_CONTEXT = 'consent-portal:stage';

/**
 * What every function gets for tracing and metrics (docs/tracing.md): active X-Ray
 * tracing, the stage's metrics namespace, and the tracer told never to capture responses, error
 * details or outgoing HTTP calls (functions/platform/observability/tracer.ts enforces the same in
 * code; the variables keep Powertools' own defaults from ever switching them back on).
 */
export function observabilityEnvironment(stage: string): Partial<Record<EnvName, string>> {
  return {
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stage),
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
    POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
    POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
  };
}

export interface PortalFunctionProps {
  /** Entry file relative to the repository root, e.g. `functions/accounts/handler.ts`. */
  entry: string;
  /** Powertools service name (also the log group's suffix). */
  serviceName: string;
  /** A fixed function name, when another stack must name the function without a reference. */
  functionName?: string;
  /** Environment variables: only names declared in functions/platform/config.ts. */
  environment?: Partial<Record<EnvName, string>>;
  memorySize?: number;
  timeout?: Duration;
  ephemeralStorageSize?: Size;
  description?: string;
  logRetention?: RetentionDays;
  layers?: import('aws-cdk-lib/aws-lambda').ILayerVersion[];
  /**
   * Files the function reads at run time, copied beside its bundle: path relative to index.mjs →
   * repository-relative source (e.g. the lookups' sample data, too big to bundle as code).
   */
  files?: Record<string, string>;
}

/**
 * A Lambda bundled from the repository's TypeScript with the local esbuild (never Docker):
 * Node.js 22 on arm64, ESM, minified, its source map beside it, and its own log group; traced (X-Ray,
 * active) with the stage's metrics namespace.
 */
export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const entry = resolveEntry(scope, props.entry);
    const demoData = scope.node.tryGetContext(DEMO_DATA_CONTEXT) as string | undefined;
    const stage = String(
      scope.node.tryGetContext(STAGE_CONTEXT) ?? scope.node.tryGetContext('stage') ?? 'dev',
    );
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      code: Code.fromAsset(repoRoot, {
        // The bundle's own bytes name the asset, as NodejsFunction's do.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never run: the local bundling below always bundles (or throws).
          image: DockerImage.fromRegistry('dummy'),
          local: new PortalBundling(entry, props.files ?? {}),
        },
      }),
      handler: 'index.handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      ephemeralStorageSize: props.ephemeralStorageSize,
      description: props.description,
      ...(props.functionName ? { functionName: props.functionName } : {}),
      layers: props.layers,
      logGroup,
      tracing: Tracing.ACTIVE,
      environment: {
        POWERTOOLS_SERVICE_NAME: props.serviceName,
        LOG_LEVEL: 'INFO',
        ...(demoData ? { DEMO_DATA: demoData } : {}),
        ...observabilityEnvironment(stage),
        ...props.environment,
      },
    });
    (this.node.defaultChild as CfnResource).addMetadata(entryMetadataKey, props.entry);
    if (props.files) (this.node.defaultChild as CfnResource).addMetadata(filesMetadataKey, props.files);
    if (entry !== path.join(repoRoot, props.entry)) {
      Annotations.of(this).addWarningV2(
        'consent-portal:missing-entry',
        `${props.entry} does not exist yet; bundling is skipped, so a placeholder entry stands in for it.`,
      );
    }
    acknowledge(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'Node.js 22 is the runtime chosen for every function (LOCAL-STACK.md: AWS SDK v3 needs Node 22 after Jan 2027; the toolchain and tests target 22). Moving to a newer runtime is a deliberate upgrade, not a lint fix.',
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords do not support resource-level permissions (CDK adds them on Resource *). test/infra/tracing.test.ts pins that the only wildcard-resource statement of a portal function is X-Ray's.",
        appliesTo: ['Resource::*'],
      },
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'AWSLambdaBasicExecutionRole only allows writing to CloudWatch Logs; it is the AWS-maintained minimum for a Lambda execution role.',
        appliesTo: [lambdaBasicExecutionPolicy],
      },
    ]);
  }
}

/**
 * A function's bundle, built in the synth's own process with esbuild's API: index.mjs and its map
 * (the options above), then `files` (destination relative to the bundle → source relative to the
 * root) and the tracer's build (./tracer-bundle.ts) copied beside it. NodejsFunction's own bundling
 * ran the same esbuild through `npx --no-install esbuild` (its runner wherever esbuild is a package of
 * the project and the lock file is npm's), a shell and npm's start for each function; the bundles
 * are byte for byte the same, so are the assets' hashes (docs/performance-log.md "CI time"). The
 * entry and files are fields, so CDK's cache key for the asset tells each function's apart.
 */
class PortalBundling implements ILocalBundling {
  readonly entry: string;
  readonly files: Record<string, string>;

  constructor(entry: string, files: Record<string, string>) {
    for (const [to, from] of Object.entries(files)) {
      if (path.isAbsolute(to) || path.posix.normalize(to).startsWith('..'))
        throw new Error(`PortalFunction files: '${to}' must be a path inside the bundle's folder`);
      if (!existsSync(path.join(repoRoot, from)))
        throw new Error(`PortalFunction files: ${from} does not exist`);
    }
    this.entry = entry;
    this.files = files;
  }

  tryBundle(outputDir: string): boolean {
    buildSync({
      ...portalBundling,
      absWorkingDir: repoRoot,
      entryPoints: [this.entry],
      outfile: path.join(outputDir, 'index.mjs'),
      logLevel: 'warning',
    });
    for (const [to, from] of Object.entries(this.files)) {
      const target = path.join(outputDir, to);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.join(repoRoot, from), target);
    }
    copyFileSync(tracerBundleFile(repoRoot), path.join(outputDir, tracerImport));
    return true;
  }
}

/** Stands in for a handler that has not been written yet, only when bundling is skipped. */
const placeholderEntry = path.join(repoRoot, 'infra', 'constructs', 'placeholder-handler.ts');

function resolveEntry(scope: Construct, entry: string): string {
  const full = path.join(repoRoot, entry);
  if (existsSync(full)) return full;
  if (Stack.of(scope).bundlingRequired) {
    throw new Error(
      `Lambda entry ${entry} does not exist: write it (exporting \`handler\`) before synthesising.`,
    );
  }
  return placeholderEntry;
}
