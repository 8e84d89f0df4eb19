/**
 * docs/features.md, at a phone (390×844) and a desktop (1440×900): the invoice and the
 * RFI points keep their amount and status (stacked cards on the phone, a table on the desktop);
 * numbers and amounts stay on one line; the selected tab is in view; after the grant both numbers
 * are named; an unknown address is "Page not found" with a way back; the Overview after the grant
 * (the consent's Download in view, the summary and the council's card whole) and the form's header
 * (the walk-through of 2026-11-29). Axe on each page.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { uniqueStreet } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { issueDocuments, issuedFileName } from '../../infra/council/issued-pdf';
import { ShellPage } from './pages/ShellPage';
import { ApplicationDetailsPage } from './pages/ApplicationDetailsPage';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(300_000);

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

/** A token (a number, an amount) on one line: an inline box broken across lines has several rects. */
async function expectOneLine(token: Locator) {
  await expect(token).toBeVisible();
  expect(await token.evaluate((e) => e.getClientRects().length)).toBe(1);
}

for (const viewport of VIEWPORTS) {
  test(`phone layout and names: cards or table, tokens whole, tab in view, both numbers, 404 (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const o = readOutputs();
    const user = demoUser(0);
    const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
    const street = uniqueStreet('Phone');
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const wcc = councilApiClient(councilCredentials('wcc', o));
    await wcc.acceptLodgement(id);
    await wcc.issueInvoice(id, {
      description: 'Building consent processing fee',
      baseAmount: 2847.5,
      dueDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    });
    const granted = await wcc.grant(id, `WCC-BC-2026-${String(Date.now()).slice(-6)}`);

    await page.goto('/');
    await expect(new ShellPage(page).dashboardHeading).toBeVisible();

    // Payments: the amount and the status kept; on a phone as a card.
    const details = new ApplicationDetailsPage(page);
    await details.goto(id, 'Payments');
    // The first page of a run can wait on cold functions on a loaded machine.
    await expect(details.tab('Payments')).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
    // The tab a link opened is in view, even at the right end of a phone's tab bar.
    await expect(details.tab('Payments')).toBeInViewport();
    const invoices = viewport.phone
      ? page.getByRole('list', { name: 'Payments' })
      : page.getByRole('table', { name: 'Payments' });
    await expect(invoices).toBeVisible({ timeout: 30_000 });
    await expect(invoices).toContainText('$2,847.50');
    await expect(invoices).toContainText('Awaiting payment');
    await expectOneLine(invoices.getByText('$2,847.50'));
    // A status breaks between words only, never inside one ("Awaiting payme|nt").
    const status = invoices.getByText('Awaiting payment');
    expect(
      await status.evaluate((e) => {
        for (let n: Element | null = e; n; n = n.parentElement)
          if (getComputedStyle(n).wordBreak === 'break-all') return 'break-all';
        return 'ok';
      }),
    ).toBe('ok');

    // After the grant, both numbers are named, each on one line.
    const numbers = page.getByTestId('application-numbers');
    await expect(numbers).toContainText(`Consent number ${granted.consentNumber}`);
    await expect(numbers).toContainText('Application number ');
    for (const n of await numbers.locator('[data-token]').all()) await expectOneLine(n);
    await expectNoAxeViolations(page, `Payments section (${viewport.name})`);

    // The Overview after the grant (walk-through 2026-11-29): the consent documents keep their
    // Download in view (cards on a phone); the consent number stays inside its summary box; the
    // council's email and website break between words only; the summary names the council.
    await issueDocuments(
      wcc,
      {
        id,
        consentNumber: granted.consentNumber!,
        authorityName: 'Wellington City Council',
        date: '2026-11-29',
      },
      ['Building consent'],
    );
    const fileName = issuedFileName('Building consent', granted.consentNumber!);
    await details.goto(id, 'Overview');
    const consent = viewport.phone
      ? page.getByRole('list', { name: 'Your building consent' })
      : page.getByRole('table', { name: 'Your building consent' });
    const download = consent.getByRole('button', { name: `Download ${fileName}` });
    await expect(async () => {
      await page.reload();
      await expect(download).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await download.scrollIntoViewIfNeeded();
    await expect(download).toBeInViewport({ ratio: 1 });
    const summary = page
      .getByRole('heading', { name: 'Application summary' })
      .locator('xpath=ancestor::*[.//dl][1]');
    const consentToken = summary.locator('[data-token]').filter({ hasText: granted.consentNumber! });
    await expectOneLine(consentToken);
    const [box, inner] = await Promise.all([summary.boundingBox(), consentToken.boundingBox()]);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await expect(summary.getByText('Council', { exact: true })).toBeVisible();
    await expect(summary.getByText('Authority', { exact: true })).toHaveCount(0);
    const councilCard = page
      .getByRole('heading', { name: 'Wellington City Council' })
      .locator('xpath=ancestor::*[.//dl][1]');
    // A link's text on one line (the website's link also holds its external icon: its text only).
    for (const link of await councilCard.getByRole('link').all())
      expect(
        await link.evaluate((e) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
          }
          return tops.size;
        }),
      ).toBe(1);
    await expectNoAxeViolations(page, `Overview after the grant (${viewport.name})`);

    // The form's header names the application number, on one line.
    await page.goto(`/application-form/${id}`);
    const formNumbers = page.getByTestId('application-numbers');
    await expect(formNumbers).toContainText('Application number ');
    for (const n of await formNumbers.locator('[data-token]').all()) await expectOneLine(n);

    // An unknown address: Page not found, with the way back.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expectNoAxeViolations(page, `Page not found (${viewport.name})`);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  });
}
