import { describe, expect, it } from 'vitest';
import { packagesReached } from './static-imports';

/**
 * What the signed-in shell and the dashboard load before they draw (docs/performance.md, "The
 * dashboard's first load"): zod comes later, with what parses outside input on the dashboard (the
 * announcements' schema loads beside its request) or with the pages and dialogs that need it.
 */
const DASHBOARD = [
  'web/src/main.tsx',
  'web/src/app/SignedInApp.tsx',
  'web/src/features/dashboard/DashboardPage.tsx',
];

describe('the dashboard', () => {
  it('loads no zod before it draws', () => {
    const zod = [...packagesReached(DASHBOARD)].filter(([p]) => p === 'zod' || p.startsWith('zod/'));
    expect(zod.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });
});
