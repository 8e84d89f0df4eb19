import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_INTEGRATION } from '../../support/integration-projects';

const root = path.resolve(import.meta.dirname, '../../..');
const folder = 'test/integration';
const files = readdirSync(path.join(root, folder))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `${folder}/${f}`);

describe('the integration projects (vitest.config.ts)', () => {
  it('isolate only files the integration layer has', () => {
    for (const file of ISOLATED_INTEGRATION) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it('isolate every file that starts a stack in its own process', () => {
    const starting = files.filter((f) =>
      /\b(startLocalStack|holdStack)\(/.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(starting.length).toBeGreaterThan(0);
    expect(starting.filter((f) => !ISOLATED_INTEGRATION.includes(f))).toEqual([]);
  });
});
