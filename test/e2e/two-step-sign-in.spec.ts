/**
 * Two-step sign-in (TOTP) end to end: a new account turns it on from the profile page with the key
 * shown there, signs out, signs in with email + password and then a code computed from that key
 * (a wrong one first), lands signed in; turns it off and signs in with the password alone.
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { expect, test, type Page } from './support/fixtures';
import { readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { cognitoCall } from '../support/cognito';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ProfilePage } from './pages/ProfilePage';

test.describe.configure({ mode: 'serial' });

const email = `two-step-${randomUUID().slice(0, 8)}@demo.consent.nz`;
const password = 'Two-step#2025nz';
const name = 'Rangi Parata';
const code = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

test.beforeAll(async () => {
  const o = readOutputs();
  const signUp = await cognitoCall(o.CognitoEndpoint!, 'SignUp', {
    ClientId: o.UserPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Rangi' },
      { Name: 'family_name', Value: 'Parata' },
    ],
  });
  expect(signUp.status).toBe(200);
  const confirm = await cognitoCall(o.CognitoEndpoint!, 'AdminConfirmSignUp', {
    UserPoolId: o.UserPoolId,
    Username: email,
  });
  expect(confirm.status).toBe(200);
});

const twoStep = (page: Page) => page.getByRole('region', { name: 'Two-step sign-in' });

async function signInWithPassword(page: Page): Promise<void> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(email, password);
}

/**
 * Logout, then the sign-in page it leads to. Sign-out is global (Cognito's GlobalSignOut, then the
 * tokens go): navigating before it ends would abort it and keep the person signed in.
 */
async function signOut(page: Page): Promise<void> {
  await new ShellPage(page).signOut(name);
  await new SignInPage(page).expectVisible();
}

test('turn on two-step sign-in, sign in with a code, turn it off', async ({ page }) => {
  // Three sign-ins and four axe passes on a shared 2-core machine.
  test.setTimeout(180_000);
  const shell = new ShellPage(page);
  const profile = new ProfilePage(page);
  await signInWithPassword(page);
  await expect(shell.dashboardHeading).toBeVisible();

  // Profile → Two-step sign-in: off, then set up with the QR code or the key.
  await profile.goto();
  const section = twoStep(page);
  await expect(section.getByText('Off: you sign in with your email and password only.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const qr = section.getByRole('img', { name: `QR code for setting up two-step sign-in for ${email}` });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  const secret = (await section.getByLabel('Setup key', { exact: true }).inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const codeField = section.getByLabel('2. Enter the 6-digit code the app shows');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'profile: setting up two-step sign-in');

  await codeField.fill(code(secret, 4));
  await section.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(section.getByText(/That code is not right/).first()).toBeVisible();
  await codeField.fill(code(secret));
  await section.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(section.getByText(/^On: you are asked for a code/)).toBeVisible();
  await expect(profile.toast('Two-step sign-in is on')).toBeVisible();
  await expectNoAxeViolations(page, 'profile with two-step sign-in on');

  // Sign out; the password alone is not enough any more.
  await signOut(page);
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authentication code' })).toBeVisible();
  const totp = page.getByLabel('Authentication code', { exact: true });
  await expect(totp).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(totp).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'sign-in: the authentication code');
  await totp.fill(code(secret, 4));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(/That code is not right/).first()).toBeVisible();
  await expect(shell.dashboardHeading).toBeHidden();
  await totp.fill(code(secret));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(shell.dashboardHeading).toBeVisible();

  // Turn it off (after the confirmation) and sign in with the password alone.
  await profile.goto();
  await expect(section.getByText(/^On: you are asked for a code/)).toBeVisible();
  await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'profile: turn off two-step sign-in?');
  await dialog.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(section.getByText('Off: you sign in with your email and password only.')).toBeVisible();
  await expect(profile.toast('Two-step sign-in is off')).toBeVisible();

  await signOut(page);
  await signInWithPassword(page);
  await expect(shell.dashboardHeading).toBeVisible();
});

test('"Back to sign in" leaves the code step for the password form', async ({ page }) => {
  // The account has two-step sign-in off again: turn it on through Cognito for this check.
  const o = readOutputs();
  const auth = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
    o.CognitoEndpoint!,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: o.UserPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
  );
  const accessToken = auth.json.AuthenticationResult.AccessToken;
  const assoc = await cognitoCall<{ SecretCode: string }>(o.CognitoEndpoint!, 'AssociateSoftwareToken', {
    AccessToken: accessToken,
  });
  const verify = await cognitoCall(o.CognitoEndpoint!, 'VerifySoftwareToken', {
    AccessToken: accessToken,
    UserCode: code(assoc.json.SecretCode),
  });
  expect(verify.status).toBe(200);

  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authentication code' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await new SignInPage(page).expectVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('an expired sign-in session sends the person back to the password with a clear message', async ({
  page,
}) => {
  // Cognito's own answer after 3 minutes (the proxy's, tested in test/integration/local-cognito-mfa
  // and test/unit/infra/cognito-mfa); here the browser gets it without waiting 3 minutes.
  await page.route(`${readOutputs().CognitoEndpoint!.replace(/\/$/, '')}/**`, async (route) => {
    if (route.request().headers()['x-amz-target']?.endsWith('.RespondToAuthChallenge')) {
      await route.fulfill({
        status: 400,
        contentType: 'application/x-amz-json-1.1',
        headers: { 'access-control-allow-origin': '*', 'x-amzn-errortype': 'NotAuthorizedException' },
        body: JSON.stringify({
          __type: 'NotAuthorizedException',
          message: 'Invalid session for the user, session is expired.',
        }),
      });
      return;
    }
    await route.fallback();
  });
  await signInWithPassword(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authentication code' })).toBeVisible();
  await page.getByLabel('Authentication code', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await new SignInPage(page).expectVisible();
  await expect(page.getByText(/Your sign-in took too long/)).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(page, 'sign-in after an expired two-step session');
});
