/**
 * `npm run bench -- bundles`: each Lambda of the synthesised cdk.out, with
 * - raw and gzip size of its bundle (index.mjs as deployed);
 * - module init time: the time of `await import(index.mjs)` in a fresh `node` process, with the
 *   function's environment from the template (unresolved references become dummies, plus a region
 *   and dummy credentials), median and p90 of INIT_RUNS (default 7) cold imports. Lambda's own init
 *   (runtime start, fetching the code) comes on top; this is the part the bundle decides;
 * - what the bundle is made of: the entry rebuilt with the same esbuild options
 *   (infra/constructs/portal-function.ts `portalBundling`) and a metafile, output bytes summed by
 *   package (or by folder of this repository).
 *
 * Extra entries (e.g. a throwaway entry importing only some routes) are measured the same way,
 * built into a temporary folder (paths relative to the repository or absolute):
 * `BUNDLE_ENTRIES=functions/x.ts,functions/y.ts npm run bench -- bundles`.
 * `BUNDLE_ONLY=functions/x.ts,functions/y.ts` measures only those entries (no synth, no cdk.out):
 * a quick before/after of a change to a few functions.
 *
 * The import runs with the variables Lambda's runtime sets (AWS_EXECUTION_ENV, LAMBDA_TASK_ROOT,
 * _HANDLER), so what switches on only in Lambda (the Powertools tracer: active X-Ray tracing) is
 * switched on here too and its init is part of the figure.
 *
 * It prints numbers and never fails on them; budgets are in the README ("Performance budgets").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { entryMetadataKey, portalBundling } from '../../infra/constructs/portal-function';

const root = path.resolve(import.meta.dirname, '..', '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const runs = Number(process.env.INIT_RUNS) || 7;

type Table = (rows: string[][]) => void;

interface Lambda {
  name: string;
  /** Repository-relative entry file. */
  entry?: string;
  /** The bundle as deployed (cdk.out), or as built here for an extra entry. */
  file: string;
  env: Record<string, string>;
}

interface Measured extends Lambda {
  raw: number;
  gzip: number;
  initMedian: number;
  initP90: number;
  cpuMedian: number;
  top: [string, number][];
  /** Bytes of the rebuilt bundle (to check it is the one cdk.out holds). */
  rebuilt: number;
}

/** The function's environment; CloudFormation references (objects) become dummies. */
function envOf(vars: Record<string, unknown> | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars ?? {}))
    env[k] = typeof v === 'string' ? v : `dummy-${k.toLowerCase()}`;
  return env;
}

