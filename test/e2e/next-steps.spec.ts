/**
 * docs/applications.md, as the applicant meets it at a desktop and at a phone size: the council has
 * accepted the application, sent a $2,847.50 processing fee and asked two questions. The dashboard's
 * Actions to be taken names both on the application's card, each with its button; the Overview
 * opens on "What you need to do" with the same items, the RFIs and Payments tabs count them, and the
 * status says the council is waiting for the applicant with its clock paused. Each button goes where
 * the thing is done. No raw code on any of these pages, and axe on each.
 */
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { expectNoRawCodes } from './support/content';
import { uniqueStreet, waitForOutstanding } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { formatNzDate, nzWallClock } from '../../shared/domain/dates';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(300_000);

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The due date 20 days ahead (as the demo's), and how the applicant reads it: "19 Dec". */
function dueIn20Days(): { iso: string; shown: string } {
  const due = new Date(Date.now() + 20 * 86_400_000);
  const iso = due.toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });
  const sameYear = nzWallClock(due)?.year === nzWallClock(new Date())?.year;
  return { iso, shown: formatNzDate(iso, sameYear ? 'd MMM' : 'd MMM yyyy') };
}

for (const viewport of VIEWPORTS) {
  test(`what the applicant has to do: on the dashboard and on top of the Overview, with its buttons (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const o = readOutputs();
    const user = demoUser(0);
    const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
    const street = uniqueStreet('Todo');
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const wcc = councilApiClient(councilCredentials('wcc', o));
    await wcc.acceptLodgement(id);
    const due = dueIn20Days();
    const fee = await wcc.issueInvoice(id, {
      description: 'Building consent processing fee',
      baseAmount: 2847.5,
      dueDate: due.iso,
    });
    const person = { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz', phone: '04 499 4444' };
    await wcc.raiseRfiRound(id, {
      type: 'Consent',
      team: 'Building',
      points: [
        {
          title: 'Bracing calculations',
          requestDetails: 'Provide the bracing calculations.',
          requestPerson: person,
        },
        { title: 'Fire separation', requestDetails: 'Show the fire separation.', requestPerson: person },
      ],
    });
    const pay = `Pay $2,847.50 building consent processing fee by ${due.shown}`;
    const answer = 'Answer 2 points from Wellington City Council';

    // The dashboard, once its list has both: the card under Actions to be taken names both, each
    // with its button.
    await waitForOutstanding(token, id, (item) => item.hasOutstandingRFIs && item.hasOutstandingPayments);
    await page.goto('/');
    await expect(new ShellPage(page).dashboardHeading).toBeVisible();
    const card = page
      .getByRole('list', { name: 'Actions to be taken' })
      .getByRole('listitem')
      .filter({ hasText: street })
      .first();
    await expect(card).toBeVisible();
    const cardSteps = card.getByRole('list', { name: 'What you need to do' }).getByRole('listitem');
    await expect(cardSteps).toHaveText([`${answer}Answer the points`, `${pay}Pay now`], { timeout: 30_000 });
    await expectNoRawCodes(page, `the dashboard (${viewport.name})`);
    await expectNoAxeViolations(page, `Dashboard: actions named (${viewport.name})`);

    // The Overview opens on what to do; the tabs count it; the status is explained.
    const details = new ApplicationDetailsPage(page);
    await details.goto(id);
    const panel = page.getByRole('list', { name: 'What you need to do' });
    await expect(panel.getByRole('listitem')).toHaveText([`${answer}Answer the points`, `${pay}Pay now`], {
      timeout: 30_000,
    });
    await expect(
      page.getByText("Waiting for your answers; the council's clock is paused.").first(),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'RFIs 2 need your attention' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payments 1 needs your attention' })).toBeAttached();
    await expectNoRawCodes(page, `the Overview (${viewport.name})`);
    await expectNoAxeViolations(page, `Overview: what you need to do (${viewport.name})`);

    // Each button goes where the thing is done.
    await panel.getByRole('listitem').filter({ hasText: pay }).getByRole('link', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/application-details/${id}/payment-details/${fee.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Building consent processing fee' }),
    ).toBeVisible();
    await expectNoRawCodes(page, `the invoice (${viewport.name})`);
    await page.goBack();
    await panel
      .getByRole('listitem')
      .filter({ hasText: answer })
      .getByRole('link', { name: 'Answer the points' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/application-details/${id}\\?section=RFIs`));
    await details.expectSection('RFIs');
    await expect(page.getByText('Round 1 · Assessment')).toBeVisible();
    await expectNoRawCodes(page, `the RFIs (${viewport.name})`);
    await expectNoAxeViolations(page, `RFIs section (${viewport.name})`);
  });
}
