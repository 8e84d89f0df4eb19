/**
 * `npm run bench -- uploads`: a 52 MB, then a 250 MB (262144000 bytes) PDF uploaded in Chromium through the
 * documents step of the local stack (web/dist), in 25 parts of 10 MiB with Uppy's S3 plugin
 * (docs/documents.md "Large files") (the 250 MB one), each then scanned until the card shows its date. The stack runs in
 * a child process of its own (PORT_BASE + 20, default 4320; STACK_DIR, default .local-bench-uploads):
 * that Node process is the local API (gateway and every Lambda handler, the documents one signing
 * the parts), s3rver and the scan handler; the scanner's ClamAV runs as clamscan child processes.
 * Prints, from /proc sampled every 100 ms: the stack process's RSS at rest, its peak while the parts
 * are sent (the API's share: only presigned URLs pass through it) and its peak while the completed
 * object is scanned (the scan handler), the clamscan peak, and the upload's throughput. Numbers
 * only: no budget is asserted.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Request } from '@playwright/test';
import { writeLargePdf } from './checks';

const root = path.resolve(import.meta.dirname, '..', '..');
const SIZE = 262_144_000;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** VmRSS (or its anonymous part, RssAnon: not file-backed pages) in KB of a process, or 0 when it is gone. */
function rssOf(pid: number, field: 'VmRSS' | 'RssAnon' = 'VmRSS'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Pids of the clamscan processes under `parent`. */
function clamscans(parent: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) \S (\d+)/.exec(stat);
      if (m && m[1]!.startsWith('clam') && Number(m[2]) === parent) out.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

export async function uploadsBench(opts: { table: (rows: string[][]) => void }) {
  const dist = path.join(root, 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: build it first');
  const portBase = (Number(process.env.PORT_BASE) || 4300) + 20;
  const dataDir = path.join(root, process.env.STACK_DIR || '.local-bench-uploads');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bin/local.ts',
      '--web=dist',
      '--reset',
      '--quiet',
      '--no-demo',
      `--data-dir=${dataDir}`,
      `--port-base=${portBase}`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const pid = child.pid!;
  const stop = () => child.kill('SIGINT');
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (/ready in/.test(out)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the stack exited (${code})`)));
    });
    process.env.CONSENT_PORTAL_OUTPUTS = path.join(dataDir, 'outputs.json');
    const { readOutputs } = await import('../support/outputs');
    const { createDraftApplication, uniqueStreet } = await import('../e2e/support/applications');
    const { SignInPage } = await import('../e2e/pages/SignInPage');
    const { ShellPage } = await import('../e2e/pages/ShellPage');
    const { ApplicationFormPage } = await import('../e2e/pages/ApplicationFormPage');
    const { DocumentUploadPage } = await import('../e2e/pages/DocumentUploadPage');
    const o = readOutputs();
    const user = o.DemoUsers[0]!;
    const { id } = await createDraftApplication(user, uniqueStreet('Bench'));

    let phase: 'idle' | 'upload' | 'scan' = 'idle';
    const peak = { upload: 0, scan: 0, clamscan: 0, clamscanAnon: 0 };
    const sampler = setInterval(() => {
      const r = rssOf(pid);
      if (phase !== 'idle') peak[phase] = Math.max(peak[phase], r);
      for (const c of clamscans(pid)) {
        peak.clamscan = Math.max(peak.clamscan, rssOf(c));
        peak.clamscanAnon = Math.max(peak.clamscanAnon, rssOf(c, 'RssAnon'));
      }
    }, 100);

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
    try {
      const page = await (await browser.newContext({ baseURL: o.WebUrl })).newPage();
      const signIn = new SignInPage(page);
      await signIn.goto();
      await signIn.signIn(user.email, user.password);
      await new ShellPage(page).dashboardHeading.waitFor();
      const form = new ApplicationFormPage(page);
      await form.goto(id);
      await form.heading.waitFor();
      await form.sections.getByRole('link', { name: 'Documents' }).click();
      const docs = new DocumentUploadPage(page);
      let firstPart = 0;
      let completed = 0;
      let parts = 0;
      const isPart = (r: Request) => r.method() === 'PUT' && new URL(r.url()).searchParams.has('partNumber');
      page.on('request', (r) => {
        if (isPart(r) && !firstPart) firstPart = performance.now();
      });
      page.on('requestfinished', (r) => {
        if (isPart(r)) parts++;
        if (r.method() === 'POST' && new URL(r.url()).searchParams.has('uploadId')) {
          completed = performance.now();
          phase = 'scan';
        }
      });
      const rows = [
        [
          'file',
          'parts',
          'stack at rest',
          'stack peak: parts sent',
          'stack peak: scan',
          'clamscan peak',
          'clamscan peak, anonymous',
          'parts sent in',
          'throughput',
          'drop → date',
        ],
      ];
      // A fifth of the size first: the API's peak should not grow with the file.
      for (const size of [SIZE / 5, SIZE]) {
        const name = `bench-${size}-${Date.now()}.pdf`;
        const file = path.join(tmpdir(), name);
        // A set of plans as the checks see one: a page per MB (1 MB image each), under the size.
        const bytes = writeLargePdf(file, Math.floor(size / (1024 * 1024 + 512)));
        Object.assign(peak, { upload: 0, scan: 0, clamscan: 0, clamscanAnon: 0 });
        firstPart = 0;
        parts = 0;
        const atRest = rssOf(pid);
        phase = 'upload';
        const t0 = performance.now();
        await docs.input('Plans and drawings').setInputFiles(file);
        await docs
          .card(name)
          .getByText(/\d{2} [A-Z][a-z]{2} \d{4}/)
          .waitFor({ timeout: 900_000 });
        const settled = performance.now();
        phase = 'idle';
        rmSync(file, { force: true });
        const seconds = (completed - firstPart) / 1000;
        rows.push([
          `${(bytes / 1e6).toFixed(0)} MB`,
          String(parts),
          mb(atRest),
          mb(peak.upload),
          mb(peak.scan),
          mb(peak.clamscan),
          mb(peak.clamscanAnon),
          `${seconds.toFixed(1)} s`,
          `${(bytes / 1024 / 1024 / seconds).toFixed(1)} MiB/s`,
          `${((settled - t0) / 1000).toFixed(1)} s`,
        ]);
      }
      console.log(
        "\nuploads: PDFs in parts in Chromium against the local stack. The stack process holds the API (gateway and Lambdas),\ns3rver and the scan handler; clamscan is the scanner's ClamAV child.",
      );
      opts.table(rows);
    } finally {
      clearInterval(sampler);
      await browser.close();
    }
  } finally {
    stop();
    await new Promise((r) => child.once('exit', r));
  }
}
