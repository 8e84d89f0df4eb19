/**
 * The accounts issue's whole journey, one person, start to finish (docs/applications.md):
 * register (captcha solved in the browser) → read the code locally → confirm → sign in → complete
 * the profile → sign out → forgot password → reset → sign in with the new password. axe runs on
 * every page the journey visits.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { outboxFiles, waitForMail } from '../support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ProfilePage } from './pages/ProfilePage';
import {
  ConfirmRegistrationPage,
  ForgotPasswordPage,
  RegistrationPage,
  ResetPasswordPage,
} from './pages/signed-out';

test('a new applicant: register → confirm → sign in → complete profile → sign out → reset password → sign in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `journey-${randomUUID().slice(0, 8)}@example.nz`;
  const firstPassword = 'Wharenui#2026';
  const newPassword = 'Marae-2026!x';
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);

  // Register, with the ALTCHA challenge solved by the real widget.
  await signIn.goto();
  await expectNoAxeViolations(page, 'sign-in');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  const registration = new RegistrationPage(page);
  await registration.expectVisible();
  await registration.fill({ email, firstName: 'Hēmi', lastName: "O'Connor-Ngata", password: firstPassword });
  await registration.solveCaptcha();
  await expectNoAxeViolations(page, 'registration');
  const beforeRegistration = outboxFiles();
  await registration.submit.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expectNoAxeViolations(page, 'check your email');

  // The verification mail lands in the local outbox; its link confirms the account.
  const mail = await waitForMail(email, (m) => /confirm-registration\?/.test(m.text), {
    seenFiles: beforeRegistration,
  });
  const link = /https?:\/\/\S*\/confirm-registration\?[^\s"<]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).searchParams.get('verification_code')).toBe(mail.code);
  await page.goto(link!);
  const confirm = new ConfirmRegistrationPage(page);
  await expect(confirm.state).toHaveAttribute('data-state', 'confirmed');
  await expectNoAxeViolations(page, 'confirm registration');
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Sign in: the dashboard greets by first name and asks for the rest of the profile.
  await signIn.expectVisible();
  await signIn.signIn(email, firstPassword);
  await expect(shell.heading).toHaveText('Welcome to your dashboard, Hēmi');
  const incomplete = page.getByText('Your profile is incomplete');
  await expect(incomplete).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard');

  // Complete the profile.
  await shell.userMenu("Hēmi O'Connor-Ngata").click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = new ProfilePage(page);
  await expect(profile.heading).toBeVisible();
  await expect(profile.field(profile.details, 'First name')).toHaveValue('Hēmi');
  await expectNoAxeViolations(page, 'profile');
  await profile.fill(profile.details, 'Contact number', '04 555 0199');
  await profile.details.getByRole('button', { name: 'Enter address manually' }).click();
  await profile.fill(profile.details, 'Address line 1', '101 Lambton Quay');
  await profile.fill(profile.details, 'City', 'Wellington');
  await profile.fill(profile.details, 'Postcode', '6011');
  await profile.save(profile.details).click();
  await expect(profile.toast('Your profile has been updated')).toBeVisible();
  await shell.navLink('/').click();
  await expect(shell.heading).toHaveText('Welcome to your dashboard, Hēmi');
  await expect(incomplete).toBeHidden();

  // Sign out.
  await shell.signOut("Hēmi O'Connor-Ngata");
  await signIn.expectVisible();

  // Forgot password → the reset code from the outbox → a new password.
  await page.getByRole('link', { name: 'Reset password' }).click();
  const forgot = new ForgotPasswordPage(page);
  await forgot.expectVisible();
  await expectNoAxeViolations(page, 'forgot password');
  const beforeReset = outboxFiles();
  await forgot.fillAndBlur('Email', email);
  await forgot.submit.click();
  const reset = new ResetPasswordPage(page);
  await reset.expectVisible();
  await expect(reset.field('Email')).toHaveValue(email);
  await expectNoAxeViolations(page, 'reset password');
  const resetMail = await waitForMail(email, (m) => !!m.code, { seenFiles: beforeReset });
  await reset.fillAndBlur('Verification code', resetMail.code!);
  await reset.fillAndBlur('New password', newPassword);
  await reset.submit.click();

  // The old password no longer works; the new one does, and the profile is still complete.
  await signIn.expectVisible();
  await signIn.signIn(email, firstPassword);
  await expect(signIn.formError).toHaveText('Your login attempt has failed. Please try again.');
  await signIn.signIn(email, newPassword);
  await expect(shell.heading).toHaveText('Welcome to your dashboard, Hēmi');
  await expect(incomplete).toBeHidden();
});
