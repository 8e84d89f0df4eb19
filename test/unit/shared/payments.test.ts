import { describe, expect, it } from 'vitest';
import {
  amountDueCents,
  cardSurchargeCents,
  claimDateProblem,
  formatNzd,
  fromCents,
  hasOutstandingPayments,
  paymentMessages,
  paymentStatuses,
  paymentTransition,
  toCents,
  type PaymentAction,
  type PaymentStatus,
} from '../../../shared/domain/payments.js';
import {
  Amount,
  AuthorityPaymentOptions,
  ClaimPayment,
  IssueInvoice,
  PaymentOptionsReference,
} from '../../../shared/schemas/payments.js';

describe('money in cents', () => {
  it('dollars to cents without float error', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('7')).toBe(700);
    expect(toCents('-2.50')).toBe(-250);
  });
  it('refuses fractions of a cent and text that is not an amount', () => {
    for (const bad of ['1.005', '1,000', 'ten', '', '1e3', 1.005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(toCents(bad)).toBeUndefined();
  });
  it('cents to dollars and NZD text', () => {
    expect(fromCents(123456)).toBe(1234.56);
    expect(formatNzd(123456)).toBe('$1,234.56');
    expect(formatNzd(5)).toBe('$0.05');
  });
});

describe('card surcharge', () => {
  it('percent of the base, rounded half up to the cent', () => {
    // 1.9 % of $123.45 = 234.555 cents → 235.
    expect(cardSurchargeCents(12345, { percent: 1.9 })).toBe(235);
    // 2 % of $10.25 = 20.5 cents → 21.
    expect(cardSurchargeCents(1025, { percent: 2 })).toBe(21);
    // 2 % of $10.24 = 20.48 cents → 20.
    expect(cardSurchargeCents(1024, { percent: 2 })).toBe(20);
  });
  it('with a fixed part and a cap', () => {
    expect(cardSurchargeCents(10000, { percent: 1.5, fixedCents: 30 })).toBe(180);
    expect(cardSurchargeCents(10_000_00, { percent: 2, capCents: 5000 })).toBe(5000);
  });
  it('none without a rule, on a zero base, or at 0 %', () => {
    expect(cardSurchargeCents(10000, undefined)).toBe(0);
    expect(cardSurchargeCents(0, { percent: 2 })).toBe(0);
    expect(cardSurchargeCents(10000, { percent: 0 })).toBe(0);
  });
  it('only a card pays it', () => {
    const rule = { percent: 2 };
    expect(amountDueCents(10000, 'Gateway', rule)).toBe(10200);
    expect(amountDueCents(10000, 'Deposit', rule)).toBe(10000);
    expect(amountDueCents(10000, 'Council', rule)).toBe(10000);
  });
});

describe('status transitions: every action from every status', () => {
  const expected: Record<PaymentAction, Partial<Record<PaymentStatus, PaymentStatus>>> = {
    cardApproved: { AwaitingPayment: 'Paid' },
    claimDeposit: { AwaitingPayment: 'DepositPending' },
    confirmDeposit: { DepositPending: 'Paid' },
    rejectDeposit: { DepositPending: 'AwaitingPayment' },
    markPaidAtCouncil: { AwaitingPayment: 'Paid', DepositPending: 'Paid' },
    startCardSession: { AwaitingPayment: 'AwaitingPayment' },
  };
  const reasons: Record<PaymentStatus, string> = {
    Paid: paymentMessages.alreadyPaid,
    DepositPending: paymentMessages.claimPending,
    AwaitingPayment: paymentMessages.notClaimed,
  };
  for (const action of Object.keys(expected) as PaymentAction[])
    for (const from of paymentStatuses) {
      const to = expected[action][from];
      it(`${action} from ${from} → ${to ?? `refused: ${reasons[from]}`}`, () => {
        expect(paymentTransition(from, action)).toEqual(
          to ? { ok: true, status: to } : { ok: false, reason: reasons[from] },
        );
      });
    }
});

describe('outstanding and claims', () => {
  it('outstanding while any invoice awaits payment; a pending claim is not', () => {
    expect(hasOutstandingPayments([])).toBe(false);
    expect(hasOutstandingPayments([{ status: 'Paid' }, { status: 'DepositPending' }])).toBe(false);
    expect(hasOutstandingPayments([{ status: 'Paid' }, { status: 'AwaitingPayment' }])).toBe(true);
  });
  it('a deposit is claimed for today or earlier', () => {
    expect(claimDateProblem('2026-11-27', '2026-11-27')).toBeUndefined();
    expect(claimDateProblem('2026-11-20', '2026-11-27')).toBeUndefined();
    expect(claimDateProblem('2026-11-28', '2026-11-27')).toBe(paymentMessages.transactionDateFuture);
    // Part of a date, or one that is no day, is the spec's 'Invalid date' (not "before today").
    for (const v of ['2026-11', '2026-02-30', '2026-11-20T10:00'])
      expect(claimDateProblem(v, '2026-11-27')).toBe('Invalid date');
  });
});

