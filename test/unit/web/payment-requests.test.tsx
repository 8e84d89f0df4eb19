// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import PayerPage, { PAYER_LINK_KEY } from '../../../web/src/features/payments/PayerPage';
import { InvitePayer } from '../../../web/src/features/payments/InvitePayer';
import { paymentRequestMessages } from '../../../shared/domain/payment-requests';
import type { PayerView, PaymentRequestDto } from '../../../shared/schemas/payment-requests';
import type { PaymentDto } from '../../../shared/schemas/payments';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const invoice: PaymentDto = {
  id: 'p1',
  paymentId: 'p1',
  guid: 'p1',
  applicationId: '55',
  description: 'Building levy',
  displayOrder: 1,
  reference: 'INV-2001',
  status: 'AwaitingPayment',
  baseAmount: 426.5,
  surchargeAmount: 8.1,
  currency: 'NZD',
  issuedDate: '2026-11-20T00:00:00.000Z',
  paymentOptions: [
    { type: 'Gateway', displayName: 'Pay by card', surchargeFlag: true },
    {
      type: 'Deposit',
      displayName: 'Direct deposit',
      bankName: 'ANZ',
      accountName: 'Wellington City Council',
      accountNumber: '01-0505-0123456-00',
      paymentInstruction: 'Quote the invoice reference.',
    },
  ],
  transactions: [],
};
const view = (over: Partial<PayerView> = {}): PayerView => ({
  payerName: 'Aroha Ngata',
  expiresAt: '2026-12-04T00:00:00.000Z',
  status: 'Open',
  applicationId: '55',
  applicationNumber: 'BLD-55',
  address: '12 Tinakori Road, Wellington 6011',
  authorityName: 'Wellington City Council',
  payment: invoice,
  requestedBy: 'Mere Smith',
  ...over,
});
const request = (over: Partial<PaymentRequestDto> = {}): PaymentRequestDto => ({
  requestId: 'r1',
  paymentId: 'p1',
  payerName: 'Aroha Ngata',
  payerEmail: 'aroha@example.nz',
  status: 'Open',
  sentAt: '2026-11-20T00:00:00.000Z',
  expiresAt: '2026-12-04T00:00:00.000Z',
  ...over,
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAYER = '/public/payment-requests';
/** The mailed link: the token in the fragment (docs/payments.md). `:token?` takes the legacy form too. */
const where = { path: '/pay/:token?', url: '/pay#token=tok' };
const viewCall = { method: 'POST', anonymous: true, body: { token: 'tok' }, signal: expect.anything() };
type Call = { method?: string; body?: unknown };
const isView = (path: string, o?: Call) =>
  path === `${PAYER}/view` && (o?.body as { token?: string } | undefined)?.token === 'tok';
beforeEach(() => sessionStorage.clear());

describe("the payer's page", () => {
  it('shows only that invoice with the address and number, called without a token; pays by card', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    api.mockImplementation(async (path: string, o?: Call) => {
      if (isView(path, o)) return view();
      if (path === `${PAYER}/sessions`)
        return { result: 'Pending', message: 'Pay', sessionId: 's', payUrl: 'https://gw/p' };
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    renderPage(i18n, <PayerPage />, where);
    expect(await screen.findByRole('heading', { level: 1, name: 'Building levy' })).toBeTruthy();
    expect(
      screen.getByText('Wellington City Council · BLD-55 · 12 Tinakori Road, Wellington 6011'),
    ).toBeTruthy();
    expect(screen.getByText(/Kia ora Aroha Ngata/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith(`${PAYER}/view`, viewCall);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $434.60 by card on the payment page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://gw/p'));
    expect(api).toHaveBeenCalledWith(`${PAYER}/sessions`, {
      method: 'POST',
      anonymous: true,
      body: { token: 'tok', paymentMethod: 'Gateway' },
    });
  });

  it('takes the token from the fragment into this tab only: the address bar loses it, a reload and the gateway’s return find it', async () => {
    api.mockImplementation(async (path: string, o?: Call) => {
      if (isView(path, o)) return view();
      if (path === `${PAYER}/sessions`) return { result: 'Approved', message: 'APPROVED', sessionId: 's1' };
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    const { router } = renderPage(i18n, <PayerPage />, where);
    await screen.findByRole('heading', { level: 1, name: 'Building levy' });
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/pay', hash: '' }));
    expect(sessionStorage.getItem(PAYER_LINK_KEY)).toBe('tok');
    cleanup();
    // Back from the card gateway: /pay?sessionId= (the gateway never had the token).
    const back = renderPage(i18n, <PayerPage />, { path: where.path, url: '/pay?sessionId=s1' });
    expect(await screen.findByText('Payment approved')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(`${PAYER}/sessions`, {
      method: 'POST',
      anonymous: true,
      body: { token: 'tok', paymentMethod: 'Gateway', sessionId: 's1' },
    });
    expect(back.router.state.location.search).toBe('?sessionId=s1');
  });

  it('a link mailed before (/pay/{token}) is taken once and rewritten to /pay; no token anywhere reads as a dead link', async () => {
    api.mockImplementation(async (path: string, o?: Call) => {
      if (isView(path, o)) return view();
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    const { router } = renderPage(i18n, <PayerPage />, { path: where.path, url: '/pay/tok' });
    await screen.findByRole('heading', { level: 1, name: 'Building levy' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay'));
    expect(api).toHaveBeenCalledWith(`${PAYER}/view`, viewCall);
    cleanup();
    sessionStorage.clear();
    api.mockClear();
    renderPage(i18n, <PayerPage />, { path: where.path, url: '/pay' });
    expect(await screen.findByText(paymentRequestMessages.linkInvalid)).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("quotes the applicant's message as theirs, as plain text: nothing in it is a link or markup", async () => {
    api.mockResolvedValue(
      view({
        message: 'From the council: pay at https://evil.example\n<b>now</b> <a href="https://x">x</a>',
      }),
    );
    renderPage(i18n, <PayerPage />, where);
    const quote = await screen.findByRole('region', { name: 'Message from Mere Smith' });
    expect(within(quote).getByText('Written by the applicant, not by Wellington City Council.')).toBeTruthy();
    const text = quote.querySelector('blockquote')!;
    expect(text.textContent).toBe(
      'From the council: pay at https://evil.example\n<b>now</b> <a href="https://x">x</a>',
    );
    expect(text.querySelector('a, b')).toBeNull();
    expect(within(quote).queryByRole('link')).toBeNull();
  });

  it('claims a deposit with its date and no proof upload', async () => {
    api.mockImplementation(async (path: string, o?: Call) => {
      if (path === `${PAYER}/claim`) return view({ payment: { ...invoice, status: 'DepositPending' } });
      if (isView(path, o)) return view();
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    renderPage(i18n, <PayerPage />, where);
    fireEvent.click(await screen.findByRole('button', { name: 'I have paid $426.50 by direct deposit' }));
    expect(screen.queryByText('Proof of payment (optional)')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Date of the deposit' }), {
      target: { value: '2026/11/20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Claim the deposit' }));
    expect(
      await screen.findByText('Deposit claimed. The council will confirm it when it arrives.'),
    ).toBeTruthy();
    expect(api).toHaveBeenCalledWith(`${PAYER}/claim`, {
      method: 'POST',
      anonymous: true,
      body: { token: 'tok', paymentMethod: 'Deposit', transactionDate: '2026-11-20' },
    });
    expect(await screen.findAllByText('Deposit pending')).not.toHaveLength(0);
  });

  it('a link that no longer works says so; a paid invoice shows the receipt only', async () => {
    api.mockRejectedValue(new ServiceError('ResourceNotFound', paymentRequestMessages.linkInvalid, 404));
    renderPage(i18n, <PayerPage />, where);
    expect(await screen.findByText(paymentRequestMessages.linkInvalid)).toBeTruthy();
    cleanup();
    api.mockReset();
    api.mockResolvedValue(
      view({ status: 'Paid', payment: { ...invoice, status: 'Paid', paymentMethod: 'Council' } }),
    );
    renderPage(i18n, <PayerPage />, where);
    expect(await screen.findByText('This invoice has been paid. Thank you.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Receipt' })).toBeTruthy();
    expect(screen.queryByText('How to pay')).toBeNull();
  });
});

describe('inviting a payer', () => {
  const REQUESTS = '/user/applications/55/payments/p1/requests';

  it('checks the fields with the shared schema, sends, lists and withdraws', async () => {
    let list = [request({ requestId: 'r0', payerEmail: 'old@example.nz', status: 'Expired' })];
    api.mockImplementation(async (path: string, o?: { method?: string; body?: unknown }) => {
      if (path === REQUESTS && o?.method === 'POST') {
        const sent = request(o.body as Partial<PaymentRequestDto>);
        list = [sent, ...list];
        return sent;
      }
      if (path === REQUESTS) return list;
      if (path === `${REQUESTS}/r1` && o?.method === 'DELETE') {
        list = list.map((r) => (r.requestId === 'r1' ? { ...r, status: 'Cancelled' as const } : r));
        return undefined;
      }
      throw new ServiceError('ResourceNotFound', path, 404);
    });
    renderPage(i18n, <InvitePayer applicationId="55" paymentId="p1" canInvite />);
    const table = await screen.findByRole('table', { name: 'Someone else pays' });
    expect(within(table).getByText('Expired')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite a payer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect((await within(dialog).findAllByText('Required')).length).toBeGreaterThan(0);
    expect(api).not.toHaveBeenCalledWith(REQUESTS, expect.objectContaining({ method: 'POST' }));
    const input = (name: string) =>
      within(dialog).getByLabelText(name).querySelector('input') ?? within(dialog).getByLabelText(name);
    fireEvent.change(input("Payer's name"), { target: { value: 'Aroha Ngata' } });
    fireEvent.change(input("Payer's email"), { target: { value: 'aroha@example.nz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('A payment link has been sent to aroha@example.nz.')).toBeTruthy();
    expect(api).toHaveBeenCalledWith(REQUESTS, {
      method: 'POST',
      body: { payerName: 'Aroha Ngata', payerEmail: 'aroha@example.nz' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the request to aroha@example.nz' }));
    expect(await screen.findByText('The link sent to aroha@example.nz no longer works.')).toBeTruthy();
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
  });

  it('on a phone (390 px) each request is a card with every column, its expiry included', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= 390,
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    );
    try {
      api.mockResolvedValue([request()]);
      renderPage(i18n, <InvitePayer applicationId="55" paymentId="p1" canInvite />);
      const list = await screen.findByRole('list', { name: 'Someone else pays' });
      expect(screen.queryByRole('table')).toBeNull();
      const [card] = within(list).getAllByRole('listitem');
      for (const header of ['Payer', 'Status', 'Sent', 'Link expires', 'Actions'])
        expect(within(card!).getByText(header)).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('cannot invite without Edit or once the invoice is not awaiting payment', async () => {
    api.mockResolvedValue([request()]);
    renderPage(i18n, <InvitePayer applicationId="55" paymentId="p1" canInvite={false} />);
    await screen.findByRole('table', { name: 'Someone else pays' });
    expect((screen.getByRole('button', { name: 'Invite a payer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('after the applicant paid by card, the payer\'s row says the invitation closed, not "Paid"', async () => {
    api.mockResolvedValue([request({ status: 'Paid', closedAt: '2026-11-22T00:00:00.000Z' })]);
    renderPage(
      i18n,
      <InvitePayer applicationId="55" paymentId="p1" canInvite={false} paymentMethod="Gateway" />,
    );
    const table = await screen.findByRole('table', { name: 'Someone else pays' });
    expect(within(table).getByText('Invitation closed — paid by card')).toBeTruthy();
    expect(within(table).queryByText('Paid')).toBeNull();
  });
});
