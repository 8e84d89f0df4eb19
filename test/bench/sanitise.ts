/**
 * `npm run bench -- sanitise`: the step-data sanitiser's time on adversarial strings of 256 KB and
 * 1 MB, the linear tokenizer (functions/applications/service/sanitise.ts) against the regex version
 * it replaced (read from git at OLD_COMMIT; skipped when git cannot show it). Numbers only.
 * The old version is quadratic: it runs at 64 KB and 256 KB; 1 MB (about 16 × the 256 KB time,
 * minutes) only with SANITISE_BENCH_OLD_1MB=1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sanitiseString } from '../../functions/applications/service/sanitise';

/** The last commit with the regex sanitiser. */
const OLD_COMMIT = 'ae5618d';
const KB = 1024;

const shapes: Record<string, string> = {
  '<! repeated': '<!',
  '<a repeated': '<a',
  '<script repeated': '<script',
  'javascript: split (java\\tscript)': 'java\tscript',
  '<!-- repeated': '<!--',
  'on… handlers': ' onclick=',
  'quotes in tags (<a x=\'<b ")': `<a x='<b "`,
  'references (j&#0000000)': 'j&#0000000',
};

const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

async function oldSanitiser(): Promise<((s: string) => string) | undefined> {
  try {
    const source = execFileSync('git', ['show', `${OLD_COMMIT}:functions/applications/service/sanitise.ts`], {
      cwd: path.resolve(import.meta.dirname, '..', '..'),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sanitise-old-')), 'sanitise.ts');
    writeFileSync(file, source);
    const mod = (await import(pathToFileURL(file).href)) as { sanitiseString: (s: string) => string };
    return mod.sanitiseString;
  } catch {
    return undefined;
  }
}

function time(fn: (s: string) => string, input: string): string {
  const t0 = performance.now();
  fn(input);
  return `${(performance.now() - t0).toFixed(1)} ms`;
}

export async function sanitise({ table }: { table: (rows: string[][]) => void }) {
  const old = await oldSanitiser();
  const old1mb = process.env.SANITISE_BENCH_OLD_1MB === '1';
  const rows = [['input', 'new 256 KB', 'new 1 MB', 'old 64 KB', 'old 256 KB', 'old 1 MB']];
  for (const [name, unit] of Object.entries(shapes)) {
    sanitiseString(fill(unit, 16 * KB)); // warm-up
    const row = [
      name,
      time(sanitiseString, fill(unit, 256 * KB)),
      time(sanitiseString, fill(unit, 1024 * KB)),
    ];
    if (old) {
      row.push(time(old, fill(unit, 64 * KB)), time(old, fill(unit, 256 * KB)));
      row.push(old1mb ? time(old, fill(unit, 1024 * KB)) : 'skipped');
    } else row.push('n/a', 'n/a', 'n/a');
    rows.push(row);
  }
  console.log(`\nStep-data sanitiser on adversarial strings (old: ${old ? OLD_COMMIT : 'not available'})`);
  table(rows);
}
