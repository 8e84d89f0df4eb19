/**
 * docs/documents.md, as the applicant meets it: the council asks for revised plans on a lodged
 * application and rejects the plans uploaded with a reason. The dashboard's Actions to be taken names
 * the document to replace; the Overview says it too and the Documents tab counts it; the Documents
 * section shows the group, the council's status, date and reason, and "Upload a replacement" goes
 * to the group's container, open again for this. The replacement is scanned, the step goes, and the
 * council hears of it on its feed. Axe on each page.
 */
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { expectNoRawCodes } from './support/content';
import { uniqueStreet, waitForOutstanding } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import { councilApiClient } from '../../infra/council/client';
import type { CouncilEvent } from '../../shared/schemas/council';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(300_000);

const PLANS = 'Plans and drawings';

test('a council rejects an upload with a reason; the applicant sees why and uploads a replacement; the council hears of it', async ({
  page,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Reviews');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const wcc = councilApiClient(councilCredentials('wcc', o));
  await wcc.acceptLodgement(id);
  await wcc.requiredDocumentGroup(id, 'g-plans', {
    name: 'Revised plans',
    status: 'Received',
    type: 'DocumentContainer',
    description: 'Plans showing the new bracing',
    displayOrder: 1,
    documentContainerId: 'plans',
  });
  await wcc.reviewUpload(id, 'g-plans', 'plans.pdf', {
    councilStatus: 'Rejected',
    reason: 'The bracing plan is missing',
    processingDate: new Date().toISOString(),
  });
  const step = 'Replace "plans-file.pdf" in Revised plans: Wellington City Council rejected it';

  // The dashboard, once its list has the application: the application under Actions to be taken,
  // with the document to replace.
  await waitForOutstanding(token, id, (item) => item.useRequiredDocumentGroups);
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Actions to be taken' })
    .getByRole('listitem')
    .filter({ hasText: street })
    .first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'What you need to do' }).getByRole('listitem')).toHaveText(
    [`${step}Upload a replacement`],
    { timeout: 30_000 },
  );
  await expectNoRawCodes(page, 'the dashboard');
  await expectNoAxeViolations(page, 'Dashboard: a rejected document to replace');

  // The Overview says it; the Documents tab counts it; its button opens Documents.
  const details = new ApplicationDetailsPage(page);
  await details.goto(id);
  const panel = page.getByRole('list', { name: 'What you need to do' });
  await expect(panel.getByRole('listitem')).toHaveText([`${step}Upload a replacement`], { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Documents 1 needs your attention' })).toBeAttached();
  await panel.getByRole('link', { name: 'Upload a replacement' }).click();
  await expect(page).toHaveURL(new RegExp(`/application-details/${id}\\?section=Documents`));

  // Documents: the group, the council's status, date and reason.
  const group = page.getByRole('region', { name: 'Revised plans' });
  await expect(group).toBeVisible({ timeout: 30_000 });
  await expect(group.getByText('The council rejected plans-file.pdf')).toBeVisible();
  await expect(
    group.getByText('Why: The bracing plan is missing. Upload a replacement into this group.'),
  ).toBeVisible();
  const review = group.getByTestId('council-review');
  await expect(review).toContainText('Rejected');
  await expect(review).toContainText(/Reviewed on \d{2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByText('You can upload only what the council asked for')).toBeVisible();
  await expectNoRawCodes(page, 'the Documents section');
  await expectNoAxeViolations(page, 'Documents: the council’s reviews');

  // Upload a replacement: the group's container takes it (and only that one).
  await group.getByRole('button', { name: 'Upload a replacement' }).click();
  const docs = new DocumentUploadPage(page);
  await expect(docs.input(PLANS)).toBeAttached();
  await expect(page.getByLabel('Choose files for Specifications', { exact: true })).toHaveCount(0);
  await docs.upload(PLANS, pdfFile('plans-v2.pdf', 'Plans with the bracing'));
  await docs.expectCompleted('plans-v2.pdf');
  await expect(group.getByText('The council rejected plans-file.pdf')).toHaveCount(0, { timeout: 30_000 });
  await expect(group.getByText('You have uploaded a replacement.')).toBeVisible();
  await expectNoAxeViolations(page, 'Documents: the replacement uploaded');

  // The council hears of it on its feed (entries settle for 20 s first).
  const heard = await waitFor(
    'RequiredDocumentUploaded on the council feed',
    async () => {
      let after = '';
      for (;;) {
        const p = await wcc.events({ after, limit: 100 });
        const mine = p.events.find(
          (e: CouncilEvent) => e.type === 'RequiredDocumentUploaded' && e.applicationId === id,
        );
        if (mine) return mine;
        if (p.events.length < 100) return undefined;
        after = p.cursor;
      }
    },
    { timeoutMs: 90_000, intervalMs: 1000 },
  );
  expect(heard).toMatchObject({
    requiredDocumentGroupGuid: 'g-plans',
    applicationDocumentId: 'plans-v2.pdf',
  });
});
