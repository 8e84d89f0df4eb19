/**
 * The new user's walkthrough (issue 11), where only the browser proves it: the step status follows
 * the uploads without a reload, and the side navigation highlights the section a page belongs to.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';
import { api } from '../support/accounts';
import { signIn as cognitoSignIn } from '../support/cognito';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';

const user = demoUser(0);

test('uploads mark the documents step complete without a reload; the navigation follows the page', async ({
  page,
}) => {
  // Three scanned uploads on a shared 2-core machine.
  test.setTimeout(180_000);
  const run = randomUUID().slice(0, 6);
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const created = await api(
    'POST',
    '/user/applications',
    {
      operationName: 'Create',
      address: {
        address1: `${run} Walkthrough Road`,
        city: 'Auckland',
        zipCode: '1010',
        country: 'NZ',
        fullAddress: `${run} Walkthrough Road, Auckland 1010`,
      },
      authorityId: 'akl',
      formId: 'bc',
    },
    { token: tokens.IdToken, outputs: readOutputs() },
  );
  expect(created.status).toBe(201);
  const id = (created.body as CreateApplicationResponse).id;

  await new SignInPage(page).goto();
  await new SignInPage(page).signIn(user.email, user.password);
  const shell = new ShellPage(page);
  await expect(shell.dashboardHeading).toBeVisible();
  await expect(shell.navLink('/')).toHaveAttribute('aria-current', 'page');

  // The form belongs to Projects, not the Dashboard.
  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await form.sections.getByRole('link', { name: 'Documents' }).click();
  await expect(form.stepTitle('Plans and documents')).toBeVisible();
  await expect(shell.navLink('/projects')).toHaveAttribute('aria-current', 'page');
  await expect(shell.navLink('/')).not.toHaveAttribute('aria-current', 'page');
  const status = form.steps.getByRole('listitem').filter({ hasText: 'Plans and documents' });
  await expect(status.getByText('Not complete', { exact: true })).toBeVisible();

  // Every required container gets a file; the step turns Complete with no reload.
  const docs = new DocumentUploadPage(page);
  const files = [
    { container: 'Plans and drawings', file: pdfFile(`plans-${run}.pdf`, `Plans ${run}`) },
    { container: 'Specifications', file: pdfFile(`specifications-${run}.pdf`, `Specifications ${run}`) },
    { container: 'Proof of ownership', file: pdfFile(`title-${run}.pdf`, `Record of title ${run}`) },
  ];
  for (const { container, file } of files) await docs.upload(container, file);
  for (const { file } of files) await docs.expectCompleted(file.name);
  await expect(status.getByText('Complete', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'walkthrough: documents complete');

  // The profile belongs to no section: nothing is highlighted.
  await page.goto('/user-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(shell.sideNavigation.locator('[aria-current="page"]')).toHaveCount(0);
});
