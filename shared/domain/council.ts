import type { ApplicationStatus, RecordType } from '../schemas/applications.js';
import { APPLICATION_NUMBER_PREFIX } from './access-requests.js';
import { listRecordType, POST_SUBMISSION_STATUSES } from './applications.js';

/**
 * The council boundary's pure rules (docs/council-api.md): which status changes a council may make,
 * what a grant sets, which applications a council sees, and the webhook signature's parts. The
 * council service and the simulator run the same rules; the HMAC itself is node:crypto in the
 * functions and in the test receiver.
 */

// ---- Status transitions (portal-core §4; issue 16) ----

/** What a council does to an application, each one call of the council API. */
export const councilActions = [
  'acceptLodgement',
  'rejectLodgement',
  'suspend',
  'resume',
  'grant',
  'refuse',
  'lapse',
  'withdraw',
  'issueCcc',
] as const;
export type CouncilAction = (typeof councilActions)[number];

interface Transition {
  readonly from: readonly ApplicationStatus[];
  readonly to: ApplicationStatus;
}

/**
 * Submitted → InProgress (or Rejected at lodgement) → VRFISuspended ⇄ InProgress → Completed /
 * Refused / Lapsed / Withdrawn. A grant keeps InProgress and gives the consent number; the code
 * compliance certificate completes it.
 */
export const COUNCIL_TRANSITIONS: Readonly<Record<CouncilAction, Transition>> = {
  acceptLodgement: { from: ['Submitted'], to: 'InProgress' },
  rejectLodgement: { from: ['Submitted'], to: 'Rejected' },
  suspend: { from: ['InProgress'], to: 'VRFISuspended' },
  resume: { from: ['VRFISuspended'], to: 'InProgress' },
  grant: { from: ['InProgress'], to: 'InProgress' },
  refuse: { from: ['InProgress', 'VRFISuspended'], to: 'Refused' },
  lapse: { from: ['InProgress', 'VRFISuspended'], to: 'Lapsed' },
  withdraw: { from: ['Submitted', 'InProgress', 'VRFISuspended'], to: 'Withdrawn' },
  issueCcc: { from: ['InProgress'], to: 'Completed' },
};

/** The reasons a council's change is refused (409, nothing changed). */
export const councilTransitionMessages = {
  notFrom: (action: CouncilAction, status: ApplicationStatus) =>
    `Cannot ${ACTION_WORDS[action]} an application that is ${status}`,
  alreadyGranted: 'The consent has already been granted',
  notGranted: 'A code compliance certificate needs a granted consent',
} as const;

const ACTION_WORDS: Readonly<Record<CouncilAction, string>> = {
  acceptLodgement: 'accept the lodgement of',
  rejectLodgement: 'reject the lodgement of',
  suspend: 'suspend',
  resume: 'resume',
  grant: 'grant',
  refuse: 'refuse',
  lapse: 'lapse',
  withdraw: 'withdraw',
  issueCcc: 'issue a code compliance certificate for',
};

export type CouncilTransitionResult =
  { readonly ok: true; readonly status: ApplicationStatus } | { readonly ok: false; readonly reason: string };

/** Whether `action` may be applied to an application as it is now, and the status it leads to. */
export function councilTransition(
  application: { status: ApplicationStatus; consentNumber?: string | undefined },
  action: CouncilAction,
): CouncilTransitionResult {
  const t = COUNCIL_TRANSITIONS[action];
  if (!t.from.includes(application.status))
    return { ok: false, reason: councilTransitionMessages.notFrom(action, application.status) };
  const granted = !!application.consentNumber;
  if (action === 'grant' && granted) return { ok: false, reason: councilTransitionMessages.alreadyGranted };
  if (action === 'issueCcc' && !granted) return { ok: false, reason: councilTransitionMessages.notGranted };
  return { ok: true, status: t.to };
}

/** The actions a council may take on an application in `status` (for the simulator's help). */
export function councilActionsFrom(status: ApplicationStatus): CouncilAction[] {
  return councilActions.filter((a) => COUNCIL_TRANSITIONS[a].from.includes(status));
}

// ---- What a council sees ----

/**
 * Lodged: in the spec's post-submission set (portal-core §4). A council sees and changes only
 * applications of its own authority that were lodged; a Draft, a Submitting one or a template is
 * not there for it (404, as for a stranger).
 */
export const isLodgedStatus = (status: ApplicationStatus): boolean =>
  POST_SUBMISSION_STATUSES.includes(status);

export function isVisibleToCouncil(
  application: { authorityId: string; status: ApplicationStatus; recordType: RecordType },
  authorityId: string,
): boolean {
  return (
    application.authorityId === authorityId &&
    application.recordType !== 'Template' &&
    isLodgedStatus(application.status)
  );
}

// ---- The grant: record type Consent when a consent number exists ----

/**
 * A consent number must not start with BLD: portal-core §5 reads numbers starting with BLD as
 * application numbers (the access search would look for the wrong field).
 */
export const isValidConsentNumber = (value: string): boolean => {
  const v = value.trim();
  return v.length > 0 && !v.toUpperCase().startsWith(APPLICATION_NUMBER_PREFIX);
};

export const CONSENT_NUMBER_MESSAGE = `A consent number cannot start with ${APPLICATION_NUMBER_PREFIX}`;

/**
 * What a grant sets: the consent number and the record type it implies (portal-core §4: "the record
 * type is Consent when a consent number exists"), by the one rule of shared/domain/applications.ts.
 */
export function grantedFields(
  application: { recordType: RecordType },
  consentNumber: string,
): { consentNumber: string; recordType: RecordType } {
  const number = consentNumber.trim();
  return { consentNumber: number, recordType: listRecordType({ ...application, consentNumber: number }) };
}

// ---- Signed webhooks (Standard Webhooks scheme) ----

export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** How far a webhook's timestamp may be from the receiver's clock (seconds): older is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** The signing secret's prefix; the rest is base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** What is signed: the message id, the timestamp and the raw body, joined by dots. */
export const webhookSignedContent = (id: string, timestamp: number, body: string): string =>
  `${id}.${timestamp}.${body}`;

/** The signature header: `v1,<base64>` per signature, space-separated (two during a rotation). */
export const formatWebhookSignatures = (signatures: readonly string[]): string =>
  signatures.map((s) => `v1,${s}`).join(' ');

/** The v1 signatures of a signature header (other versions are ignored, as the scheme says). */
export function parseWebhookSignatures(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(' ')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1,') && part.length > 3)
    .map((part) => part.slice(3));
}

/** Whether a webhook's timestamp (Unix seconds) is within the tolerance of `nowSeconds`. */
export function isFreshWebhookTimestamp(
  timestamp: string | number | undefined,
  nowSeconds: number,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  const t = typeof timestamp === 'number' ? timestamp : Number(timestamp);
  if (timestamp === undefined || timestamp === '' || !Number.isInteger(t)) return false;
  return Math.abs(nowSeconds - t) <= toleranceSeconds;
}

// ---- The feed ----

/**
 * The pull feed serves only entries at least this old (seconds): longer than the council Lambda's
 * timeout (15 s), so a transaction stamped earlier has committed or failed, and no entry can appear
 * behind a cursor a council already holds.
 */
export const FEED_SETTLE_SECONDS = 20;
