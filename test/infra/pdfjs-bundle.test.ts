/**
 * pdf.js beside the bundle (infra/constructs/portal-function.ts `pdfJsFiles`): a function reading
 * PDFs bundles unpdf but not pdf.js, ships pdf.js as a package beside index.mjs, and the bundle reads
 * PDFs with it as the TypeScript source does. Without the files, the check fails loudly rather than
 * calling the file corrupt. Bundles only the PDF check (a few seconds) as PortalFunction does.
 */
import { App, Stack } from 'aws-cdk-lib';
import { ASSET_RESOURCE_METADATA_ENABLED_CONTEXT } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPdfOpens } from '../../functions/documents/checks/service/pdf-open.js';
import { PortalFunction, pdfJsFiles, repoRoot } from '../../infra/constructs/portal-function.js';

/** checkPdfOpens of the bundle in `dir` on each file, in a fresh node there: its answer or the error's name. */
function checkWithBundle(dir: string, files: string[]): string[] {
  const script = `
    const { checkPdfOpens } = await import(${JSON.stringify(pathToFileURL(path.join(dir, 'index.mjs')).href)});
    const { readFileSync } = await import('node:fs');
    const out = [];
    for (const f of JSON.parse(process.env.FILES)) {
      try { out.push(String(await checkPdfOpens(new Uint8Array(readFileSync(f))))); }
      catch (err) { out.push(err.name); }
    }
    process.stdout.write(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, FILES: JSON.stringify(files) },
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as string[];
}

describe('pdf.js ships beside the bundle of a function reading PDFs', () => {
  let outdir: string;
  let assetDir: string;
  let files: string[];

  beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'portal-pdfjs-bundle-'));
    const app = new App({ outdir, context: { [ASSET_RESOURCE_METADATA_ENABLED_CONTEXT]: true } });
    const stack = new Stack(app, 'PdfJsBundle');
    new PortalFunction(stack, 'PdfCheck', {
      entry: 'functions/documents/checks/service/pdf-open.ts',
      serviceName: 'consent-portal-pdf-check',
      files: pdfJsFiles,
    });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Metadata: Record<string, string>;
    }[];
    assetDir = path.join(outdir, fn!.Metadata['aws:asset:path']!);

    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const good = path.join(outdir, 'two-pages.pdf');
    writeFileSync(good, await doc.save());
    const corrupt = path.join(outdir, 'corrupt.pdf');
    writeFileSync(corrupt, 'not a PDF at all');
    files = [good, corrupt];
  }, 120_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('has pdf.js beside index.mjs, as installed, and not in it', () => {
    expect(readdirSync(assetDir).sort()).toEqual([
      'index.mjs',
      'index.mjs.map',
      'node_modules',
      'xray-tracer.js',
    ]);
    for (const [to, from] of Object.entries(pdfJsFiles))
      expect(readFileSync(path.join(assetDir, to)).equals(readFileSync(path.join(repoRoot, from))), to).toBe(
        true,
      );
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toContain('unpdf/pdfjs');
    // pdf.js's own worker-side parser (its Lexer, XRef) is not in the bundle.
    expect(code).not.toContain('Invalid XRef stream');
    expect(code.length).toBeLessThan(200_000);
  });

  it('reads PDFs with it as the TypeScript source does', async () => {
    const source: string[] = [];
    for (const f of files) source.push(String(await checkPdfOpens(new Uint8Array(readFileSync(f)))));
    expect(checkWithBundle(assetDir, files)).toEqual(source);
    expect(source).toEqual(['undefined', 'FILE_IS_CORRUPT']);
  });

  it('fails loudly without it, never calling a good file corrupt', () => {
    const bare = mkdtempSync(path.join(outdir, 'bare-'));
    copyFileSync(path.join(assetDir, 'index.mjs'), path.join(bare, 'index.mjs'));
    expect(checkWithBundle(bare, files)).toEqual(['PdfJsUnavailable', 'PdfJsUnavailable']);
  });
});
