/**
 * The documents hold together: every relative link in README.md and docs/*.md points at a file
 * that exists, and docs/README.md (the index) lists every page of docs/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const docs = path.join(root, 'docs');
const pages = readdirSync(docs).filter((f) => f.endsWith('.md'));

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
  test.each(['README.md', ...pages.map((p) => `docs/${p}`)])('%s links only to files that exist', (f) => {
    const file = path.join(root, f);
    const broken = linksOf(file).filter((t) => !existsSync(path.resolve(path.dirname(file), t)));
    expect(broken).toEqual([]);
  });

  test('docs/README.md lists every page of docs/', () => {
    const listed = new Set(linksOf(path.join(docs, 'README.md')).map((t) => path.basename(t)));
    expect(pages.filter((p) => p !== 'README.md' && !listed.has(p))).toEqual([]);
  });
});
