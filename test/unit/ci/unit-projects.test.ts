/**
 * The web's unit files split between vm contexts and a process each (test/support/unit-projects.ts,
 * docs/performance.md "CI time"): every file on exactly one side, and none that mocks modules in a
 * vm context.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitByModuleMocks, webUnitFiles } from '../../support/unit-projects';

describe("the web's unit files", () => {
  const files = webUnitFiles();
  const { vm, forks } = splitByModuleMocks(files);

  it('each runs on exactly one side', () => {
    expect(files.length).toBeGreaterThan(90);
    expect([...vm, ...forks].sort()).toEqual(files);
  });

  it('none that mocks a module runs in a vm context; formio-parts runs in a process of its own', () => {
    for (const file of vm) expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bvi\.(mock|doMock)\(/);
    expect(forks).toContain('test/unit/web/access-requests-dashboard.test.tsx');
    expect(forks).toContain('test/unit/web/formio-parts.test.tsx');
    expect(vm).toContain('test/unit/web/stored-token.test.ts');
  });
});
