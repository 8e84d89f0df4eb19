import * as z from 'zod';
import { AccessLevel, Address, Id } from './common.js';
import { ApplicationStatus, PageIndex, csv } from './applications.js';
import { ParticipantInput } from './participants.js';
import {
  ACCESS_REQUEST_STATUSES,
  accessSearchCriteria,
  accessSearchModeOf,
  readAccessRequestStatus,
} from '../domain/access-requests.js';

/**
 * Access requests and the access search (docs/access-requests.md):
 * every request and response of functions/access-requests, parsed by the service and the web alike.
 */

/** A status as stored or sent: one of the four; unknown text parses to PENDING. */
export const AccessRequestStatus = z
  .unknown()
  .transform((v) => readAccessRequestStatus(v))
  .pipe(z.enum(ACCESS_REQUEST_STATUSES));
export type AccessRequestStatus = z.output<typeof AccessRequestStatus>;

/** The requester's details, from their profile when the request was sent (prefills the participant form). */
export const AccessRequestUser = z.object({
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  phoneNumber: z.string().optional(),
  organisation: z.string().optional(),
  address: Address.optional(),
});
export type AccessRequestUser = z.infer<typeof AccessRequestUser>;

/** Access request (docs/access-requests.md). Dates are ISO 8601. */
export const AccessRequest = z.object({
  requestGuid: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string().optional(),
  consentNumber: z.string().optional(),
  applicationStatus: z.string().optional(),
  /** Derived on read: a PENDING request past its expireTime reads EXPIRED. */
  status: AccessRequestStatus,
  address: Address.optional(),
  requestUser: AccessRequestUser,
  createdDate: z.string(),
  completionDate: z.string().optional(),
  expireTime: z.string(),
});
export type AccessRequest = z.output<typeof AccessRequest>;

/** GET /user/access-requests-v2: requests to review (owners with Manage) and the caller's own, newest first. */
export const AccessRequestsResponse = z.object({
  incomingAccessRequests: z.array(AccessRequest),
  myAccessRequests: z.array(AccessRequest),
});
export type AccessRequestsResponse = z.output<typeof AccessRequestsResponse>;

/** POST /user/access-requests-v2 */
export const CreateAccessRequest = z.object({
  applicationId: z.string().regex(/^\d{1,15}$/, 'Application id must be numeric'),
});
export type CreateAccessRequest = z.input<typeof CreateAccessRequest>;

/**
 * PATCH /user/access-requests/{guid}: APPROVED carries the participant the owner's dialog sends
 * (prefilled from requestUser; the participants' own schema and rules); DENIED declines.
 */
export const AnswerAccessRequest = z.discriminatedUnion('status', [
  z.object({ status: z.literal('APPROVED'), participant: ParticipantInput }),
  z.object({ status: z.literal('DENIED') }),
]);
export type AnswerAccessRequest = z.input<typeof AnswerAccessRequest>;

export const AccessRequestParams = z.object({ guid: Id });

/** The page size of the access search (not shown in the spec): 20 by default, at most 50. */
export const ACCESS_SEARCH_PAGE_SIZE = 20;
export const ACCESS_SEARCH_MAX_PAGE_SIZE = 50;

/**
 * GET /user/applications-search: simple mode (address, optional authorities) or advanced mode
 * (applicationNumber: the project number, BLD… or a consent number, and at least one authority).
 * The address is the full address as picked from the address lookup.
 */
export const ApplicationsSearchQuery = z
  .object({
    pageIndex: PageIndex,
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(ACCESS_SEARCH_MAX_PAGE_SIZE)
      .default(ACCESS_SEARCH_PAGE_SIZE),
    authorities: csv(z.string().max(64)).optional(),
    address: z.string().max(500).optional(),
    applicationNumber: z.string().max(64).optional(),
  })
  .superRefine((q, ctx) => {
    const result = accessSearchCriteria(accessSearchModeOf(q), q);
    for (const issue of result.issues ?? [])
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.reason });
  });
export type ApplicationsSearchQuery = z.output<typeof ApplicationsSearchQuery>;

/** Application search item (docs/access-requests.md): only what the results table shows. */
export const ApplicationSearchItem = z.object({
  applicationId: z.string(),
  applicationNumber: z.string().optional(),
  consentNumber: z.string().optional(),
  formDisplayName: z.string().optional(),
  address: Address.optional(),
  authorityDisplayName: z.string().optional(),
  status: ApplicationStatus,
  /** The caller's own access; absent when they have none (the row offers Request access). */
  accessLevel: AccessLevel.optional(),
  /** The createdDate of the caller's active request for it, if any. */
  accessRequestedDate: z.string().optional(),
  hasChildApplications: z.boolean(),
});
export type ApplicationSearchItem = z.infer<typeof ApplicationSearchItem>;

/** A page of search results; a full page means another may exist (`hasMore`: load on scroll). */
export const ApplicationsSearchResponse = z.object({
  items: z.array(ApplicationSearchItem),
  pageIndex: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type ApplicationsSearchResponse = z.infer<typeof ApplicationsSearchResponse>;
