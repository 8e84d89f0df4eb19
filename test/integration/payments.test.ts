/**
 * Payments through the API and the local card gateway (docs/payments.md): the council
 * issues invoices through its client; the applicant reads them, pays by card on the gateway's hosted
 * page (test cards: approved and notified once, notified twice, never notified, declined) and claims
 * a deposit the council confirms. The portal confirms a card payment only from the gateway's answer
 * (the notification, or the payer's return with the session token); a repeated notification changes
 * nothing; the application's flag follows.
 */
import { describe, expect, test } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import { PaymentDto, PaymentSessionResponse, PaymentsResponse } from '../../shared/schemas/payments';
import { paymentMessages } from '../../shared/domain/payments';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const wcc = councilApiClient(councilCredentials('wcc', o));

describe('payments through the API and the local gateway', { timeout: 120_000 }, () => {
  test('card (notified, twice, never, declined) and deposit, each confirmed only by the gateway or the council', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '9 Payment Parade', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    const invoice = async (description: string, baseAmount: number) =>
      (await wcc.issueInvoice(id, { description, baseAmount })).id;
    const get = async (paymentId: string) =>
      PaymentDto.parse(
        (await api('GET', `/user/applications/${id}/payments/${paymentId}`, undefined, as)).body,
      );
    const flag = async () =>
      (
        (await api('GET', `/user/applications/${id}`, undefined, as)).body as {
          application: { hasOutstandingPayments: boolean };
        }
      ).application.hasOutstandingPayments;
    const start = async (paymentId: string) => {
      const res = await api(
        'POST',
        `/user/applications/${id}/payments/${paymentId}/sessions`,
        { paymentMethod: 'Gateway' },
        as,
      );
      expect(res.status).toBe(200);
      return PaymentSessionResponse.parse(res.body);
    };
    /** The payer on the gateway's hosted page. */
    const pay = async (payUrl: string, card: string) => {
      const res = await fetch(payUrl, {
        method: 'POST',
        body: new URLSearchParams({ card }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      return res.headers.get('location')!;
    };

    // ---- Invoices issued: the surcharge computed, the options of Wellington's reference data ----
    const levy = await invoice('Building levy', 312.6);
    const list = PaymentsResponse.parse(
      (await api('GET', `/user/applications/${id}/payments`, undefined, as)).body,
    );
    expect(list[0]).toMatchObject({
      id: levy,
      status: 'AwaitingPayment',
      baseAmount: 312.6,
      surchargeAmount: 5.94,
    });
    expect(list[0]!.paymentOptions.map((p) => p.type)).toEqual(['Gateway', 'Deposit', 'Council']);
    expect(await flag()).toBe(true);

    // ---- Approved, notified once: Paid without the browser saying anything ----
    const first = await start(levy);
    expect(first).toMatchObject({
      result: 'Pending',
      payUrl: `${String(o.PaymentGatewayUrl)}/pay/${first.sessionId}`,
    });
    const back = await pay(first.payUrl!, '4111111111111111');
    expect(back).toContain(`/application-details/${id}/payment-details/${levy}?sessionId=${first.sessionId}`);
    const paid = await waitFor('the notification to settle it', async () => {
      const p = await get(levy);
      return p.status === 'Paid' && p;
    });
    expect(paid.transactions).toEqual([
      expect.objectContaining({
        paymentMethod: 'Gateway',
        result: 'Approved',
        amount: 318.54,
        surchargePaid: 5.94,
      }),
    ]);
    // The payer's return asks again: the same answer, nothing more.
    const returned = await api(
      'POST',
      `/user/applications/${id}/payments/${levy}/sessions`,
      { paymentMethod: 'Gateway', token: first.sessionId },
      as,
    );
    expect(returned.body).toMatchObject({ result: 'Approved', message: 'APPROVED' });
    expect((await get(levy)).transactions).toHaveLength(1);
    expect(await flag()).toBe(false);
    // A paid invoice takes no new session.
    const again = await api(
      'POST',
      `/user/applications/${id}/payments/${levy}/sessions`,
      { paymentMethod: 'Gateway' },
      as,
    );
    expect(again.status).toBe(409);

    // ---- Notified twice: one transaction ----
    const fee = await invoice('Lodgement fee', 450);
    const twice = await start(fee);
    await pay(twice.payUrl!, '4000000000000259');
    await waitFor('the notification', async () => (await get(fee)).status === 'Paid');
    // Both notifications handled (the second answers from the settled session).
    const notifyAgain = await fetch(`${o.ApiUrl}/public/payments/notifications?sessionId=${twice.sessionId}`);
    expect(notifyAgain.status).toBe(204);
    expect((await get(fee)).transactions).toHaveLength(1);

    // ---- Declined and error: transactions, still awaiting; never notified: the payer's return settles it ----
    const inspection = await invoice('Inspection fees', 185);
    const declinedSession = await start(inspection);
    await pay(declinedSession.payUrl!, '4000000000000002');
    const declined = await api(
      'POST',
      `/user/applications/${id}/payments/${inspection}/sessions`,
      { paymentMethod: 'Gateway', token: declinedSession.sessionId },
      as,
    );
    expect(declined.body).toMatchObject({ result: 'Declined', message: 'DECLINED' });
    expect((await get(inspection)).status).toBe('AwaitingPayment');
    // An error at the bank: a transaction with the gateway's result, still awaiting.
    const errorSession = await start(inspection);
    await pay(errorSession.payUrl!, '4000000000000119');
    const errored = await api(
      'POST',
      `/user/applications/${id}/payments/${inspection}/sessions`,
      { paymentMethod: 'Gateway', token: errorSession.sessionId },
      as,
    );
    expect(errored.body).toMatchObject({ result: 'Error' });
    expect((await get(inspection)).status).toBe('AwaitingPayment');
    const never = await start(inspection);
    await pay(never.payUrl!, '4000000000000333');
    expect((await get(inspection)).status).toBe('AwaitingPayment');
    const settled = await api(
      'POST',
      `/user/applications/${id}/payments/${inspection}/sessions`,
      { paymentMethod: 'Gateway', token: never.sessionId },
      as,
    );
    expect(settled.body).toMatchObject({ result: 'Approved' });
    expect((await get(inspection)).transactions.map((t) => t.result)).toEqual([
      'Declined',
      'Error',
      'Approved',
    ]);

    // ---- A deposit claimed, then confirmed by the council ----
    const cert = await invoice('Code compliance certificate fee', 250);
    const claim = await api(
      'PATCH',
      `/user/applications/${id}/payments/${cert}`,
      { paymentMethod: 'Deposit', transactionDate: '2026-11-20' },
      as,
    );
    expect(claim).toMatchObject({ status: 200, body: { status: 'DepositPending' } });
    const bad = await api(
      'PATCH',
      `/user/applications/${id}/payments/${cert}`,
      { paymentMethod: 'Deposit' },
      as,
    );
    expect(bad.status).toBe(400);
    expect((await wcc.depositDecision(id, cert, { decision: 'Confirmed' })).status).toBe('Paid');
    expect((await wcc.payments(id)).map((p) => p.status)).toEqual(['Paid', 'Paid', 'Paid', 'Paid']);
    expect(await flag()).toBe(false);

    // ---- The council's feed has each card payment received and the deposit claimed ----
    const { entities } = await import('../../functions/platform/data/service');
    const feed = await entities.councilFeedEntry.query
      .byAuthority({ authorityId: 'wcc' })
      .go({ pages: 'all' });
    const mine = feed.data.filter((e) => e.applicationId === id).map((e) => e.type);
    expect(mine.filter((t) => t === 'PaymentReceived')).toHaveLength(3);
    expect(mine.filter((t) => t === 'DepositClaimed')).toHaveLength(1);
  });

  test('one open card session per invoice: two starts, both hosted pages paid, one charge (docs/payments.md)', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '12 Twice Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    const paymentId = (await wcc.issueInvoice(id, { description: 'Building levy', baseAmount: 99 })).id;
    const sessions = `/user/applications/${id}/payments/${paymentId}/sessions`;
    const start = async () => api('POST', sessions, { paymentMethod: 'Gateway' }, as);
    // Two tabs: two starts before either is paid.
    const a = (await start()).body as PaymentSessionResponse;
    const b = (await start()).body as PaymentSessionResponse;
    // Both pages paid with a card whose notification never comes, then both returns.
    for (const s of [a, b])
      if (s?.payUrl)
        await fetch(s.payUrl, {
          method: 'POST',
          body: new URLSearchParams({ card: '4000000000000333' }),
          redirect: 'manual',
        });
    for (const s of [a, b])
      if (s?.sessionId) await api('POST', sessions, { paymentMethod: 'Gateway', token: s.sessionId }, as);
    const paid = PaymentDto.parse(
      (await api('GET', `/user/applications/${id}/payments/${paymentId}`, undefined, as)).body,
    );
    expect(paid.status).toBe('Paid');
    expect(paid.transactions.filter((t) => t.result === 'Approved')).toHaveLength(1);
    // And a third start: the invoice is paid.
    expect((await start()).status).toBe(409);
  });

  test('a payment that does not match its invoice (amount, reference) is not settled (docs/payments.md)', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '13 Mismatch Mews', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    const paymentId = (await wcc.issueInvoice(id, { description: 'Building levy', baseAmount: 120 })).id;
    const sessions = `/user/applications/${id}/payments/${paymentId}/sessions`;
    for (const card of ['4000000000000507', '4000000000000515']) {
      const started = PaymentSessionResponse.parse(
        (await api('POST', sessions, { paymentMethod: 'Gateway' }, as)).body,
      );
      await fetch(started.payUrl!, {
        method: 'POST',
        body: new URLSearchParams({ card }),
        redirect: 'manual',
      });
      const back = await api('POST', sessions, { paymentMethod: 'Gateway', token: started.sessionId }, as);
      expect(back.body, card).toEqual({
        result: 'Error',
        message: paymentMessages.sessionMismatch,
        sessionId: started.sessionId,
      });
      const invoice = PaymentDto.parse(
        (await api('GET', `/user/applications/${id}/payments/${paymentId}`, undefined, as)).body,
      );
      expect(invoice).toMatchObject({ status: 'AwaitingPayment', transactions: [] });
    }
    // The notifications came too; still nothing paid, and the invoice takes a new session.
    const again = await api('POST', sessions, { paymentMethod: 'Gateway' }, as);
    expect(again.body).toMatchObject({ result: 'Pending' });
  });
});
