/**
 * The `test` every journey uses: Playwright's, plus an automatic check that the page met no
 * Content-Security-Policy violation (the built SPA is served with the deployed CSP, infra/csp.ts).
 */
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        const text = msg.text();
        if (
          msg.type() === 'error' &&
          /Content Security Policy|Refused to (load|connect|execute|create|apply)/.test(text)
        )
          violations.push(text);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page, Locator } from '@playwright/test';
