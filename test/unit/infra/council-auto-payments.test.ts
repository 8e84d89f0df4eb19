/**
 * The automatic council's payments (infra/council/auto-payments.ts): accepting a lodgement issues the
 * lodgement fee invoice once; a claimed deposit is confirmed on the next tick; both are derived from
 * the invoices the API answers (a restart carries on), a retried step replays, and the grant never
 * waits for a payment.
 */
import { describe, expect, test } from 'vitest';
import { CouncilApplication } from '../../../shared/schemas/council';
import { IssueInvoice, type PaymentDto } from '../../../shared/schemas/payments';
import {
  applyAutoStep,
  autoCouncilTick,
  nextAutoStep,
  type AutoCouncilOptions,
} from '../../../infra/council/auto';
import {
  AUTO_INVOICE_DESCRIPTION,
  autoInvoice,
  nextAutoPaymentStep,
} from '../../../infra/council/auto-payments';

const modified = '2026-11-20T01:00:00.000Z';
const app = (over: Partial<CouncilApplication> = {}) =>
  CouncilApplication.parse({
    id: '1003',
    name: 'New house',
    applicationNumber: 'BLD-2026-00003',
    recordType: 'Draft',
    applicationType: 'Standalone',
    authorityId: 'wcc',
    jurisdictionId: 'wcc',
    formId: 'bc',
    startedDate: '2026-11-19T01:00:00.000Z',
    modifiedDate: modified,
    status: 'Submitted',
    submissionDate: modified,
    workflowStages: [],
    requiredInspections: [],
    rejectedReason: null,
    ...over,
  });

const invoice = (over: Partial<PaymentDto> = {}): PaymentDto => ({
  id: 'pay-1',
  paymentId: 'pay-1',
  guid: 'pay-1',
  applicationId: '1003',
  description: AUTO_INVOICE_DESCRIPTION,
  displayOrder: 1,
  reference: 'BLD-2026-00003-1',
  status: 'AwaitingPayment',
  baseAmount: 1265,
  surchargeAmount: 24.04,
  currency: 'NZD',
  issuedDate: modified,
  paymentOptions: [],
  transactions: [],
  ...over,
});
const claimed = (transactionId: string, over: Partial<PaymentDto> = {}) =>
  invoice({
    status: 'DepositPending',
    transactions: [
      {
        transactionId,
        transactionDate: '2026-11-21',
        paymentMethod: 'Deposit',
        amount: 1265,
        surchargePaid: 0,
      },
    ],
    ...over,
  });

describe('the lodgement fee invoice', () => {
  test('NZ$1,265.00 due 20 days after the acceptance, counted from its New Zealand day (12:30 UTC is the next day there)', () => {
    const body = autoInvoice({ modifiedDate: '2026-11-20T12:30:00.000Z' });
    expect(body).toEqual({
      description: 'Building consent lodgement fee',
      baseAmount: 1265,
      dueDate: '2026-12-11',
    });
    expect(IssueInvoice.safeParse(body).success).toBe(true);
  });

  test('issued before the decision, once: an invoice of that description stands for it', () => {
    const facts = (payments: PaymentDto[]) => ({ takesPayments: true, payments });
    expect(nextAutoPaymentStep(app({ status: 'InProgress' }), facts([]))).toEqual({ kind: 'invoice' });
    expect(
      nextAutoPaymentStep(app({ status: 'InProgress' }), facts([invoice({ status: 'Paid' })])),
    ).toBeUndefined();
    const other = invoice({ description: 'Building consent processing fee' });
    expect(nextAutoPaymentStep(app({ status: 'InProgress' }), facts([other]))).toEqual({ kind: 'invoice' });
    expect(
      nextAutoPaymentStep(app({ status: 'InProgress', consentNumber: 'WCC-BC-2026-1003' }), facts([])),
    ).toBeUndefined();
    expect(nextAutoPaymentStep(app({ status: 'VRFISuspended' }), facts([]))).toBeUndefined();
    expect(
      nextAutoPaymentStep(app({ status: 'InProgress' }), { takesPayments: false, payments: [] }),
    ).toBeUndefined();
  });

  test('a claimed deposit is confirmed first, also while an RFI round is open; never after a close', () => {
    const facts = { takesPayments: true, payments: [claimed('t-1')] };
    const confirm = { kind: 'confirmDeposit', claims: [{ paymentId: 'pay-1', transactionId: 't-1' }] };
    expect(nextAutoStep(app({ status: 'InProgress' }), new Date(), 0, undefined, facts)).toEqual(confirm);
    expect(nextAutoStep(app({ status: 'VRFISuspended' }), new Date(), 0, undefined, facts)).toEqual(confirm);
    expect(nextAutoStep(app({ status: 'Withdrawn' }), new Date(), 0, undefined, facts)).toBeUndefined();
  });
});

