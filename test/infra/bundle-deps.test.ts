/**
 * What the deployed functions bundle (issue 9 point 9): every function of the app, rebuilt with the
 * functions' esbuild options and a metafile, takes no module of a development-only package (the
 * local stand-ins s3rver and cognito-local with their old fast-xml-parser and aws-sdk v2, the test
 * and build tools): those never reach a Lambda.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { entryMetadataKey, portalBundling, repoRoot } from '../../infra/constructs/portal-function.js';
import { sharedTestApp } from './helpers.js';

const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

/** The package a bundled input belongs to (`node_modules/@scope/name/...` → `@scope/name`), nested ones included. */
function packagesOf(input: string): string[] {
  const parts = input.split('node_modules/').slice(1);
  return parts.map((p) => {
    const segs = p.split('/');
    return segs[0]!.startsWith('@') ? `${segs[0]}/${segs[1]}` : segs[0]!;
  });
}

/** The entry files of a stack's functions (PortalFunction writes each one's entry into its metadata). */
function entriesOf(stack: Stack): string[] {
  const t = Template.fromStack(stack).toJSON() as {
    Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
  };
  return Object.values(t.Resources).flatMap((r) => {
    const entry = r.Type === 'AWS::Lambda::Function' ? r.Metadata?.[entryMetadataKey] : undefined;
    return entry ? [entry] : [];
  });
}

describe('deployed bundles', () => {
  let entries: string[];
  beforeAll(() => {
    const { stacks } = sharedTestApp();
    entries = [
      ...new Set(
        Object.values(stacks)
          .filter((v): v is Stack => v instanceof Stack)
          .flatMap(entriesOf),
      ),
    ].sort();
  });

  it('every function of the app is checked', () => {
    expect(entries).toEqual(
      expect.arrayContaining([
        'functions/applications/form.ts',
        'functions/applications/lists.ts',
        'functions/documents/scan.ts',
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
      for (const entry of entries) {
        const { metafile } = await build({
          absWorkingDir: repoRoot,
          entryPoints: [path.join(repoRoot, entry)],
          bundle: true,
          platform: 'node',
          format: portalBundling.format,
          target: portalBundling.target,
          mainFields: [...portalBundling.mainFields],
          external: [...portalBundling.externalModules],
          metafile: true,
          write: false,
          outfile: 'index.mjs',
          logLevel: 'silent',
        });
        for (const input of Object.keys(metafile.inputs))
          for (const name of packagesOf(input))
            if (devOnly.has(name)) offending.push(`${entry}: ${name} (${input})`);
        const output = Object.values(metafile.outputs)[0]!;
        if (
          Object.entries(output.inputs).some(
            ([i, o]) => o.bytesInOutput > 0 && packagesOf(i).includes('pdf-lib'),
          )
        )
          withPdfLib.push(entry);
      }
      expect(offending).toEqual([]);
      // pdf-lib (~350 KB with its fonts) only where PDFs are made: a feature's face that re-exports from
      // a module importing it would put it in every Lambda using that face (docs/architecture.md).
      // The summary PDF is written by the applications' consumer of the submission (applications.summaryPdf),
      // so the form's Lambda no longer carries it (the documents handler still merges PDFs).
      expect(withPdfLib).toEqual([
        'functions/applications/stream.ts',
        'functions/documents/handler.ts',
        'functions/documents/merge-worker.ts',
        'functions/documents/scan.ts',
        'functions/documents/stream.ts',
        'functions/rfis/pdf.ts',
      ]);
    },
  );
});
