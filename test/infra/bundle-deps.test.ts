/**
 * What the deployed functions bundle (docs/architecture.md): every function of the app, bundled as
 * deployed with a metafile (test/infra/app-bundles.ts, the build bundle-budgets.test.ts uses too),
 * takes no module of a development-only package (the local stand-ins s3rver and cognito-local with
 * their old fast-xml-parser and aws-sdk v2, the test and build tools): those never reach a Lambda.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import {
  entryMetadataKey,
  filesMetadataKey,
  pdfJsFiles,
  repoRoot,
} from '../../infra/constructs/portal-function.js';
import { appBundles, appEntries, packagesOf } from './app-bundles.js';
import { sharedTestApp } from './helpers.js';

const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

describe('deployed bundles', () => {
  let entries: string[];
  // Synthesising the app takes minutes on a loaded 2-core machine.
  beforeAll(() => {
    entries = appEntries();
  }, 600_000);

  it('every function of the app is checked', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'functions/applications/form.ts',
        'functions/applications/lists.ts',
        'functions/documents/scan/handler.ts',
        'functions/applications/stream.ts',
        'functions/notifications/stream.ts',
        'infra/seed/custom-resource.ts',
      ]),
    );
  });

  it(
    'take no module of a development-only package, and pdf-lib only where PDFs are made',
    { timeout: 180_000 },
    async () => {
      const devOnly = new Set([...Object.keys(pkg.devDependencies), 'aws-sdk']);
      const offending: string[] = [];
      const withPdfLib: string[] = [];
      // The same build as bundle-budgets.test.ts (ten entries to an esbuild pass, test/infra/app-bundles.ts).
      for (const bundle of await appBundles(entries)) {
        for (const input of bundle.inputs)
          for (const name of packagesOf(input))
            if (devOnly.has(name)) offending.push(`${bundle.entry}: ${name} (${input})`);
        if (bundle.contributors.some(([name]) => name === 'pdf-lib')) withPdfLib.push(bundle.entry);
      }
      expect(offending).toEqual([]);
      // pdf-lib (~350 KB with its fonts) only where PDFs are made: a feature's face that re-exports from
      // a module importing it would put it in every Lambda using that face (docs/architecture.md).
      // The summary PDF is written by the applications' consumer of the submission (applications.summaryPdf),
      // so the form's Lambda no longer carries it; the merge loads its PDF code with a dynamic import
      // where it merges, so the documents handler, which only names the merge, carries none.
      expect(withPdfLib).toEqual([
        'functions/applications/stream.ts',
        'functions/documents/merge/worker.ts',
        'functions/documents/scan/handler.ts',
        'functions/documents/stream.ts',
        'functions/rfis/pdf.ts',
      ]);
    },
  );

  it(
    'bundle no pdf.js: the functions reading PDFs (unpdf) ship it beside their bundle',
    { timeout: 180_000 },
    async () => {
      const withUnpdf: string[] = [];
      const withPdfJs: string[] = [];
      for (const bundle of await appBundles(entries)) {
        if (bundle.inputs.some((i) => packagesOf(i).includes('unpdf'))) withUnpdf.push(bundle.entry);
        if (bundle.inputs.some((i) => i.includes('unpdf/dist/pdfjs'))) withPdfJs.push(bundle.entry);
      }
      expect(withPdfJs).toEqual([]);
      const shipping = Object.values(sharedTestApp().stacks)
        .filter((v): v is Stack => v instanceof Stack)
        .flatMap((stack) =>
          Object.values(
            Template.fromStack(stack).findResources('AWS::Lambda::Function') as Record<
              string,
              { Metadata?: Record<string, unknown> }
            >,
          ),
        )
        .filter((r) => JSON.stringify(r.Metadata?.[filesMetadataKey]) === JSON.stringify(pdfJsFiles))
        .map((r) => r.Metadata?.[entryMetadataKey] as string);
      expect(withUnpdf.sort()).toEqual([
        'functions/documents/extraction/handler.ts',
        'functions/documents/scan/handler.ts',
      ]);
      expect([...new Set(shipping)].sort()).toEqual(withUnpdf);
    },
  );
});
