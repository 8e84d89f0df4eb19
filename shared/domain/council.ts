import type { ApplicationStatus, RecordType } from '../schemas/applications.js';
import { APPLICATION_NUMBER_PREFIX } from './access-requests.js';
import { listRecordType, POST_SUBMISSION_STATUSES } from './applications.js';
import { isIpAddress, isPublicAddress } from './ip-address.js';

/**
 * The council boundary's pure rules (docs/council-api.md): which status changes a council may make,
 * what a grant sets, which applications a council sees, and the webhook signature's parts. The
 * council service and the simulator run the same rules; the HMAC itself is node:crypto in the
 * functions and in the test receiver.
 */

// ---- Status transitions (docs/council-api.md) ----

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
 * Lodged: in the spec's post-submission set (docs/council-api.md). A council sees and changes only
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
 * A consent number must not start with BLD: the spec (docs/council-api.md) reads numbers starting with BLD as
 * application numbers (the access search would look for the wrong field).
 */
export const isValidConsentNumber = (value: string): boolean => {
  const v = value.trim();
  return v.length > 0 && !v.toUpperCase().startsWith(APPLICATION_NUMBER_PREFIX);
};

export const CONSENT_NUMBER_MESSAGE = `A consent number cannot start with ${APPLICATION_NUMBER_PREFIX}`;

/**
 * What a grant sets: the consent number and the record type it implies (docs/council-api.md: "the record
 * type is Consent when a consent number exists"), by the one rule of shared/domain/applications.ts.
 */
export function grantedFields(
  application: { recordType: RecordType },
  consentNumber: string,
): { consentNumber: string; recordType: RecordType } {
  const number = consentNumber.trim();
  return { consentNumber: number, recordType: listRecordType({ ...application, consentNumber: number }) };
}

// ---- The statutory clock's suspensions (docs/statutory-clock.md) ----

/** A suspension of the statutory clock: from when, to when (absent while open). */
export interface ClockSuspension {
  from: string;
  to?: string | undefined;
}

/** The suspensions after the clock stops at `now` (a new open one; unchanged if one is open). */
export function suspendClock(
  suspensions: readonly ClockSuspension[] | undefined,
  now: Date,
): ClockSuspension[] {
  const list = [...(suspensions ?? [])];
  return list.some((s) => !s.to) ? list : [...list, { from: now.toISOString() }];
}

/** The suspensions after the clock runs again at `now` (the open one closed). */
export function resumeClock(
  suspensions: readonly ClockSuspension[] | undefined,
  now: Date,
): ClockSuspension[] {
  return (suspensions ?? []).map((s) => (s.to ? s : { ...s, to: now.toISOString() }));
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

// ---- Webhook endpoints (SSRF rules) ----

/** How long the secret before a rotation keeps signing beside the new one (hours). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const webhookUrlMessages = {
  https: 'The webhook URL must use https',
  credentials: 'The webhook URL must not contain a user name or password',
  privateHost: 'The webhook URL must not point at a private, loopback or link-local address',
  port: 'The webhook URL must use the https port, 443',
} as const;

/**
 * Whether a host that is an IP address, in any form (IPv4 in decimal, octal, hex or short forms;
 * IPv6 with embedded IPv4, NAT64, 6to4, Teredo...), is not public (shared/domain/ip-address.ts).
 * False for a name: a name is resolved, and each address it resolves to is checked.
 */
export function isNonPublicAddress(address: string): boolean {
  return isIpAddress(address) && !isPublicAddress(address);
}

/** The one loopback host the local stack may register (COUNCIL_WEBHOOK_ALLOW_LOOPBACK). */
export const LOCAL_WEBHOOK_HOST = '127.0.0.1';

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * Why a webhook URL is refused, or undefined when it may be registered. On AWS: https on port 443
 * only, no credentials in it, and no host that is a non-public IP address in any form or a
 * `localhost` name (names are resolved by the service at registration and again at each delivery,
 * and every address they resolve to must be public). `allowLoopback` (the local stack only, never a
 * deployed stage): `http(s)://127.0.0.1:<any port>` too, so a receiver on this machine can be
 * registered.
 */
export function webhookUrlProblem(url: string, options: { allowLoopback: boolean }): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return webhookUrlMessages.https;
  }
  if (u.username || u.password) return webhookUrlMessages.credentials;
  // The URL parser has already normalised the host: IPv4 in any form is dotted, IPv6 in brackets.
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (
    options.allowLoopback &&
    host === LOCAL_WEBHOOK_HOST &&
    (u.protocol === 'http:' || u.protocol === 'https:')
  )
    return undefined;
  if (u.protocol !== 'https:') return webhookUrlMessages.https;
  if (isLocalName(host.replace(/\.$/, '')) || (isIpAddress(host) && !isPublicAddress(host)))
    return webhookUrlMessages.privateHost;
  // `:443` is the default: the parser leaves the port empty for it.
  if (u.port !== '') return webhookUrlMessages.port;
  return undefined;
}

/** The HMAC key of a `whsec_<base64>` signing secret (Standard Webhooks: the base64 part, decoded by the signer). */
export const webhookSecretKeyPart = (secret: string): string =>
  secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;

/** The secrets that still sign at `now`: the current one and a rotated one until its expiry. */
export function activeWebhookSecrets<S extends { expiresAt?: string | undefined }>(
  secrets: readonly S[],
  now: Date,
): S[] {
  return secrets.filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > now.getTime());
}