/** A council API over one application and its invoices, with the Idempotency-Key replays of the real one. */
function fakeCouncil(start: CouncilApplication) {
  let current = start;
  let payments: PaymentDto[] = [];
  let clock = Date.parse(start.modifiedDate);
  const replays = new Map<string, unknown>();
  const writes: string[] = [];
  const touch = (patch: Partial<CouncilApplication> = {}) => {
    clock += 1000;
    current = { ...current, ...patch, modifiedDate: new Date(clock).toISOString() };
    return current;
  };
  const once = <T>(key: string | undefined, what: string, change: () => T): T => {
    if (key && replays.has(key)) return replays.get(key) as T;
    const answer = change();
    writes.push(what);
    if (key) replays.set(key, answer);
    return answer;
  };
  const setPayment = (id: string, patch: Partial<PaymentDto>) => {
    payments = payments.map((p) => (p.paymentId === id ? { ...p, ...patch } : p));
    touch();
    return payments.find((p) => p.paymentId === id)!;
  };
  const council = {
    applications: async (q: { status?: string[] }) => ({
      applications: q.status?.includes(current.status) ? [current] : [],
    }),
    application: async () => current,
    rfiPoints: async () => ({ rfiPoints: [] }),
    payments: async () => payments,
    acceptLodgement: async (_: string, _b: unknown, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'accept', () => touch({ status: 'InProgress' })),
    workflowStages: async (
      _: string,
      b: { workflowStages: CouncilApplication['workflowStages'] },
      o?: { idempotencyKey?: string },
    ) => once(o?.idempotencyKey, 'stages', () => touch({ workflowStages: b.workflowStages })),
    grant: async (_: string, consentNumber: string, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'grant', () => touch({ consentNumber, recordType: 'Consent' })),
    // The consent and its conditions, sent with the grant (infra/council/issued-pdf.ts).
    issueDocument: async (
      _: string,
      kind: string,
      _name: string,
      _bytes: Uint8Array,
      o?: { idempotencyKey?: string },
    ) => once(o?.idempotencyKey, `issue ${kind}`, () => ({ kind })),
    requiredInspections: async (_: string, _b: object, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'inspections', () => touch()),
    issueInvoice: async (_: string, body: IssueInvoice, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'invoice', () => {
        const id = `pay-${payments.length + 1}`;
        payments = [
          ...payments,
          invoice({ id, paymentId: id, guid: id, description: body.description, dueDate: body.dueDate }),
        ];
        touch({ hasOutstandingPayments: true });
        return payments.at(-1)!;
      }),
    depositDecision: async (_: string, id: string, _b: unknown, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, `confirm ${id}`, () => setPayment(id, { status: 'Paid' })),
  };
  return {
    council: council as unknown as AutoCouncilOptions['council'],
    writes,
    get app() {
      return current;
    },
    get payments() {
      return payments;
    },
    /** The applicant claims a direct deposit on the invoice (a new transaction each time). */
    claim(id: string, transactionId: string) {
      setPayment(id, claimed(transactionId, { id, paymentId: id, guid: id }));
    },
    /** A person at the council rejects the claim (through the simulator). */
    reject(id: string) {
      setPayment(id, { status: 'AwaitingPayment' });
    },
  };
}

