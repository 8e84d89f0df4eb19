import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { ShellPage } from './pages/ShellPage';
import { ContactsPage } from './pages/ContactsPage';
import practitioners from '../../shared/sample-data/practitioners.json' with { type: 'json' };

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(180_000);

/** A practitioner the local register holds with a licence class that is not active. */
const lbp = practitioners.find((p) => p.licenceClasses.some((c) => c.status !== 'Active'))!;
const inactive = lbp.licenceClasses.find((c) => c.status !== 'Active')!;

/** Letters only (names allow no digits): the run's own surname, so the search finds one contact. */
const surname = () =>
  'Lib' +
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 8)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

test('Libraries → Contacts: add a contact with an LBP licence, search, edit, delete', async ({ page }) => {
  await page.goto('/');
  const shell = new ShellPage(page);
  await expect(shell.dashboardHeading).toBeVisible();

  await shell.navLink('/libraries').click();
  await expect(page).toHaveURL('/libraries');
  await expect(shell.heading).toHaveText('Libraries');
  await shell.expectSection('/libraries');
  await expect(page.getByRole('link', { name: 'Application templates' })).toBeVisible();
  await expectNoAxeViolations(page, 'libraries');

  await page.getByRole('link', { name: 'Contacts', exact: true }).click();
  await expect(page).toHaveURL('/contacts');
  const contacts = new ContactsPage(page);
  await expect(contacts.heading).toHaveText('Contacts');
  await shell.expectSection('/libraries');
  await expect(contacts.table).toBeVisible();
  await expectNoAxeViolations(page, 'contacts');

  const lastName = surname();
  const name = `${lbp.firstName} ${lastName}`;
  const email = `${lastName.toLowerCase()}@example.nz`;
  await contacts.addButton.click();
  await expect(contacts.button('Save')).toBeDisabled();
  await contacts.field('First name').fill(lbp.firstName);
  await contacts.field('Last name').fill(lastName);
  await contacts.field('Email').fill(email);
  await contacts.field('Contact number').fill('021 234 5678');
  await expectNoAxeViolations(page, 'add a contact dialog');
  await contacts.button('Add a licence').click();
  await contacts.choose('Type', 'Licensed Building Practitioner (LBP)');
  await contacts.choose('Licence classes', 'Carpentry');
  await page.keyboard.press('Escape');
  await contacts.field('Number').fill(lbp.lbpNumber);
  await contacts.button('Apply license').click();
  await expect(contacts.dialog.getByText(lbp.lbpNumber)).toBeVisible();
  await expectNoAxeViolations(page, 'add a contact dialog: licence');
  await contacts.button('Save').click();
  await expect(page.getByText(`${name} has been added to the contact library`)).toBeVisible();
  await expect(contacts.dialog).toBeHidden();

  // Search by the run's surname: one contact, with the register's warning on its licence.
  await contacts.search.fill(lastName);
  await expect(contacts.table.getByRole('row')).toHaveCount(2);
  const row = contacts.row(name);
  await expect(row.getByText(email)).toBeVisible();
  await expect(row.getByText('+64 021 234 5678')).toBeVisible();
  await expect(row.getByText(`Licensed Building Practitioner (LBP) ${lbp.lbpNumber}`)).toBeVisible();
  await expect(
    row.getByText(`${inactive.licenceClass} license status: ${inactive.reason ?? inactive.status}`),
  ).toBeVisible();
  await expect(row.getByText('Not used yet')).toBeVisible();
  await expectNoAxeViolations(page, 'contacts: search results');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(contacts.field('Email')).toHaveValue(email);
  await expect(contacts.button('Save')).toBeDisabled();
  await contacts.field('Organisation').fill('Library Builders');
  await expectNoAxeViolations(page, 'edit a contact dialog');
  await contacts.button('Save').click();
  await expect(page.getByText(`${name} has been updated`)).toBeVisible();
  await expect(row.getByText('Library Builders')).toBeVisible();

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(contacts.deleteDialog).toContainText(`Delete ${name} from the contact library?`);
  await expectNoAxeViolations(page, 'delete contact dialog');
  await contacts.deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${name} has been deleted from the contact library`)).toBeVisible();
  await expect(page.getByText(`No contact matches “${lastName}”.`)).toBeVisible();
});
