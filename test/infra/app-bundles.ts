/**
 * Every function of the app bundled as deployed (docs/architecture.md), built once for the infra tests
 * that look at bundles (bundle-deps.test.ts, bundle-budgets.test.ts): each entry of the synthesised
 * app with the functions' own esbuild options (infra/constructs/portal-function.ts `portalBundling`:
 * minified ESM, external source map, the require banner) and a metafile.
 *
 * One esbuild pass for ten entries at a time (each its own bundle, the modules they share parsed
 * once a pass): the results are kept in memory for the test process and on disk (the system's
 * temporary folder) for the next test file or run; a cached entry is reused only while every file
 * its bundle read has the same size and modification time, and the options are the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build, type Metafile } from 'esbuild';
import { entryMetadataKey, portalBundling, repoRoot } from '../../infra/constructs/portal-function.js';
import { sharedTestApp } from './helpers.js';

export interface AppBundle {
  /** Repository-relative entry file. */
  entry: string;
  /** Bytes of index.mjs as deployed. */
  raw: number;
  /** Its gzip size (level 9, as `npm run bench -- bundles` prints). */
  gzip: number;
  /** Every file the bundle read (paths relative to the repository). */
  inputs: string[];
  /** The files with code in the output (what tree-shaking kept), sorted. */
  emitted: string[];
  /** Output bytes by package (`node_modules/x` → `x`) or by folder of this repository, largest first. */
  contributors: [string, number][];
}

/** The entry files of the app's functions (PortalFunction writes each one's entry into its metadata), sorted. */
export function appEntries(): string[] {
  const { stacks } = sharedTestApp();
  const entries = Object.values(stacks)
    .filter((v): v is Stack => v instanceof Stack)
    .flatMap((stack) => {
      const t = Template.fromStack(stack).toJSON() as {
        Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
      };
      return Object.values(t.Resources).flatMap((r) => {
        const entry = r.Type === 'AWS::Lambda::Function' ? r.Metadata?.[entryMetadataKey] : undefined;
        return entry ? [entry] : [];
      });
    });
  return [...new Set(entries)].sort();
}

/** The packages a bundled input belongs to (`node_modules/@scope/name/...` → `@scope/name`), nested ones included. */
export function packagesOf(input: string): string[] {
  return input
    .split('node_modules/')
    .slice(1)
    .map((p) => {
      const segs = p.split('/');
      return segs[0]!.startsWith('@') ? `${segs[0]}/${segs[1]}` : segs[0]!;
    });
}

/** The innermost package of an input, or its folder in this repository (`functions/platform/x` kept whole). */
export function contributorOf(input: string): string {
  const packages = packagesOf(input);
  if (packages.length) return packages[packages.length - 1]!;
  const parts = input.split('/');
  if (parts[0] === 'functions' && parts[1] === 'platform') return parts.slice(0, 3).join('/');
  return parts.slice(0, Math.min(2, parts.length - 1)).join('/') || input;
}

/** The esbuild options of every PortalFunction's bundle (the part that decides the bundle). */
const options = { ...portalBundling };

const cacheDir = path.join(tmpdir(), 'consent-portal-app-bundles');
const memo = new Map<string, Promise<AppBundle>>();

interface Cached {
  bundle: AppBundle;
  stats: Record<string, [number, number]>;
}

const stat = (file: string): [number, number] | undefined => {
  const full = path.resolve(repoRoot, file);
  if (!existsSync(full)) return undefined;
  const s = statSync(full);
  return [s.size, s.mtimeMs];
};

function cacheFile(entry: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ repoRoot, entry, options, shape: 2 }))
    .digest('hex')
    .slice(0, 24);
  return path.join(cacheDir, `${key}.json`);
}

function fromCache(entry: string): AppBundle | undefined {
  const file = cacheFile(entry);
  if (!existsSync(file)) return undefined;
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as Cached;
    for (const [input, [size, mtime]] of Object.entries(cached.stats)) {
      const now = stat(input);
      if (!now || now[0] !== size || now[1] !== mtime) return undefined;
    }
    return cached.bundle;
  } catch {
    return undefined;
  }
}

/** The input files a bundle read: those reachable from its entry through the metafile's imports. */
function readFrom(entry: string, inputs: Metafile['inputs']): string[] {
  const seen = new Set<string>([entry]);
  const todo = [entry];
  while (todo.length) {
    for (const { path: to, external } of inputs[todo.pop()!]?.imports ?? []) {
      if (external || seen.has(to) || !inputs[to]) continue;
      seen.add(to);
      todo.push(to);
    }
  }
  return [...seen].sort();
}

/**
 * Bundles the entries in one esbuild pass: each its own output (no code splitting, so each is the
 * bundle a build of that entry alone makes, byte for byte), while every module the entries share
 * (the AWS SDK, Powertools, zod, the platform) is read and parsed once rather than once per entry.
 */
async function bundleAll(entries: readonly string[]): Promise<Map<string, AppBundle>> {
  const out = (i: number) => path.join('.bundle-check', String(i), 'index');
  const result = await build({
    ...options,
    absWorkingDir: repoRoot,
    entryPoints: entries.map((entry, i) => ({ in: path.join(repoRoot, entry), out: out(i) })),
    outdir: repoRoot,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const bundles = new Map<string, AppBundle>();
  entries.forEach((entry, i) => {
    const file = `${out(i)}.mjs`;
    const code = result.outputFiles.find((f) => f.path === path.join(repoRoot, file))!.contents;
    const output = result.metafile.outputs[file]!;
    const byContributor = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      byContributor.set(contributorOf(input), (byContributor.get(contributorOf(input)) ?? 0) + bytesInOutput);
    const inputs = readFrom(output.entryPoint!, result.metafile.inputs);
    const bundle: AppBundle = {
      entry,
      raw: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      inputs,
      emitted: Object.entries(output.inputs)
        .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
        .map(([input]) => input)
        .sort(),
      contributors: [...byContributor].filter(([, b]) => b > 0).sort((a, b) => b[1] - a[1]),
    };
    const stats: Cached['stats'] = {};
    for (const input of inputs) {
      const s = stat(input);
      if (s) stats[input] = s;
    }
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cacheFile(entry), JSON.stringify({ bundle, stats } satisfies Cached));
    bundles.set(entry, bundle);
  });
  return bundles;
}

/**
 * Entries bundled in one esbuild pass. All 40 at once parse each shared module once but hold every
 * module and bundle in memory at the same time (≈ 2 GB); 20 at a time ≈ 1.4 GB; 10 at a time ≈ 0.7 GB
 * for 8 % more CPU than 20 (docs/performance-log.md "CI time").
 */
const BATCH = 10;

/**
 * The entries bundled as deployed: those neither built earlier in this process nor cached, in
 * batches of {@link BATCH} entries, one batch after the other ({@link bundleAll}).
 */
export async function appBundles(entries: readonly string[]): Promise<AppBundle[]> {
  const missing: string[] = [];
  for (const entry of entries) {
    if (memo.has(entry)) continue;
    const cached = fromCache(entry);
    if (cached) memo.set(entry, Promise.resolve(cached));
    else missing.push(entry);
  }
  let previous: Promise<unknown> = Promise.resolve();
  for (let i = 0; i < missing.length; i += BATCH) {
    const batch = missing.slice(i, i + BATCH);
    const built = previous.then(() => bundleAll(batch));
    previous = built;
    for (const entry of batch)
      memo.set(
        entry,
        built.then((all) => all.get(entry)!),
      );
  }
  return Promise.all(entries.map((entry) => memo.get(entry)!));
}
