import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { createDraftWithToken, uniqueStreet } from './support/applications';
import { ShellPage } from './pages/ShellPage';
import { ApplicationFormPage } from './pages/ApplicationFormPage';
import { ParticipantDialogPage } from './pages/ParticipantDialogPage';
import { PersonSearchPanel } from './pages/PersonSearchPanel';
import { api } from '../support/accounts';
import { signIn as cognitoSignIn } from '../support/cognito';
import type { ParticipantDto } from '../../shared/schemas/participants';
import type { ContactDto, ContactPage } from '../../shared/schemas/contacts';
import practitioners from '../../shared/sample-data/practitioners.json' with { type: 'json' };

const user = demoUser(0);

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(180_000);

/** Letters only (the name rule), unique per run. */
const uniqueName = (prefix: string) =>
  prefix +
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6);

async function openPeople(page: import('@playwright/test').Page, id: string) {
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const form = new ApplicationFormPage(page);
  await form.goto(id);
  await form.sections.getByRole('link', { name: 'People' }).click();
  await expect(form.stepTitle('People on this application')).toBeVisible();
  const people = new ParticipantDialogPage(page);
  await people.addButton.click();
  await people.button('Next: Contact details').click();
  return { people, search: new PersonSearchPanel(people.dialog) };
}

test('add a participant found in the LBP register: the licence comes with them and is verified', async ({
  page,
}) => {
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const id = await createDraftWithToken(tokens.IdToken, uniqueStreet('Register'));
  // A practitioner whose classes are all active (no register warning at all).
  const lbp = practitioners.find(
    (p) => p.licenceClasses.length >= 2 && p.licenceClasses.every((c) => c.status === 'Active'),
  )!;
  const { people, search } = await openPeople(page, id);

  await search.search('LBP Register', lbp.fullName);
  await expect(search.results.filter({ hasText: lbp.lbpNumber })).toBeVisible();
  await expectNoAxeViolations(page, 'participant dialog: person search with register results');
  await search.pick(lbp.lbpNumber);
  await expect(people.field('First name')).toHaveValue(lbp.firstName);
  await expect(people.field('Last name')).toHaveValue(lbp.lastName);
  const email = `lbp-${randomUUID().slice(0, 8)}@example.nz`;
  await people.field('Email').fill(email);
  await people.button('Next: License details').click();
  await expect(people.dialog.getByText(lbp.lbpNumber)).toBeVisible();
  await people.button('Finish').click();

  // Stored with the register's classes, and verified: no 'Could not verify' warning.
  const card = page.getByRole('article', { name: lbp.fullName });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Actions for ${lbp.fullName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await people.button('Next: Contact details').click();
  await people.button('Next: License details').click();
  await expect(people.dialog.getByText(lbp.lbpNumber)).toBeVisible();
  await expect(people.dialog.getByText(/Could not verify/)).toHaveCount(0);
  const list = await api('GET', `/user/applications/${id}/participantsV2`, undefined, {
    token: tokens.IdToken,
  });
  const saved = (list.body as ParticipantDto[]).find((p) => p.email === email)!;
  expect(saved.qualifications).toEqual([
    expect.objectContaining({ qualificationName: 'LBP', qualificationNumber: lbp.lbpNumber, warnings: [] }),
  ]);
  expect(saved.qualifications[0]!.licensingClasses).toHaveLength(lbp.licenceClasses.length);
});

test('add a participant from the contact library: the details fill in and the contact is remembered', async ({
  page,
}) => {
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const id = await createDraftWithToken(tokens.IdToken, uniqueStreet('Library'));
  const lastName = uniqueName('Kowhai');
  const contact = await api(
    'POST',
    '/user/organisation/contacts',
    {
      firstName: 'Mere',
      lastName,
      email: `${lastName.toLowerCase()}@example.nz`,
      organisation: 'Kowhai Plumbing',
      phoneCountryCode: '+64',
      phone: '021 555 0199',
      qualifications: [{ qualificationName: 'Other', otherQualificationType: 'Certifying plumber' }],
    },
    { token: tokens.IdToken },
  );
  expect(contact.status).toBe(201);
  const contactId = (contact.body as ContactDto).id;
  const { people, search } = await openPeople(page, id);

  await search.search('Contact Library', lastName);
  await expect(search.results.filter({ hasText: 'Kowhai Plumbing' })).toBeVisible();
  await expectNoAxeViolations(page, 'participant dialog: person search with library results');
  await search.pick(lastName);
  await expect(people.field('First name')).toHaveValue('Mere');
  await expect(people.field('Email')).toHaveValue(`${lastName.toLowerCase()}@example.nz`);
  await expect(people.field('Organisation')).toHaveValue('Kowhai Plumbing');
  await expect(people.dialog.getByRole('checkbox', { name: /Save to contact library/ })).toHaveCount(0);
  await people.button('Next: License details').click();
  await expect(people.dialog.getByText('Certifying plumber')).toBeVisible();
  await people.button('Finish').click();
  await expect(page.getByRole('article', { name: `Mere ${lastName}` })).toBeVisible();

  const list = await api('GET', `/user/applications/${id}/participantsV2`, undefined, {
    token: tokens.IdToken,
  });
  const saved = (list.body as ParticipantDto[]).find((p) => p.lastName === lastName)!;
  expect(saved).toMatchObject({ libraryContactId: contactId, phone: '021 555 0199' });
  // The library's lastUsed follows (the contacts.lastUsed consumer).
  await expect
    .poll(async () => {
      const found = await api('GET', `/user/organisation/contacts?search_text=${lastName}`, undefined, {
        token: tokens.IdToken,
      });
      return (found.body as ContactPage).items[0]?.lastUsed;
    })
    .toBeTruthy();
});

test("'Save to contact library' puts a new participant in the library", async ({ page }) => {
  const tokens = await cognitoSignIn(user.email, user.password, readOutputs());
  const id = await createDraftWithToken(tokens.IdToken, uniqueStreet('Save'));
  const lastName = uniqueName('Rata');
  const { people } = await openPeople(page, id);
  await people.field('First name').fill('Tui');
  await people.field('Last name').fill(lastName);
  await people.field('Email').fill(`${lastName.toLowerCase()}@example.nz`);
  await people.dialog.getByRole('checkbox', { name: /Save to contact library/ }).check();
  await people.button('Next: License details').click();
  await people.button('Finish').click();
  await expect(page.getByRole('article', { name: `Tui ${lastName}` })).toBeVisible();
  await expect
    .poll(async () => {
      const found = await api('GET', `/user/organisation/contacts?search_text=${lastName}`, undefined, {
        token: tokens.IdToken,
      });
      return (found.body as ContactPage).items.map((c) => c.email);
    })
    .toEqual([`${lastName.toLowerCase()}@example.nz`]);
});
