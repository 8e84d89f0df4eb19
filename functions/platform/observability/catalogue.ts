import { features } from '../../routes.js';
import type { RouteKey } from '../../routes.js';
import { uploadErrorCodes } from '../../../shared/domain/upload-errors.js';
import { paymentTypes } from '../../../shared/domain/payments.js';
import { rateLimitSettings } from '../rate-limit-settings.js';

/**
 * The metrics catalogue (docs/operations.md): every business and health figure a function emits,
 * with its unit and its dimensions, each dimension with the closed list of values it may take (a
 * value outside the list is refused by ./metrics.ts, so no id, email or free text can ever become
 * a dimension). Pure data: the CDK app reads it to build the dashboard and the alarms, the local
 * `npm run ops -- status` reads it to print the figures, and unit tests pin what each service emits.
 *
 * One namespace per stage (`ConsentPortal/<stage>`, POWERTOOLS_METRICS_NAMESPACE); Powertools adds
 * the `service` dimension (the function's service name) to every metric and counts cold starts
 * itself (`ColdStart`, dimensions service and function_name).
 */

/**
 * The authorities a dimension may name: the `authority` claim of a council client, one of the few
 * onboarded per stage (infra/councils.json). Not an id of anything a user makes: bounded by
 * onboarding. Checked by shape (short lower-case code) since the list is per stage.
 */
export const AUTHORITY_DIMENSION = /^[a-z][a-z0-9-]{1,31}$/;

/** A dimension's allowed values: a closed list, or the authority shape. */
export type DimensionValues = readonly string[] | typeof AUTHORITY_DIMENSION;

export interface MetricDefinition {
  readonly unit: 'Count' | 'Milliseconds' | 'Seconds';
  /** The dimension names (in this order) and the values each may take. */
  readonly dimensions: Readonly<Record<string, DimensionValues>>;
  /** What it counts, for the dashboard and docs/operations.md. */
  readonly description: string;
}

export const statusClasses = ['2xx', '3xx', '4xx', '5xx'] as const;

/**
 * Where a card session was settled from (docs/payments.md): the gateway's notification, the payer's
 * return, the catch-up job, or a new session's start (the invoice's open one asked about first).
 */
export const cardSettlementPaths = ['notification', 'return', 'catch-up', 'start'] as const;
/** What became of a card session. */
export const cardSettlementOutcomes = ['Approved', 'Declined', 'Error', 'Abandoned', 'Mismatch'] as const;

export const scanVerdicts = ['Clean', 'Infected', 'ScanFailed'] as const;
export const extractionOutcomes = ['Succeeded', 'Failed'] as const;
export const webhookOutcomes = ['Delivered', 'Failed', 'Refused'] as const;
export const emailKinds = ['Immediate', 'Digest', 'Transactional'] as const;

/**
 * Each council write route of the API (a council client's call that changes something) and the
 * `action` its CouncilWrites metric names: bounded by the route table (a test checks every council
 * write route has one). Each is counted once its change commits; an idempotent replay runs nothing.
 */
export const councilWriteRoutes = {
  'PATCH /council/applications/{id}': 'update',
  'POST /council/applications/{id}/lodgement': 'lodgement',
  'POST /council/applications/{id}/suspension': 'suspension',
  'DELETE /council/applications/{id}/suspension': 'resumption',
  'POST /council/applications/{id}/decision': 'decision',
  'POST /council/applications/{id}/code-compliance-certificate': 'ccc',
  'PUT /council/applications/{id}/workflow-stages': 'workflow-stages',
  'PUT /council/applications/{id}/required-inspections': 'required-inspections',
  'PUT /council/applications/{id}/required-document-groups/{guid}': 'required-document-groups',
  'PATCH /council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}':
    'document-review',
  'POST /council/applications/{id}/issued-documents': 'issued-document',
  'POST /council/applications/{id}/payments': 'invoice',
  'POST /council/applications/{id}/payments/{paymentId}/deposit-decision': 'deposit-decision',
  'POST /council/applications/{id}/payments/{paymentId}/paid-at-council': 'paid-at-council',
  'POST /council/applications/{id}/rfi-rounds': 'rfi',
  'PATCH /council/applications/{id}/rfi-points/{rfiPointId}': 'rfi-sign-off',
  'POST /council/registered-applicant-invitations': 'invitation',
  'PUT /council/webhook': 'webhook',
  'DELETE /council/webhook': 'webhook-removal',
  'POST /council/webhook/secret': 'webhook-secret',
  'POST /council/webhook/deliveries/{eventId}/redelivery': 'redelivery',
} as const satisfies Partial<Record<RouteKey, string>>;

export type CouncilWriteAction = (typeof councilWriteRoutes)[keyof typeof councilWriteRoutes];

