/**
 * The participants issue end to end (docs/participants.md): an owners group, the invoice
 * payer reassigned to an invited agent, the required-role dialog, remove, restore and history, 'Set
 * type' from a card, then the agent registers from the invitation mail's link in a fresh browser and
 * lands on the application. axe on every page and dialog.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, SIGNED_OUT } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';
import { ParticipantDialogPage } from './pages/ParticipantDialogPage';
import { ParticipantCardsPage } from './pages/ParticipantCardsPage';
import { ConfirmRegistrationPage, RegistrationPage } from './pages/signed-out';
import { api, outboxFiles, waitForMail } from '../support/accounts';
import { createDraftApplication } from './support/applications';

const owner = demoUser(0);
const ME = 'Aroha Ngata';
test.setTimeout(240_000);

/** Contact number and a manual address: what the OwnerContact, Agent and InvoicePayer roles need. */
async function contactDetails(
  people: ParticipantDialogPage,
  who: { first: string; last: string; email: string },
) {
  await people.field('First name').fill(who.first);
  await people.field('Last name').fill(who.last);
  await people.field('Email').fill(who.email);
  await people.field('Contact number').fill('021 234 5678');
  await people.button('Enter address manually').click();
  await people.field('Address line 1').fill('5 Cuba Street');
  await people.field('City').fill('Wellington');
  await people.field('Postcode').fill('6011');
}

/** The link of the newest mail to `email` that `pattern` finds. */
async function linkIn(email: string, subject: RegExp, pattern: RegExp, seen: Set<string>): Promise<string> {
  const mail = await waitForMail(email, (m) => subject.test(m.subject) && pattern.test(m.text), {
    seenFiles: seen,
  });
  return pattern.exec(mail.text)![0];
}

/** The owner's application (a demo user, Aroha Ngata) with an engineer, Dana Reid, on it; its id. */
async function newApplication(street: string): Promise<string> {
  const { id, token } = await createDraftApplication(owner, street);
  const dana = await api(
    'POST',
    `/user/applications/${id}/participantsV2`,
    {
      firstName: 'Dana',
      lastName: 'Reid',
      email: `dana-${randomUUID().slice(0, 8)}@example.nz`,
      participantTypes: ['Engineer'],
      accessLevel: 'ReadOnly',
    },
    { token, outputs: readOutputs() },
  );
  expect(dana.status).toBe(201);
  return id;
}

// The owner starts signed in (support/fixtures.ts); the agent signs in through the page.
test.use({ signedInAs: 0 });

async function signInAsOwner(page: Page) {
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
}

