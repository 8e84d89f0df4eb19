/**
 * Registered-applicant invitations (docs/council-api.md): a council
 * invites a fresh user through the council API with its own credentials; the user signs in, sees the
 * dashboard alert naming the council, accepts, and the alert is gone. Axe
 * clean with the alert and after it.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { registeredUser } from '../support/accounts';
import { councilToken } from '../support/council';
import { readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { SignInPage } from './pages/SignInPage';
import { ShellPage } from './pages/ShellPage';
import { RegisteredApplicantInvitationAlert } from './pages/RegisteredApplicantInvitationAlert';

test.setTimeout(120_000);

/** Wellington City Council invites `email` (POST /council/registered-applicant-invitations). */
async function councilInvites(email: string) {
  const o = readOutputs();
  const res = await fetch(`${o.ApiUrl}/council/registered-applicant-invitations`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await councilToken('wcc', ['applications.write'], o)}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ email, firstName: 'Aroha', lastName: 'Tane', registeredApplicantId: 'RA-7' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

test('a council invites a fresh user, who accepts on the dashboard; the alert goes', async ({ page }) => {
  const user = await registeredUser('rai-e2e');
  await councilInvites(user.email);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(user.email, user.password);
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();

  const invitation = new RegisteredApplicantInvitationAlert(page, 'Wellington City Council');
  await expect(invitation.alert).toBeVisible();
  await expect(invitation.alert).toContainText(
    'Accept to become a registered applicant with Wellington City Council. The invitation expires on',
  );
  await expectNoAxeViolations(page, 'dashboard with a registered-applicant invitation');

  await invitation.accept.click();
  await expect(
    page.getByText('You are now a registered applicant with Wellington City Council'),
  ).toBeVisible();
  await expect(invitation.alert).toHaveCount(0);
  await expectNoAxeViolations(page, 'dashboard after answering');
});
