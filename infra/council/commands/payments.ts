/**
 * The simulator's payments commands (docs/council-api.md §6, docs/payments.md): `invoice`,
 * `payments`, `deposit-confirm`, `deposit-reject`, `paid-at-council`. The council's authority is the
 * first argument (`invoice wcc 1001 …`). Parsing is pure and checked with the API's own schemas
 * (shared/schemas/payments.ts) before anything is sent; the calls are the typed client's `payments`,
 * `issueInvoice`, `depositDecision` and `paidAtCouncil`. Amounts are dollars on the command line and
 * in the table, read and shown with the shared money rules (shared/domain/payments.ts).
 */
import type * as z from 'zod';
import {
  formatNzd,
  fromCents,
  paymentTypes,
  toCents,
  type PaymentType,
} from '../../../shared/domain/payments.js';
import {
  DepositDecision,
  IssueInvoice,
  PaidAtCouncil,
  type PaymentDto,
} from '../../../shared/schemas/payments.js';
import { table } from './print.js';
import { clientOf, credentialOptions, idempotency, opt } from './rfis.js';
import type { CouncilCommand, OptionValues } from './types.js';
import { checked, text, UsageError } from './values.js';

interface PaymentTarget {
  authority: string;
  applicationId: string;
  idempotencyKey?: string;
}

const target = (positionals: readonly string[], values: OptionValues): PaymentTarget => {
  const [authority, applicationId] = positionals;
  if (!authority || !applicationId) throw new UsageError('expected <authority> <applicationId>');
  return { authority, applicationId, ...idempotency(values) };
};

const paymentTarget = (positionals: readonly string[], values: OptionValues) => {
  const paymentId = positionals[2];
  if (!paymentId) throw new UsageError('expected <authority> <applicationId> <paymentId>');
  return { ...target(positionals, values), paymentId };
};

/** `--amount 1234.50` (dollars, at most two decimals; `$` and thousands commas allowed) → dollars. */
export function amountOf(v: string | undefined): number {
  if (v === undefined) throw new UsageError('--amount is required (dollars, e.g. 1265.00)');
  const cents = toCents(v.replace(/^\$/, '').replaceAll(',', ''));
  if (cents === undefined || cents <= 0)
    throw new UsageError(`--amount is dollars with at most two decimals, e.g. 1265.00: ${v}`);
  return fromCents(cents);
}

/** `--options Gateway,Deposit,Council` (any case) → the types, in the order given. */
export function optionsOf(v: string): PaymentType[] {
  return v.split(',').map((word) => {
    const type = paymentTypes.find((t) => t.toLowerCase() === word.trim().toLowerCase());
    if (!type) throw new UsageError(`--options is a list of ${paymentTypes.join(', ')}: ${word}`);
    return type;
  });
}

export interface InvoiceCall extends PaymentTarget {
  body: z.output<typeof IssueInvoice>;
}

/** `invoice <authority> <applicationId> --description D --amount 1234.50 [--due D] [--reference R] [--options …] [--document N]`. */
export function parseInvoice(positionals: readonly string[], values: OptionValues): InvoiceCall {
  const call = target(positionals, values);
  const description = text(values.description);
  if (description === undefined) throw new UsageError('--description is required');
  const options = text(values.options);
  const body = checked(IssueInvoice, {
    description,
    baseAmount: amountOf(text(values.amount)),
    ...(text(values.due) !== undefined ? { dueDate: text(values.due) } : {}),
    ...(text(values.reference) !== undefined ? { reference: text(values.reference) } : {}),
    ...(options !== undefined ? { paymentOptions: optionsOf(options) } : {}),
    ...(text(values.document) !== undefined ? { invoiceDocumentName: text(values.document) } : {}),
  });
  return { ...call, body };
}

export interface DepositDecisionCall extends PaymentTarget {
  paymentId: string;
  body: z.output<typeof DepositDecision>;
}

/** `deposit-confirm <authority> <applicationId> <paymentId> [--date D]`. */
export function parseDepositConfirm(
  positionals: readonly string[],
  values: OptionValues,
): DepositDecisionCall {
  const call = paymentTarget(positionals, values);
  const date = text(values.date);
  const body = checked(DepositDecision, { decision: 'Confirmed', ...(date !== undefined ? { date } : {}) });
  return { ...call, body };
}

/** `deposit-reject <authority> <applicationId> <paymentId> --reason R`. */
export function parseDepositReject(
  positionals: readonly string[],
  values: OptionValues,
): DepositDecisionCall {
  const call = paymentTarget(positionals, values);
  if (text(values.reason) === undefined) throw new UsageError('--reason is required');
  return { ...call, body: checked(DepositDecision, { decision: 'Rejected', reason: text(values.reason) }) };
}

