/**
 * An RFI followed in the UI (docs/rfis.md): the council accepts a lodged application and
 * raises a round of two points through its client; the applicant finds the application under
 * Actions to be taken, opens the RFIs section at the round, answers the first point with text and a
 * PDF (uploaded into the RFI documents and attached), moves to the next point (what was typed is
 * saved on the way), answers it, withdraws an outdated plan (the critical alert dialog), submits the
 * round after a confirmation, and sees the application
 * back In progress; the council reads the responses; the RFIs PDF opens. Axe on each page.
 */
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { uniqueStreet, waitForOutstanding } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { ShellPage } from './pages/ShellPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(180_000);

test('the applicant answers an RFI round with a document, submits it and prints the RFIs', async ({
  page,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Request');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const wcc = councilApiClient(councilCredentials('wcc', o));
  await wcc.acceptLodgement(id);
  const person = { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz', phone: '04 499 4444' };
  await wcc.raiseRfiRound(id, {
    type: 'Consent',
    team: 'Building',
    points: [
      {
        title: 'Bracing calculations',
        requestDetails: 'Provide the bracing calculations for the north wall (NZS 3604 section 8).',
        location: 'Dwelling',
        requestPerson: person,
      },
      {
        title: 'Fire separation',
        requestDetails: 'Show how the wall within 1 m of the boundary meets C/AS1.',
        location: 'Dwelling',
        requestPerson: person,
      },
    ],
  });

  // Actions to be taken lists it (the dashboard opened once its list has it); its card opens the
  // RFIs section.
  await waitForOutstanding(token, id, (item) => item.hasOutstandingRFIs);
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Actions to be taken' })
    .getByRole('listitem')
    .filter({ hasText: street })
    .getByRole('link', { name: /^Open / });
  await expect(card.first()).toBeVisible();
  await card.first().click();
  await expect(page).toHaveURL(new RegExp(`/application-details/${id}\\?section=RFIs`));
  await expect(page.getByText('Round 1 · Assessment')).toBeVisible();
  await expect(page.getByText('(2 open)').first()).toBeVisible();
  await expectNoAxeViolations(page, 'RFIs section: a round open');

  // The first point: the request, a response and a PDF attached.
  await page.getByRole('link', { name: 'Bracing calculations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bracing calculations' })).toBeVisible();
  await expect(page.getByText('NZS 3604 section 8')).toBeVisible();
  await expect(page.getByText('Tui Ranginui · tui.ranginui@wcc.govt.nz · 04 499 4444')).toBeVisible();
  const response = page.getByRole('textbox', { name: /Response/ });
  await response.fill('Bracing calculations by the engineer are attached.');
  await expect(page.getByText(/^Saved /)).toBeVisible({ timeout: 15_000 });
  const uploads = new DocumentUploadPage(page);
  await uploads.upload('RFI documents', pdfFile('bracing-calcs.pdf', 'Bracing calculations'));
  await uploads.expectCompleted('bracing-calcs.pdf');
  await expect(page.getByRole('checkbox', { name: 'bracing-calcs.pdf' })).toBeChecked({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'RFI point: answered with a document');

  // The next point: typed, then straight on to the section (saved on the way).
  await page.getByRole('button', { name: 'Next point' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fire separation' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /Response/ })
    .fill('The wall is a 60/60/60 fire-rated wall: details attached to the plans.');
  await page.getByRole('link', { name: 'Back to RFIs' }).click();
  await expect(page.getByText('Round 1 · Assessment')).toBeVisible();

  // While the council waits, an outdated plan is withdrawn (PATCH status WITHDRAWN): the critical
  // alert dialog ('Alert: …', Cancel / Continue) asks first; the council then reads it as Withdrawn.
  await page.goto(`/application-details/${id}?section=Documents`);
  const plan = page.getByRole('group', { name: 'plans-file.pdf' });
  await plan.getByRole('button', { name: 'Actions for plans-file.pdf' }).click();
  await page.getByRole('menuitem', { name: 'Withdraw' }).click();
  const alert = page.getByRole('dialog');
  await expect(alert).toContainText('Alert: Withdraw plans-file.pdf');
  await expect(alert).toContainText('If the council still needs this document, upload a new file.');
  await expectNoAxeViolations(page, 'Documents: withdrawing, the critical alert');
  await alert.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('plans-file.pdf is withdrawn.')).toBeVisible();
  await expect(plan.getByText('Withdrawn')).toBeVisible();
  expect((await wcc.documents(id)).documents.find((d) => d.fileName === 'plans-file.pdf')?.status).toBe(
    'Withdrawn',
  );
  await page.goto(`/application-details/${id}?section=RFIs`);

  // Both answered: submit the round.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Submit round' }).first()).toBeEnabled({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit round' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2 open points of round 1');
  await expectNoAxeViolations(page, 'RFIs section: the confirmation');
  await dialog.getByRole('button', { name: 'Submit round' }).click();
  await expect(page.getByText('Round 1 submitted to the council.')).toBeVisible();
  await expect(page.getByText('Every round has been submitted.')).toBeVisible();

  // The council reads the responses; the application is in progress again.
  const seen = await wcc.rfiPoints(id);
  expect(seen.rfiPoints.map((p) => [p.title, p.documentNames.length, !!p.customerSubmittedDate])).toEqual([
    ['Bracing calculations', 1, true],
    ['Fire separation', 0, true],
  ]);
  expect(seen.rfiPoints[1]!.responseDetails).toContain('60/60/60');
  expect((await wcc.application(id)).status).toBe('InProgress');

  // A submitted point reads only.
  await page.getByRole('link', { name: 'Fire separation' }).click();
  await expect(page.getByText('This point has been submitted and can no longer be changed.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Response/ })).toHaveCount(0);

  // The RFIs PDF, from the Print RFIs action.
  await page.goto(`/application-details/${id}?section=Applications`);
  await page.getByRole('button', { name: 'Print RFIs' }).click();
  await expect(page).toHaveURL(new RegExp(`/application-rfis-pdf/${id}`));
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'RFIs PDF');
});
