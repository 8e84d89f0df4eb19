/**
 * Invite to pay through the API, the local card gateway and the local scheduler (docs/payments.md "Invite to pay"): the applicant sends an invoice to a payer; the mail carries the
 * link; the payer sees that invoice, pays by card on the gateway's page and returns with the session
 * id; the invoice is Paid, the request closes, and the link cannot pay again. Another invitation
 * gets its reminder mail from its job and, expired by its job, is a 404.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import { HandlerLoader } from '../../infra/local/handlers';
import { createScheduler, type StoredSchedule } from '../../infra/local/scheduler';
import { PaymentSessionResponse } from '../../shared/schemas/payments';
import { PayerView, PaymentRequestDto, PaymentRequestsResponse } from '../../shared/schemas/payment-requests';
import { paymentRequestMessages as msg } from '../../shared/domain/payment-requests';
import { outputsPath, readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, waitForMail } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { waitFor } from '../support/wait';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const wcc = councilApiClient(councilCredentials('wcc', o));
const schedulesFile = path.join(path.dirname(outputsPath()), 'schedules.json');
const stackSchedules = (): StoredSchedule[] =>
  existsSync(schedulesFile) ? (JSON.parse(readFileSync(schedulesFile, 'utf8')) as StoredSchedule[]) : [];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'pay-requests-'));

afterAll(() => {
  vi.useRealTimers();
  rmSync(tmp, { recursive: true, force: true });
});

describe('invite to pay', { timeout: 180_000 }, () => {
  test('invited → the mail has the link → the view → paid by card → the request Paid, the link cannot pay again; another expired by its job → 404', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '11 Invite Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id);
    const levy = (await wcc.issueInvoice(id, { description: 'Building levy', baseAmount: 312.6 })).id;
    const requestsUrl = (paymentId: string) => `/user/applications/${id}/payments/${paymentId}/requests`;
    const invite = async (paymentId: string, payerEmail: string) => {
      const res = await api('POST', requestsUrl(paymentId), { payerName: 'Pita Payer', payerEmail }, as);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const sent = PaymentRequestDto.parse(res.body);
      const mail = await waitForMail(payerEmail, (m) => m.subject.includes('Payment requested'), {
        outputs: o,
      });
      // The token in the link's fragment only (docs/payments.md): never a path or query string.
      const link = /\/pay#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      expect(mail.text.split(link!)).toHaveLength(2);
      return { sent, mail, link: link! };
    };
    /** The payer's calls: the link's token in the POST body. */
    const payer = (link: string, call = 'view', body: object = {}) =>
      api('POST', `/public/payment-requests/${call}`, { token: link, ...body }, { outputs: o });

    // ---- Invited: the mail names the site, the number, the invoice, the amount and the link ----
    const payerEmail = `payer-${randomUUID()}@demo.consent.nz`;
    const { sent, mail, link } = await invite(levy, payerEmail);
    expect(sent).toMatchObject({ paymentId: levy, payerEmail, status: 'Open' });
    for (const part of ['11 Invite Terrace', 'Building levy', '$312.60 plus a card surcharge of $5.94'])
      expect(mail.text).toContain(part);

    // ---- The payer's view: that invoice only; a wrong token 404 ----
    const view = await payer(link);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const seen = PayerView.parse(view.body);
    expect(seen).toMatchObject({
      status: 'Open',
      applicationId: id,
      authorityName: 'Wellington City Council',
    });
    expect(seen.address).toContain('11 Invite Terrace');
    expect(seen.payment).toMatchObject({ paymentId: levy, baseAmount: 312.6, status: 'AwaitingPayment' });
    const wrong = await payer(`${link.slice(0, -2)}xx`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toMatchObject({ message: msg.linkInvalid });
    // No proof document from a payer without an account.
    const proof = await payer(link, 'claim', {
      paymentMethod: 'Deposit',
      transactionDate: '2026-01-05',
      proofDocumentName: 'proof.pdf',
    });
    expect(proof.status).toBe(400);

    // ---- Paid by card on the gateway's page, back to the link's page with the session id ----
    const started = await payer(link, 'sessions', { paymentMethod: 'Gateway' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = PaymentSessionResponse.parse(started.body);
    const paid = await fetch(session.payUrl!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4111111111111111' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The gateway was given the payer's page without the link's token; it appends the session id.
    expect(paid.headers.get('location')).toMatch(new RegExp(`/pay\\?sessionId=${session.sessionId}$`));
    expect(paid.headers.get('location')).not.toContain(link);
    const returned = await payer(link, 'sessions', {
      paymentMethod: 'Gateway',
      sessionId: session.sessionId,
    });
    expect(returned.body).toMatchObject({ result: 'Approved' });
    const receipt = PayerView.parse((await payer(link)).body);
    expect(receipt).toMatchObject({ status: 'Paid', payment: { status: 'Paid' } });

    // ---- The request closes (the consumer); the link shows the receipt but cannot pay again ----
    await waitFor('the request to close', async () => {
      const list = PaymentRequestsResponse.parse((await api('GET', requestsUrl(levy), undefined, as)).body);
      return list[0]?.status === 'Paid';
    });
    const again = await payer(link, 'sessions', { paymentMethod: 'Gateway' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: msg.alreadyPaid });
    const claim = await payer(link, 'claim', { paymentMethod: 'Deposit', transactionDate: '2026-01-05' });
    expect(claim.status).toBe(409);
    expect((await payer(link)).status).toBe(200);
    // And the applicant cannot invite a payer for a paid invoice.
    const late = await api('POST', requestsUrl(levy), { payerName: 'Late', payerEmail: 'late@x.nz' }, as);
    expect(late.status).toBe(409);

    // ---- Another invitation, expired by its job at expiresAt: 404 ----
    const fee = (await wcc.issueInvoice(id, { description: 'Lodgement fee', baseAmount: 450 })).id;
    const other = await invite(fee, `payer2-${randomUUID()}@demo.consent.nz`);
    expect((await payer(other.link)).status).toBe(200);
    const jobOf = (kind: string) =>
      stackSchedules().find(
        (s) =>
          (s.payload as { requestId?: string }).requestId === other.sent.requestId &&
          (s.payload as { job?: string }).job === kind,
      );
    const scheduler = createScheduler({
      file: path.join(tmp, 'schedules.json'),
      handlers: new HandlerLoader(path.resolve(import.meta.dirname, '../../functions')),
      log: (m) => console.error(m),
    });
    /** Fires a job in this process as the local scheduler does, with the clock at its time. */
    const fire = async (job: StoredSchedule) => {
      await scheduler.schedule(job);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(Date.parse(job.at) + 1000));
      try {
        expect(await scheduler.fireDue()).toEqual([job.name]);
      } finally {
        vi.useRealTimers();
      }
    };
    // The reminder, 3 days before: a mail to the payer (this process mails to the stack's outbox).
    Object.assign(process.env, {
      MAIL_TRANSPORT: 'outbox',
      MAIL_FROM: 'no-reply@demo.consent.nz',
      MAIL_OUTBOX_DIR: String(o.MailOutboxDir),
    });
    // The schedules are the consumer's (payments.requestSchedules): they may follow the mail.
    const reminder = await waitFor('the reminder job', () => jobOf('payment-request-reminder'));
    expect(Date.parse(reminder!.at)).toBe(Date.parse(other.sent.expiresAt) - 3 * 86_400_000);
    await fire(reminder!);
    await waitForMail(other.sent.payerEmail, (m) => m.subject.startsWith('Reminder: '), { outputs: o });
    const job = await waitFor('the expiry job', () => jobOf('payment-request-expiry'));
    expect(job).toMatchObject({ at: other.sent.expiresAt, payload: { target: 'payments/scheduled' } });
    await fire(job!);
    const expired = await payer(other.link);
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ message: msg.linkInvalid });
    const list = PaymentRequestsResponse.parse((await api('GET', requestsUrl(fee), undefined, as)).body);
    expect(list[0]).toMatchObject({ requestId: other.sent.requestId, status: 'Expired' });
  });
});