/** The council's write actions (the CouncilWrites dimension's closed list). */
export const councilWriteActions = [...new Set(Object.values(councilWriteRoutes))] as CouncilWriteAction[];

export const metricCatalogue = {
  ApiResponses: {
    unit: 'Count',
    dimensions: { routeGroup: features, statusClass: statusClasses },
    description: 'API answers per route group (feature) and status class; 5xx rate = 5xx / all',
  },
  ApiLatency: {
    unit: 'Milliseconds',
    dimensions: { routeGroup: features },
    description: 'Time a request spent in its function, per route group',
  },
  Lodgements: {
    unit: 'Count',
    dimensions: {},
    description: 'Applications submitted to a council (each submission, RFI resubmissions excluded)',
  },
  CouncilWrites: {
    unit: 'Count',
    dimensions: { action: councilWriteActions },
    description: 'Changes a council made through its API, by action',
  },
  CouncilFeedReads: {
    unit: 'Count',
    dimensions: { authority: AUTHORITY_DIMENSION },
    description: 'Pages of the council feed read, per authority',
  },
  RfiRoundsSubmitted: {
    unit: 'Count',
    dimensions: {},
    description: 'RFI responses submitted by applicants (one per round)',
  },
  InvoicesIssued: { unit: 'Count', dimensions: {}, description: 'Invoices a council issued' },
  InvoicesSettled: {
    unit: 'Count',
    dimensions: { method: paymentTypes },
    description: 'Invoices paid, by payment method',
  },
  CardSettlements: {
    unit: 'Count',
    dimensions: { outcome: cardSettlementOutcomes, path: cardSettlementPaths },
    description: 'Card sessions settled, by outcome and by the path that settled them',
  },
  PaymentCatchUpFailures: {
    unit: 'Count',
    dimensions: {},
    description:
      'Card sessions the catch-up could not ask the gateway about (the gateway unreachable or erroring)',
  },
  PaymentRequestMailsUnsure: {
    unit: 'Count',
    dimensions: {},
    description:
      'Payment-request links minted but not marked mailed by a delivery that stopped: no second mail goes (the sender may resend)',
  },
  CardSessionsPastGiveUp: {
    unit: 'Count',
    dimensions: {},
    description: 'Card sessions still pending at their give-up time (abandoned by the catch-up)',
  },
  ScanVerdicts: {
    unit: 'Count',
    dimensions: { verdict: scanVerdicts },
    description: 'Virus-scan verdicts; ScanFailed is AV_SCAN_FAILED (the scanner could not scan)',
  },
  CheckFailures: {
    unit: 'Count',
    dimensions: { errorCode: uploadErrorCodes },
    description: 'Uploads refused by a check, by upload error code',
  },
  ExtractionOutcomes: {
    unit: 'Count',
    dimensions: { outcome: extractionOutcomes },
    description: 'Title extractions finished, by outcome',
  },
  WebhookDeliveries: {
    unit: 'Count',
    dimensions: { authority: AUTHORITY_DIMENSION, outcome: webhookOutcomes },
    description: 'Webhook delivery attempts per authority, by outcome',
  },
  WebhookDeliveryOutcomes: {
    unit: 'Count',
    dimensions: { outcome: webhookOutcomes },
    description:
      'Webhook delivery attempts of all authorities, by outcome (one alarm however many councils are onboarded)',
  },
  NotificationsCreated: {
    unit: 'Count',
    dimensions: {},
    description: 'In-portal notifications created (one per event and recipient)',
  },
  DigestRecipientsDeferred: {
    unit: 'Count',
    dimensions: {},
    description: 'Digest recipients a run had no time for, left (entries kept) for the next run',
  },
  EmailsSent: {
    unit: 'Count',
    dimensions: { kind: emailKinds },
    description: 'Emails handed to SES, by kind',
  },
  RateLimitRefusals: {
    unit: 'Count',
    // The named fixed-window limits, and `councilClient`: a council client's token bucket.
    dimensions: { limit: [...Object.keys(rateLimitSettings), 'councilClient'] },
    description: 'Calls refused with 429 by a named rate limit or a council client’s token bucket',
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricName = keyof typeof metricCatalogue;

type ValuesOf<V> = V extends readonly (infer T)[] ? T : string;

/** The dimensions a metric takes: exactly its declared names, each of its declared values. */
export type DimensionsOf<N extends MetricName> = {
  readonly [D in keyof (typeof metricCatalogue)[N]['dimensions']]: ValuesOf<
    (typeof metricCatalogue)[N]['dimensions'][D]
  >;
};

/** The namespace of a stage's metrics. */
export const metricsNamespace = (stage: string) => `ConsentPortal/${stage}`;

/** Whether `value` is one the dimension may take. */
export function isAllowedDimensionValue(values: DimensionValues, value: string): boolean {
  return Array.isArray(values) ? values.includes(value) : (values as RegExp).test(value);
}
