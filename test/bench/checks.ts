/**
 * `npm run bench -- checks`: time and peak memory (max RSS) of the scan pipeline's PDF checks
 * (functions/documents/checks/service: pdf.js opening the file and loading every page, then the walk
 * of every object for interactive content), each reading the file by ranges from disk as the scanner does, on generated PDFs of 25, 100 and 250 MB, each measured in a
 * fresh Node process so the numbers are the check's alone. The PDFs are written object by object
 * (never held whole): pages of 1 MB uncompressed noise images, the worst case for size per object.
 * CHECKS_BENCH_SIZES=25,250 picks sizes (MB).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { randomFillSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MB = 1024 * 1024;
const SIDE = 1024; // a 1024 × 1024 grey image: 1 MB a page

/** Writes a PDF of about `pages` MB: catalog, page tree, and per page a page, its content and its image. */
export function writeLargePdf(file: string, pages: number): number {
  const fd = openSync(file, 'w');
  let offset = 0;
  const offsets: number[] = [];
  const write = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    writeSync(fd, buf);
    offset += buf.length;
  };
  const object = (n: number, body: string, stream?: Buffer) => {
    offsets[n] = offset;
    write(`${n} 0 obj\n${body}\n`);
    if (stream) {
      write('stream\n');
      write(stream);
      write('\nendstream\n');
    }
    write('endobj\n');
  };
  write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const pageRef = (i: number) => 3 + i * 3;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${pageRef(i)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  const noise = Buffer.alloc(SIDE * SIDE);
  for (let i = 0; i < pages; i++) {
    const content = Buffer.from(`q 595 0 0 842 0 0 cm /Im0 Do Q`, 'latin1');
    object(
      pageRef(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${pageRef(i) + 1} 0 R /Resources << /XObject << /Im0 ${pageRef(i) + 2} 0 R >> >> >>`,
    );
    object(pageRef(i) + 1, `<< /Length ${content.length} >>`, content);
    randomFillSync(noise);
    object(
      pageRef(i) + 2,
      `<< /Type /XObject /Subtype /Image /Width ${SIDE} /Height ${SIDE} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${noise.length} >>`,
      noise,
    );
  }
  const count = 3 + pages * 3;
  const xref = offset;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) write(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  closeSync(fd);
  return offset;
}

/** In the child process: read the file as the pipeline does, run the PDF checks, print JSON. */
async function measure(file: string) {
  const { findInteractiveContent } = await import('../../functions/documents/checks/service/pdf-interactive');
  const { checkPdfOpens } = await import('../../functions/documents/checks/service/pdf-open');
  const before = process.resourceUsage().maxRSS;
  // As the scanner holds it: a file on disk, read by ranges (functions/documents/scan/ports.ts).
  const handle = await open(file, 'r');
  let readBytes = 0;
  const source = {
    size: (await handle.stat()).size,
    read: async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      readBytes += bytesRead;
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    },
  };
  const started = performance.now();
  const opens = await checkPdfOpens(source);
  const opened = performance.now();
  const interactive = await findInteractiveContent(source);
  const done = performance.now();
  await handle.close();
  console.log(
    JSON.stringify({
      verdict: opens ?? interactive ?? 'pass',
      baselineMB: before / 1024,
      peakMB: process.resourceUsage().maxRSS / 1024,
      readMB: readBytes / MB,
      openMs: opened - started,
      walkMs: done - opened,
    }),
  );
}

export async function checksBench({ table }: { table: (rows: string[][]) => void }) {
  const sizes = (process.env.CHECKS_BENCH_SIZES ?? '25,100,250').split(',').map(Number);
  const dir = mkdtempSync(path.join(tmpdir(), 'checks-bench-'));
  const rows = [['PDF', 'pages', 'verdict', 'peak RSS', 'baseline', 'bytes read', 'open (pdf.js)', 'walk']];
  try {
    for (const size of sizes) {
      const file = path.join(dir, `${size}.pdf`);
      const bytes = writeLargePdf(file, size);
      const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'measure', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 10 * MB,
      });
      const r = JSON.parse(out.trim().split('\n').pop()!) as Record<string, number | string>;
      rows.push([
        `${(bytes / MB).toFixed(0)} MB`,
        String(size),
        String(r.verdict),
        `${Number(r.peakMB).toFixed(0)} MB`,
        `${Number(r.baselineMB).toFixed(0)} MB`,
        `${Number(r.readMB).toFixed(1)} MB`,
        `${(Number(r.openMs) / 1000).toFixed(1)} s`,
        `${(Number(r.walkMs) / 1000).toFixed(1)} s`,
      ]);
      rmSync(file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log('\nPDF checks of the scan pipeline (a fresh process per file; peak = max RSS)');
  table(rows);
}

if (process.argv[2] === 'measure') await measure(process.argv[3]!);
