/**
 * The applications capability end to end (issue "Done when"), in the browser, as the demo
 * applicant: a new Building consent from an address through the wizard; the form filled over two
 * visits (autosave on leaving, a reload keeps it); the review's errors before the fixes; the three
 * required documents uploaded and scanned; no error left, signed and submitted; the submitted
 * application on /applications (Submitted), duplicated, saved as a template and a new application
 * started from that template; an application archived and unarchived. Axe on every page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { NewApplicationPage } from './pages/NewApplicationPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';

const SITE = '74 Ponsonby Road';
const SITE_FULL = '74 Ponsonby Road, Ponsonby, Auckland 1011';
const FORM_URL = /\/application-form\/(\d+)/;

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

/** The application id in the current /application-form/{id} URL. */
function formId(page: Page): string {
  return FORM_URL.exec(new URL(page.url()).pathname)![1]!;
}

/**
 * The step saves (POST .../steps/{stepId}) the page makes, with their statuses. Autosave saves after
 * a 2 s pause in typing or on leaving the step, whichever comes first: a test that waits for "the"
 * save on leaving would depend on the machine's speed, so it checks that a save happened instead.
 */
function watchStepSaves(page: Page) {
  const saves: { stepId: string; status: number }[] = [];
  page.on('response', (r) => {
    const match = /\/steps\/([^/]+)$/.exec(new URL(r.url()).pathname);
    if (r.request().method() === 'POST' && match) saves.push({ stepId: match[1]!, status: r.status() });
  });
  return {
    /** Resolves once the step has been saved (200) since `mark()`. */
    async saved(stepId: string, since: number) {
      await expect
        .poll(() => saves.slice(since).some((s) => s.stepId === stepId && s.status === 200))
        .toBe(true);
      expect(saves.slice(since).filter((s) => s.stepId === stepId && s.status !== 200)).toEqual([]);
    },
    mark: () => saves.length,
  };
}

// A step that cannot act fails within a minute, not at the end of the test's budget.
test.use({ actionTimeout: 60_000 });

