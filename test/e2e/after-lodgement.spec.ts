/**
 * After lodgement, followed in the UI (docs/council-api.md): an application lodged by the demo
 * applicant is taken to a consent by the automatic council (infra/council/auto.ts, the client with
 * wcc's own credentials, as `npm start -- --council=auto` runs it, here on this application only and
 * at a quick pace); the applicant watches the stages and the statutory clock on the Overview, the
 * consent number, the inspections with Book inspection, and starts a code compliance certificate
 * from the consent; once the CCC is issued the completed consent offers no upload and no follow-on
 * application, saying why (docs/council-api.md); the journey ends with the consent, its conditions and
 * the CCC downloadable from the Overview (docs/council-api.md). Axe on each page.
 */
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { uniqueStreet } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { startAutoCouncil } from '../../infra/council/auto';
import { issueDocuments, issuedFileName } from '../../infra/council/issued-pdf';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

// The whole journey to the CCC and its documents: about 3 minutes on a loaded 2-core machine.
test.setTimeout(300_000);

test('the automatic council grants a lodged application; the applicant follows it to the consent and starts a CCC', async ({
  page,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Consent');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const council = startAutoCouncil({
    council: councilApiClient(councilCredentials('wcc', o)),
    authorityId: 'wcc',
    stepMs: 1500,
    intervalMs: 500,
    select: (applicationId) => applicationId === id,
    // Straight to the consent, whatever the application number (the RFI round has its own tests).
    raisesRfi: () => false,
  });
  try {
    await page.goto('/');
    await expect(new ShellPage(page).dashboardHeading).toBeVisible();

    // The Overview, reloaded as the council works: accepted (the clock starts), then the consent.
    const details = new ApplicationDetailsPage(page);
    await details.goto(id, 'Overview');
    const stages = page.getByRole('list', { name: 'Workflow stages' });
    const stage = (name: string) => stages.getByRole('listitem').filter({ hasText: name });
    // The page drawn (slow under load), then the council's progress read from it at once: the
    // Overview refetches once a minute, so a step of the council's shows after a reload, not by
    // waiting on the page (docs/council-api.md).
    await expect(async () => {
      await page.reload();
      await expect(stage('Lodgement')).toBeVisible({ timeout: 10_000 });
      // Each stage's name, then its chip (the name once: docs/council-api.md).
      await expect(stage('Lodgement')).toContainText('Accepted', { timeout: 1_000 });
      await expect(page.getByRole('heading', { name: 'Statutory clock' })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    // Running, a count of the days used; once decided (the automatic council may be that quick), the
    // days it took (docs/council-api.md).
    await expect(
      page.getByRole('progressbar', { name: 'Working days used' }).or(page.getByText('Working days it took')),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'details: accepted, the statutory clock');

    await expect(async () => {
      await page.reload();
      await expect(stage('Assessment')).toBeVisible({ timeout: 10_000 });
      await expect(stage('Assessment')).toContainText('Issued', { timeout: 1_000 });
      // The header names the consent by its number now (docs/council-api.md: the consent number).
      await expect(page.getByText(/^Consent number WCC-BC-\d{4}-\d+ · /)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    await expect(page.getByText(/Decided on/)).toBeVisible();
    await expectNoAxeViolations(page, 'details: granted');

    // Inspections: the council's list by location, and its booking page. The automatic council sends
    // the stages and then the inspections in two calls: the page may load between them, so reload
    // until the list is there.
    await details.tab('Inspections').click();
    await expect(page).toHaveURL(/section=Inspections/);
    const dwelling = page.getByRole('table', { name: 'Dwelling' });
    await expect(async () => {
      await page.reload();
      await expect(dwelling.getByRole('cell', { name: 'Foundations' })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('link', { name: 'Book inspection' })).toHaveAttribute(
      'href',
      'https://wellington.govt.nz',
    );
    await expectNoAxeViolations(page, 'details: inspections');

    // A code compliance certificate starts from the consent.
    await details.tab('Applications').click();
    await page.getByRole('button', { name: 'Code compliance certificate' }).click();
    await expect(page).toHaveURL(/\/application-form\/\d+/);
    expect(page.url()).not.toContain(`/application-form/${id}`);

    // The council issues the CCC: the consent is completed. It offers nothing the server would refuse
    // (docs/council-api.md): no upload zone or "Required" badge, no CCC, amendment or extension of
    // time — and says why.
    await council.stop();
    await councilApiClient(councilCredentials('wcc', o)).codeComplianceCertificate(id, {
      issuedDate: new Date().toISOString().slice(0, 10),
    });
    await details.goto(id, 'Applications');
    await expect(page.getByText(/the code compliance certificate has been issued/)).toBeVisible();
    for (const name of [
      'Code compliance certificate',
      'Amendment to a building consent',
      'Extension of time',
    ])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expectNoAxeViolations(page, 'details: completed consent, applications');
    await details.tab('Documents').click();
    await expect(page.getByText('This application takes no more documents')).toBeVisible();
    await expect(
      page.getByText(/Application is currently locked from further changes: the code compliance/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose files/ })).toHaveCount(0);
    await expect(page.getByText('Required', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'details: completed consent, documents');

    // The consent itself (docs/council-api.md): the council sent the consent and its conditions with
    // the grant, and sends the certificate with the CCC; the Overview shows them first, each with
    // its Download (the documents' link, once the scan has passed).
    const wcc = councilApiClient(councilCredentials('wcc', o));
    const { consentNumber } = await wcc.application(id);
    await issueDocuments(
      wcc,
      { id, consentNumber: consentNumber!, authorityName: 'Wellington City Council', date: '2026-11-29' },
      ['Code compliance certificate'],
    );
    await details.goto(id, 'Overview');
    const consent = page.getByRole('table', { name: 'Your building consent' });
    await expect(async () => {
      await page.reload();
      for (const kind of ['Building consent', 'Consent conditions', 'Code compliance certificate'])
        await expect(consent.getByRole('row').filter({ hasText: kind }).first()).toBeVisible({
          timeout: 5_000,
        });
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'details: the consent documents');
    for (const kind of ['Building consent', 'Code compliance certificate'] as const) {
      const fileName = issuedFileName(kind, consentNumber!);
      const download = page.waitForEvent('download');
      await consent.getByRole('button', { name: `Download ${fileName}` }).click();
      expect((await download).suggestedFilename()).toBe(fileName);
    }
  } finally {
    await council.stop();
  }
});
