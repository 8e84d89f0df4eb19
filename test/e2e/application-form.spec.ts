import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { signIn as cognitoSignIn } from '../support/cognito';
import { createDraftWithToken, uniqueStreet } from './support/applications';

const user = demoUser(0);

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.describe.configure({ mode: 'serial' });
// One long journey (sign-in, a whole step filled, reload, review) with axe checks on a shared 2-core machine.
test.setTimeout(180_000);

test('fill a Form.io step, autosave on leaving, reload keeps it, review shows what is left', async ({
  page,
}) => {
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const id = await createDraftWithToken(tokens.IdToken, uniqueStreet('Form'));

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await expect(form.heading).toContainText('Building consent');
  await expect(form.stepTitle('Project details')).toBeVisible();
  await expect(form.sections.getByText('Project')).toBeVisible();
  await expect(form.steps.getByText('Not complete').first()).toBeVisible();
  await expectNoAxeViolations(page, 'application form: first step');

  // A required field left empty says so, as the server would.
  await form.field('Description of the building work').focus();
  await form.field('Building name').focus();
  await expect(page.getByText('Required').first()).toBeVisible();
  await expectNoAxeViolations(page, 'application form: field error');

  await form.field('Building name').fill('Harbour View');
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

  // Leaving the step saves it (POST .../steps/bc-project).
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/steps/bc-project'),
  );
  await form.steps.getByRole('link', { name: 'Building code clauses' }).click();
  expect((await saved).status()).toBe(200);
  await expect(form.stepTitle('Building code clauses')).toBeVisible();
  await expectNoAxeViolations(page, 'application form: second step');

  // Reload: the first step's data is there.
  await form.goto(id, '/breadcrumb/1/step/1');
  await expect(form.field('Building name')).toHaveValue('Harbour View');
  await expect(form.field('Estimated value of the building work (including GST)')).toHaveValue('450000');
  await expect(form.radio('Do you request a project information memorandum (PIM)?', 'No')).toBeChecked();

  // Review: what is left, grouped by severity, with a link to each step; Submit disabled.
  await form.sections.getByRole('link', { name: 'Review and submit' }).click();
  await expect(form.stepTitle('Review and submit')).toBeVisible();
  await expect(page.getByText(/^\d+ errors?$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Building code clauses' }).first()).toBeVisible();
  await expect(page.getByText('I declare that the information in this application is true')).toBeVisible();
  await expect(form.submit).toBeDisabled();
  await expectNoAxeViolations(page, 'application form: review');

  // The link leads to the step to fix.
  await page.getByRole('link', { name: 'Go to Building code clauses' }).first().click();
  await expect(form.stepTitle('Building code clauses')).toBeVisible();
  await expect(page).toHaveURL(`/application-form/${id}/breadcrumb/1/step/2`);
});
