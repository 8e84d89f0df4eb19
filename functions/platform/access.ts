import { createHash } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { accessRank } from '../../shared/domain/applications.js';
import type { Access } from '../routes.js';
import { Id } from '../../shared/schemas/common.js';
import type { AccessLevel, OrganisationRole } from '../../shared/schemas/common.js';
import { readOrganisationRole } from '../../shared/domain/user.js';
import { soleTraderOrganisationId, userOrganisationRole } from '../../shared/domain/organisations.js';
import type { MemberStatus } from '../../shared/domain/organisations.js';
import { entities } from './data/service.js';
import type {
  application as applicationEntity,
  applicationAccess as accessEntity,
  payment as paymentEntity,
} from './data/entities/application.js';
import type { paymentRequest as paymentRequestEntity } from './data/entities/payment-requests.js';
import { linkOpens, paymentRequestMessages } from '../../shared/domain/payment-requests.js';
import { Forbidden, NotFound, Unauthorized } from './errors.js';
import { councilBucketKey, councilRateFrom, tokenBucket } from './token-bucket.js';
import { tableBucketStore } from './data/token-bucket-store.js';
import { councilClientAndBucket } from './data/council-client-bucket.js';
import { isVisibleToCouncil } from '../../shared/domain/council.js';
import type { Caller } from './caller.js';

export type ApplicationRecord = EntityItem<typeof applicationEntity>;
export type ApplicationAccessRecord = EntityItem<typeof accessEntity>;

/** What a route's access grants its handler: the application and the caller's access row on it. */
export interface ApplicationGrant {
  application: ApplicationRecord;
  access: ApplicationAccessRecord;
}

/**
 * What an organisation route's access grants: the caller's membership of their organisation. A
 * user who never joined one is the active admin of their own (`soleTrader`: no rows exist yet; the
 * organisations service writes them on its first change).
 */
export interface OrganisationGrant {
  membership: {
    organisationId: string;
    userId: string;
    role: OrganisationRole;
    status: MemberStatus;
    soleTrader: boolean;
  };
}

/** What a council route's access grants: the authority the calling client acts for. */
export interface CouncilGrant {
  council: { authorityId: string; clientId: string };
}
/** A council route on one application: also the application, lodged with the caller's authority. */
export interface CouncilApplicationGrant extends CouncilGrant {
  application: ApplicationRecord;
}

/**
 * What a payer link grants: the payment request its token names, its application and its invoice
 * (a token only ever reaches its own invoice).
 */
export interface PayerGrant {
  paymentRequest: EntityItem<typeof paymentRequestEntity>;
  application: ApplicationRecord;
  payment: EntityItem<typeof paymentEntity>;
}

export type GrantOf<A extends Access> = A extends { application: string }
  ? ApplicationGrant
  : A extends { paymentRequest: string }
    ? PayerGrant
    : A extends { organisation: string }
      ? OrganisationGrant
      : A extends { lodgedApplication: string }
        ? CouncilApplicationGrant
        : A extends { caller: 'council' }
          ? CouncilGrant
          : object;

export const APPLICATION_NOT_FOUND = 'Application not found';

/**
 * The one access policy. Runs before every handler and before its input is parsed, from the
 * route's declared `access` and the raw path parameters:
 * - application access: the caller's access row on the application in the path. An id that cannot
 *   be one, no application, no row or None → 404 (an application's existence never shows to a
 *   stranger); a level below the route's → 403. Both reads run together (two GetItems).
 * - organisation access: the caller's membership of their organisation (the user record's
 *   organisationId, the member row's role and status, read consistently). Disabled, or Normal on an
 *   admin route → 403. No organisation → the admin of their own (a sole trader).
 * - council access (docs/council-api.md §2): a council caller (else 403) whose token has the route's
 *   scope (else 403), its client row Active (else 401: revocation takes effect at the next call);
 *   on an application route the application must be lodged with the row's authority (no
 *   application, another authority's, a Draft or a malformed id → 404, as for a stranger).
 * - payer link (docs/payments.md "Invite to pay"): the body's `token` (never the path or query,
 *   which access logs keep; anything but a string there is no token), hashed (SHA-256, base64url),
 *   names a payment request (gsi1, then read consistently by its key). Unknown, Cancelled, Expired
 *   or past its expiry (whether or not the expiry job has run) → 404 'This payment link is no
 *   longer valid'. A Paid one still opens (the receipt; the service refuses paying again: 409).
 * - caller kinds other than user are checked by the caller resolution (no identity → 401).
 */
export async function grantAccess(
  access: Access,
  caller: Caller,
  params: Record<string, unknown>,
  /** The raw JSON body (read only for a payer link, whose token is there). */
  body: () => unknown = () => undefined,
): Promise<Partial<ApplicationGrant & OrganisationGrant & CouncilApplicationGrant & PayerGrant>> {
  if (access.caller === 'council') return grantCouncil(access, caller, params);
  if ('paymentRequest' in access) return loadPayerGrant(payerTokenOf(body()));
  if ('organisation' in access) {
    if (caller.kind !== 'user') throw new Forbidden();
    return { membership: await loadMembership(caller.userId, access.organisation) };
  }
  if (!('application' in access)) return {};
  if (caller.kind !== 'user') throw new Forbidden();
  // The raw path parameter (access runs before the input is parsed): one that cannot be a key
  // (absent, blank, too long) names no application the caller has → 404 without a read.
  const applicationId = Id.safeParse(params[access.param]);
  if (!applicationId.success) throw new NotFound(APPLICATION_NOT_FOUND);
  return loadApplicationAccess(applicationId.data, caller.userId, access.application);
}