test('people on an application: group, reassignment, required role, remove/restore/history, set type, the invited agent signs up onto it', async ({
  page,
  browser,
}) => {
  const street = `${randomUUID().slice(0, 6)} Journey Road`;
  const id = await newApplication(street);
  await signInAsOwner(page);
  const details = new ApplicationDetailsPage(page);
  await details.goto(id, 'People');
  await details.expectSection('People');
  const people = new ParticipantDialogPage(page);
  const cards = new ParticipantCardsPage(page);
  await expect(cards.card(ME)).toBeVisible();
  await expectNoAxeViolations(page, 'application details: People');

  // An owners group: the owner's contact (taken over from the owner) with the other owners' names.
  await people.addButton.click();
  // Each role says what it means, under it (docs/participants.md).
  await expect(
    people.dialog.getByText('The person the council contacts about the application for the owners.'),
  ).toBeVisible();
  await expect(people.dialog.getByText('Does the building work.')).toBeVisible();
  await people.role('Owner contact').click();
  await expect(people.confirmation).toContainText('has the Owner contact role');
  await people.confirmation.getByRole('button', { name: 'Reassign' }).click();
  await expect(people.role('Owner contact')).toBeChecked();
  await people.button('Next: Contact details').click();
  await contactDetails(people, {
    first: 'Mere',
    last: 'Ngata',
    email: `mere-${randomUUID().slice(0, 8)}@example.nz`,
  });
  await people.button('Next: Owners group').click();
  await people.field('Group name').fill('Ngata Whānau');
  await people.field('Other owners').fill('Hone Ngata, Tama. Ngata');
  await expect(people.dialog.getByText('3 members')).toBeVisible();
  await expectNoAxeViolations(page, 'participant dialog: owners group');
  await people.button('Next: License details').click();
  await people.button('Finish').click();
  await expect(cards.toast('Participant type has been reassigned')).toBeVisible();
  const group = cards.card('Ngata Whānau');
  await expect(group.getByText('3 members')).toBeVisible();
  await expect(group.getByText('Owner contact', { exact: true })).toBeVisible();

  // The invited agent takes over the invoice payer (the role change confirmation first).
  const agent = { first: 'Rawiri', last: 'Agent', email: `agent-${randomUUID().slice(0, 8)}@example.nz` };
  const beforeInvite = outboxFiles();
  await people.addButton.click();
  await people.role('Agent').check();
  await people.role('Invoice payer').click();
  await expect(people.confirmation).toContainText('has the Invoice payer role');
  await expectNoAxeViolations(page, 'participant dialog: role change confirmation');
  await people.confirmation.getByRole('button', { name: 'Reassign' }).click();
  await people.button('Next: Contact details').click();
  await contactDetails(people, agent);
  await people.button('Next: License details').click();
  await people.button('Finish').click();
  await expect(cards.toast('Participant type has been reassigned')).toBeVisible();
  await expect(cards.toast(`Invitation has been sent to ${agent.email}`)).toBeVisible();
  await expect(
    cards.card(`${agent.first} ${agent.last}`).getByText('Invoice payer', { exact: true }),
  ).toBeVisible();

  // The agent now holds the invoice payer, a role the application always needs: in Edit it cannot
  // be unselected, and says how it moves instead (docs/participants.md).
  await cards.choose(`${agent.first} ${agent.last}`, 'Edit');
  await expect(people.role('Invoice payer')).toBeDisabled();
  await expect(people.role('Invoice payer')).toBeChecked();
  await expect(
    people.dialog.getByText(
      'The application needs this role. To move it, give it to someone else: it moves from this person then.',
    ),
  ).toBeVisible();
  // axe on the roles with their meanings and a locked role's reason.
  await expectNoAxeViolations(page, 'participant dialog: a role that cannot be unselected');
  await people.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(people.dialog).toBeHidden();

  // The owner is a registered owner: removing them is refused with the required-role dialog.
  await cards.choose(ME, 'Remove');
  const required = cards.dialog('This role is required');
  await expect(required).toContainText('A valid application needs to have Registered owner role');
  await expectNoAxeViolations(page, 'required-role dialog');
  await required.getByRole('button', { name: 'OK' }).click();

  // Remove and restore the engineer; the history reads newest first.
  await cards.choose('Dana Reid', 'Remove');
  const removing = cards.dialog('Remove participant');
  await expect(removing).toContainText('Remove Dana Reid from this application?');
  await expectNoAxeViolations(page, 'remove participant dialog');
  await removing.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByText('1 removed person').click();
  await expect(cards.card('Dana Reid').getByText('Removed', { exact: true })).toBeVisible();
  await cards.choose('Dana Reid', 'Restore');
  await expect(page.getByText('1 removed person')).toBeHidden();
  await cards.choose('Dana Reid', 'History');
  const history = cards.dialog('History of Dana Reid');
  const rows = history.getByRole('row');
  await expect(rows.nth(1)).toContainText('Restored');
  await expect(rows.nth(2)).toContainText('Removed');
  await expect(rows.last()).toContainText('Added');
  await expect(rows.nth(1)).toContainText(ME);
  await expectNoAxeViolations(page, 'participant history');
  await history.getByRole('button', { name: 'Close', exact: true }).first().click();

  // Set type from the card: the restored participant (roles cleared on removal) becomes a builder.
  await cards.choose('Dana Reid', 'Set type');
  const setType = cards.dialog('Set the type of Dana Reid');
  await setType.getByRole('radio', { name: 'Builder' }).check();
  await expectNoAxeViolations(page, 'set type dialog');
  await setType.getByRole('button', { name: 'Set type' }).click();
  await expect(cards.toast('Participant has been set to Builder')).toBeVisible();
  await expect(cards.card('Dana Reid').getByText('Builder', { exact: true })).toBeVisible();

  // The agent: the invitation mail's link, in a fresh browser, registers, confirms and signs in.
  const registerLink = await linkIn(
    agent.email,
    /^You have been added to a building consent application$/,
    /https?:\/\/\S+\/registration\?\S+/,
    beforeInvite,
  );
  expect(registerLink).toContain(`returnTo=${encodeURIComponent(`/application-details/${id}`)}`);
  const fresh = await browser.newContext({ baseURL: readOutputs().WebUrl, storageState: SIGNED_OUT });
  try {
    const agentPage = await fresh.newPage();
    await agentPage.goto(registerLink);
    const registration = new RegistrationPage(agentPage);
    await registration.expectVisible();
    await expect(registration.field('Email')).toHaveValue(agent.email);
    const password = 'Rawiri#2026';
    await registration.fill({ email: agent.email, firstName: agent.first, lastName: agent.last, password });
    await registration.solveCaptcha();
    await expectNoAxeViolations(agentPage, 'registration from an invitation');
    const beforeConfirm = outboxFiles();
    await registration.submit.click();
    await expect(agentPage.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

    const confirmLink = await linkIn(
      agent.email,
      /^Confirm your/,
      /https?:\/\/\S*\/confirm-registration\?[^\s"<]+/,
      beforeConfirm,
    );
    await agentPage.goto(confirmLink);
    const confirm = new ConfirmRegistrationPage(agentPage);
    await expect(confirm.state).toHaveAttribute('data-state', 'confirmed');
    await expectNoAxeViolations(agentPage, 'confirm registration from an invitation');
    await agentPage.getByRole('button', { name: 'Sign in' }).click();
    const signIn = new SignInPage(agentPage);
    await signIn.expectVisible();
    await expectNoAxeViolations(agentPage, 'sign in from an invitation');
    await signIn.signIn(agent.email, password);

    await expect(agentPage).toHaveURL(new RegExp(`/application-details/${id}$`));
    await expect(agentPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(agentPage.getByText(street).first()).toBeVisible();
    await expectNoAxeViolations(agentPage, 'application details: the invited agent');
    await agentPage.goto('/applications?tab=Draft');
    await expect(agentPage.getByRole('listitem').filter({ hasText: street })).toBeVisible();
    await expectNoAxeViolations(agentPage, 'applications: the invited agent');
  } finally {
    await fresh.close();
  }
});
