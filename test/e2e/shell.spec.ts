import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { NAV_ITEMS, ShellPage } from './pages/ShellPage';

interface UserInfo {
  firstName?: string;
  lastName?: string;
  email: string;
}

test('a demo user signs in, sees the signed-in shell and signs out', async ({ page }) => {
  const user = demoUser(0);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(page.getByTestId('applicant-guide')).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in page');

  const userInfo = page.waitForResponse(
    (response) => new URL(response.url()).pathname.endsWith('/user') && response.ok(),
  );
  await signIn.signIn(user.email, user.password);
  const info = (await (await userInfo).json()) as UserInfo;
  expect(info.firstName, 'GET /user returns the first name').toBeTruthy();

  const shell = new ShellPage(page);
  await expect(shell.heading).toHaveText(`Welcome to your dashboard, ${info.firstName}`);
  await shell.expectVisible();
  await expect(shell.topNavigation.getByRole('link', { name: 'New application', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');

  // Every navigation item leads to its page.
  for (const item of NAV_ITEMS.slice(1)) {
    await shell.navLink(item.href).click();
    await expect(page).toHaveURL(item.href);
    await expect(shell.heading).toBeVisible();
  }
  await expectNoAxeViolations(page, 'organisation members');
  await shell.navLink('/').click();
  await expect(shell.heading).toHaveText(`Welcome to your dashboard, ${info.firstName}`);

  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  await shell.signOut(name);
  await signIn.expectVisible();
  await expect(page).toHaveURL('/');
});

test('a wrong password shows the login failure message', async ({ page }) => {
  const user = demoUser(0);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, `${user.password}-wrong`);
  await expect(signIn.formError).toHaveText('Your login attempt has failed. Please try again.');
  await expectNoAxeViolations(page, 'sign-in page with a failure');
});

test('the sign-in form requires account and password and normalises the e-mail', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.submit).toBeDisabled();
  await signIn.email.fill('  Someone@Example.COM ');
  await signIn.email.blur();
  await expect(signIn.email).toHaveValue('someone@example.com');
  await expect(signIn.submit).toBeDisabled();
  await signIn.password.focus();
  await signIn.password.blur();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
});

test('signed-out pages: registration, support, and unknown paths', async ({ page }) => {
  await page.goto('/registration');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expectNoAxeViolations(page, 'registration');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await new SignInPage(page).expectVisible();

  await page.getByRole('link', { name: 'Get Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByText('Monday to Friday 8am to 6pm excluding public holidays')).toBeVisible();
  await expectNoAxeViolations(page, 'support');

  await page.goto('/no-such-page');
  await expect(page).toHaveURL('/?returnTo=%2Fno-such-page');
  await new SignInPage(page).expectVisible();
});

test.describe('below the lg breakpoint', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('the applicant guide is hidden and the dashboard says "Welcome, {first name}"', async ({ page }) => {
    const user = demoUser(0);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(page.getByTestId('applicant-guide')).toBeHidden();
    const userInfo = page.waitForResponse(
      (response) => new URL(response.url()).pathname.endsWith('/user') && response.ok(),
    );
    await signIn.signIn(user.email, user.password);
    const info = (await (await userInfo).json()) as UserInfo;
    const shell = new ShellPage(page);
    await expect(shell.heading).toHaveText(`Welcome, ${info.firstName}`);
    await expect(
      shell.topNavigation.getByRole('link', { name: 'New application', exact: true }),
    ).toBeHidden();
  });
});