/**
 * The one check of a user's access to an application, also used by services for an application a
 * request names in its body (the source of a duplicate, a template).
 */
export async function loadApplicationAccess(
  applicationId: string,
  userId: string,
  minimum: AccessLevel,
): Promise<ApplicationGrant> {
  const [application, row] = await Promise.all([
    entities.application.get({ applicationId }).go(),
    entities.applicationAccess.get({ applicationId, userId }).go(),
  ]);
  if (!application.data || !row.data || accessRank(row.data.accessLevel) < 1)
    throw new NotFound(APPLICATION_NOT_FOUND);
  if (accessRank(row.data.accessLevel) < accessRank(minimum)) throw new Forbidden();
  return { application: application.data, access: row.data };
}

/**
 * The one check of a user's membership of their organisation: active, and Admin when `minimum` is
 * Admin (403 otherwise). The member row is the truth for role and status; a user record naming an
 * organisation without a row (written before rows existed) reads its organisationRole (unknown →
 * Normal) as an active member.
 */
export async function loadMembership(
  userId: string,
  minimum: OrganisationRole,
): Promise<OrganisationGrant['membership']> {
  const { data: user } = await entities.user.get({ userId }).go({ consistent: true });
  const organisationId = user?.organisationId;
  const membership: OrganisationGrant['membership'] = organisationId
    ? await memberRow(organisationId, userId, user?.organisationRole)
    : {
        // A sole trader: the admin of their own, by the rule the web applies to GET /user (one rule).
        organisationId: soleTraderOrganisationId(userId),
        userId,
        role: userOrganisationRole({ organisationRole: readOrganisationRole(user?.organisationRole) }),
        status: 'Active',
        soleTrader: true,
      };
  if (membership.status !== 'Active') throw new Forbidden();
  if (minimum === 'Admin' && membership.role !== 'Admin') throw new Forbidden();
  return membership;
}

async function memberRow(
  organisationId: string,
  userId: string,
  userRole: unknown,
): Promise<OrganisationGrant['membership']> {
  const { data } = await entities.organisationMember.get({ organisationId, userId }).go({ consistent: true });
  return {
    organisationId,
    userId,
    role: readOrganisationRole(data ? data.role : userRole),
    status: data?.status ?? 'Active',
    soleTrader: false,
  };
}

/** The stage's rule for a council client's calls (functions/platform/token-bucket.ts), once per cold start. */
let stageCouncilRate: ReturnType<typeof councilRateFrom> | undefined;

/**
 * The council branch of {@link grantAccess} (docs/council-api.md §2): the token's scope, the client
 * still active, a token from the client's bucket (429 with Retry-After when empty: docs/council-api.md
 * "Limits"), then the application lodged with its authority.
 */
async function grantCouncil(
  access: Extract<Access, { caller: 'council' }>,
  caller: Caller,
  params: Record<string, unknown>,
): Promise<CouncilGrant | CouncilApplicationGrant> {
  if (caller.kind !== 'council' || !caller.scopes.includes(access.scope)) throw new Forbidden();
  // The client's row and its bucket in one read (the bucket's key is the token's client), then one
  // conditional write of the bucket: two DynamoDB calls on every council call (docs/performance.md).
  const { client, tat } = await councilClientAndBucket(caller.clientId);
  if (!client || client.status !== 'Active') throw new Unauthorized();
  await tokenBucket({
    store: tableBucketStore,
    rule: client.rateLimit ?? (stageCouncilRate ??= councilRateFrom(process.env.COUNCIL_RATE_LIMIT)),
  }).take(councilBucketKey(caller.clientId), { tat });
  const council = { authorityId: client.authorityId, clientId: client.clientId };
  if (!('lodgedApplication' in access)) return { council };
  const applicationId = Id.safeParse(params[access.lodgedApplication]);
  if (!applicationId.success) throw new NotFound(APPLICATION_NOT_FOUND);
  const { data: application } = await entities.application
    .get({ applicationId: applicationId.data })
    .go({ consistent: true });
  if (!application || !isVisibleToCouncil(application, council.authorityId))
    throw new NotFound(APPLICATION_NOT_FOUND);
  return { council, application };
}

/** The stored form of a payer link's token: SHA-256, base64url (the token itself is never stored). */
export const payerTokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('base64url');

/** A payer link's token from the raw JSON body (`{ token }`); anything else: none. */
const payerTokenOf = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>).token
    : undefined;

/** The payer-link branch of {@link grantAccess}: the request, its application and invoice, or 404. */
export async function loadPayerGrant(token: unknown, now: Date = new Date()): Promise<PayerGrant> {
  const invalid = () => new NotFound(paymentRequestMessages.linkInvalid, paymentRequestMessages.linkInvalid);
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw invalid();
  const tokenHash = payerTokenHash(token);
  const { data: found } = await entities.paymentRequest.query.byToken({ tokenHash }).go({ limit: 1 });
  const hit = found[0];
  if (!hit) throw invalid();
  const { data: request } = await entities.paymentRequest
    .get({ applicationId: hit.applicationId, requestId: hit.requestId })
    .go({ consistent: true });
  // The index is eventually consistent: the request as stored must still carry this link's hash.
  if (!request || request.tokenHash !== tokenHash || !linkOpens(request, now)) throw invalid();
  const [application, payment] = await Promise.all([
    entities.application.get({ applicationId: request.applicationId }).go({ consistent: true }),
    entities.payment
      .get({ applicationId: request.applicationId, paymentId: request.paymentId })
      .go({ consistent: true }),
  ]);
  if (!application.data || !payment.data) throw invalid();
  return { paymentRequest: request, application: application.data, payment: payment.data };
}
