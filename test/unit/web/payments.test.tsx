// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import PaymentsSection from '../../../web/src/features/payments/PaymentsSection';
import PaymentDetailsPage from '../../../web/src/features/payments/PaymentDetailsPage';
import {
  cardTotalCents,
  depositAccountOf,
  nzToday,
  outstandingOf,
  payActions,
  receiptOf,
} from '../../../web/src/features/payments/paymentView';
import { paymentMessages } from '../../../shared/domain/payments';
import type { ApplicationDto } from '../../../shared/schemas/applications';
import type { PaymentDto } from '../../../shared/schemas/payments';
import { listItem, renderPage } from './applications-support';
import { paymentDto } from './outstanding-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const app = (accessLevel = 'Edit') =>
  ({
    ...listItem({ id: '55', status: 'InProgress', recordType: 'Consent', applicationNumber: 'BLD-55' }),
    accessLevel,
    participants: [],
    workflowStages: [],
  }) as unknown as ApplicationDto;

const gateway = { type: 'Gateway' as const, displayName: 'Pay by card', surchargeFlag: true };
const deposit = {
  type: 'Deposit' as const,
  displayName: 'Direct deposit',
  bankName: 'ANZ',
  accountName: 'Wellington City Council',
  accountNumber: '01-0505-0123456-00',
  paymentInstruction: 'Quote the invoice reference.',
};
const council = { type: 'Council' as const, displayName: 'WCC payments', link: 'https://pay.wcc.govt.nz' };

const invoice = (over: Partial<PaymentDto> = {}): PaymentDto =>
  paymentDto({ id: 'p1', reference: 'INV-1001', paymentOptions: [gateway, deposit, council], ...over });

type Handler = (path: string, options?: { method?: string; body?: unknown }) => unknown;
function serve(handlers: Record<string, unknown>, extra?: Handler) {
  api.mockImplementation(async (path: string, options?: { method?: string; body?: unknown }) => {
    const out = extra?.(path, options);
    if (out !== undefined) return out instanceof Error ? Promise.reject(out) : out;
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (key in handlers) {
      const value = handlers[key];
      if (value instanceof Error) throw value;
      return value;
    }
    throw new ServiceError('ResourceNotFound', `no stub for ${key}`, 404);
  });
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
});

describe('the payment rules of the pages', () => {
  it('a card payment adds the surcharge only when the council charges one', () => {
    expect(cardTotalCents(invoice())).toBe(31854);
    expect(cardTotalCents(invoice({ paymentOptions: [{ ...gateway, surchargeFlag: false }] }))).toBe(31260);
  });

  it('what may be done follows the shared transitions, the options offered and Edit access', () => {
    const open = payActions(invoice(), true, 'need edit');
    expect([open.card, open.deposit, open.council?.link, open.reason]).toEqual([
      true,
      true,
      'https://pay.wcc.govt.nz',
      undefined,
    ]);
    expect(payActions(invoice({ paymentOptions: [deposit] }), true, 'x').card).toBe(false);
    const readOnly = payActions(invoice(), false, 'need edit');
    expect([readOnly.card, readOnly.deposit, readOnly.reason]).toEqual([false, false, 'need edit']);
    const pending = payActions(invoice({ status: 'DepositPending' }), true, 'x');
    expect([pending.card, pending.deposit, pending.reason]).toEqual([
      false,
      false,
      paymentMessages.claimPending,
    ]);
    expect(payActions(invoice({ status: 'Paid' }), true, 'x').reason).toBe(paymentMessages.alreadyPaid);
  });

  it('sums what is outstanding and reads the receipt from the paying transaction', () => {
    expect(
      outstandingOf([
        invoice(),
        invoice({ id: 'p2', baseAmount: 1265 }),
        invoice({ status: 'DepositPending' }),
      ]),
    ).toEqual({ count: 2, totalCents: 157760 });
    expect(receiptOf(invoice())).toBeUndefined();
    const paid = invoice({
      status: 'Paid',
      paymentMethod: 'Gateway',
      paymentDate: '2026-11-21T02:00:00.000Z',
      transactions: [
        {
          transactionId: 't1',
          transactionDate: '2026-11-21T01:00:00.000Z',
          paymentMethod: 'Gateway',
          result: 'Declined',
          amount: 318.54,
          surchargePaid: 5.94,
        },
        {
          transactionId: 't2',
          transactionDate: '2026-11-21T02:00:00.000Z',
          paymentMethod: 'Gateway',
          result: 'Approved',
          amount: 318.54,
          surchargePaid: 5.94,
        },
      ],
    });
    expect(receiptOf(paid)).toMatchObject({
      method: 'Gateway',
      amountCents: 31854,
      surchargeCents: 594,
      transactionId: 't2',
    });
    expect(receiptOf(invoice({ status: 'Paid', paymentMethod: 'Council' }))).toMatchObject({
      method: 'Council',
      amountCents: 31260,
    });
  });

  it("the deposit account: the portal's form when valid, the bank's name where known (docs/payments.md)", () => {
    expect(depositAccountOf({ ...deposit, bankName: '', accountNumber: '01 902 0068389 00' })).toEqual({
      accountNumber: '01-0902-0068389-00',
      bankName: 'ANZ',
    });
    // The council's own name of its bank wins; a number that is not a valid one shows as written.
    expect(
      depositAccountOf({ ...deposit, bankName: 'ANZ Bank New Zealand', accountNumber: '01-902-0068389-00' }),
    ).toEqual({ accountNumber: '01-0902-0068389-00', bankName: 'ANZ Bank New Zealand' });
    expect(depositAccountOf({ ...deposit, bankName: '', accountNumber: ' 00-0000-0000001-00 ' })).toEqual({
      accountNumber: '00-0000-0000001-00',
      bankName: undefined,
    });
  });

  it("today is New Zealand's date", () => {
    // 2026-11-27 11:30 UTC is already the 28th in Auckland (NZDT, UTC+13).
    expect(nzToday(new Date('2026-11-27T11:30:00Z'))).toBe('2026-11-28');
  });
});

