/**
 * Access requests end to end (docs/access-requests.md): a builder who is not on the
 * project finds it by its address and asks for access; the owner accepts on the dashboard with the
 * participant dialog prefilled from the requester (email read-only, no person search); the builder
 * opens the project. Then the `/?access_request=` link submits a request by itself. axe on each page
 * and dialog.
 */
import { expect, test, type Page } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { AccessRequestsPage } from './pages/AccessRequestsPage';
import { api, registeredUser } from '../support/accounts';
import { signIn as cognitoSignIn } from '../support/cognito';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';
import { encodeParam } from '../../web/src/lib/urls/queryCodec';

const owner = demoUser(0);
const SITE = '86A Renall Street, Ponsonby, Auckland 1011';
test.setTimeout(120_000);

const tokenOf = async (user: { email: string; password: string }) =>
  (await cognitoSignIn(user.email, user.password, readOutputs())).IdToken;

/** A draft at SITE owned by the demo owner; its id and number. */
async function ownersDraft(token: string): Promise<CreateApplicationResponse> {
  const created = await api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      address: {
        address1: '86A Renall Street',
        address2: 'Ponsonby',
        city: 'Auckland',
        zipCode: '1011',
        country: 'NZ',
        fullAddress: SITE,
      },
      authorityId: 'akl',
      formId: 'bc',
    },
    { token, outputs: readOutputs() },
  );
  expect(created.status).toBe(201);
  return created.body as CreateApplicationResponse;
}

async function signIn(page: Page, user: { email: string; password: string }) {
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(user.email, user.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
}

test('request access by address, the owner accepts with the prefilled dialog, the builder opens the project; the ?access_request= link', async ({
  page,
  browser,
  signedInSessions,
}) => {
  const ownerToken = await tokenOf(owner);
  // A fresh account: the second demo user's incomplete profile belongs to profile.spec.ts.
  const builder = await registeredUser('access-builder');
  const builderToken = builder.token;
  // Requesting access needs a complete profile.
  const profile = await api(
    'PATCH',
    '/user',
    {
      firstName: 'Tom',
      lastName: 'Whitfield',
      contactNumber: '021 555 0199',
      phoneCountryCode: '+64',
      address: {
        address1: '5 Cuba Street',
        city: 'Wellington',
        zipCode: '6011',
        country: 'NZ',
        isManualAddress: true,
      },
    },
    { token: builderToken, outputs: readOutputs() },
  );
  expect(profile.status).toBe(200);
  const draft = await ownersDraft(ownerToken);
  const number = draft.application.applicationNumber!;

  // The builder finds the project by its address and asks for access.
  await signIn(page, builder);
  const requests = new AccessRequestsPage(page);
  await requests.openRequestDialog();
  await requests.searchByAddress('86A Renall', SITE);
  await expect(requests.resultAction(`Request access to ${number}`)).toBeVisible();
  await expectNoAxeViolations(page, 'request access dialog with results');
  await requests.resultAction(`Request access to ${number}`).click();
  await expect(requests.submittedDialog).toBeVisible();
  await expectNoAxeViolations(page, 'access request submitted');
  await requests.submittedDialog.getByRole('button', { name: 'OK' }).click();

  // The owner, signed in (the session a sign-in stored: support/fixtures.ts), accepts it on the
  // dashboard with the participant dialog prefilled.
  const other = await browser.newContext({
    baseURL: readOutputs().WebUrl,
    storageState: await signedInSessions(0),
  });
  try {
    const ownerPage = await other.newPage();
    await ownerPage.goto('/');
    await expect(new ShellPage(ownerPage).dashboardHeading).toBeVisible();
    const ownerRequests = new AccessRequestsPage(ownerPage);
    await ownerRequests.openAccessRequestsTab();
    const toReview = ownerRequests.table('Access requests to review');
    await expect(toReview.getByRole('row', { name: new RegExp(number) })).toContainText('Tom Whitfield');
    await expectNoAxeViolations(ownerPage, 'access requests tab');
    await toReview.getByRole('button', { name: `Accept the request of Tom Whitfield for ${number}` }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Add a participant' });
    await dialog.getByRole('checkbox', { name: 'Builder Roles' }).check();
    await dialog.getByRole('button', { name: 'Next: Contact details' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(builder.email);
    await expect(dialog.getByRole('textbox', { name: 'Email' })).not.toBeEditable();
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Tom');
    await expect(dialog.getByText('Search for a person (optional)')).toHaveCount(0);
    await expectNoAxeViolations(ownerPage, 'accept: prefilled participant dialog');
    await dialog.getByRole('button', { name: 'Next: License details' }).click();
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await expect(dialog).toBeHidden();
    await expect(toReview.getByRole('row', { name: new RegExp(number) })).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The builder sees it approved and opens the project.
  await page.reload();
  await requests.openAccessRequestsTab();
  const mine = requests.table('Your access requests');
  await expect(mine.getByRole('row', { name: new RegExp(number) })).toContainText('Approved');
  await expectNoAxeViolations(page, 'your access requests');
  await mine.getByRole('button', { name: `Open ${number}` }).click();
  await expect(page).toHaveURL(`/application-form/${draft.id}`);

  // The `?access_request=` link submits a request for another project by itself.
  const second = await ownersDraft(ownerToken);
  await page.goto(`/?access_request=${encodeParam({ applicationId: second.id })}`);
  await expect(requests.submittedDialog).toBeVisible();
  await expect(page).toHaveURL('/');
  await requests.submittedDialog.getByRole('button', { name: 'OK' }).click();
  await expect(requests.submittedDialog).toBeHidden();
});