export interface PaidAtCouncilCall extends PaymentTarget {
  paymentId: string;
  body: z.output<typeof PaidAtCouncil>;
}

/** `paid-at-council <authority> <applicationId> <paymentId> [--reference R] [--date D]`. */
export function parsePaidAtCouncil(positionals: readonly string[], values: OptionValues): PaidAtCouncilCall {
  const call = paymentTarget(positionals, values);
  const body = checked(PaidAtCouncil, {
    ...(text(values.reference) !== undefined ? { reference: text(values.reference) } : {}),
    ...(text(values.date) !== undefined ? { date: text(values.date) } : {}),
  });
  return { ...call, body };
}

const money = (dollars: number) => formatNzd(toCents(dollars) ?? Math.round(dollars * 100));

/** The invoices as a table: id, description, amount, card surcharge, status, due, how paid, transactions. */
export function paymentRows(payments: readonly PaymentDto[]): string[] {
  if (payments.length === 0) return ['no invoices'];
  return table(
    ['ID', 'DESCRIPTION', 'AMOUNT', 'SURCHARGE', 'STATUS', 'DUE', 'METHOD', 'TRANSACTIONS'],
    [...payments]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((p) => [
        p.paymentId,
        p.description,
        money(p.baseAmount),
        money(p.surchargeAmount),
        p.status,
        p.dueDate ?? '-',
        p.paymentMethod ?? '-',
        String(p.transactions.length),
      ]),
  );
}

/** What a write prints: what happened, then the invoice's row. */
const changed = (what: string, p: PaymentDto) => [
  `${what}: ${p.description} ${p.status}`,
  ...paymentRows([p]),
];

const writeOptions = { ...credentialOptions } as const;

export const paymentCommands: CouncilCommand[] = [
  {
    name: 'invoice',
    usage:
      'invoice <authority> <applicationId> --description D --amount 1234.50 [--due yyyy-mm-dd] [--reference R] [--options Gateway,Deposit,Council] [--document N]',
    summary: "issues an invoice with the authority's payment options (all, or those named)",
    options: {
      description: { type: 'string' },
      amount: { type: 'string' },
      due: { type: 'string' },
      reference: { type: 'string' },
      options: { type: 'string' },
      document: { type: 'string' },
      ...writeOptions,
    },
    positionals: ['authority', 'applicationId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseInvoice(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      return changed('issued', await council.issueInvoice(call.applicationId, call.body, opt(call))).join(
        '\n',
      );
    },
  },
  {
    name: 'payments',
    usage: 'payments <authority> <applicationId>',
    summary: "lists an application's invoices: amount, surcharge, status, due, method, transactions",
    options: credentialOptions,
    positionals: ['authority', 'applicationId'],
    run: async ({ positionals, values, ctx }) => {
      const call = target(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      return paymentRows(await council.payments(call.applicationId)).join('\n');
    },
  },
  {
    name: 'deposit-confirm',
    usage: 'deposit-confirm <authority> <applicationId> <paymentId> [--date yyyy-mm-dd]',
    summary: 'confirms a claimed direct deposit arrived (the invoice is Paid)',
    options: { date: { type: 'string' }, ...writeOptions },
    positionals: ['authority', 'applicationId', 'paymentId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseDepositConfirm(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const p = await council.depositDecision(call.applicationId, call.paymentId, call.body, opt(call));
      return changed('confirmed', p).join('\n');
    },
  },
  {
    name: 'deposit-reject',
    usage: 'deposit-reject <authority> <applicationId> <paymentId> --reason R',
    summary: 'rejects a deposit claim with the reason (the invoice awaits payment again)',
    options: { reason: { type: 'string' }, ...writeOptions },
    positionals: ['authority', 'applicationId', 'paymentId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parseDepositReject(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const p = await council.depositDecision(call.applicationId, call.paymentId, call.body, opt(call));
      return changed('rejected', p).join('\n');
    },
  },
  {
    name: 'paid-at-council',
    usage: 'paid-at-council <authority> <applicationId> <paymentId> [--reference R] [--date yyyy-mm-dd]',
    summary: 'records a payment made at the council (the invoice is Paid)',
    options: { reference: { type: 'string' }, date: { type: 'string' }, ...writeOptions },
    positionals: ['authority', 'applicationId', 'paymentId'],
    run: async ({ positionals, values, ctx }) => {
      const call = parsePaidAtCouncil(positionals, values);
      const council = await clientOf(ctx, call.authority, values);
      const p = await council.paidAtCouncil(call.applicationId, call.paymentId, call.body, opt(call));
      return changed('paid', p).join('\n');
    },
  },
];