function lambdasOfCdkOut(): Lambda[] {
  const out = path.join(root, 'cdk.out');
  if (!existsSync(out)) execFileSync('npx', ['cdk', 'synth', '--quiet'], { cwd: root, stdio: 'inherit' });
  const lambdas: Lambda[] = [];
  for (const file of readdirSync(out).filter((f) => f.endsWith('.template.json'))) {
    const t = JSON.parse(readFileSync(path.join(out, file), 'utf8')) as {
      Resources: Record<
        string,
        {
          Type: string;
          Metadata?: Record<string, string>;
          Properties?: { Environment?: { Variables?: Record<string, unknown> } };
        }
      >;
    };
    for (const [id, res] of Object.entries(t.Resources)) {
      const asset = res.Metadata?.['aws:asset:path'];
      if (res.Type !== 'AWS::Lambda::Function' || !asset) continue;
      const dir = path.join(out, asset);
      const entryFile = ['index.mjs', 'index.js'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
      if (!entryFile) continue; // CDK's own providers ship as zips or folders of their own
      lambdas.push({
        name: `${file.replace('.template.json', '').replace(/^ConsentPortal-[^-]+-/, '')}/${id}`,
        entry: res.Metadata?.[entryMetadataKey],
        file: entryFile,
        env: envOf(res.Properties?.Environment?.Variables),
      });
    }
  }
  return lambdas;
}

/** esbuild with the functions' options (as PortalFunction runs it), into `outfile`, with a metafile. */
async function bundle(entry: string, outfile: string, write: boolean) {
  const result = await build({
    ...portalBundling,
    absWorkingDir: root,
    entryPoints: [path.resolve(root, entry)],
    outfile,
    metafile: true,
    write,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** `node_modules/@aws-sdk/client-s3/dist-es/x.js` → `@aws-sdk/client-s3`; own code by folder. */
function packageOf(input: string): string {
  const i = input.lastIndexOf('node_modules/');
  if (i >= 0) {
    const parts = input.slice(i + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  // Own code by folder; an entry outside the repository (BUNDLE_ENTRIES) from its functions/, shared/ or infra/.
  const parts = input.replace(/^.*?(?=(functions|shared|infra)\/)/, '').split('/');
  if (parts[0] === 'functions' && parts[1] === 'platform') return parts.slice(0, 3).join('/');
  return parts.slice(0, Math.min(2, parts.length - 1)).join('/') || input;
}

function contributors(meta: Metafile): { top: [string, number][]; total: number } {
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const output of Object.values(meta.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
      total += bytesInOutput;
    }
  }
  return { top: [...byPackage].sort((a, b) => b[1] - a[1]), total };
}

/**
 * Milliseconds of `await import(file)` in a fresh node process, `runs` times, sorted: wall time, and
 * the CPU time the process spent on it (user + system), which other work on the machine disturbs less.
 */
function initTimes(file: string, env: Record<string, string>): { wall: number[]; cpu: number[] } {
  const script = `const t0 = performance.now(); const c0 = process.cpuUsage(); await import(${JSON.stringify(pathToFileURL(file).href)}); const c = process.cpuUsage(c0); process.stdout.write(String(performance.now() - t0) + ' ' + String((c.user + c.system) / 1000));`;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.dirname(file),
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'ap-southeast-2',
        AWS_ACCESS_KEY_ID: 'dummy',
        AWS_SECRET_ACCESS_KEY: 'dummy',
        AWS_LAMBDA_FUNCTION_NAME: 'bench',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        LAMBDA_TASK_ROOT: path.dirname(file),
        _HANDLER: 'index.handler',
        TABLE_NAME: 'bench-table',
        ...env,
      },
    });
    const [ms, cpuMs] = r.stdout.trim().split(' ').map(Number);
    if (r.status !== 0 || !Number.isFinite(ms) || !Number.isFinite(cpuMs)) {
      console.log(`  ${file}: import failed (${r.status}): ${r.stderr.split('\n').slice(0, 3).join(' ')}`);
      return { wall: [], cpu: [] };
    }
    times.push(ms!);
    cpu.push(cpuMs!);
  }
  return { wall: times.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function measure(l: Lambda, tmp: string): Promise<Measured> {
  const code = readFileSync(l.file);
  let top: [string, number][] = [];
  let rebuilt = 0;
  if (l.entry && existsSync(path.resolve(root, l.entry))) {
    const meta = await bundle(
      l.entry,
      path.join(tmp, 'rebuilt', l.name.replace(/\W+/g, '_'), 'index.mjs'),
      false,
    );
    const c = contributors(meta);
    top = c.top;
    rebuilt = Object.entries(meta.outputs).find(([k]) => k.endsWith('.mjs'))?.[1].bytes ?? 0;
  }
  const times = initTimes(l.file, l.env);
  return {
    ...l,
    raw: code.length,
    gzip: gz(code),
    initMedian: pct(times.wall, 50),
    initP90: pct(times.wall, 90),
    cpuMedian: pct(times.cpu, 50),
    top,
    rebuilt,
  };
}

/** What PortalFunction and the API stack set on every function (for extra entries). */
const extraEnv = {
  LOG_LEVEL: 'INFO',
  POWERTOOLS_SERVICE_NAME: 'bench',
  UPLOADS_BUCKET: 'bench-uploads',
  USER_POOL_ID: 'bench-pool',
  USER_POOL_CLIENT_ID: 'bench-client',
  MAIL_TRANSPORT: 'ses',
  POWERTOOLS_METRICS_NAMESPACE: 'ConsentPortal/bench',
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
  POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false',
};

export async function bundles({ table }: { table: Table }) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-bundles-'));
  try {
    const only = process.env.BUNDLE_ONLY;
    const lambdas = only ? [] : lambdasOfCdkOut();
    const extra = (only ?? process.env.BUNDLE_ENTRIES ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const entry of extra) {
      const file = path.join(tmp, 'extra', entry.replace(/\W+/g, '_'), 'index.mjs');
      await bundle(entry, file, true);
      lambdas.push({ name: '(extra)', entry, file, env: extraEnv });
    }
    const measured: Measured[] = [];
    for (const l of lambdas) measured.push(await measure(l, tmp));

    const rows = [['function', 'entry', 'raw', 'gzip', 'init median', 'init p90', 'init CPU median']];
    for (const m of measured)
      rows.push([
        m.name,
        m.entry ?? '?',
        kb(m.raw),
        kb(m.gzip),
        `${m.initMedian.toFixed(0)} ms`,
        `${m.initP90.toFixed(0)} ms`,
        `${m.cpuMedian.toFixed(0)} ms`,
      ]);
    console.log(
      `\nLambda bundles (init: await import() in a fresh node ${process.version} process, ${runs} runs, with the function's env incl. NODE_OPTIONS)`,
    );
    table(rows);

    console.log('\nWhat each bundle is made of (minified output bytes by package, esbuild metafile)');
    for (const m of measured) {
      if (!m.top.length) continue;
      const same = m.rebuilt === m.raw ? '' : ` (rebuilt ${kb(m.rebuilt)}: cdk.out may be stale)`;
      const shown = m.top.slice(0, 8).map(([p, b]) => `${p} ${kb(b)}`);
      const rest = m.top.slice(8).reduce((s, [, b]) => s + b, 0);
      const label = m.name === '(extra)' ? `(extra) ${m.entry}` : m.name;
      console.log(`  ${label}${same}: ${shown.join(', ')}${rest ? `, other ${kb(rest)}` : ''}`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
