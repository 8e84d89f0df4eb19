/**
 * docs/organisations.md: an admin through the three organisation pages and a merge between two
 * organisations, axe clean on each page and dialog (docs/organisations.md). Two fresh
 * sole traders (each the admin of an organisation of their own): A edits the profile, invites a
 * person (captcha solved in the browser), resends and revokes that invitation, and invites B's
 * organisation to merge after looking it up by B's email; B accepts from the dashboard alert (the
 * page reloads) and is then a member of A's organisation; A disables B and enables them again.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { api, outboxFiles, solvedCaptcha, waitForMail } from '../support/accounts';
import { readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { OrganisationPages } from './pages/OrganisationPages';
import { Jimp } from '../../functions/platform/adapters/images.js';

test.setTimeout(120_000);
const password = 'Organise#2026';
/** Letters only (names allow no digits). */
const tag = () =>
  randomUUID()
    .replace(/-/g, '')
    .slice(0, 6)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** A confirmed account (registered through the API, captcha solved in Node, confirmed with the mail's code). */
async function registeredUser(firstName: string, lastName: string) {
  const email = `org-${lastName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.nz`;
  const seen = outboxFiles();
  const res = await api('POST', '/public/user/registration', {
    email,
    firstName,
    lastName,
    password,
    acknowledgement: true,
    captchaToken: await solvedCaptcha(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { seenFiles: seen });
  const confirmed = await api('POST', '/public/user/registration/confirm', { email, code: mail.code });
  expect(confirmed.status).toBe(204);
  return { email, name: `${firstName} ${lastName}` };
}

async function signIn(page: Page, email: string): Promise<ShellPage> {
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(email, password);
  const shell = new ShellPage(page);
  await expect(shell.dashboardHeading).toBeVisible();
  return shell;
}

test('an admin through members, invitations and disabled members, and a merge of two organisations', async ({
  page,
  browser,
}) => {
  const run = tag();
  const [a, b] = await Promise.all([
    registeredUser('Aroha', `Studio${run}`),
    registeredUser('Rangi', `Partner${run}`),
  ]);
  const orgName = `Studio ${run} Design`;

  // A: Organisation in the navigation → /organisation-members.
  const shell = await signIn(page, a.email);
  await shell.navLink('/organisation-members').click();
  await expect(page).toHaveURL('/organisation-members');
  const org = new OrganisationPages(page);
  await expect(org.heading).toHaveText('Organisation members');
  await shell.expectSection('/organisation-members');
  await expect(org.row('Organisation members', `${a.name} (you)`)).toContainText('Admin');
  await expectNoAxeViolations(page, 'organisation members');

  // The organisation's profile: its name (the shared organisation name pattern).
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const profile = org.dialog('Edit the organisation profile');
  const nameField = profile.getByRole('textbox', { name: 'Organisation name' });
  await nameField.fill('!');
  await nameField.blur();
  await expect(profile.getByText('Please enter a valid organisation name', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'organisation profile dialog');
  await nameField.fill(orgName);
  // …and its image: a small PNG, uploaded with a presigned PUT, scaled by the server and shown.
  const logo = await new Jimp({ width: 400, height: 200, color: 0x2255aaff }).getBuffer('image/png');
  await profile
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(profile.getByRole('img', { name: `${orgName} image` })).toHaveAttribute(
    'src',
    /^data:image\/jpeg/,
  );
  await profile.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(org.toast('Organisation profile saved')).toBeVisible();
  await expect(page.getByText(orgName, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: `${orgName} image` })).toHaveAttribute(
    'src',
    /^data:image\/jpeg;base64,/,
  );

  // Invite a person, with the captcha.
  const invitee = `hemi-${run}@example.nz`;
  await page.getByRole('button', { name: 'Invite member', exact: true }).click();
  const invite = org.dialog('Invite a member');
  await invite.getByRole('textbox', { name: 'Email', exact: true }).fill(invitee);
  await invite.getByRole('textbox', { name: 'First name', exact: true }).fill('Hemi');
  await invite.getByRole('textbox', { name: 'Last name', exact: true }).fill('Walker');
  await expect(invite.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  await org.solveCaptcha(invite);
  await expectNoAxeViolations(page, 'invite member dialog');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(org.toast(`Invitation sent to ${invitee}`)).toBeVisible();

  // /organisation-invitations: resend, then revoke, the invitation.
  await org.open('Invitations');
  await expect(page).toHaveURL('/organisation-invitations');
  await expect(org.heading).toHaveText('Organisation invitations');
  const sent = org.row('Sent invitations', 'Hemi Walker');
  await expect(sent).toContainText('Pending');
  await expectNoAxeViolations(page, 'organisation invitations');
  await sent.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
  await expect(org.toast('Invitation sent again')).toBeVisible();
  await sent.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
  await expect(sent).toContainText('Revoked');

  // Invite B's organisation to merge, found by B's email.
  await page.getByRole('button', { name: 'Invite an organisation to merge', exact: true }).click();
  const merge = org.dialog('Invite an organisation to merge');
  await merge.getByRole('textbox', { name: "Administrator's email" }).fill(b.email);
  await merge.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect(merge.getByText(`${b.name} (${b.email})`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'merge invitation dialog');
  await merge.getByRole('button', { name: 'Send merge invitation', exact: true }).click();
  await expect(merge).toBeHidden();
  await expect(org.table('Merge invitations sent')).toContainText('Pending');

  // /organisation-disabled-members: nobody yet.
  await org.open('Disabled members');
  await expect(page).toHaveURL('/organisation-disabled-members');
  await expect(page.getByText('No disabled members', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'disabled organisation members');

  // B accepts on the dashboard: the page reloads and B belongs to A's organisation.
  const other = await browser.newContext({ baseURL: readOutputs().WebUrl });
  try {
    const bPage = await other.newPage();
    await signIn(bPage, b.email);
    const alert = bPage.getByRole('group', { name: `${orgName} invites your organisation to merge` });
    await expect(alert).toBeVisible();
    await expectNoAxeViolations(bPage, 'dashboard with a merge invitation');
    await Promise.all([
      bPage.waitForEvent('load'),
      alert.getByRole('button', { name: 'Accept', exact: true }).click(),
    ]);
    await expect(new ShellPage(bPage).dashboardHeading).toBeVisible();
    await expect(alert).toBeHidden();
    await bPage.goto('/organisation-members');
    await expect(bPage.getByText(orgName, { exact: true })).toBeVisible();
    await expect(new OrganisationPages(bPage).row('Organisation members', a.name)).toBeVisible();
  } finally {
    await other.close();
  }

  // A: B is a member now; disable B, then enable B from the disabled members.
  await org.open('Members');
  await expect(org.row('Organisation members', b.name)).toBeVisible();
  await org.memberAction('Organisation members', b.name, `Disable ${b.name}`, 'Disable');
  await expect(org.toast(`${b.name} is disabled`)).toBeVisible();
  await expect(org.row('Organisation members', b.name)).toBeHidden();
  await org.open('Disabled members');
  await expect(org.row('Organisation members', b.name)).toContainText('Disabled');
  await expectNoAxeViolations(page, 'disabled organisation members with one');
  await org.memberAction('Organisation members', b.name, `Enable ${b.name}`, 'Enable');
  await expect(org.toast(`${b.name} is enabled`)).toBeVisible();
  await expect(page.getByText('No disabled members', { exact: true })).toBeVisible();
});
