/**
 * `npm run bench -- merge`: peak memory (max RSS) and time of the container merge
 * (functions/documents/merge/service/pdf.ts) on 40 parts of 5 MB (MERGE_BENCH_PARTS=40,
 * MERGE_BENCH_PART_MB=5), in a fresh Node process. The parts are read one at a time from disk (as
 * the merge reads each from S3) and the output goes through 8 MiB buffers to a file (as the merge
 * sends S3 multipart parts); again with a full GC before each part (what is live, not what V8
 * has yet to collect). For comparison, the usual pdf-lib merge (copyPages into one document, then
 * save) in another fresh process.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeLargePdf } from './checks';

const MB = 1024 * 1024;

/** In the child process: merge the files with `mode`, print JSON. */
async function measure(mode: string, out: string, files: string[]) {
  const { PDFDocument } = await import('pdf-lib');
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  let pageCount: number;
  if (mode.startsWith('streaming')) {
    // 'streaming + gc': a full GC before each part, so the peak shows what is live (a bench-only flag).
    const gc = mode === 'streaming + gc' ? (globalThis as { gc?: () => void }).gc : undefined;
    const { mergePdfParts } = await import('../../functions/documents/merge/service/pdf');
    const { MERGE_PART_BYTES } = await import('../../functions/documents/merge/service/storage');
    const fd = openSync(out, 'w');
    let pending: Uint8Array[] = [];
    let bytes = 0;
    const flush = () => {
      writeSync(fd, Buffer.concat(pending, bytes));
      pending = [];
      bytes = 0;
    };
    const result = await mergePdfParts(
      files.map((f) => async () => {
        gc?.();
        return new Uint8Array(readFileSync(f));
      }),
      {
        write: async (c) => {
          pending.push(c);
          bytes += c.byteLength;
          if (bytes >= MERGE_PART_BYTES) flush();
        },
      },
    );
    flush();
    closeSync(fd);
    pageCount = result.pageCount;
  } else {
    const merged = await PDFDocument.create();
    for (const f of files) {
      const doc = await PDFDocument.load(readFileSync(f));
      for (const p of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(p);
    }
    const fd = openSync(out, 'w');
    writeSync(fd, await merged.save());
    closeSync(fd);
    pageCount = merged.getPageCount();
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS; // before the read-back below, which holds the whole output
  const check = await PDFDocument.load(readFileSync(out), { updateMetadata: false });
  console.log(
    JSON.stringify({
      pageCount,
      readBack: check.getPageCount(),
      baselineMB: before / 1024,
      peakMB: peak / 1024,
      ms,
    }),
  );
}

export async function mergeBench({ table }: { table: (rows: string[][]) => void }) {
  const parts = Number(process.env.MERGE_BENCH_PARTS ?? 40);
  const partMB = Number(process.env.MERGE_BENCH_PART_MB ?? 5);
  const dir = mkdtempSync(path.join(tmpdir(), 'merge-bench-'));
  const rows = [['merge', 'parts', 'input', 'output', 'pages', 'peak RSS', 'baseline', 'time']];
  try {
    const files = Array.from({ length: parts }, (_, i) => path.join(dir, `part-${i}.pdf`));
    let input = 0;
    for (const f of files) input += writeLargePdf(f, partMB);
    for (const mode of ['streaming', 'streaming + gc', 'pdf-lib save']) {
      const out = path.join(dir, 'merged.pdf');
      const r = JSON.parse(
        execFileSync(
          process.execPath,
          ['--expose-gc', '--import', 'tsx', import.meta.filename, 'merge-measure', mode, out, ...files],
          {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        )
          .trim()
          .split('\n')
          .pop()!,
      ) as Record<string, number>;
      if (r.readBack !== r.pageCount)
        throw new Error(`${mode}: ${r.readBack} pages read back of ${r.pageCount}`);
      rows.push([
        mode,
        String(parts),
        `${(input / MB).toFixed(0)} MB`,
        `${(statSync(out).size / MB).toFixed(0)} MB`,
        String(r.pageCount),
        `${Number(r.peakMB).toFixed(0)} MB`,
        `${Number(r.baselineMB).toFixed(0)} MB`,
        `${(Number(r.ms) / 1000).toFixed(1)} s`,
      ]);
      rmSync(out);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nContainer merge (a fresh process per mode; peak = max RSS)');
  table(rows);
}

if (process.argv[2] === 'merge-measure')
  await measure(process.argv[3]!, process.argv[4]!, process.argv.slice(5));
