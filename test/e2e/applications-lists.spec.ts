import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ApplicationsPage } from './pages/ApplicationsPage';
import { signIn as cognitoSignIn } from '../support/cognito';
import { createDraftResponse, uniqueStreet } from './support/applications';

const user = demoUser(0);

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

/** Creates a draft through the API (as the demo user); its id and application number. */
async function createDraft(token: string, street: string): Promise<{ id: string; number: string }> {
  const body = await createDraftResponse(token, street);
  return { id: body.id, number: body.application.applicationNumber ?? body.id };
}

test.describe.configure({ mode: 'serial' });

test('lists, card menu and dialogs: archive, notification level, save as template, delete', async ({
  page,
}) => {
  // A long journey with eight axe runs on a shared 2-core machine.
  test.setTimeout(240_000);
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const run = randomUUID().slice(0, 6);
  const first = await createDraft(tokens.IdToken, uniqueStreet('First'));
  const second = await createDraft(tokens.IdToken, uniqueStreet('Second'));

  await page.goto('/');
  const shell = new ShellPage(page);
  await expect(shell.dashboardHeading).toBeVisible();
  const lists = new ApplicationsPage(page);

  // Dashboard: the start cards and both drafts among the recent applications.
  await expect(page.getByRole('link', { name: 'Start amendment' })).toHaveAttribute(
    'href',
    '/new-application/child-application?type=amendment',
  );
  await expect(lists.card(first.number)).toBeVisible();
  await expect(lists.card(second.number)).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with recent applications');

  // /applications: both on the Draft tab.
  await lists.goto('/applications');
  await expect(lists.heading).toHaveText('Applications');
  await expect(lists.tab(/^Draft/)).toHaveAttribute('aria-selected', 'true');
  await expect(lists.card(first.number)).toBeVisible();
  await expect(lists.card(second.number)).toContainText('Modified on');
  await expectNoAxeViolations(page, 'applications (Draft)');

  // Archive, then find it on the Archived tab and unarchive it.
  await lists.chooseFromMenu(lists.card(first.number), 'Archive');
  await expect(lists.toast('Application archived')).toBeVisible();
  await expect(lists.card(first.number)).toHaveCount(0);
  await lists.tab(/^Archived/).click();
  await expect(page).toHaveURL('/applications?tab=Archived');
  await expect(lists.card(first.number)).toBeVisible();
  await expectNoAxeViolations(page, 'applications (Archived)');
  await lists.chooseFromMenu(lists.card(first.number), 'Unarchive');
  await expect(lists.toast('Application unarchived')).toBeVisible();
  await expect(lists.card(first.number)).toHaveCount(0);
  await lists.tab(/^Draft/).click();
  await expect(lists.card(first.number)).toBeVisible();

  // Notification level.
  await lists.chooseFromMenu(lists.card(first.number), 'Notification level');
  await expect(lists.dialog.getByRole('heading', { name: 'Set notification level' })).toBeVisible();
  await lists.dialog.getByText('Muted', { exact: true }).click();
  await expectNoAxeViolations(page, 'notification level dialog');
  await lists.dialogButton('Save').click();
  await expect(lists.toast('Notification subscription level has been updated')).toBeVisible();
  await expect(lists.card(first.number).getByRole('img', { name: 'Notifications: Muted' })).toBeVisible();

  // Save as template, then see it on /application-templates.
  const templateName = `Template ${run}`;
  await lists.chooseFromMenu(lists.card(second.number), 'Save as Template');
  await expect(lists.dialog.getByRole('heading', { name: 'Save a new template' })).toBeVisible();
  await expect(lists.dialogButton('Save')).toBeDisabled();
  await lists.dialog.getByLabel('Name', { exact: true }).fill(templateName);
  await lists.dialog.getByLabel('Description').fill('Made by the lists journey');
  await expectNoAxeViolations(page, 'save a new template dialog');
  await lists.dialogButton('Save').click();
  await expect(
    lists.toast('A new template has been created based on your selected application'),
  ).toBeVisible();

  await lists.goto('/application-templates');
  await expect(lists.heading).toHaveText('Application templates');
  const template = lists.page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: templateName }) });
  await expect(template).toContainText('Made by the lists journey');
  await expectNoAxeViolations(page, 'application templates');
  await template.getByRole('button', { name: /Delete Template/ }).click();
  await expect(lists.dialog.getByRole('heading', { name: 'Delete Template' })).toBeVisible();
  await lists.dialogButton('Delete').click();
  await expect(lists.toast('Template deleted')).toBeVisible();
  await expect(template).toHaveCount(0);

  // Delete the second application.
  await lists.goto('/applications');
  await lists.chooseFromMenu(lists.card(second.number), 'Delete');
  await expect(lists.dialog.getByRole('heading', { name: 'Delete Application' })).toBeVisible();
  await expectNoAxeViolations(page, 'delete application dialog');
  await lists.dialogButton('Delete').click();
  await expect(lists.toast('Application deleted')).toBeVisible();
  await expect(lists.card(second.number)).toHaveCount(0);

  // The other list pages render with their tabs.
  await lists.goto('/consents');
  await expect(lists.tab(/^Current/)).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page, 'consents');
  await lists.goto('/projects', 'All');
  await expect(lists.card(first.number)).toBeVisible();
  await expectNoAxeViolations(page, 'projects');
});
