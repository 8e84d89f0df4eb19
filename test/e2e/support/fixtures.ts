/**
 * The `test` every journey uses: Playwright's, plus an automatic check that the page met no
 * Content-Security-Policy violation (the built SPA is served with the deployed CSP, infra/csp.ts),
 * and `signedInAs`: a test that sets it (`test.use({ signedInAs: 0 })`) starts signed in as that
 * demo user, its browser holding the session a sign-in through the page stored.
 *
 * The sign-in page is signed in through once per demo user and worker (a shard runs one worker),
 * and its stored session (Amplify's tokens in localStorage: web/src/lib/amplify.ts) is given to
 * every such test's new browser context, as a person's browser keeps it between visits. Tests about
 * signing in (accounts, shell, two-step sign-in, journey, keyboard) sign in through the page.
 * A session whose tokens end within SESSION_MARGIN_MS is signed in again.
 */
import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';
import { SignInPage } from '../pages/SignInPage';
import { ShellPage } from '../pages/ShellPage';
import { demoUser, readOutputs } from './outputs';

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A browser with nothing stored, for a context a test opens itself (`browser.newContext`): Playwright
 * gives such a context the test's own options, the signed-in session of `signedInAs` among them.
 */
export const SIGNED_OUT: SignedInState = { cookies: [], origins: [] };

/** A stored session is used while its tokens stay valid this much longer (a long test's span). */
const SESSION_MARGIN_MS = 10 * 60_000;

/** How many sign-ins through the page the saved sessions took in this worker (its log line). */
let pageSignIns = 0;

/** The earliest `exp` of the JWTs Amplify stored (its id and access tokens), in ms; 0 if none. */
function tokensExpireAt(state: SignedInState): number {
  const exps: number[] = [];
  for (const origin of state.origins) {
    for (const { name, value } of origin.localStorage) {
      if (!/^CognitoIdentityServiceProvider\..+\.(idToken|accessToken)$/.test(name)) continue;
      try {
        const payload = JSON.parse(Buffer.from(value.split('.')[1] ?? '', 'base64url').toString()) as {
          exp?: unknown;
        };
        if (typeof payload.exp === 'number') exps.push(payload.exp * 1000);
      } catch {
        /* not a JWT: counts as no token */
      }
    }
  }
  return exps.length === 2 ? Math.min(...exps) : 0;
}

/** Signs demo user `index` in through the sign-in page in a context of its own; its storage. */
async function signInThroughThePage(browser: Browser, index: number): Promise<SignedInState> {
  const user = demoUser(index);
  const context = await browser.newContext({ baseURL: readOutputs().WebUrl, storageState: SIGNED_OUT });
  try {
    const page = await context.newPage();
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(user.email, user.password);
    await expect(new ShellPage(page).dashboardHeading).toBeVisible();
    pageSignIns += 1;
    const state = await context.storageState();
    if (!tokensExpireAt(state)) throw new Error(`no Amplify tokens stored after signing in as ${user.email}`);
    return state;
  } finally {
    await context.close();
  }
}

export const test = base.extend<
  { cspViolations: string[]; signedInAs: number | undefined },
  { signedInSessions: (index: number) => Promise<SignedInState> }
>({
  signedInAs: [undefined, { option: true }],

  signedInSessions: [
    async ({ browser }, use) => {
      const sessions = new Map<number, SignedInState>();
      await use(async (index) => {
        const kept = sessions.get(index);
        if (kept && tokensExpireAt(kept) - Date.now() > SESSION_MARGIN_MS) return kept;
        const state = await signInThroughThePage(browser, index);
        sessions.set(index, state);
        return state;
      });
      if (pageSignIns) console.log(`[e2e] saved sessions: ${pageSignIns} sign-in(s) through the page`);
    },
    { scope: 'worker' },
  ],

  storageState: async ({ storageState, signedInAs, signedInSessions }, use) => {
    await use(signedInAs === undefined ? storageState : await signedInSessions(signedInAs));
  },

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
