/**
 * Notifications followed in the UI (docs/notifications.md): the council accepts a lodged application
 * and raises an RFI round through its client; the applicant's bell shows something new; the popup
 * lists the RFI naming the application; /user-notifications opens it in full with a link to the RFIs;
 * mark all as seen; the RFI's email carries a link that, opened signed out, stops the emails after a
 * click. Axe on each page.
 */
import { expect, test, SIGNED_OUT } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { uniqueStreet } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { api, waitForMail } from '../support/accounts';
import { ShellPage } from './pages/ShellPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(120_000);

test("the bell shows a new RFI; it opens in full and everything is marked seen; the email's link stops the emails", async ({
  page,
  browser,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Bell');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const wcc = councilApiClient(councilCredentials('wcc', o));
  await wcc.acceptLodgement(id);
  await wcc.raiseRfiRound(id, {
    type: 'Consent',
    team: 'Building',
    points: [
      {
        title: 'Bracing calculations',
        requestDetails: 'Provide the bracing calculations for the north wall.',
        location: 'Dwelling',
        requestPerson: { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz' },
      },
    ],
  });

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  // The bell says something new came (the fan-out runs after the council's change).
  const bell = page.getByRole('button', { name: 'Notifications: something new' });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  const popup = page.getByRole('dialog', { name: 'Notifications' });
  const rfi = popup.getByRole('link', { name: new RegExp(`^Request for information: .*${street}`) });
  await expect(rfi.first()).toBeVisible();
  // The title on its own line, the meta line (application · date) below it (docs/notifications.md).
  const item = popup
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^Request for information: .*${street}`) }) })
    .first();
  const title = await rfi.first().boundingBox();
  const meta = await item
    .getByText(/ · \d{1,2} [A-Z][a-z]{2} \d{4}/)
    .first()
    .boundingBox();
  expect(meta!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
  await expectNoAxeViolations(page, 'The bell: recent notifications');
  // Opened, the dot is gone.
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // All of them, one in full.
  await popup.getByRole('button', { name: 'View all notifications' }).click();
  await expect(page).toHaveURL(/\/user-notifications/);
  await page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(`^Request for information: .*${street}`) })
    .first()
    .click();
  await expect(page.getByText(/1 point to answer \(round 1\)\. The council's clock is paused/)).toBeVisible();
  await expectNoAxeViolations(page, '/user-notifications: one opened');
  await page.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(page.getByText('Every notification is marked as seen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as seen' })).toBeDisabled();

  // It leads to the application's RFIs.
  await page.getByRole('link', { name: 'Open it' }).click();
  await expect(page).toHaveURL(new RegExp(`/application-details/${id}\\?section=RFIs`));

  // The RFI's email ends with a link that stops the emails, signed out, after a click.
  const mail = await waitForMail(
    user.email,
    (m) => m.subject.startsWith('Request for information') && m.subject.includes(street),
    { outputs: o },
  );
  // The token in the link's fragment (docs/notifications.md), which no server log keeps.
  const link = /\/unsubscribe#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const outside = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: SIGNED_OUT,
  });
  try {
    const stop = await outside.newPage();
    await stop.goto(link!);
    await expect(stop.getByRole('heading', { level: 1, name: 'Stop notification emails' })).toBeVisible();
    await expect(stop).toHaveURL(/\/unsubscribe$/);
    await expectNoAxeViolations(stop, '/unsubscribe: the link opened');
    await stop.getByRole('button', { name: 'Stop the emails' }).click();
    await expect(stop.getByText(/^Emails to .+ are stopped$/)).toBeVisible();
    await expectNoAxeViolations(stop, '/unsubscribe: stopped');
    expect((await api('GET', '/user', undefined, { token, outputs: o })).body).toMatchObject({
      emailPreference: false,
    });
  } finally {
    await outside.close();
    // The demo applicant gets emails again (other journeys read them).
    await api('PATCH', '/user', { emailPreference: true }, { token, outputs: o });
  }
});