describe('the Payments section', () => {
  it('lists the invoices with amount, surcharge, due date and status, and what is owed', async () => {
    serve({
      'GET /user/applications/55/payments': [
        invoice(),
        invoice({
          id: 'p2',
          description: 'Processing fee',
          baseAmount: 1265,
          surchargeAmount: 0,
          status: 'Paid',
        }),
      ],
    });
    renderPage(i18n, <PaymentsSection app={app()} />);
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(
      within(table).getByRole('link', { name: 'Building consent lodgement fee' }).getAttribute('href'),
    ).toBe('/application-details/55/payment-details/p1');
    expect(within(table).getByText('$312.60')).toBeTruthy();
    expect(within(table).getByText('$5.94')).toBeTruthy();
    expect(within(table).getByText('Awaiting payment')).toBeTruthy();
    expect(within(table).getByText('Paid')).toBeTruthy();
    expect(screen.getByText('1 invoice awaiting payment: $312.60')).toBeTruthy();
  });

  it('none issued says so; a failed list shows the spec message', async () => {
    serve({ 'GET /user/applications/55/payments': [] });
    renderPage(i18n, <PaymentsSection app={app()} />);
    expect(
      await screen.findByText('The council has not issued any invoices for this application.'),
    ).toBeTruthy();
    cleanup();
    serve({ 'GET /user/applications/55/payments': new ServiceError('ServerError', 'boom', 500) });
    renderPage(i18n, <PaymentsSection app={app()} />);
    expect((await screen.findAllByText(paymentMessages.fetchPayments)).length).toBeGreaterThan(0);
  });
});

