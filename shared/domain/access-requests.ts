/**
 * The pure access-request rules (docs/access-requests.md): the web's
 * search form and lists and the access-requests service run the same functions.
 */
import type { ApplicationStatus } from '../schemas/applications.js';
import { isLooselyEditableStatus } from './applications.js';
import { messages } from './validation.js';

/** Stored and shown statuses (displayed Pending, Approved, Denied, Expired). */
export const ACCESS_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'DENIED', 'EXPIRED'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/** Unknown text parses to PENDING (docs/access-requests.md). */
export function readAccessRequestStatus(value: unknown): AccessRequestStatus {
  const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (ACCESS_REQUEST_STATUSES as readonly string[]).includes(text)
    ? (text as AccessRequestStatus)
    : 'PENDING';
}

/** A request expires seven calendar days after it is sent (docs/access-requests.md). */
export const ACCESS_REQUEST_EXPIRY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry moment (ISO) of a request sent at `createdDate`. */
export function accessRequestExpireTime(createdDate: Date | string | number): string {
  return new Date(new Date(createdDate).getTime() + ACCESS_REQUEST_EXPIRY_DAYS * DAY_MS).toISOString();
}

/**
 * The status as read: a PENDING request whose expiry has passed reads EXPIRED even when its schedule
 * has not fired yet; anything unknown reads PENDING.
 */
export function effectiveAccessRequestStatus(
  request: { status: unknown; expireTime: string },
  now: Date = new Date(),
): AccessRequestStatus {
  const status = readAccessRequestStatus(request.status);
  if (status !== 'PENDING') return status;
  return now.getTime() >= new Date(request.expireTime).getTime() ? 'EXPIRED' : 'PENDING';
}

/** Pending and unexpired: the one request a requester may hold per project. */
export const isAccessRequestActive = (
  request: { status: unknown; expireTime: string },
  now: Date = new Date(),
): boolean => effectiveAccessRequestStatus(request, now) === 'PENDING';

/**
 * The cap on a requester's pending (unexpired) requests. The spec says one exists without its value;
 * 20 is ours (docs/access-requests.md).
 */
export const MAX_PENDING_ACCESS_REQUESTS = 20;

// ---- Search (docs/access-requests.md) ----

/** Project numbers starting with BLD are application numbers; others are consent numbers. */
export const APPLICATION_NUMBER_PREFIX = 'BLD';
export type ProjectNumberField = 'applicationNumber' | 'consentNumber';

export function projectNumberField(projectNumber: string): ProjectNumberField {
  return projectNumber.trim().toUpperCase().startsWith(APPLICATION_NUMBER_PREFIX)
    ? 'applicationNumber'
    : 'consentNumber';
}

export type AccessSearchMode = 'simple' | 'advanced';

export interface AccessSearchInput {
  address?: string | undefined;
  applicationNumber?: string | undefined;
  authorities?: readonly string[] | undefined;
}

export type AccessSearchCriteria =
  | { mode: 'simple'; address: string; authorities: string[] }
  | { mode: 'advanced'; field: ProjectNumberField; projectNumber: string; authorities: string[] };

export interface AccessSearchIssue {
  field: 'address' | 'applicationNumber' | 'authorities';
  reason: string;
}

/**
 * Validates a search in its mode (docs/access-requests.md): simple mode needs the address; advanced mode the
 * project number (trimmed) and at least one authority, with the required-field message. A search is
 * sent only when this gives criteria.
 */
export function accessSearchCriteria(
  mode: AccessSearchMode,
  input: AccessSearchInput,
):
  | { criteria: AccessSearchCriteria; issues?: undefined }
  | { criteria?: undefined; issues: AccessSearchIssue[] } {
  const authorities = [...new Set((input.authorities ?? []).map((a) => a.trim()).filter(Boolean))];
  if (mode === 'simple') {
    const address = input.address?.trim() ?? '';
    if (!address) return { issues: [{ field: 'address', reason: messages.required }] };
    return { criteria: { mode, address, authorities } };
  }
  const projectNumber = input.applicationNumber?.trim() ?? '';
  const issues: AccessSearchIssue[] = [];
  if (!projectNumber) issues.push({ field: 'applicationNumber', reason: messages.required });
  if (authorities.length === 0) issues.push({ field: 'authorities', reason: messages.required });
  if (issues.length) return { issues };
  return {
    criteria: { mode, field: projectNumberField(projectNumber), projectNumber, authorities },
  };
}

/** The mode of a search the server receives: advanced when a project number is sent. */
export const accessSearchModeOf = (input: AccessSearchInput): AccessSearchMode =>
  input.applicationNumber !== undefined && input.applicationNumber.trim() !== '' ? 'advanced' : 'simple';

// ---- Errors (docs/access-requests.md) ----

/**
 * The server's access-request errors: code, message and the description the web keeps (the ISO
 * dates of ACCESS.REQUEST.EXIST are reformatted as full dates by the web).
 */
export const accessRequestErrors = {
  alreadyGranted: {
    code: 'ACCESS.REQUEST.ALREADY.GRANTED',
    message: 'Access already granted',
    description: 'You already have access to this project',
  },
  exist: {
    code: 'ACCESS.REQUEST.EXIST',
    message: 'Access request already exists',
    description: (createdDate: string, expireTime: string) =>
      `You requested access to this project on ${createdDate}. The request expires on ${expireTime}`,
  },
  notEditable: {
    code: 'ACCESS.REQUEST.APPLICATION.NOT.EDITABLE',
    message: 'Application is not editable',
    description: 'Access can only be requested while the application can be changed',
  },
} as const;

/** Other refusals (ClientError), with the spec's words where it has them. */
export const accessRequestMessages = {
  /** docs/access-requests.md: the dialog's text until the profile is complete. */
  profileIncomplete: 'To request access, you must complete your user profile',
  tooMany: `You can have at most ${MAX_PENDING_ACCESS_REQUESTS} pending access requests`,
  notPending: 'This access request has already been answered or has expired',
  declined: 'Access request declined',
} as const;

/**
 * Access may be requested while the application is editable by the general rule (Draft,
 * VRFISuspended, InProgress, Refused: shared/domain/applications.ts): a builder joins a project that
 * is under way, not only drafts.
 */
export const canRequestAccessTo = (status: ApplicationStatus): boolean => isLooselyEditableStatus(status);
