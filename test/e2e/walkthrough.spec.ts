/**
 * docs/features.md's walk-through as a new user walks it, at a desktop and at a phone size, with axe
 * on every page: signed in (the session a sign-in stored: support/fixtures.ts) → the profile (Postcode
 * / Region, search first, a +64 number) → a new application from an address (a one-character search,
 * whole cards that select) → the form's steps (no Template details, role display names) → the uploads
 * (Complete without a reload) → the review's signature → the submitted page in New Zealand time (the
 * browser is in Los Angeles) → the lists (first tab with something, the section highlighted, no Delete
 * on a submitted card, stage chips in colour and text) → a duplicate moved to Auckland → a template's
 * and a stranger's views.
 * The steps' answers, the template and the stranger's application are made through the API: those
 * items are not about making them. At the phone size the walk keeps what a small screen changes
 * (the shell, the wizard, the form's steps, the uploads, the review, the lists) and leaves the
 * profile, the duplicate and the template, whose layout is the same single column, to the desktop
 * run (CI time: the phone run took 3 minutes of a 20-minute e2e layer). (The phone run's one-time 'Upload failed' on the title PDF was the
 * local S3 stand-in removing a directory under a concurrent PUT: infra/local/s3.ts, docs/features.md.)
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ProfilePage } from './pages/ProfilePage';
import { NewApplicationPage } from './pages/NewApplicationPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';
import { api } from '../support/accounts';
import { signIn as cognitoSignIn } from '../support/cognito';
import { DATE_TIME_FORMAT, formatNzDate } from '../../shared/domain/dates';
import type { ApplicationDto, CreateApplicationResponse } from '../../shared/schemas/applications';
import { createDraftApplication } from './support/applications';

const WELLINGTON = '83 Cuba Street, Te Aro, Wellington 6011';
const AUCKLAND = '74 Ponsonby Road, Ponsonby, Auckland 1011';
/** The demo applicant's full name on their profile (infra/local/seed.ts). */
const SIGNER = 'Aroha Ngata';
const FORM_URL = /\/application-form\/(\d+)/;

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The answers of the Form.io steps (the integration tests' valid ones): not what this walk is about. */
const STEP_ANSWERS: [string, Record<string, unknown>][] = [
  [
    'bc-project',
    {
      buildingName: 'Walkthrough',
      currentLawfulUse: 'housingDetachedDwelling',
      workType: { newBuilding: true },
      buildingWorkDescription: 'A new three-bedroom house on a flat section.',
      intendedUses: { housingDetachedDwelling: true },
      intendedLife: 'indefinite',
      estimatedValue: 450000,
      restrictedBuildingWork: 'yes',
      stagedConsent: 'no',
      applicantIsOwner: 'yes',
      pimRequested: 'no',
    },
  ],
  ['bc-building-code', { clauses: { B1: true }, b1Means: 'acceptableSolution', b1Details: 'B1/AS1' }],
  ['bc-compliance-schedule', { hasSpecifiedSystems: 'no' }],
];

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

/** An API caller signed in as a demo user. */
async function apiAs(index: number) {
  const outputs = readOutputs();
  const user = demoUser(index);
  const { IdToken } = await cognitoSignIn(user.email, user.password, outputs);
  return (method: string, path: string, body?: unknown) =>
    api(method, path, body, { token: IdToken, outputs });
}

/** The application's record as its owner reads it. */
async function readApplication(call: Awaited<ReturnType<typeof apiAs>>, id: string) {
  const res = await call('GET', `/user/applications/${id}`);
  expect(res.status).toBe(200);
  return (res.body as { application: ApplicationDto }).application;
}

const formIdOf = (page: Page) => FORM_URL.exec(new URL(page.url()).pathname)![1]!;

for (const size of VIEWPORTS) {
  test.describe(`walk-through at ${size.width}×${size.height} (${size.name})`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      // Dates must read in New Zealand time wherever the browser is.
      timezoneId: 'America/Los_Angeles',
      // A step that cannot act fails within half a minute, not at the end of the walk's budget.
      actionTimeout: 30_000,
    });

    test('a new user from sign-in to a submitted application, its lists, a duplicate and a template', async ({
      page,
    }) => {
      // One walk with three scanned uploads and an axe sweep per page on a shared 2-core machine.
      test.setTimeout(300_000);
      const run = randomUUID().slice(0, 6);
      const owner = await apiAs(0);
      const shell = new ShellPage(page);
      const label = (what: string) => `walkthrough ${size.name}: ${what}`;

      const desktop = size.name === 'desktop';

      await test.step('signed in: the dashboard', async () => {
        await page.goto('/');
        await expect(shell.dashboardHeading).toBeVisible();
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
          'America/Los_Angeles',
        );
        await shell.expectSection('/');
        await expectNoAxeViolations(page, label('dashboard'));
      });

      if (desktop)
        await test.step('profile: search first, Postcode and Region, a +64 number (items 9, 10, 7)', async () => {
          const profile = new ProfilePage(page);
          await profile.goto();
          const details = profile.details;
          const toggle = (name: string) => details.getByRole('button', { name, exact: true });
          await expect(toggle('Enter address manually')).toBeVisible();
          await expect(profile.field(details, 'Postcode')).toHaveCount(0);
          await toggle('Enter address manually').click();
          await expect(profile.field(details, 'Postcode')).toBeVisible();
          await expect(profile.field(details, 'Region')).toBeVisible();
          await expect(details.getByText(/Zip code|State\/Region/)).toHaveCount(0);
          await toggle('Search for an address').click();
          await expect(profile.field(details, 'Postcode')).toHaveCount(0);

          const invalid = details.getByText(/^Contact number is not valid/);
          await profile.fill(details, 'Contact number', '12345');
          await expect(invalid).toBeVisible();
          await profile.fill(details, 'Contact number', '+64 21 123 4567');
          await expect(invalid).toHaveCount(0);
          await expect(details.getByText('You must provide a valid contact number')).toHaveCount(0);
          await expectNoAxeViolations(page, label('profile'));
          // The profile belongs to no section.
          await shell.expectSection(null);
        });

      const wizard = new NewApplicationPage(page);
      const form = new ApplicationFormPage(page);
      await test.step('a new application from an address (items 10, 8, 7)', async () => {
        await wizard.gotoStart();
        await shell.expectSection('/projects');
        await wizard.startCard('Start a new application').click();
        const address = page.getByLabel('Address of the building site', { exact: true });
        await address.fill('8');
        await expect(page.getByText('Type at least 2 characters to search').first()).toBeVisible();
        await wizard.pickAddress('83 Cuba Street', WELLINGTON);
        await expect(wizard.authoritySelect()).toContainText('Wellington City Council');
        await expectNoAxeViolations(page, label('address'));
        await wizard.button('Next').click();
        await expect(wizard.heading).toHaveText('Property records');
        await wizard.clickCard(/./);
        await expectNoAxeViolations(page, label('property records'));
        await wizard.button('Next').click();
        await expect(wizard.heading).toHaveText('Choose a form');
        await wizard.clickCard(/^Choose a form Building consent$/);
        await expectNoAxeViolations(page, label('form selection'));
        await wizard.button('Create application').click();
        await expect(page).toHaveURL(FORM_URL);
      });
      const id = formIdOf(page);

      await test.step('the form: no Template details, role display names (items 6, 11, 7)', async () => {
        await expect(form.stepTitle('Project details')).toBeVisible();
        await shell.expectSection('/projects');
        await expect(page.getByText('Template details')).toHaveCount(0);
        for (const [stepId, data] of STEP_ANSWERS) {
          const saved = await owner('POST', `/user/applications/${id}/steps/${stepId}`, { data });
          expect(saved.body, stepId).toMatchObject({ errors: [] });
        }
        await page.reload();
        await form.steps.getByRole('link', { name: 'Compliance schedule' }).click();
        await page.getByRole('button', { name: 'Next: People on this application' }).click();
        await expect(form.stepTitle('People on this application')).toBeVisible();
        await expect(page.getByText('Registered owner').first()).toBeVisible();
        await expect(page.getByText(/RegisteredOwner|OwnerContact|InvoicePayer/)).toHaveCount(0);
        await expectNoAxeViolations(page, label('people'));
      });

      await test.step('documents: Complete after the uploads, without a reload (item 5)', async () => {
        await page.getByRole('button', { name: 'Next: Plans and documents' }).click();
        await expect(form.stepTitle('Plans and documents')).toBeVisible();
        const status = form.steps.getByRole('listitem').filter({ hasText: 'Plans and documents' });
        await expect(status.getByText('Not complete', { exact: true })).toBeVisible();
        const docs = new DocumentUploadPage(page);
        const files = [
          { container: 'Plans and drawings', file: pdfFile(`plans-${run}.pdf`, `Plans ${run}`) },
          { container: 'Specifications', file: pdfFile(`specs-${run}.pdf`, `Specifications ${run}`) },
          { container: 'Proof of ownership', file: pdfFile(`title-${run}.pdf`, `Record of title ${run}`) },
        ];
        for (const { container, file } of files) await docs.upload(container, file);
        for (const { file } of files) await docs.expectCompleted(file.name);
        await expect(status.getByText('Complete', { exact: true })).toBeVisible();
        await expectNoAxeViolations(page, label('documents complete'));
      });

      await test.step('review: a signature that is not the name is refused (item 2)', async () => {
        await form.sections.getByRole('link', { name: 'Review and submit' }).click();
        await expect(form.stepTitle('Review and submit')).toBeVisible();
        await expect(form.submit).toBeEnabled();
        await form.signature.fill('x');
        await form.submit.click();
        await expect(page.getByText(`Type your full name as it is on your profile: ${SIGNER}`)).toBeVisible();
        await expect(page).toHaveURL(FORM_URL);
        await form.signature.fill('  aroha   NGATA ');
        await expectNoAxeViolations(page, label('review'));
        await form.submit.click();
        await expect(page).toHaveURL(`/application-submitted/${id}`);
      });

      const submitted = await readApplication(owner, id);
      const number = submitted.applicationNumber!;
      await test.step('submitted: who signed, and the date in New Zealand time (items 2, 4)', async () => {
        expect(submitted.signedBy?.name).toBe(SIGNER);
        await expect(page.getByText('Your application has been submitted')).toBeVisible();
        await expect(page.getByText(formatNzDate(submitted.submissionDate!, DATE_TIME_FORMAT))).toBeVisible();
        await expectNoAxeViolations(page, label('submitted'));
      });

      const lists = new ApplicationsPage(page);
      await test.step('lists: the first tab with something, no Delete, stage chips (items 7, 1, 12)', async () => {
        await lists.goto('/applications');
        await shell.expectSection('/projects');
        const tabs = page.getByRole('tab');
        await expect(tabs.first()).toBeVisible();
        // The tabs are drawn before their counts arrive: read their names once a count is in (this
        // user has just submitted an application, so one tab has something).
        const count = (n: string) => Number(/\((\d+)\)/.exec(n)?.[1] ?? 0);
        let names: string[] = [];
        await expect
          .poll(async () => (names = await tabs.allTextContents()).some((n) => count(n) > 0))
          .toBe(true);
        const firstWithSomething = names.findIndex((n) => count(n) > 0);
        await expect(tabs.nth(firstWithSomething)).toHaveAttribute('aria-selected', 'true');
        if (!names[firstWithSomething]!.startsWith('Submitted')) await lists.tab(/^Submitted/).click();
        // Numbers are per council: the other viewport's Auckland copy may carry the same number.
        const card = lists.card(number).filter({ hasText: '83 Cuba Street' });
        await expect(card).toBeVisible();

        await card.getByRole('button', { name: /^Actions for / }).click();
        await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
        await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
        await page.keyboard.press('Escape');

        // Stage chips: the first stage current, the rest not started; in words and in colour.
        const stages = card.getByRole('list', { name: 'Workflow stages' }).getByRole('listitem');
        await expect(stages.first().getByRole('img', { name: 'Current' })).toBeVisible();
        await expect(stages.nth(1).getByRole('img', { name: 'Not started' })).toBeVisible();
        const colour = (i: number) =>
          stages
            .nth(i)
            .locator('svg')
            .first()
            .evaluate((e) => getComputedStyle(e).color);
        expect(await colour(0)).not.toBe(await colour(1));
        await expectNoAxeViolations(page, label('applications'));
      });

      if (desktop)
        await test.step('duplicate to an Auckland address: detection and its records (item 3)', async () => {
          await lists.chooseFromMenu(lists.card(number).filter({ hasText: '83 Cuba Street' }), 'Duplicate');
          await lists.dialogButton('Duplicate').click();
          await expect(wizard.heading).toHaveText('Duplicate application');
          await expect(wizard.authoritySelect()).toContainText('Wellington City Council');
          await wizard.pickAddress('74 Ponsonby Road', AUCKLAND);
          await expect(wizard.authoritySelect()).toContainText('Auckland Council');
          await expectNoAxeViolations(page, label('duplicate address'));
          await wizard.button('Next').click();
          await expect(
            page.getByRole('heading', { name: 'Properties known to Auckland Council' }),
          ).toBeVisible();
          await expect(page.getByText('74 Ponsonby Road, Ponsonby', { exact: true }).first()).toBeVisible();
          await wizard.clickCard(/./);
          await wizard.button('Create application').click();
          await expect(page).toHaveURL(FORM_URL);
          const copy = await readApplication(owner, formIdOf(page));
          expect(copy.authorityId).toBe('akl');
          expect(copy.address?.fullAddress).toBe(AUCKLAND);
        });

      if (desktop)
        await test.step('a template by its name, a stranger’s application not found (item 11)', async () => {
          // A stranger's application (the second demo user's): item 11's "Application not found".
          const { id: strangerId } = await createDraftApplication(demoUser(1), `${run} Stranger Street`);
          const templateName = `Walkthrough template ${run}`;
          const template = await owner('POST', '/user/applications', {
            operationName: 'CreateTemplate',
            applicationId: id,
            templateName,
            templateDescription: `From ${number}`,
          });
          expect(template.status).toBe(201);
          await lists.goto('/application-templates');
          await page
            .getByRole('listitem')
            .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) })
            .getByRole('button', { name: 'Start an application from this template' })
            .click();
          await expect(wizard.heading).toHaveText('Start from a template');
          const templateId = (template.body as CreateApplicationResponse).id;
          await expect(page.getByText('Template', { exact: true })).toBeVisible();
          await expect(page.getByText(templateName, { exact: true })).toBeVisible();
          await expect(page.getByText(templateId, { exact: true })).toHaveCount(0);
          await expectNoAxeViolations(page, label('address from a template'));

          await form.goto(strangerId);
          await expect(page.getByText('Application not found', { exact: true })).toBeVisible();
          await expect(page.getByText(strangerId)).toHaveCount(0);
          await expectNoAxeViolations(page, label('a stranger’s application'));
          await page.goto(
            `/new-application/address?intention=from-existing-application&refApplicationId=${strangerId}`,
          );
          await expect(page.getByText('Application not found', { exact: true })).toBeVisible();
        });
    });
  });
}
