/**
 * Invoices paid in the UI (docs/payments.md): the council accepts a lodged application and
 * issues two invoices through its client; the applicant finds the application under Actions to be
 * taken, opens the Payments section, pays the first by card on the gateway's page (the local
 * stand-in) and comes back to the approval and the receipt; claims the second by direct deposit with
 * a proof uploaded; the council confirms the deposit and the invoice shows Paid. Then a third invoice
 * is sent to a payer by email, who opens the link without an account, pays by card and gets the
 * receipt; the applicant sees the invoice and the request Paid. Axe on each page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, SIGNED_OUT } from './support/fixtures';
import { demoUser, readOutputs } from './support/outputs';
import { expectNoAxeViolations } from './support/axe';
import { uniqueStreet, waitForOutstanding } from './support/applications';
import { signIn as cognitoSignIn } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { ShellPage } from './pages/ShellPage';
import { DocumentUploadPage, pdfFile } from './pages/DocumentUploadPage';
import { waitForMail } from '../support/accounts';

// Starts signed in as the demo applicant (support/fixtures.ts).
test.use({ signedInAs: 0 });

test.setTimeout(180_000);

test('the applicant pays one invoice by card and claims another by direct deposit with a proof', async ({
  page,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Invoice');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const wcc = councilApiClient(councilCredentials('wcc', o));
  await wcc.acceptLodgement(id);
  const lodgement = await wcc.issueInvoice(id, {
    description: 'Building consent lodgement fee',
    baseAmount: 312.6,
    dueDate: '2030-01-31',
  });
  const processing = await wcc.issueInvoice(id, {
    description: 'Building consent processing fee',
    baseAmount: 1265,
    paymentOptions: ['Deposit'],
  });

  // Actions to be taken lists it (the dashboard opened once its list has it); its card opens the
  // Payments section.
  await waitForOutstanding(token, id, (item) => item.hasOutstandingPayments);
  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Actions to be taken' })
    .getByRole('listitem')
    .filter({ hasText: street });
  await expect(card.first()).toBeVisible();
  await expect(card.first().getByRole('img', { name: 'Outstanding payments' })).toBeVisible();
  await card
    .first()
    .getByRole('link', { name: /^Open / })
    .click();
  await expect(page).toHaveURL(new RegExp(`/application-details/${id}\\?section=Payments`));
  const invoices = page.getByRole('table', { name: 'Payments' });
  await expect(invoices.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('2 invoices awaiting payment: $1,577.60')).toBeVisible();
  await expectNoAxeViolations(page, 'Payments section: two invoices awaiting payment');

  // The lodgement fee by card: the surcharge on its own line, then the gateway's page.
  await invoices.getByRole('link', { name: 'Building consent lodgement fee' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-details/${lodgement.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Building consent lodgement fee' })).toBeVisible();
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
  const surcharge = lodgement.surchargeAmount;
  expect(surcharge).toBeGreaterThan(0);
  const total = `$${(312.6 + surcharge).toFixed(2)}`;
  await expect(page.getByText('Total by card')).toBeVisible();
  await expectNoAxeViolations(page, 'Payment details: awaiting payment');
  await page.getByRole('button', { name: `Pay ${total} by card on the payment page` }).click();

  // The gateway's hosted page (the stand-in): the approving test card.
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await page.getByLabel(/^4111111111111111/).check();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // Back on the portal: the gateway's answer, the receipt, the transaction.
  await expect(page).toHaveURL(new RegExp(`/payment-details/${lodgement.id}\\?sessionId=`));
  await expect(page.getByText('Payment approved')).toBeVisible({ timeout: 20_000 });
  const receipt = page.locator('.payment-receipt');
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible({ timeout: 20_000 });
  await expect(receipt).toContainText(total);
  await expect(receipt).toContainText('Card');
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Approved');
  await expectNoAxeViolations(page, 'Payment details: paid by card, the receipt');
  // Printed, the receipt is alone: no buttons, no other values, no page chrome (docs/payments.md).
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(total);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await expect(page.getByRole('table', { name: 'Transactions' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to payments' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Invite a payer' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The processing fee by direct deposit, with a proof of payment.
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(page.getByText('1 invoice awaiting payment: $1,265.00')).toBeVisible();
  await invoices.getByRole('link', { name: 'Building consent processing fee' }).click();
  await expect(page.getByText('Reference to quote')).toBeVisible();
  await expect(page.getByRole('button', { name: /by card/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'I have paid $1,265.00 by direct deposit' }).click();
  await page.getByRole('button', { name: 'Claim the deposit' }).click();
  await expect(page.getByText('Enter the date you made the deposit')).toBeVisible();
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });
  await page.getByRole('textbox', { name: 'Date of the deposit' }).fill(today.replaceAll('-', '/'));
  const uploads = new DocumentUploadPage(page);
  await uploads.upload('Proofs of payment', pdfFile('deposit-receipt.pdf', 'ANZ transfer receipt'));
  await uploads.expectCompleted('deposit-receipt.pdf');
  await expect(page.getByRole('radio', { name: 'deposit-receipt.pdf' })).toBeChecked({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'Payment details: claiming a deposit with its proof');
  await page.getByRole('button', { name: 'Claim the deposit' }).click();
  await expect(page.getByText('Deposit claimed. The council will confirm it when it arrives.')).toBeVisible();
  await expect(page.getByText('Deposit pending').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('deposit-receipt.pdf');

  // The council sees the claim and confirms it; the invoice is paid.
  const claimed = (await wcc.payments(id)).find((p) => p.id === processing.id)!;
  expect(claimed.status).toBe('DepositPending');
  expect(claimed.transactions.at(-1)?.proofDocumentName).toBeTruthy();
  await wcc.depositDecision(id, processing.id, { decision: 'Confirmed' });
  await page.getByRole('button', { name: 'Refresh the invoice' }).click();
  await expect(page.locator('.payment-receipt')).toContainText('Direct deposit');
  await page.getByRole('link', { name: 'Back to payments' }).click();
  await expect(page.getByText('Nothing to pay')).toBeVisible();
  await expectNoAxeViolations(page, 'Payments section: all paid');
});

test('an invited payer pays an invoice by card without an account, and the link then only shows the receipt', async ({
  page,
  browser,
}) => {
  const o = readOutputs();
  const user = demoUser(0);
  const token = (await cognitoSignIn(user.email, user.password, o)).IdToken;
  const street = uniqueStreet('Levy');
  const id = await submittedApplication(
    token,
    'wcc',
    { address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' },
    o,
  );
  const wcc = councilApiClient(councilCredentials('wcc', o));
  await wcc.acceptLodgement(id);
  const levy = await wcc.issueInvoice(id, { description: 'Building levy', baseAmount: 426.5 });

  await page.goto('/');
  await expect(new ShellPage(page).dashboardHeading).toBeVisible();
  await page.goto(`/application-details/${id}/payment-details/${levy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Building levy' })).toBeVisible();

  // Invite the owner to pay it.
  const email = `owner-${randomUUID().slice(0, 8)}@example.nz`;
  await page.getByRole('button', { name: 'Invite a payer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: "Payer's name" }).fill('Aroha Ngata');
  await dialog.getByRole('textbox', { name: "Payer's email" }).fill(email);
  await dialog
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('Aroha, the levy for the extension.');
  await expectNoAxeViolations(page, 'Payment details: inviting a payer');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`A payment link has been sent to ${email}.`)).toBeVisible();
  const requests = page.getByRole('table', { name: 'Someone else pays' });
  await expect(requests).toContainText('Waiting for payment');
  await expect(requests).toContainText(email);

  // The payer's email carries the link; they open it signed out.
  const mail = await waitForMail(email, (m) => m.subject.includes('Payment requested'), { outputs: o });
  // The link's token is in the URL fragment (docs/payments.md): no request the browser makes carries
  // it in a path or query string (what CloudFront and the gateway's callbacks log).
  const [link, secret] = /\/pay#token=([A-Za-z0-9_-]+)/.exec(mail.text) ?? [];
  expect(secret).toBeDefined();
  const payerContext = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: SIGNED_OUT,
  });
  const payer = await payerContext.newPage();
  const sent: string[] = [];
  payer.on('request', (r) => sent.push(r.url().split('#')[0]!));
  await payer.goto(link!);
  await expect(payer).toHaveURL(/\/pay$/);
  await expect(payer.getByRole('heading', { level: 1, name: 'Building levy' })).toBeVisible();
  await expect(
    payer.getByText(/^Kia ora Aroha Ngata, you have been asked to pay this invoice\. This link works until/),
  ).toBeVisible();
  await expect(payer.getByText(street, { exact: false }).first()).toBeVisible();
  await expect(payer.getByRole('button', { name: 'Invite a payer' })).toHaveCount(0);
  await expectNoAxeViolations(payer, 'Payer: the invoice from the link');
  const total = `$${(426.5 + levy.surchargeAmount).toFixed(2)}`;
  await payer.getByRole('button', { name: `Pay ${total} by card on the payment page` }).click();
  await expect(payer.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await payer.getByLabel(/^4111111111111111/).check();
  await payer.getByRole('button', { name: 'Pay now' }).click();
  await expect(payer.getByText('Payment approved')).toBeVisible({ timeout: 20_000 });
  const receipt = payer.locator('.payment-receipt');
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible({ timeout: 20_000 });
  await expect(receipt).toContainText(total);
  await expectNoAxeViolations(payer, 'Payer: paid, the receipt');
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((url) => url.includes(secret!))).toEqual([]);

  // The link again: the receipt only, nothing to pay.
  await payer.goto(link!);
  await expect(payer.getByText('This invoice has been paid. Thank you.')).toBeVisible();
  await expect(payer.getByRole('button', { name: /by card/ })).toHaveCount(0);
  await payerContext.close();

  // The applicant sees it paid, and the request closed.
  await expect(async () => {
    await page.reload();
    // The payer paid by card: the invitation closed, said as what happened (docs/payments.md).
    await expect(page.getByRole('table', { name: 'Someone else pays' })).toContainText(
      'Invitation closed — paid by card',
      { timeout: 8_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.payment-receipt')).toContainText(total);
  await expect(page.getByRole('button', { name: 'Invite a payer' })).toBeDisabled();
});
