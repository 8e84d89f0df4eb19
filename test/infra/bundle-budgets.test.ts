/**
 * Bundle budgets that cannot drift (docs/performance.md): every function of the synthesised app, bundled
 * as deployed (test/infra/app-bundles.ts), weighs at most its class's budget in gzip bytes
 * (test/infra/bundle-budgets.ts, docs/performance.md "Budgets"). A function over it fails with its
 * size, its budget and the ten largest contributors to its bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appBundles, appEntries, type AppBundle } from './app-bundles.js';
import { bundleBudgets, bundleClassOf, overBudget } from './bundle-budgets.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** What a failure says: the function, its size, its budget and its 10 largest contributors. */
export function overBudgetMessage(b: AppBundle, budget: number, label: string): string {
  const top = b.contributors
    .slice(0, 10)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
  return `${b.entry}: ${kb(b.gzip)} gzip > ${label} ${kb(budget)}; largest contributors (minified bytes): ${top}`;
}

describe('bundle budgets', () => {
  let entries: string[];
  // Synthesising the app takes minutes on a loaded 2-core machine.
  beforeAll(() => {
    entries = appEntries();
  }, 600_000);

  it('every function of the app has a bundle class', () => {
    expect(entries.filter((e) => !bundleClassOf[e])).toEqual([]);
    // A class for a function the app no longer has would hide a rename.
    expect(Object.keys(bundleClassOf).filter((e) => !entries.includes(e))).toEqual([]);
  });

  it('every function weighs at most its class budget (gzip, as deployed)', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const b of await appBundles(entries)) {
      const cls = bundleClassOf[b.entry];
      if (!cls) continue; // the test above names it
      const budget = bundleBudgets[cls];
      const known = overBudget[b.entry];
      if (known) {
        if (b.gzip <= budget)
          failures.push(`${b.entry}: ${kb(b.gzip)} meets its ${cls} budget now: remove it from overBudget`);
        else if (b.gzip > known.ceiling)
          failures.push(overBudgetMessage(b, known.ceiling, `its ceiling while over the ${cls} budget,`));
      } else if (b.gzip > budget) failures.push(overBudgetMessage(b, budget, `${cls} budget`));
    }
    expect(failures).toEqual([]);
  });
});

describe('the failure message', () => {
  it('names the function, its size, the budget and its ten largest contributors', () => {
    const contributors = Array.from(
      { length: 12 },
      (_, i) => [`pkg${i}`, (12 - i) * 1024] as [string, number],
    );
    const message = overBudgetMessage(
      { entry: 'functions/x/handler.ts', raw: 0, gzip: 300 * 1024, inputs: [], emitted: [], contributors },
      250 * 1024,
      'read budget',
    );
    expect(message).toBe(
      'functions/x/handler.ts: 300.0 KB gzip > read budget 250.0 KB; largest contributors (minified bytes): ' +
        'pkg0 12.0 KB, pkg1 11.0 KB, pkg2 10.0 KB, pkg3 9.0 KB, pkg4 8.0 KB, pkg5 7.0 KB, pkg6 6.0 KB, pkg7 5.0 KB, pkg8 4.0 KB, pkg9 3.0 KB',
    );
  });
});
