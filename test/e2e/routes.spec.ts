import { expect, test, type Page } from '@playwright/test';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';

async function signIn(page: Page): Promise<ShellPage> {
  const user = demoUser(0);
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(user.email, user.password);
  const shell = new ShellPage(page);
  await expect(shell.heading).toHaveText(/Welcome/);
  return shell;
}

/** Navigates inside the single-page app (no reload), as a link would. */
async function open(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

test('signed-in redirects and query rules in the browser', async ({ page }) => {
  const shell = await signIn(page);

  await open(page, '/projects?tab=Drafts');
  await expect(page).toHaveURL('/projects?tab=All');
  await expect(shell.heading).toHaveText('Projects');
  await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'projects (coming soon)');

  await open(page, '/projects?tab=archived');
  await expect(page).toHaveURL('/projects?tab=archived');
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();

  await open(page, '/new-application/whatever');
  await expect(page).toHaveURL('/new-application/intent-selection');
  await expect(shell.heading).toHaveText('New application');

  await open(page, '/application-form/abc/step/1');
  await expect(page).toHaveURL('/');
  await expect(shell.heading).toHaveText(/Welcome/);

  await open(page, '/application-details/12?section=rfis&subSection=round-1');
  await expect(shell.heading).toHaveText('Application details');
  await expect(page.getByText('RFIs', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'application details (coming soon)');

  await open(page, '/application-details/12?section=Nope');
  await expect(page.getByText('Overview', { exact: true })).toBeVisible();

  await open(page, '/no-such-page');
  await expect(page).toHaveURL('/');
});

test('a deep link is kept through a full page load when signed in', async ({ page }) => {
  await signIn(page);
  await page.goto('/organisation-invitations');
  await expect(new ShellPage(page).heading).toHaveText('Organisation invitations');
  await page.goto('/application-submitted/not-a-number');
  await expect(page).toHaveURL('/');
});

test('maintenance replaces the whole app, signed out and signed in', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/maintenance/maintenance.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"isInMaintenance":true}' }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  await expect(page.locator('#top-nav')).toHaveCount(0);
  await expectNoAxeViolations(page, 'maintenance');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();

  await page.unroute('**/api/maintenance/maintenance.json');
  await page.reload();
  await new SignInPage(page).expectVisible();
});
