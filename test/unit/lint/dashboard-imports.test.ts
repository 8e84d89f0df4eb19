import { describe, expect, it } from 'vitest';
import { packagesReached } from './static-imports';

/**
 * What the signed-in shell and the dashboard load before they draw (docs/performance.md, "The
 * dashboard's first load"): zod comes with the pages and dialogs that need it (the announcements are
 * read without it), and the shell, toasts and the dashboard are plain markup, not Cloudscape's
 * components (their design-token CSS alone is 270 KB to parse and apply on a phone: step 20).
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

  it('draws the shell and toasts without Cloudscape’s layout, navigation and Flashbar', () => {
    const heavy = [
      '@cloudscape-design/components/app-layout',
      '@cloudscape-design/components/top-navigation',
      '@cloudscape-design/components/side-navigation',
      '@cloudscape-design/components/flashbar',
    ];
    const reached = [...packagesReached(DASHBOARD)].filter(([p]) => heavy.includes(p));
    expect(reached.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });

  it('draws the dashboard without any Cloudscape component (only the global styles: fonts and base)', () => {
    const reached = [...packagesReached(DASHBOARD)].filter(
      ([p]) => p.startsWith('@cloudscape-design/') && p !== '@cloudscape-design/global-styles/index.css',
    );
    expect(reached.map(([p, file]) => `${p} (from ${file})`)).toEqual([]);
  });
});
