import path from 'node:path';
import { expect, test } from '@playwright/test';
import { firstLoads } from '../support/first-load';

/**
 * The first-load budgets cannot drift: the build the journeys run against (test/with-stack.ts
 * builds web/dist) must keep each budgeted first load within its gzip budget. Sizes are
 * deterministic, so this is an assertion on bytes, not on time; `npm run bench -- spa` prints the
 * same figures with every route's.
 */
const dist = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

for (const load of firstLoads(dist)) {
  test(`the ${load.name} first load is within ${load.budgetKb} KB gzip`, () => {
    const largest = load.files
      .slice(0, 8)
      .map((f) => `${f.file} ${kb(f.gzip)}`)
      .join(', ');
    expect(
      load.gzip,
      `${load.name}: ${kb(load.gzip)} gzip in ${load.files.length} files, over its ${load.budgetKb} KB budget; largest: ${largest}`,
    ).toBeLessThanOrEqual(load.budgetKb * 1024);
  });
}
