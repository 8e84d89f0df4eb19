/**
 * The documents hold together: every relative link in README.md, docs/*.md and docs/decisions/*.md
 * points at a file that exists, docs/README.md (the index) lists every page of docs/, and
 * docs/decisions/README.md lists every decision record.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const docs = path.join(root, 'docs');
const pages = readdirSync(docs).filter((f) => f.endsWith('.md'));
const records = readdirSync(path.join(docs, 'decisions')).filter((f) => f.endsWith('.md'));

/** The relative link targets of a markdown file (no anchors, no URLs, no code spans). */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((t) => t && !/^[a-z]+:/i.test(t));
}

describe('the documents', () => {
  test.each(['README.md', ...pages.map((p) => `docs/${p}`), ...records.map((r) => `docs/decisions/${r}`)])(
    '%s links only to files that exist',
    (f) => {
      const file = path.join(root, f);
      const broken = linksOf(file).filter((t) => !existsSync(path.resolve(path.dirname(file), t)));
      expect(broken).toEqual([]);
    },
  );

  test('docs/README.md lists every page of docs/', () => {
    const listed = new Set(linksOf(path.join(docs, 'README.md')).map((t) => path.basename(t)));
    expect(pages.filter((p) => p !== 'README.md' && !listed.has(p))).toEqual([]);
  });

  test('docs/decisions/README.md lists every decision record', () => {
    const listed = new Set(linksOf(path.join(docs, 'decisions', 'README.md')).map((t) => path.basename(t)));
    expect(records.filter((r) => r !== 'README.md' && !listed.has(r))).toEqual([]);
  });
});