test('applications journey: wizard, two visits, review, documents, submit, duplicate, template, archive', async ({
  page,
}) => {
  // One long journey (a wizard, four form steps, three scanned uploads, a submission, three more
  // creations) with an axe sweep on every page, on a shared 2-core machine.
  test.setTimeout(360_000);
  const run = randomUUID().slice(0, 8);

  // Sign in.
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  // --- The wizard: address → authority → parcel → form → create.
  const wizard = new NewApplicationPage(page);
  await wizard.gotoStart();
  await expectNoAxeViolations(page, 'journey: intent selection');
  await wizard.startCard('Start a new application').click();
  await expect(page).toHaveURL('/new-application/address');
  await wizard.pickAddress(SITE, SITE_FULL);
  await expect(wizard.authoritySelect()).toContainText('Auckland Council');
  await expectNoAxeViolations(page, 'journey: address');
  await wizard.button('Next').click();
  await expect(wizard.heading).toHaveText('Property records');
  await page.getByRole('radio').first().check();
  await expectNoAxeViolations(page, 'journey: property records');
  await wizard.button('Next').click();
  await expect(wizard.heading).toHaveText('Choose a form');
  await wizard.pickCard(/^Choose a form Building consent$/);
  await expectNoAxeViolations(page, 'journey: form selection');
  await wizard.button('Create application').click();
  await expect(page).toHaveURL(FORM_URL);
  const id = formId(page);

  // --- First visit: the first Form.io step.
  const form = new ApplicationFormPage(page);
  const saves = watchStepSaves(page);
  await expect(form.heading).toContainText('Building consent');
  await expect(form.stepTitle('Project details')).toBeVisible();
  await expect(page.getByText(SITE_FULL, { exact: false }).first()).toBeVisible();
  const number = await shownNumber(page);
  await expectNoAxeViolations(page, 'journey: project details (empty)');

  const projectMark = saves.mark();
  await form.field('Building name').fill(`Journey ${run}`);
  await form.choose('Current lawful use of the building', 'Housing: detached dwelling');
  await form.box('Type of building work', 'New building').check();
  await form.field('Description of the building work').fill('A new three-bedroom house on a flat section.');
  await form.box('Intended use(s) of the building', 'Housing: detached dwelling').check();
  await form.radio('Intended life of the building', 'Indefinite, but not less than 50 years').check();
  await form.field('Estimated value of the building work (including GST)').fill('450000');
  await form.radio('Does the project include restricted building work?', 'Yes').check();
  await form.radio('Is this application one stage of a staged building consent?', 'No').check();
  await form.radio('Is the applicant the owner of the building?', 'Yes').check();
  await form.radio('Do you request a project information memorandum (PIM)?', 'No').check();

  // Leave the step: autosave (POST .../steps/bc-project).
  await form.steps.getByRole('link', { name: 'Building code clauses' }).click();
  await expect(form.stepTitle('Building code clauses')).toBeVisible();
  await saves.saved('bc-project', projectMark);

  // Reload, back to the first step: nothing was lost.
  await page.reload();
  await expect(form.stepTitle('Building code clauses')).toBeVisible();
  await form.steps.getByRole('link', { name: 'Project details' }).click();
  await expect(form.stepTitle('Project details')).toBeVisible();
  await expect(form.field('Building name')).toHaveValue(`Journey ${run}`);
  await expect(form.field('Current lawful use of the building').locator('option:checked')).toHaveText(
    'Housing: detached dwelling',
  );
  await expect(form.box('Type of building work', 'New building')).toBeChecked();
  await expect(form.field('Description of the building work')).toHaveValue(
    'A new three-bedroom house on a flat section.',
  );
  await expect(form.box('Intended use(s) of the building', 'Housing: detached dwelling')).toBeChecked();
  await expect(form.field('Estimated value of the building work (including GST)')).toHaveValue('450000');
  await expect(form.radio('Is the applicant the owner of the building?', 'Yes')).toBeChecked();
  await expect(form.radio('Do you request a project information memorandum (PIM)?', 'No')).toBeChecked();
  await expect(
    form.steps
      .getByRole('listitem')
      .filter({ hasText: 'Project details' })
      .getByText('Complete', { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'journey: project details (filled, after reload)');

  // --- The review before the fixes: the errors that are left, each with a link to its step.
  await form.sections.getByRole('link', { name: 'Review and submit' }).click();
  await expect(form.stepTitle('Review and submit')).toBeVisible();
  const errors = page.getByRole('region', { name: '5 errors', exact: true });
  await expect(errors.getByRole('listitem')).toHaveText([
    /^Building code clauses is incomplete\s*Go to Building code clauses$/,
    /^Compliance schedule is incomplete\s*Go to Compliance schedule$/,
    /^Upload at least one document to Plans and drawings\s*Go to Plans and documents$/,
    /^Upload at least one document to Specifications\s*Go to Plans and documents$/,
    /^Upload at least one document to Proof of ownership\s*Go to Plans and documents$/,
  ]);
  // The first step is complete: it has no error (its levy notice is a thing to note, not an error).
  await expect(errors.getByRole('link', { name: 'Go to Project details' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '1 thing to note', exact: true })).toContainText(
    'building levies will be added',
  );
  await expect(form.submit).toBeDisabled();
  await expectNoAxeViolations(page, 'journey: review with errors');

  // --- Second visit: the rest of the steps, from the review's links.
  await errors.getByRole('link', { name: 'Go to Building code clauses' }).click();
  await expect(form.stepTitle('Building code clauses')).toBeVisible();
  const codeMark = saves.mark();
  await form.box('Building code clauses the building work relates to', 'B1 Structure').check();
  // Ticking B1 shows its panel: means of compliance and how the work complies.
  await form.choose('B1: means of compliance', 'Acceptable solution');
  await form.field('B1: how the work complies').fill('B1/AS1, NZS 3604:2011 timber-framed buildings');
  // The waiver field shows only for a waiver or modification.
  await expect(form.field('B1: waiver or modification sought, and why')).toHaveCount(0);
  await expectNoAxeViolations(page, 'journey: building code clauses');

  await page.getByRole('button', { name: 'Next: Compliance schedule' }).click();
  await expect(form.stepTitle('Compliance schedule')).toBeVisible();
  await saves.saved('bc-building-code', codeMark);
  const scheduleMark = saves.mark();
  await form.radio('Will the building contain specified systems after the building work?', 'No').check();
  await expectNoAxeViolations(page, 'journey: compliance schedule');

  await form.sections.getByRole('link', { name: 'Documents' }).click();
  await saves.saved('bc-compliance-schedule', scheduleMark);
  await expect(form.stepTitle('Plans and documents')).toBeVisible();

  // --- Documents: the three required containers, real PDFs that pass the scan.
  const docs = new DocumentUploadPage(page);
  const files = [
    { container: 'Plans and drawings', file: pdfFile(`plans-${run}.pdf`, `Plans ${run}`) },
    { container: 'Specifications', file: pdfFile(`specifications-${run}.pdf`, `Specifications ${run}`) },
    { container: 'Proof of ownership', file: pdfFile(`title-${run}.pdf`, `Record of title ${run}`) },
  ];
  for (const { container, file } of files) await docs.upload(container, file);
  for (const { file } of files) await docs.expectCompleted(file.name);
  await expectNoAxeViolations(page, 'journey: documents');

  // --- Review after the fixes: no error; sign and submit.
  await form.sections.getByRole('link', { name: 'Review and submit' }).click();
  await expect(form.stepTitle('Review and submit')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Validation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ errors?$/ })).toHaveCount(0);
  await expect(page.getByText(/is incomplete$|^Upload at least one document to/)).toHaveCount(0);
  await expect(page.getByText('Fix the errors above before submitting.')).toHaveCount(0);
  await expect(form.submit).toBeEnabled();
  // Check your answers (docs/applications.md): each answer with a Change link to its step.
  await expect(page.getByRole('heading', { name: 'Check your answers' })).toBeVisible();
  const projectAnswers = page.getByRole('region', { name: 'Project details', exact: true });
  await expect(projectAnswers.getByRole('definition').filter({ hasText: `Journey ${run}` })).toBeVisible();
  await projectAnswers.getByRole('link', { name: 'Change Building name' }).click();
  await expect(form.stepTitle('Project details')).toBeVisible();
  await expect(form.field('Building name')).toHaveValue(`Journey ${run}`);
  await form.sections.getByRole('link', { name: 'Review and submit' }).click();
  await expect(form.stepTitle('Review and submit')).toBeVisible();
  // Any text is not a signature: the full name as on the profile (the demo applicant's) is.
  await form.signature.fill('x');
  await form.submit.click();
  await expect(page.getByText('Type your full name as it is on your profile: Aroha Ngata')).toBeVisible();
  await form.signature.fill('aroha ngata');
  await expectNoAxeViolations(page, 'journey: review without errors');
  await form.submit.click();
  await expect(page).toHaveURL(`/application-submitted/${id}`);
  await expect(page.getByText('Your application has been submitted')).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  await expectNoAxeViolations(page, 'journey: application submitted');

  // --- /applications, Submitted tab.
  const lists = new ApplicationsPage(page);
  // Which tab opens without ?tab depends on what earlier specs left this user (the walk-through
  // pins "the first tab with something"); here the Draft tab is asked for, then Submitted chosen.
  await lists.goto('/applications', 'Draft');
  await expect(page.getByRole('tab', { selected: true, name: /^Draft/ })).toBeVisible();
  await expect(lists.tab('Submitted (1)')).toBeVisible();
  await lists.tab(/^Submitted/).click();
  await expect(page).toHaveURL('/applications?tab=Submitted');
  const submitted = lists.card(number);
  await expect(submitted).toBeVisible();
  await expectNoAxeViolations(page, 'journey: applications (Submitted)');

  // Duplicate it: the address page with the source, then create.
  await lists.chooseFromMenu(submitted, 'Duplicate');
  await expect(lists.dialog.getByRole('heading', { name: 'Duplicate application' })).toBeVisible();
  await expectNoAxeViolations(page, 'journey: duplicate dialog');
  await lists.dialogButton('Duplicate').click();
  await expect(page).toHaveURL(/\/new-application\/address\?.*intention=from-existing-application/);
  await expect(wizard.heading).toHaveText('Duplicate application');
  await expect(page.getByRole('heading', { name: 'Source application' })).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Address of the building site', { exact: true })).toHaveValue(SITE_FULL);
  await expect(wizard.authoritySelect()).toContainText('Auckland Council');
  await expectNoAxeViolations(page, 'journey: duplicate address');
  await createFromAddressPage(page, wizard);
  const duplicateId = formId(page);
  expect(duplicateId).not.toBe(id);
  await expect(form.heading).toContainText('Building consent');
  await expect(form.stepTitle('Project details')).toBeVisible();
  const duplicateNumber = await shownNumber(page);
  expect(duplicateNumber).not.toBe(number);
  await expect(form.field('Building name')).toHaveValue(`Journey ${run}`);

  // Save the submitted one as a template.
  const templateName = `Journey template ${run}`;
  await lists.goto('/applications', 'Submitted');
  await lists.chooseFromMenu(lists.card(number), 'Save as Template');
  await expect(lists.dialog.getByRole('heading', { name: 'Save a new template' })).toBeVisible();
  await lists.dialog.getByLabel('Name', { exact: true }).fill(templateName);
  await lists.dialog.getByLabel('Description').fill(`From ${number} (${run})`);
  await expectNoAxeViolations(page, 'journey: save as template dialog');
  await lists.dialogButton('Save').click();
  await expect(
    lists.toast('A new template has been created based on your selected application'),
  ).toBeVisible();

  // /application-templates: start a new application from it.
  await lists.goto('/application-templates');
  const template = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
  await expect(template).toContainText(`From ${number} (${run})`);
  await expectNoAxeViolations(page, 'journey: application templates');
  await template.getByRole('button', { name: 'Start an application from this template' }).click();
  await expect(page).toHaveURL(/\/new-application\/address\?.*intention=from-template/);
  await expect(wizard.heading).toHaveText('Start from a template');
  await expect(page.getByLabel('Address of the building site', { exact: true })).toHaveValue(SITE_FULL);
  await expectNoAxeViolations(page, 'journey: address from a template');
  await createFromAddressPage(page, wizard);
  const fromTemplateId = formId(page);
  expect([id, duplicateId]).not.toContain(fromTemplateId);
  await expect(form.stepTitle('Project details')).toBeVisible();
  await expect(form.field('Building name')).toHaveValue(`Journey ${run}`);

  // Archive the duplicate, find it on the Archived tab, unarchive it.
  await lists.goto('/applications');
  await expect(lists.tab(/^Draft/)).toHaveAttribute('aria-selected', 'true');
  const duplicate = lists.card(duplicateNumber);
  await lists.chooseFromMenu(duplicate, 'Archive');
  await expect(lists.toast('Application archived')).toBeVisible();
  await expect(duplicate).toHaveCount(0);
  await lists.tab(/^Archived/).click();
  await expect(page).toHaveURL('/applications?tab=Archived');
  await expect(duplicate).toBeVisible();
  await expectNoAxeViolations(page, 'journey: applications (Archived)');
  await lists.chooseFromMenu(duplicate, 'Unarchive');
  await expect(lists.toast('Application unarchived')).toBeVisible();
  await expect(duplicate).toHaveCount(0);
  await lists.tab(/^Draft/).click();
  await expect(duplicate).toBeVisible();
});

/** On a copy's address page (prefilled): Next → a property record → Create application → the new form. */
async function createFromAddressPage(page: Page, wizard: NewApplicationPage): Promise<void> {
  await wizard.button('Next').click();
  await expect(wizard.heading).toHaveText('Property records');
  await page.getByRole('radio').first().check();
  await wizard.button('Create application').click();
  await expect(page).toHaveURL(FORM_URL);
}

const NUMBER = /BLD-\d{4}-\d{5}/;

/** The application number the form page shows in its header ('{address} · BLD-YYYY-NNNNN'). */
async function shownNumber(page: Page): Promise<string> {
  const header = page.getByText(NUMBER).first();
  await expect(header).toBeVisible();
  return NUMBER.exec((await header.textContent()) ?? '')![0];
}