const tick = (council: AutoCouncilOptions['council'], authorityId = 'wcc') =>
  autoCouncilTick({ council, authorityId, stepMs: 0, raisesRfi: () => false }).then((t) =>
    t.map((s) => s.step),
  );

describe('the automatic council over the API', () => {
  test('invoices on acceptance, once; the grant does not wait for the payment', async () => {
    const fake = fakeCouncil(app());
    expect(await tick(fake.council)).toEqual(['accept']);
    expect(fake.payments.map((p) => [p.description, p.status, p.dueDate])).toEqual([
      ['Building consent lodgement fee', 'AwaitingPayment', '2026-12-10'],
    ]);
    const steps: string[] = [];
    for (let i = 0; i < 8; i += 1) steps.push(...(await tick(fake.council)));
    expect(steps).toEqual(['startAssessment', 'assess', 'assess', 'grant', 'startInspections']);
    expect(fake.writes.filter((w) => w === 'invoice')).toHaveLength(1);
    expect(fake.payments[0]!.status).toBe('AwaitingPayment');
    // With the grant, the consent and its conditions (docs/council-api.md), each once.
    expect(fake.writes.filter((w) => w.startsWith('issue '))).toEqual([
      'issue Building consent',
      'issue Consent conditions',
    ]);
  });

  test('a retried acceptance replays: one invoice', async () => {
    const fake = fakeCouncil(app());
    const snapshot = fake.app;
    const step = nextAutoStep(snapshot, new Date(), 0)!;
    const first = await applyAutoStep(fake.council, snapshot, step);
    const again = await applyAutoStep(fake.council, snapshot, step);
    expect(again).toEqual(first);
    expect(fake.writes).toEqual(['accept', 'invoice']);
  });

  test('accepted by a person (or stopped before the invoice): the next tick issues it, once', async () => {
    const fake = fakeCouncil(app({ status: 'InProgress' }));
    expect(await tick(fake.council)).toEqual(['invoice']);
    expect(await tick(fake.council)).toEqual(['startAssessment']);
    expect(fake.writes.filter((w) => w === 'invoice')).toHaveLength(1);
  });

  test('a claimed deposit is confirmed on the next tick; a claim made again after a rejection too', async () => {
    const fake = fakeCouncil(app());
    await tick(fake.council);
    fake.claim('pay-1', 't-1');
    expect(await tick(fake.council)).toEqual(['confirmDeposit']);
    expect(fake.payments[0]!.status).toBe('Paid');

    const other = fakeCouncil(app());
    await tick(other.council);
    other.claim('pay-1', 't-1');
    other.reject('pay-1');
    other.claim('pay-1', 't-2');
    expect(await tick(other.council)).toEqual(['confirmDeposit']);
    expect(other.payments[0]!.status).toBe('Paid');
  });

  test('a retried confirmation replays: the claim is confirmed once', async () => {
    const fake = fakeCouncil(app());
    await tick(fake.council);
    fake.claim('pay-1', 't-1');
    const snapshot = fake.app;
    const step = nextAutoStep(snapshot, new Date(), 0, undefined, {
      takesPayments: true,
      payments: fake.payments,
    })!;
    await applyAutoStep(fake.council, snapshot, step);
    await applyAutoStep(fake.council, snapshot, step);
    expect(fake.writes.filter((w) => w.startsWith('confirm'))).toEqual(['confirm pay-1']);
  });

  test('an authority that takes no payments gets no invoice, and its invoices are not read', async () => {
    const fake = fakeCouncil(app({ authorityId: 'hcc', jurisdictionId: 'hcc' }));
    expect(await tick(fake.council, 'hcc')).toEqual(['accept']);
    expect(fake.writes).toEqual(['accept']);
  });
});
