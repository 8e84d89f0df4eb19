import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { demoUser } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { ParticipantDialogPage } from './pages/ParticipantDialogPage';
import { createDraftApplication } from './support/applications';
import practitioners from '../../shared/sample-data/practitioners.json' with { type: 'json' };

const user = demoUser(0);

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(180_000);

test('add an agent with contact details and an LBP licence, taking over the invoice payer role', async ({
  page,
}) => {
  const street = `${randomUUID().slice(0, 6)} People Lane`;
  const { id } = await createDraftApplication(user, street);

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await form.sections.getByRole('link', { name: 'People' }).click();
  await expect(form.stepTitle('People on this application')).toBeVisible();

  const people = new ParticipantDialogPage(page);
  await people.addButton.click();
  await expect(people.dialog.getByRole('heading', { name: 'Roles and access' })).toBeVisible();
  await people.role('Agent').check();
  await expect(people.dialog.getByText('Participant access has been increased')).toBeVisible();
  await people.role('Invoice payer').click();
  await expect(people.confirmation).toContainText('has the Invoice payer role');
  await expectNoAxeViolations(page, 'participant dialog: role change confirmation');
  await people.confirmation.getByRole('button', { name: 'Reassign' }).click();
  await expect(people.role('Invoice payer')).toBeChecked();
  await expectNoAxeViolations(page, 'participant dialog: roles and access');

  await people.button('Next: Contact details').click();
  const lbp = practitioners[0]!;
  const email = `agent-${randomUUID().slice(0, 8)}@example.nz`;
  await expect(people.button('Next: License details')).toBeDisabled();
  await people.field('First name').fill(lbp.firstName);
  await people.field('Last name').fill(lbp.lastName);
  await people.field('Email').fill(email);
  await people.field('Contact number').fill('021 234 5678');
  await people.button('Enter address manually').click();
  await people.field('Address line 1').fill('5 Cuba Street');
  await people.field('City').fill('Wellington');
  await people.field('Postcode').fill('6011');
  await expectNoAxeViolations(page, 'participant dialog: contact details');
  await people.button('Next: License details').click();

  await people.button('Add a licence').click();
  await people.choose('Type', 'Licensed Building Practitioner (LBP)');
  await expect(people.button('Apply license')).toBeDisabled();
  await people.choose('Licence classes', 'Carpentry');
  await page.keyboard.press('Escape');
  await people.field('Number').fill(lbp.lbpNumber);
  await people.button('Apply license').click();
  await expect(people.dialog.getByText(lbp.lbpNumber)).toBeVisible();
  await expectNoAxeViolations(page, 'participant dialog: license details');
  await people.button('Finish').click();

  await expect(page.getByText('Participant type has been reassigned')).toBeVisible();
  await expect(page.getByText(`Invitation has been sent to ${email}`)).toBeVisible();
  const card = page.getByRole('article', { name: `${lbp.firstName} ${lbp.lastName}` });
  await expect(card.getByText('Agent', { exact: true })).toBeVisible();
  await expect(card.getByText('Invoice payer', { exact: true })).toBeVisible();
});
