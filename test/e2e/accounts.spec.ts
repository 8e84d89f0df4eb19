import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import {
  api,
  outboxFiles,
  seedOrganisationInvitation,
  solvedCaptcha,
  waitForMail,
} from '../support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { readSiteDetails } from '../../infra/site';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import {
  ConfirmRegistrationPage,
  ForgotPasswordPage,
  InvitationPage,
  RegistrationPage,
  ResetPasswordPage,
  resendButton,
} from './pages/signed-out';

const site = readSiteDetails();
const PASSWORD_MESSAGE = 'Requires at least 8, upper, lower, numerical & special characters';
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.nz`;

/** The link of the newest verification mail to `email` (the custom-message trigger's words). */
async function confirmationLink(email: string, seen: Set<string>): Promise<string> {
  const mail = await waitForMail(email, (m) => /confirm-registration\?/.test(m.text), { seenFiles: seen });
  const link = /https?:\/\/\S*\/confirm-registration\?[^\s"<]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
  return link;
}

/** Registers through the API (captcha solved in Node) without confirming. */
async function registerByApi(email: string, password: string): Promise<void> {
  const res = await api('POST', '/public/user/registration', {
    email,
    firstName: 'Unconfirmed',
    lastName: 'Person',
    password,
    acknowledgement: true,
    captchaToken: await solvedCaptcha(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function expectDashboard(page: Page, firstName: string): Promise<void> {
  await expect(new ShellPage(page).heading).toHaveText(`Welcome to your dashboard, ${firstName}`);
}

test('register with the captcha solved in the browser, confirm from the mail, sign in', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('aroha');
  const password = 'Kia-ora#2025';
  const registration = new RegistrationPage(page);
  await registration.goto();
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  await expect(registration.submit).toBeDisabled();
  await expectNoAxeViolations(page, 'registration');

  // Field rules and messages.
  await registration.fillAndBlur('Email', 'not-an-email');
  await expect(page.getByText('Invalid email format', { exact: true })).toBeVisible();
  await registration.fillAndBlur('First name', '1Aroha');
  await expect(page.getByText('Please enter a name with a valid format', { exact: true })).toBeVisible();
  await registration.fillAndBlur('Last name', '');
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  // The password's error appears on blur in its hint's place: the terms checkbox does not move
  // under the pointer (docs/accounts.md).
  const terms = page.getByRole('checkbox', { name: /acknowledge|terms/i });
  const before = await terms.boundingBox();
  await registration.fillAndBlur('Password', 'weak');
  await expect(page.getByText(PASSWORD_MESSAGE, { exact: true })).toBeVisible();
  expect((await terms.boundingBox())?.y).toBe(before?.y);
  // Disabled says why, on screen.
  await expect(
    page.getByText(
      'To create your account, fill in every field, tick the acknowledgement and complete the verification.',
    ),
  ).toBeVisible();
  // The captcha's checkbox is visible: a 2 px border (it had none).
  const robot = registration.captcha.getByRole('checkbox');
  await expect(robot).toHaveCSS('border-top-width', '2px');
  await expect(robot).toHaveCSS('border-top-color', 'rgb(95, 107, 122)');
  await expectNoAxeViolations(page, 'registration with field errors');

  // Emails are lowercased and trimmed on blur.
  await registration.fill({
    email: `  ${email.toUpperCase()} `,
    firstName: 'Aroha',
    lastName: 'Tāne',
    password,
  });
  await expect(registration.field('Email')).toHaveValue(email);
  await expect(page.getByText('Please complete the CAPTCHA challenge', { exact: true })).toBeVisible();
  await expect(registration.submit).toBeDisabled();

  await registration.solveCaptcha();
  await expect(page.getByText('Please complete the CAPTCHA challenge', { exact: true })).toBeHidden();
  await expect(registration.submit).toBeEnabled();
  const seen = outboxFiles();
  await registration.submit.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page, 'registration: check your email');
  await confirmationLink(email, seen);
  // Resending issues a new code (the first one no longer confirms): the newest mail's link is used.
  const afterFirst = outboxFiles();
  await resendButton(page).click();
  await expect(page.getByText('A verification email will be sent to this email address.')).toBeVisible();

  // The link in the mail confirms the account.
  const link = await confirmationLink(email, afterFirst);
  await page.goto(link);
  const confirm = new ConfirmRegistrationPage(page);
  await confirm.expectVisible();
  await expect(confirm.state).toHaveAttribute('data-state', 'confirmed');
  await expectNoAxeViolations(page, 'confirm registration: confirmed');
  await page.getByRole('button', { name: 'Sign in' }).click();

  const signIn = new SignInPage(page);
  await signIn.expectVisible();
  // The address just confirmed is filled in.
  await expect(signIn.email).toHaveValue(email);
  await signIn.signIn(email, password);
  await expectDashboard(page, 'Aroha');
  await new ShellPage(page).signOut('Aroha Tāne');
  await signIn.expectVisible();

  // The same email again: the exists message and a way to reset the password.
  await registration.goto();
  await registration.fill({ email, firstName: 'Aroha', lastName: 'Tāne', password });
  await registration.solveCaptcha();
  await registration.submit.click();
  await expect(registration.formError).toContainText('An account already exists with this email');
  await expectNoAxeViolations(page, 'registration: account exists');
  await registration.formError.getByRole('link', { name: 'Reset your password' }).click();
  const forgot = new ForgotPasswordPage(page);
  await forgot.expectVisible();
  await expect(forgot.field('Email')).toHaveValue(email);
});

test('an unconfirmed user is offered the verification email again; a bad link fails', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  const password = 'Unconfirmed#2025';
  await registerByApi(email, password);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, password);
  await expect(signIn.formError).toHaveText('User is not active');
  await resendButton(page).click();
  await expect(page.getByText('A verification email will be sent to this email address.')).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in: user not active');

  await page.goto(`/confirm-registration?verification_code=000000&email=${encodeURIComponent(email)}`);
  const confirm = new ConfirmRegistrationPage(page);
  await expect(confirm.state).toHaveAttribute('data-state', 'failed');
  await expect(page.getByText('We are not able to confirm your registration.')).toBeVisible();
  await expectNoAxeViolations(page, 'confirm registration: failed');
  await resendButton(page).click();
  await expect(page.getByText('A verification email will be sent to this email address.')).toBeVisible();

  await page.goto('/confirm-registration');
  await expect(confirm.state).toHaveAttribute('data-state', 'failed');
});

test('forgot password → reset with the mailed code → sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  const oldPassword = 'Old-pass#2025';
  const newPassword = 'New-pass#2026';
  const seen = outboxFiles();
  await registerByApi(email, oldPassword);
  const link = await confirmationLink(email, seen);
  const params = new URL(link).searchParams;
  const confirmed = await api('POST', '/public/user/registration/confirm', {
    email,
    code: params.get('verification_code'),
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBeLessThan(300);

  // Without an email passed along, /reset-password goes to /forgot-password.
  await page.goto('/reset-password');
  await expect(page).toHaveURL('/forgot-password');

  const signIn = new SignInPage(page);
  await signIn.goto();
  await page.getByRole('link', { name: 'Reset password' }).click();
  const forgot = new ForgotPasswordPage(page);
  await forgot.expectVisible();
  await expect(forgot.submit).toBeDisabled();
  await forgot.fillAndBlur('Email', 'nope');
  await expect(page.getByText('Invalid email format', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password');
  const beforeReset = outboxFiles();
  await forgot.fillAndBlur('Email', ` ${email.toUpperCase()}`);
  await expect(forgot.field('Email')).toHaveValue(email);
  await forgot.submit.click();

  const reset = new ResetPasswordPage(page);
  await reset.expectVisible();
  await expect(page).toHaveURL('/reset-password');
  await expect(reset.field('Email')).toHaveValue(email);
  await expect(reset.field('Email')).toHaveAttribute('readonly', '');
  await reset.fillAndBlur('New password', 'weak');
  await expect(page.getByText(PASSWORD_MESSAGE, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'reset password');

  const mail = await waitForMail(email, (m) => !!m.code, { seenFiles: beforeReset });
  await reset.fillAndBlur('Verification code', '000000');
  await reset.fillAndBlur('New password', newPassword);
  await reset.submit.click();
  await expect(reset.formError).toContainText('Invalid verification code provided, please try again');
  await expect(reset.formError).not.toContainText('again.');

  await reset.fillAndBlur('Verification code', mail.code ?? '');
  await reset.submit.click();
  await signIn.expectVisible();
  await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in after a password reset');
  await signIn.signIn(email, oldPassword);
  await expect(signIn.formError).toHaveText('Your login attempt has failed. Please try again.');
  await signIn.password.fill(newPassword);
  await signIn.submit.click();
  await expectDashboard(page, 'Unconfirmed');
});

test('registration via an organisation invitation signs in and goes to the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('invited');
  const invitation = await seedOrganisationInvitation({ email });

  await page.goto('/registration-via-invitation');
  await expect(page).toHaveURL('/');

  // The link's code rides in the fragment (#code=): a code nobody mailed is not valid.
  await page.goto(`/registration-via-invitation#code=${randomBytes(32).toString('base64url')}`);
  await expect(page.getByText('Invitation code is not valid')).toBeVisible();
  await expectNoAxeViolations(page, 'invitation: not valid');
  await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await new SignInPage(page).expectVisible();

  // An old mail's link (?code=<the invitation's id>): the query leaves the URL at once, and the id
  // registers nothing.
  await page.goto(`/registration-via-invitation?code=${invitation.invitationId}`);
  await expect(page).toHaveURL('/registration-via-invitation');
  await expect(page.getByText('Invitation code is not valid')).toBeVisible();
  await expect(
    page.getByText('This link comes from an older invitation email and no longer works.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'invitation: an old link');
  await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await new SignInPage(page).expectVisible();

  // The code reaches the API only in POST bodies, never in a URL.
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') urls.push(r.url());
  });
  await page.goto(`/registration-via-invitation#code=${invitation.invitationCode}`);
  const join = new InvitationPage(page);
  await join.expectVisible();
  await expect(join.field('Email')).toHaveValue(email);
  await expect(join.field('Email')).toHaveAttribute('readonly', '');
  await expect(join.submit).toBeDisabled();
  await join.fillAndBlur('Password', 'weak');
  await expect(page.getByText(PASSWORD_MESSAGE, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'invitation registration');
  await join.fillAndBlur('Password', 'Invited#2025');
  await expect(join.submit).toBeDisabled();
  await join.acknowledgement.check();
  await join.submit.click();

  await expect(page).toHaveURL('/');
  await expect(new ShellPage(page).heading).toContainText('Welcome to your dashboard');
  await expectNoAxeViolations(page, 'dashboard after invitation registration');
  expect(urls.filter((u) => u.includes(invitation.invitationCode))).toEqual([]);
  expect(urls.some((u) => u.endsWith('/public/organisation/invitations/lookup'))).toBe(true);
});

test('support page: contact, hours and Back to sign in', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByText('Monday to Friday 8am to 6pm excluding public holidays')).toBeVisible();
  await expect(page.getByText('Please have your application or consent number ready.')).toBeVisible();
  // The operator's support contact from infra/site.json (through config.json).
  await expect(page.getByText(site.support!.email!)).toBeVisible();
  await expect(page.getByText(site.support!.phone!)).toBeVisible();
  await expectNoAxeViolations(page, 'support');
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  const signIn = new SignInPage(page);
  await signIn.expectVisible();
  // The sign-in page links to the terms and the privacy policy.
  await expect(page.getByRole('link', { name: /Terms of use/ })).toHaveAttribute('href', site.termsUrl!);
  await expect(page.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', site.privacyUrl!);
});