describe('the payment-details page', () => {
  const where = { path: '/application-details/:applicationId/payment-details/:paymentId' };
  const detail = (over?: Partial<PaymentDto>) => ({
    'GET /user/applications/55': {
      application: app(),
      requiredDocuments: [],
      requiredInspections: [],
      template: null,
    },
    'GET /user/applications/55/payments/p1': invoice(over),
    'GET /public/jurisdictions/1': { authorities: [] },
  });

  it('shows the surcharge on its own line and starts a card session on the gateway', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(detail(), (path, o) =>
      o?.method === 'POST' && path.endsWith('/sessions')
        ? {
            result: 'Pending',
            message: 'Pay on the payment page',
            sessionId: 's1',
            payUrl: 'https://gw/pay/s1',
          }
        : undefined,
    );
    renderPage(i18n, <PaymentDetailsPage />, { ...where, url: '/application-details/55/payment-details/p1' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Building consent lodgement fee' }),
    ).toBeTruthy();
    expect(screen.getByText('Card surcharge')).toBeTruthy();
    expect(screen.getAllByText('$318.54', { exact: false }).length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $318.54 by card on the payment page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gw/pay/s1'));
    expect(api).toHaveBeenCalledWith('/user/applications/55/payments/p1/sessions', {
      method: 'POST',
      body: { paymentMethod: 'Gateway' },
    });
    vi.unstubAllGlobals();
  });

  it("the deposit instructions show the council's account on one line, in the portal's form, with its bank", async () => {
    const real = { ...deposit, bankName: '', accountNumber: '01 902 0068389 00' };
    serve(detail({ paymentOptions: [real] }));
    renderPage(i18n, <PaymentDetailsPage />, { ...where, url: '/application-details/55/payment-details/p1' });
    const number = await screen.findByText('01-0902-0068389-00');
    // A Token: never broken across lines (white-space: nowrap; docs/content-guide.md).
    expect(number.closest('[data-token]')).toBeTruthy();
    expect(screen.getByText('Bank')).toBeTruthy();
    expect(screen.getByText('ANZ')).toBeTruthy();
    expect(screen.getByText('Wellington City Council')).toBeTruthy();
  });

  it('back from the gateway, it asks the server with the session and shows its answer', async () => {
    serve(detail(), (path, o) =>
      o?.method === 'POST' && path.endsWith('/sessions')
        ? { result: 'Declined', message: 'Declined: insufficient funds', sessionId: 's1' }
        : undefined,
    );
    renderPage(i18n, <PaymentDetailsPage />, {
      ...where,
      url: '/application-details/55/payment-details/p1?sessionId=s1',
    });
    expect(await screen.findByText('The payment did not go through')).toBeTruthy();
    // What happened and what to do next, with the bank's reason in words (docs/payments.md).
    expect(
      screen.getByText(
        /Your bank declined the payment and no money was taken\. .*The bank's reason: Insufficient funds\./,
      ),
    ).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/user/applications/55/payments/p1/sessions', {
      method: 'POST',
      body: { paymentMethod: 'Gateway', token: 's1' },
    });
  });

  it('a deposit claim needs its date, then is sent; a refused claim shows the spec message', async () => {
    serve(
      {
        ...detail(),
        'GET /user/applications/55/document-containers': [],
        'GET /user/applications/55/documents': [],
      },
      (path, o) =>
        o?.method === 'PATCH'
          ? new ServiceError('ClientError', paymentMessages.claimPending, 409)
          : undefined,
    );
    renderPage(i18n, <PaymentDetailsPage />, { ...where, url: '/application-details/55/payment-details/p1' });
    fireEvent.click(await screen.findByRole('button', { name: 'I have paid $312.60 by direct deposit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Claim the deposit' }));
    expect(await screen.findByText('Enter the date you made the deposit')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'PATCH' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Date of the deposit' }), {
      target: { value: '2026/11/20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Claim the deposit' }));
    expect(await screen.findByText(paymentMessages.claimFailed)).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/user/applications/55/payments/p1', {
      method: 'PATCH',
      body: { paymentMethod: 'Deposit', transactionDate: '2026-11-20' },
    });
  });

  it('a paid invoice shows its receipt and no way to pay; a failed read shows the spec message', async () => {
    serve(detail({ status: 'Paid', paymentMethod: 'Council', paymentDate: '2026-11-22T00:00:00.000Z' }));
    renderPage(i18n, <PaymentDetailsPage />, { ...where, url: '/application-details/55/payment-details/p1' });
    expect(await screen.findByRole('heading', { name: 'Receipt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(screen.queryByText('How to pay')).toBeNull();
    // The reference and the transaction are tokens: on a phone they never break (walk-through 2026-11-29).
    for (const ref of screen.getAllByText('INV-1001')) expect(ref.hasAttribute('data-token')).toBe(true);
    // "Someone else pays" says why its button is off (walk-through 2026-11-29: disabled, no reason).
    expect((screen.getByRole('button', { name: 'Invite a payer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('No one else can be invited to pay this invoice — This invoice has been paid.'),
    ).toBeTruthy();
    cleanup();
    serve({
      ...detail(),
      'GET /user/applications/55/payments/p1': new ServiceError('ServerError', 'x', 500),
    });
    renderPage(i18n, <PaymentDetailsPage />, { ...where, url: '/application-details/55/payment-details/p1' });
    expect((await screen.findAllByText(paymentMessages.fetchPayment)).length).toBeGreaterThan(0);
  });
});
