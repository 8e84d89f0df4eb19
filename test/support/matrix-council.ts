/**
 * The council kind of the authorization matrix (test/integration/authorization-matrix-council.test.ts;
 * docs/council-api.md §8): how each council route of the table is called, keyed by route key. A
 * council route without a row, or a row of no council route, fails the suite.
 *
 * A row is `council({ request, prepare? })`:
 * - `request(ctx)` builds the call (path parameters other than the application's `id`, query, body);
 * - `prepare(ctx)` puts the state the call needs to succeed in place **through the council API**
 *   (`ctx.wcc`, the own council's client; each write there with a new Idempotency-Key): on
 *   `onLodgedApplication` routes it runs on the route's fresh lodged application (`ctx.id`), on the
 *   others (webhook management) before the call. Refusals need no prepare: access is checked first.
 *
 * Adding a route: add its row here, e.g.
 * `'PUT /council/applications/{id}/x': council({ prepare: accepted, request: () => ({ body: {...} }) })`.
 */
import type { CouncilApiClient } from '../../infra/council/client';

export interface CouncilRequest {
  /** Path parameters other than the application's `id` (filled in from the fixture). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface CouncilContext {
  /** The application the call names (onLodgedApplication routes), lodged with `wcc`. */
  id?: string;
  /** The own council (`wcc`) through the typed client. */
  wcc: CouncilApiClient;
  /** Helpers of the webhook rows: a receiver URL the stack accepts, a delivery of `wcc` to redeliver. */
  webhook: { url: () => string; seedDelivery: () => Promise<string> };
  /** A call of the demo applicant (the application's owner) to the API: the RFI rows' answers. */
  applicant: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;
}

export interface CouncilCall {
  prepare?: (ctx: CouncilContext) => Promise<unknown>;
  request: (ctx: CouncilContext) => CouncilRequest | Promise<CouncilRequest>;
}

export const council = (call: CouncilCall): CouncilCall => call;

const need = (ctx: CouncilContext): string => {
  if (!ctx.id) throw new Error('matrix-council: this row needs an application');
  return ctx.id;
};

/** A required document group of the plans container. */
const MATRIX_GROUP = {
  name: 'Revised plans',
  status: 'Requested',
  type: 'DocumentContainer',
  displayOrder: 1,
  documentContainerId: 'plans',
};

// ---- States through the council API (each write with a new Idempotency-Key) ----

const accepted = (ctx: CouncilContext) => ctx.wcc.acceptLodgement(need(ctx));
const suspended = async (ctx: CouncilContext) => {
  await accepted(ctx);
  await ctx.wcc.suspend(need(ctx), { reason: 'Further information needed' });
};
const granted = async (ctx: CouncilContext) => {
  await accepted(ctx);
  await ctx.wcc.grant(need(ctx), `MX-${need(ctx)}`);
};
/** A registration of `wcc` to the suite's receiver (PUT /council/webhook). */
const registered = (ctx: CouncilContext) =>
  ctx.wcc.send('PUT', '/council/webhook', { body: { url: ctx.webhook.url() } }).then((res) => {
    if (res.status !== 200) throw new Error(`webhook fixture: ${res.status} ${JSON.stringify(res.body)}`);
  });

const none = () => ({});

/** A round of one point the council raises (POST …/rfi-rounds). */
const MATRIX_ROUND = {
  type: 'Consent' as const,
  team: 'Building',
  points: [
    {
      title: 'Bracing calculations',
      requestDetails: 'Please provide the bracing calculations.',
      requestPerson: { name: 'Matrix Officer', email: 'matrix.officer@wcc.govt.nz' },
    },
  ],
};
/** An invoice of `wcc` (the card, deposit and council options of its reference data). */
const MATRIX_INVOICE = { description: 'Building levy', baseAmount: 100 };
/** The invoice of each application the payment rows prepared. */
const invoices = new Map<string, string>();
const issued = async (ctx: CouncilContext) => {
  const invoice = await ctx.wcc.issueInvoice(need(ctx), MATRIX_INVOICE);
  invoices.set(need(ctx), invoice.id);
  return invoice.id;
};
/** An invoice whose deposit the applicant claimed. */
const claimed = async (ctx: CouncilContext) => {
  const paymentId = await issued(ctx);
  const res = await ctx.applicant('PATCH', `/user/applications/${need(ctx)}/payments/${paymentId}`, {
    paymentMethod: 'Deposit',
    transactionDate: '2026-01-05',
  });
  if (res.status !== 200) throw new Error(`matrix-council: claim ${res.status} ${JSON.stringify(res.body)}`);
};
const invoiceOf = (ctx: CouncilContext) => ({ paymentId: invoices.get(ctx.id ?? '') ?? 'no-such-invoice' });

