/**
 * The tracer beside every function's bundle (docs/tracing.md "Cold-start cost"): the Powertools
 * Tracer and the X-Ray SDK it brings (aws-xray-sdk-core, cls-hooked, semver; 125 KB minified, 37 KB
 * gzip) are loaded by functions/platform/observability/tracer.ts with `import('./xray-tracer.js')`
 * before the first invocation, never at module init. esbuild would inline that import into index.mjs
 * (one file, no code splitting), so the functions' esbuild options keep it external
 * (`portalBundling.external`: esbuild matches the import path as written) and PortalFunction copies this build of
 * functions/platform/observability/xray-tracer.ts beside index.mjs as `xray-tracer.js`, where the
 * import finds it. CommonJS, as the X-Ray SDK is: Node gives `import()` its named exports.
 * test/infra/site-bundle.test.ts traces an invocation with a bundle and this file.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** The import tracer.ts makes, as written there: relative to index.mjs in a bundle. */
export const tracerImport = './xray-tracer.js';

/** The tracer's source, repository-relative. */
export const tracerSource = 'functions/platform/observability/xray-tracer.ts';

let built: string | undefined;

/**
 * The tracer built once per process (minified CommonJS for Node 22): the file PortalFunction copies
 * beside each bundle. Kept in the system's temporary folder under its content's hash, written by
 * rename, so concurrent synths share it and a changed tracer gets a file of its own.
 */
export function tracerBundleFile(repoRoot: string): string {
  if (built) return built;
  const [output] = buildSync({
    absWorkingDir: repoRoot,
    entryPoints: [path.join(repoRoot, tracerSource)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    minify: true,
    write: false,
    outfile: path.basename(tracerImport),
    logLevel: 'error',
  }).outputFiles;
  const dir = path.join(tmpdir(), 'consent-portal-xray-tracer');
  const file = path.join(
    dir,
    `${createHash('sha256').update(output!.contents).digest('hex').slice(0, 24)}.js`,
  );
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, output!.contents);
    renameSync(partial, file);
  }
  return (built = file);
}
