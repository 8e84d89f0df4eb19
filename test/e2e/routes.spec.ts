import { expect, test, type Page } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { siteSettings } from './support/site-settings';

// Starts signed in as the demo applicant (support/fixtures.ts), but for the signed-out deep link.
test.use({ signedInAs: 0 });

async function signIn(page: Page): Promise<ShellPage> {
  await page.goto('/');
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
  await expect(page.getByRole('tab', { name: /^All/, selected: true })).toBeVisible();
  await expectNoAxeViolations(page, 'projects');

  await open(page, '/projects?tab=archived');
  await expect(page).toHaveURL('/projects?tab=archived');
  await expect(page.getByRole('tab', { name: /^Archived/, selected: true })).toBeVisible();

  await open(page, '/new-application/whatever');
  await expect(page).toHaveURL('/new-application/intent-selection');
  await expect(shell.heading).toHaveText('New application');

  await open(page, '/application-form/abc/step/1');
  await expect(page).toHaveURL('/');
  await expect(shell.heading).toHaveText(/Welcome/);

  // An application the user cannot see: the details page names itself and shows the failure.
  await open(page, '/application-details/12?section=rfis&subSection=round-1');
  await expect(shell.heading).toHaveText('Application details');
  await expect(page.getByText('Application not found')).toBeVisible();
  await expectNoAxeViolations(page, 'application details (not found)');

  // An unknown address shows the 404 page at its own address, with a way back (docs/features.md).
  await open(page, '/no-such-page');
  await expect(page).toHaveURL('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
});

test.describe('signed out', () => {
  test.use({ signedInAs: undefined });

  test('a deep link opened signed out leads through sign-in to its page', async ({ page }) => {
    await page.goto('/organisation-invitations?tab=sent');
    await expect(page).toHaveURL('/?returnTo=%2Forganisation-invitations%3Ftab%3Dsent');
    const user = demoUser(0);
    await new SignInPage(page).signIn(user.email, user.password);
    await expect(page).toHaveURL('/organisation-invitations?tab=sent');
    await expect(new ShellPage(page).heading).toHaveText('Organisation invitations');
  });
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
  siteSettings({ maintenance: 'on' });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
    await expect(page.locator('#top-nav')).toHaveCount(0);
    await expectNoAxeViolations(page, 'maintenance');

    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  } finally {
    siteSettings({ maintenance: 'off' });
  }
  await page.reload();
  await new SignInPage(page).expectVisible();
});

test('announcements: shown in their window, dismissed ones stay muted, persistent ones cannot be dismissed', async ({
  page,
}) => {
  const hour = 3600_000;
  const now = Date.now();
  const announcements = [
    { id: 'e2e-outage', header: 'Planned outage', description: 'Saturday night.', severity: 'warning' },
    { id: 'e2e-policy', header: 'New fees from July', severity: 'info', persistent: true },
    { id: 'e2e-old', header: 'Old news', endTime: new Date(now - hour).toISOString() },
    { id: 'e2e-later', header: 'Not yet', startTime: new Date(now + hour).toISOString() },
  ];
  siteSettings({ announcements });
  try {
    await signIn(page);
    await expect(page.getByText('Planned outage')).toBeVisible();
    await expect(page.getByText('New fees from July')).toBeVisible();
    await expect(page.getByText('Old news')).toHaveCount(0);
    await expect(page.getByText('Not yet')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dismiss announcement New fees from July' })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(page, 'dashboard with announcements');

    await page.getByRole('button', { name: 'Dismiss announcement Planned outage' }).click();
    await expect(page.getByText('Planned outage')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('New fees from July')).toBeVisible();
    await expect(page.getByText('Planned outage')).toHaveCount(0);
  } finally {
    siteSettings({ announcements: 'none' });
  }
});