/** The submitted point of each application the sign-off row prepared. */
const submittedPoints = new Map<string, string>();
/** Accepted, a round raised, the applicant's answer submitted: a point the council can sign off. */
const submittedPoint = async (ctx: CouncilContext) => {
  await accepted(ctx);
  const raised = await ctx.wcc.raiseRfiRound(need(ctx), MATRIX_ROUND);
  const pointId = raised.rfiPoints[0]!.id;
  const path = `/user/applications/${need(ctx)}`;
  for (const [method, rest, body] of [
    ['PATCH', `/rfi-points-v2/${pointId}`, { responseDetails: 'Attached.' }],
    ['POST', '/rfi-round-submissions-v3', { rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' }],
  ] as const) {
    const res = await ctx.applicant(method, path + rest, body);
    if (res.status !== 200)
      throw new Error(`matrix-council: ${rest} ${res.status} ${JSON.stringify(res.body)}`);
  }
  submittedPoints.set(need(ctx), pointId);
};

export const councilCalls: Record<string, CouncilCall> = {
  // ---- Core reads ----
  'GET /council/applications': council({ request: () => ({ query: { status: 'Submitted' } }) }),
  'GET /council/applications/{id}': council({ request: none }),
  'GET /council/applications/{id}/participants': council({ request: none }),
  'GET /council/applications/{id}/documents': council({ request: none }),
  'GET /council/events': council({ request: () => ({ query: { limit: '10' } }) }),

  // ---- Core writes (a fresh lodged application each) ----
  'PATCH /council/applications/{id}': council({ request: () => ({ body: { trackingNumber: 'MX-1' } }) }),
  'POST /council/applications/{id}/lodgement': council({
    request: () => ({ body: { decision: 'Accepted' } }),
  }),
  'POST /council/applications/{id}/suspension': council({
    prepare: accepted,
    request: () => ({ body: { reason: 'Further information needed' } }),
  }),
  'DELETE /council/applications/{id}/suspension': council({ prepare: suspended, request: none }),
  'POST /council/applications/{id}/decision': council({
    prepare: accepted,
    request: (ctx) => ({ body: { outcome: 'Granted', consentNumber: `MX-${need(ctx)}` } }),
  }),
  'POST /council/applications/{id}/code-compliance-certificate': council({
    prepare: granted,
    request: () => ({ body: { issuedDate: '2026-11-20' } }),
  }),
  // ---- Issued documents (docs/council-api.md "Issued documents"): on a granted consent ----
  'POST /council/applications/{id}/issued-documents': council({
    prepare: granted,
    request: () => ({
      body: {
        kind: 'Building consent',
        fileName: 'Building consent.pdf',
        mimeType: 'application/pdf',
        size: 12_000,
      },
    }),
  }),
  'PUT /council/applications/{id}/workflow-stages': council({
    request: () => ({
      body: {
        workflowStages: [
          {
            stageName: 'Lodgement',
            stageDisplayName: 'Lodgement',
            stageStatus: 'Started',
            stageType: 'Steps',
          },
        ],
      },
    }),
  }),
  'PUT /council/applications/{id}/required-document-groups/{guid}': council({
    request: () => ({ params: { guid: 'matrix-group' }, body: MATRIX_GROUP }),
  }),
  // The lodged fixture has `plans.pdf` in the plans container (test/support/submission.ts).
  'PATCH /council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}': council(
    {
      prepare: async (ctx) => {
        const res = await ctx.wcc.send(
          'PUT',
          `/council/applications/${need(ctx)}/required-document-groups/matrix-group`,
          { body: MATRIX_GROUP },
        );
        if (res.status !== 200)
          throw new Error(`matrix-council: group ${res.status} ${JSON.stringify(res.body)}`);
      },
      request: () => ({
        params: { guid: 'matrix-group', applicationDocumentId: 'plans.pdf' },
        body: { councilStatus: 'Accepted' },
      }),
    },
  ),
  // ---- Payments (docs/payments.md) ----
  'GET /council/applications/{id}/payments': council({ request: none }),
  'POST /council/applications/{id}/payments': council({ request: () => ({ body: MATRIX_INVOICE }) }),
  'POST /council/applications/{id}/payments/{paymentId}/deposit-decision': council({
    prepare: claimed,
    request: (ctx) => ({ params: invoiceOf(ctx), body: { decision: 'Confirmed' } }),
  }),
  'POST /council/applications/{id}/payments/{paymentId}/paid-at-council': council({
    prepare: issued,
    request: (ctx) => ({ params: invoiceOf(ctx), body: {} }),
  }),
  // ---- RFIs (docs/rfis.md) ----
  'GET /council/applications/{id}/rfi-points': council({ request: none }),
  'POST /council/applications/{id}/rfi-rounds': council({
    prepare: accepted,
    request: () => ({ body: MATRIX_ROUND }),
  }),
  'PATCH /council/applications/{id}/rfi-points/{rfiPointId}': council({
    prepare: submittedPoint,
    request: (ctx) => ({
      params: { rfiPointId: submittedPoints.get(ctx.id ?? '') ?? 'no-such-point' },
      body: { status: 'RESOLVED' },
    }),
  }),
  'PUT /council/applications/{id}/required-inspections': council({
    request: () => ({
      body: {
        requiredInspections: [
          {
            location: 'Site',
            inspectionTypes: [{ inspectionTypeId: 'pre-slab', name: 'Pre-slab', status: 'NotStarted' }],
          },
        ],
      },
    }),
  }),

  // ---- Registered-applicant invitations, the council's side ----
  'GET /council/registered-applicant-invitations': council({
    request: () => ({ query: { invitationStatus: 'Pending' } }),
  }),
  'POST /council/registered-applicant-invitations': council({
    request: () => ({
      body: { email: `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}@example.nz` },
    }),
  }),
  'GET /council/registered-applicant-invitations/{id}': council({
    // The invitation the call names: created by the own council (prepare) or, for a refusal, any id.
    prepare: async (ctx) => {
      const res = await ctx.wcc.send('POST', '/council/registered-applicant-invitations', {
        body: { email: `matrix-read-${Date.now()}@example.nz` },
      });
      if (res.status !== 201)
        throw new Error(`invitation fixture: ${res.status} ${JSON.stringify(res.body)}`);
      invitationId = (res.body as { id: string }).id;
    },
    request: () => ({ params: { id: invitationId ?? 'matrix-no-invitation' } }),
  }),

  // ---- Webhook management (the successes run one after the other, each in the state it needs) ----
  'GET /council/webhook': council({ prepare: registered, request: none }),
  'PUT /council/webhook': council({ request: (ctx) => ({ body: { url: ctx.webhook.url() } }) }),
  'DELETE /council/webhook': council({ prepare: registered, request: none }),
  'POST /council/webhook/secret': council({ prepare: registered, request: none }),
  'GET /council/webhook/deliveries': council({ request: () => ({ query: { pageSize: '10' } }) }),
  'POST /council/webhook/deliveries/{eventId}/redelivery': council({
    prepare: async (ctx) => {
      await registered(ctx);
      eventId = await ctx.webhook.seedDelivery();
    },
    request: () => ({ params: { eventId: eventId ?? 'matrix-no-event' } }),
  }),
};

/** Set by the rows' prepares (one success each, run one after the other). */
let invitationId: string | undefined;
let eventId: string | undefined;