describe('the payment schemas', () => {
  it('an amount has at most two decimals and is positive', () => {
    expect(Amount.safeParse(1234.5).success).toBe(true);
    expect(Amount.safeParse(0.01).success).toBe(true);
    for (const bad of [0, -5, 1.005, 10_000_000]) expect(Amount.safeParse(bad).success).toBe(false);
  });
  it('a deposit claim: the method, a date, an optional proof; nothing else', () => {
    expect(ClaimPayment.parse({ paymentMethod: 'Deposit', transactionDate: '2026-11-20' })).toEqual({
      paymentMethod: 'Deposit',
      transactionDate: '2026-11-20',
    });
    expect(ClaimPayment.safeParse({ paymentMethod: 'Gateway', transactionDate: '2026-11-20' }).success).toBe(
      false,
    );
    expect(ClaimPayment.safeParse({ paymentMethod: 'Deposit', transactionDate: '20/11/2026' }).success).toBe(
      false,
    );
    expect(
      ClaimPayment.safeParse({ paymentMethod: 'Deposit', transactionDate: '2026-11-20', status: 'Paid' })
        .success,
    ).toBe(false);
  });
  it('an invoice names a description and an amount; its options are of the three types', () => {
    expect(IssueInvoice.parse({ description: 'Building levy', baseAmount: 312.6 })).toEqual({
      description: 'Building levy',
      baseAmount: 312.6,
    });
    expect(IssueInvoice.safeParse({ description: ' ', baseAmount: 1 }).success).toBe(false);
    expect(
      IssueInvoice.safeParse({ description: 'x', baseAmount: 1, paymentOptions: ['Cash'] }).success,
    ).toBe(false);
  });
  it("an authority's deposit account is an NZ bank account number", () => {
    const deposit = {
      displayName: 'Direct deposit',
      bankName: 'ANZ',
      accountName: 'Wellington City Council',
      accountNumber: '01-902-0068389-00',
      paymentInstruction: 'Use the invoice reference',
    };
    // Kept in the portal's form (the branch padded to 4 digits).
    expect(AuthorityPaymentOptions.parse({ deposit }).deposit?.accountNumber).toBe('01-0902-0068389-00');
    // A placeholder parses (a test stage may have one; a prod-like synth refuses it).
    expect(
      AuthorityPaymentOptions.parse({ deposit: { ...deposit, accountNumber: '00-0000-0000003-00' } }).deposit
        ?.accountNumber,
    ).toBe('00-0000-0000003-00');
  });

  it('refuses a deposit account that is not a valid NZ account, naming the field and the reason', () => {
    const deposit = {
      displayName: 'Direct deposit',
      bankName: 'ANZ',
      accountName: 'Wellington City Council',
      paymentInstruction: 'Use the invoice reference',
    };
    const refusal = (accountNumber: string) => {
      const r = PaymentOptionsReference.safeParse({ wcc: { deposit: { ...deposit, accountNumber } } });
      return r.success
        ? undefined
        : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    };
    const path = 'wcc.deposit.accountNumber';
    expect(refusal('01-902-0068388-00')).toEqual([
      {
        path,
        message: 'The check digits do not match (algorithm A): not an account of bank 01; check each digit',
      },
    ]);
    expect(refusal('07-0001-0000001-00')).toEqual([
      { path, message: 'Bank 07 is not a New Zealand bank number' },
    ]);
    expect(refusal('01-9999-0068389-00')).toEqual([
      { path, message: 'Branch 9999 is not a branch of bank 01' },
    ]);
    expect(refusal('123')).toEqual([
      { path, message: 'Write it as bank-branch-account-suffix, e.g. 12-3456-7890123-00' },
    ]);
  });
});

describe('the payment options reference', () => {
  it('parses, and names exactly the authorities that take payments', async () => {
    const { PaymentOptionsReference } = await import('../../../shared/schemas/payments.js');
    const options = PaymentOptionsReference.parse(
      (await import('../../../shared/reference/payment-options.json')).default,
    );
    const authorities = (await import('../../../shared/reference/authorities.json')).default as {
      id: string;
      paymentsEnabled: boolean;
    }[];
    expect(Object.keys(options).sort()).toEqual(
      authorities
        .filter((a) => a.paymentsEnabled)
        .map((a) => a.id)
        .sort(),
    );
  });
});

describe("an invitation to pay as the applicant's list says it (docs/payments.md)", () => {
  it('a closed request says the invitation closed and how the invoice was paid', async () => {
    const { requestStatusText } = await import('../../../shared/domain/payment-requests.js');
    expect(requestStatusText('Paid', { paymentMethod: 'Gateway' })).toBe('Invitation closed — paid by card');
    expect(requestStatusText('Paid', { paymentMethod: 'Deposit' })).toBe(
      'Invitation closed — paid by direct deposit',
    );
    expect(requestStatusText('Paid', { paymentMethod: 'Council' })).toBe('Invitation closed — invoice paid');
    expect(requestStatusText('Paid', {})).toBe('Invitation closed — invoice paid');
    expect(requestStatusText('Open', {})).toBe('Waiting for payment');
    expect(requestStatusText('Cancelled', {})).toBe('Withdrawn');
    expect(requestStatusText('Expired', {})).toBe('Expired');
  });
});
