import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ProfilePage } from './pages/ProfilePage';

// The second demo user: the shell spec signs in with the first.
const user = demoUser(1);
const name = 'Tom Whitfield';

test.describe.configure({ mode: 'serial' });

test('completing the profile of a demo user removes the incomplete alert', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  const shell = new ShellPage(page);
  await expect(shell.heading).toHaveText(/Welcome to your dashboard/);
  const alert = page.getByText('Your profile is incomplete');
  await expect(alert).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with the profile alert');

  await shell.userMenu(name).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL('/user-profile');
  const profile = new ProfilePage(page);
  await expect(profile.heading).toBeVisible();
  await expect(profile.field(profile.details, 'First name')).toHaveValue('Tom');
  await expect(profile.save(profile.details)).toBeDisabled();
  await expectNoAxeViolations(page, 'profile');

  // NZ rules for +64, and the required message.
  await profile.fill(profile.details, 'Contact number', '12345');
  await expect(
    profile.details.getByText(
      'Contact number is not valid. Enter a New Zealand number, such as 021 123 4567 or 09 123 4567 (spaces, dashes and +64 are fine).',
    ),
  ).toBeVisible();
  await expect(profile.save(profile.details)).toBeDisabled();
  await profile.fill(profile.details, 'Contact number', '');
  await expect(profile.details.getByText('You must provide a valid contact number')).toBeVisible();
  await expectNoAxeViolations(page, 'profile with field errors');

  await profile.fill(profile.details, 'Contact number', '+64 21 555 0123');
  await profile.details.getByRole('button', { name: 'Enter address manually' }).click();
  await profile.fill(profile.details, 'Address line 1', '1 Queen Street');
  await profile.fill(profile.details, 'City', 'Auckland');
  await profile.fill(profile.details, 'Postcode', '1010');
  const patch = page.waitForResponse(
    (r) => new URL(r.url()).pathname.endsWith('/user') && r.request().method() === 'PATCH',
  );
  await profile.save(profile.details).click();
  const response = await patch;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { address?: { fullAddress?: string }; contactNumber?: string };
  expect(body.address?.fullAddress).toBe('1 Queen Street, Auckland 1010');
  // Written the New Zealand way with +64, stored the one way.
  expect(body.contactNumber).toBe('0215550123');
  await expect(profile.toast('Your profile has been updated')).toBeVisible();
  await expect(profile.save(profile.details)).toBeDisabled();

  // Notification preferences are saved on their own.
  await profile.preferences.getByText('Watching', { exact: true }).click();
  await expect(profile.save(profile.preferences, 'Save preferences')).toBeEnabled();
  await profile.save(profile.preferences, 'Save preferences').click();
  await expect(profile.save(profile.preferences, 'Save preferences')).toBeDisabled();

  await shell.navLink('/').click();
  await expect(shell.heading).toHaveText(/Welcome to your dashboard/);
  await expect(alert).toBeHidden();

  // A reload reads the saved record again.
  await page.reload();
  await expect(shell.heading).toHaveText(/Welcome to your dashboard/);
  await expect(alert).toBeHidden();
  await new ProfilePage(page).goto();
  await expect(profile.field(profile.details, 'Contact number')).toHaveValue('0215550123');
  await expect(profile.preferences.getByRole('radio', { name: /Watching/ })).toBeChecked();
});

test('change password and back', async ({ page }) => {
  const changed = 'Changed#2025nz';
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  const shell = new ShellPage(page);
  await expect(shell.dashboardHeading).toBeVisible();

  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.fill(profile.password, 'Current password', user.password);
  await profile.fill(profile.password, 'New password', 'weak');
  await expect(
    profile.password.getByText('Requires at least 8, upper, lower, numerical & special characters'),
  ).toBeVisible();
  await expect(profile.save(profile.password, 'Change password')).toBeDisabled();
  await profile.fill(profile.password, 'New password', changed);
  await profile.save(profile.password, 'Change password').click();
  await expect(profile.toast('Your password has been changed')).toBeVisible();
  await expect(profile.field(profile.password, 'Current password')).toHaveValue('');

  await shell.signOut(name);
  await signIn.expectVisible();
  await signIn.signIn(user.email, user.password);
  await expect(signIn.formError).toHaveText('Your login attempt has failed. Please try again.');
  await signIn.signIn(user.email, changed);
  await expect(shell.dashboardHeading).toBeVisible();

  // ... and back, so the demo sign-in stays as documented.
  await profile.goto();
  await profile.fill(profile.password, 'Current password', changed);
  await profile.fill(profile.password, 'New password', user.password);
  await profile.save(profile.password, 'Change password').click();
  await expect(profile.toast('Your password has been changed')).toBeVisible();
  await shell.signOut(name);
  await signIn.expectVisible();
  await signIn.signIn(user.email, user.password);
  await expect(shell.dashboardHeading).toBeVisible();
});

test('a wrong current password gives an error toast', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const profile = new ProfilePage(page);
  await profile.goto();
  await profile.fill(profile.password, 'Current password', 'Wrong#2025nz');
  await profile.fill(profile.password, 'New password', 'Another#2025nz');
  await profile.save(profile.password, 'Change password').click();
  await expect(profile.toast('Your password could not be changed')).toBeVisible();
  await expectNoAxeViolations(page, 'profile with an error toast');
});
