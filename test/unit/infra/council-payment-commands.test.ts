/**
 * The simulator's payments commands (infra/council/commands/payments.ts): each command line makes the
 * body the API's schema accepts, a mistyped one fails before anything is sent, and `payments` prints
 * the invoices as a table in dollars.
 */
import { describe, expect, test } from 'vitest';
import { parseCouncilArgs, usage } from '../../../infra/council/cli';
import { councilCommands } from '../../../infra/council/commands/index';
import {
  parseDepositConfirm,
  parseDepositReject,
  parseInvoice,
  parsePaidAtCouncil,
  paymentRows,
} from '../../../infra/council/commands/payments';
import type { CommandContext } from '../../../infra/council/commands/types';
import type { PaymentDto } from '../../../shared/schemas/payments';

const noTarget: CommandContext = {
  outputs: {},
  outputsFile: 'none.json',
  target: () => {
    throw new Error('no API call expected');
  },
};
const command = (name: string) => councilCommands.find((c) => c.name === name)!;

const run = (argv: string[]) => {
  const parsed = parseCouncilArgs(argv);
  if (parsed.kind !== 'run') throw new Error('not a command');
  return parsed;
};

describe('invoice', () => {
  test('an invoice with its due date, reference, options and key', () => {
    const { positionals, values } = run([
      'invoice',
      'wcc',
      '1001',
      '--description',
      'Building consent processing fee',
      '--amount',
      '$2,480.50',
      '--due',
      '2026-12-18',
      '--reference',
      'INV-20431',
      '--options',
      'gateway, Deposit',
      '--idempotency-key',
      'inv-1',
    ]);
    expect(parseInvoice(positionals, values)).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      idempotencyKey: 'inv-1',
      body: {
        description: 'Building consent processing fee',
        baseAmount: 2480.5,
        dueDate: '2026-12-18',
        reference: 'INV-20431',
        paymentOptions: ['Gateway', 'Deposit'],
      },
    });
  });

  test("only the description and amount: the authority's every option, no due date", () => {
    const { positionals, values } = run([
      'invoice',
      'wcc',
      '1001',
      '--description',
      'Fee',
      '--amount',
      '1265',
    ]);
    expect(parseInvoice(positionals, values).body).toEqual({ description: 'Fee', baseAmount: 1265 });
  });

  test.each([
    [['--amount', '10'], /--description is required/],
    [['--description', 'Fee'], /--amount is required/],
    [['--description', 'Fee', '--amount', '12.345'], /at most two decimals/],
    [['--description', 'Fee', '--amount', '0'], /--amount is dollars/],
    [['--description', 'Fee', '--amount', 'ten'], /--amount is dollars/],
    [['--description', 'Fee', '--amount', '10', '--options', 'Cash'], /--options is a list of Gateway/],
    [['--description', 'Fee', '--amount', '10', '--due', '18/12/2026'], /dueDate/],
    [['--description', '  ', '--amount', '10'], /description/],
  ])('%j is refused before any call', async (args, message) => {
    const { positionals, values } = run(['invoice', 'wcc', '1001', ...args]);
    expect(() => parseInvoice(positionals, values)).toThrow(message);
    await expect(command('invoice').run({ positionals, values, ctx: noTarget })).rejects.toThrow(message);
  });

  test('needs the authority and the application', () => {
    expect(() => parseCouncilArgs(['invoice', 'wcc'])).toThrow('invoice needs <authority> <applicationId>');
  });
});

describe('deposit-confirm, deposit-reject, paid-at-council', () => {
  test('a confirmation, with the date it arrived or without', () => {
    const a = run(['deposit-confirm', 'wcc', '1001', 'pay-1', '--date', '2026-11-24']);
    expect(parseDepositConfirm(a.positionals, a.values)).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      paymentId: 'pay-1',
      body: { decision: 'Confirmed', date: '2026-11-24' },
    });
    const b = run(['deposit-confirm', 'wcc', '1001', 'pay-1']);
    expect(parseDepositConfirm(b.positionals, b.values).body).toEqual({ decision: 'Confirmed' });
  });

  test('a rejection needs its reason', () => {
    const a = run(['deposit-reject', 'wcc', '1001', 'pay-1', '--reason', 'Not received in our account']);
    expect(parseDepositReject(a.positionals, a.values).body).toEqual({
      decision: 'Rejected',
      reason: 'Not received in our account',
    });
    const b = run(['deposit-reject', 'wcc', '1001', 'pay-1']);
    expect(() => parseDepositReject(b.positionals, b.values)).toThrow(/--reason is required/);
  });

  test('paid at the council, with its receipt reference', () => {
    const a = run(['paid-at-council', 'wcc', '1001', 'pay-1', '--reference', 'RCPT-0042']);
    expect(parsePaidAtCouncil(a.positionals, a.values)).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      paymentId: 'pay-1',
      body: { reference: 'RCPT-0042' },
    });
    const b = run(['paid-at-council', 'wcc', '1001', 'pay-1', '--date', 'today']);
    expect(() => parsePaidAtCouncil(b.positionals, b.values)).toThrow(/date/);
  });

  test('each needs the invoice', () => {
    for (const name of ['deposit-confirm', 'deposit-reject', 'paid-at-council'])
      expect(() => parseCouncilArgs([name, 'wcc', '1001'])).toThrow(
        `${name} needs <authority> <applicationId> <paymentId>`,
      );
  });
});

const payment = (over: Partial<PaymentDto>): PaymentDto => ({
  id: 'pay-1',
  paymentId: 'pay-1',
  guid: 'pay-1',
  applicationId: '1001',
  description: 'Building consent lodgement fee',
  displayOrder: 1,
  reference: 'BLD-2026-00001-1',
  status: 'AwaitingPayment',
  baseAmount: 1265,
  surchargeAmount: 24.04,
  currency: 'NZD',
  issuedDate: '2026-11-20T01:00:00.000Z',
  paymentOptions: [],
  transactions: [],
  ...over,
});

describe('payments', () => {
  test('a table in the order issued, in dollars', () => {
    const lines = paymentRows([
      payment({
        id: 'pay-2',
        paymentId: 'pay-2',
        displayOrder: 2,
        description: 'Building consent processing fee',
        baseAmount: 2480.5,
        surchargeAmount: 0,
        dueDate: '2026-12-18',
      }),
      payment({
        status: 'Paid',
        paymentMethod: 'Council',
        transactions: [
          {
            transactionId: 't-1',
            transactionDate: '2026-11-21',
            paymentMethod: 'Council',
            result: 'Approved',
            amount: 1265,
            surchargePaid: 0,
          },
        ],
      }),
    ]);
    expect(lines[0]).toMatch(
      /^ID\s+DESCRIPTION\s+AMOUNT\s+SURCHARGE\s+STATUS\s+DUE\s+METHOD\s+TRANSACTIONS$/,
    );
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/))).toEqual([
      ['pay-1', 'Building consent lodgement fee', '$1,265.00', '$24.04', 'Paid', '-', 'Council', '1'],
      [
        'pay-2',
        'Building consent processing fee',
        '$2,480.50',
        '$0.00',
        'AwaitingPayment',
        '2026-12-18',
        '-',
        '0',
      ],
    ]);
    expect(paymentRows([])).toEqual(['no invoices']);
  });

  test('the five commands are in the help', () => {
    for (const name of ['invoice', 'payments', 'deposit-confirm', 'deposit-reject', 'paid-at-council'])
      expect(usage()).toContain(command(name).usage);
  });
});
