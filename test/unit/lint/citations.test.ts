/**
 * Every rule cited in code points to a docs page of this repository (docs/decisions/0001): no
 * comment, test name or cdk-nag reason in functions/, shared/, web/src/, infra/, test/ or bin/ cites
 * a spec section or an issue number, and every docs path cited there names a file that exists.
 * `npx tsx bin/cite-docs.ts` rewrites what this refuses; its own rules are pinned below.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkedFiles, pageFor, REFUSED, rewriteCitations, rewriteFile, ROOT } from '../../../bin/cite-docs';

// Built at run time, so this file holds none of what it refuses.
const core = (n: number) => `${['portal', 'core'].join('-')} §${n}`;
const org = (n: number) => `${['portal', 'organisation'].join('-')} §${n}`;
const issue = (n: number) => `${'Issue'.toLowerCase()} ${n}`;

const files = checkedFiles();
const sources = new Map(files.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));

/** `file:line: text` of each match of `pattern` in the checked files. */
function where(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [file, source] of sources) {
    source.split('\n').forEach((line, i) => {
      pattern.lastIndex = 0;
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

describe('citations in code', () => {
  test('no file cites a spec section or an issue number (run `npx tsx bin/cite-docs.ts`)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(where(new RegExp(REFUSED.source, 'i'))).toEqual([]);
  });

  test('every docs page cited in code exists', () => {
    const missing = new Set<string>();
    for (const source of sources.values()) {
      for (const m of source.matchAll(/\bdocs\/[\w./-]*?\.(?:md|json)\b/g)) {
        if (!existsSync(path.join(ROOT, m[0]))) missing.add(m[0]);
      }
    }
    expect([...missing]).toEqual([]);
  });
});

describe('the citations codemod (bin/cite-docs.ts)', () => {
  test('a file cites the docs page of its area', () => {
    expect(pageFor('functions/applications/service/steps.ts')).toBe('docs/applications.md');
    expect(pageFor('functions/documents/checks/service/file-type.ts')).toBe('docs/documents-checks.md');
    expect(pageFor('web/src/features/documents/UploadQueue.tsx')).toBe('docs/documents-web.md');
    expect(pageFor('functions/council/handler.ts')).toBe('docs/council-api.md');
    expect(pageFor('shared/schemas/payments.ts')).toBe('docs/payments.md');
    expect(pageFor('functions/platform/data/service.ts')).toBe('docs/architecture.md');
    for (const page of new Set(files.map(pageFor)))
      expect(existsSync(path.join(ROOT, page)), page).toBe(true);
  });

  test('a citation becomes the page, and the page named twice in one parenthesis once', () => {
    const page = 'docs/documents.md';
    expect(
      rewriteCitations(`/** Uploads (${core(4)} "Document upload", ${core(5)}; ${page}). */`, page),
    ).toBe(`/** Uploads (${page}). */`);
    expect(rewriteCitations(`// merge (${issue(13)} item 7; ${core(3)}; ${page} "Merge"): after`, page)).toBe(
      `// merge (${page} "Merge"): after`,
    );
    expect(rewriteCitations(`// (${core(3)} Contact, §7 contacts): every`, page)).toBe(`// (${page}): every`);
    expect(rewriteCitations(`// (${issue(15)} items 1-3; ${page}): search`, page)).toBe(
      `// (${page}): search`,
    );
    expect(rewriteCitations(`// (${core(2)}, ${org(2)})`, page)).toBe(`// (${page})`);
    expect(rewriteCitations(`// the rule (${issue(33)} point 6: never in a URL)`, page)).toBe(
      `// the rule (${page}: never in a URL)`,
    );
  });

  test("a section left alone after the page goes; a docs page's own sections stay", () => {
    const page = 'docs/lookups.md';
    expect(
      rewriteCitations(
        `/** Lookups (${core(3)} Address lookup result, Parcel; §7 NZ Post checker). */`,
        page,
      ),
    ).toBe(`/** Lookups (${page} Address lookup result, Parcel; NZ Post checker). */`);
    expect(rewriteCitations(`// flows (${org(4).split('-')[1]}, §8): no token`, page)).toBe(
      `// flows (${page}): no token`,
    );
    expect(
      rewriteCitations(`// the tour (${issue(16)}; docs/council-api.md §4, §6): an`, 'docs/council-api.md'),
    ).toBe('// the tour (docs/council-api.md §4, §6): an');
  });

  test('a spec citation used as a noun reads "the spec", and history is said as what it was', () => {
    const page = 'docs/applications.md';
    expect(rewriteCitations(`// The order (${core(7)} names the sort fields; one rule)`, page)).toBe(
      `// The order (the spec (${page}) names the sort fields; one rule)`,
    );
    expect(rewriteCitations(`/** The upload messages of ${core(8)}, word for word. */`, page)).toBe(
      `/** The upload messages of the spec (${page}), word for word. */`,
    );
    expect(rewriteCitations(` * The layout before ${issue(9)}, \`documents/{id}\``, page)).toBe(
      ' * The old layout, `documents/{id}`',
    );
  });

  test('only comments change in code; in tests, test names too; what a person sees never', () => {
    const source = [
      `// A comment (${core(7)}).`,
      `export const message = 'Read ${core(7)} (${issue(4)})';`,
      `export const Page = () => <p>Text (${issue(4)}) {/* a JSX comment (${issue(4)}) */}</p>;`,
      '',
    ].join('\n');
    expect(rewriteFile('web/src/features/applications/Page.tsx', source)).toBe(
      [
        '// A comment (docs/applications.md).',
        `export const message = 'Read ${core(7)} (${issue(4)})';`,
        `export const Page = () => <p>Text (${issue(4)}) {/* a JSX comment (docs/applications.md) */}</p>;`,
        '',
      ].join('\n'),
    );
    const testSource = `describe('members (${org(4)}, ${org(6)})', () => {});\n`;
    expect(rewriteFile('test/unit/functions/organisations/members.test.ts', testSource)).toBe(
      "describe('members (docs/organisations.md)', () => {});\n",
    );
  });

  test('running it again changes nothing', () => {
    const source = `/**\n * Merge (${issue(13)} item 7; ${core(3)}, ${core(4)} "Document container merge";\n * ${org(9)}; docs/documents.md "Merge"): after\n */\nexport const x = 1;\n`;
    const once = rewriteFile('functions/documents/merge/service/merge.ts', source);
    expect(once).toBe('/**\n * Merge (docs/documents.md "Merge"): after\n */\nexport const x = 1;\n');
    expect(rewriteFile('functions/documents/merge/service/merge.ts', once)).toBe(once);
  });
});
