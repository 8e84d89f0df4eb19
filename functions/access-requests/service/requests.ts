import type { AccessLevel } from '../../../shared/schemas/common.js';
import type { AccessRequest, AccessRequestsResponse } from '../../../shared/schemas/access-requests.js';
import type { ParticipantFields } from '../../../shared/schemas/participants.js';
import { accessRank } from '../../../shared/domain/applications.js';
import { isProfileComplete } from '../../../shared/domain/user.js';
import { defined } from '../../../shared/domain/objects.js';
import { Address } from '../../../shared/schemas/common.js';
import {
  MAX_PENDING_ACCESS_REQUESTS,
  accessRequestErrors as errors,
  accessRequestExpireTime,
  accessRequestMessages as m,
  canRequestAccessTo,
  effectiveAccessRequestStatus,
} from '../../../shared/domain/access-requests.js';
import { Conflict, NotFound, Rejected } from '../../platform/errors.js';
import type { UserCaller } from '../../platform/caller.js';
import type { ApplicationGrant, ApplicationRecord } from '../../platform/access.js';
import type { TransactionEntities } from '../../platform/events/outbox.js';
import type { AccessRequestRecord, NewAccessRequest, answerItems } from '../repository/requests.js';

export const ACCESS_REQUEST_NOT_FOUND = 'Access request not found';

/** A requester's profile as the request copies it (requestUser). */
export interface RequesterProfile {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  contactNumber?: string | undefined;
  phoneCountryCode?: string | undefined;
  organisation?: string | undefined;
  address?: AccessRequestRecord['address'];
}

/** What the access-requests service needs (repository/*.ts, the participants service, a clock, ids). */
export interface AccessRequestPorts {
  now(): Date;
  newId(): string;
  profile(userId: string): Promise<RequesterProfile | undefined>;
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  /** The user's access on the application, with its row (undefined: none). */
  grantOf(applicationId: string, userId: string): Promise<ApplicationGrant | undefined>;
  getRequest(requestGuid: string): Promise<AccessRequestRecord | undefined>;
  requestsOfRequester(requesterId: string): Promise<AccessRequestRecord[]>;
  pendingRequestsOfOwner(ownerId: string): Promise<AccessRequestRecord[]>;
  pendingCountOf(requesterId: string, now: string): Promise<number>;
  activeGuardOf(
    applicationId: string,
    requesterId: string,
  ): Promise<{ requestGuid: string; expireTime: string; createdDate?: string } | undefined>;
  writeNewRequest(request: NewAccessRequest, now: string): Promise<boolean>;
  writeAnswer(
    request: AccessRequestRecord,
    answer: 'DENIED' | 'EXPIRED',
    at: string,
    actor: string,
  ): Promise<boolean>;
  answerItems: typeof answerItems;
  markHandled(requestGuid: string): Promise<void>;
  /** The participants service's add, with this feature's items in its transaction. */
  addParticipant(
    caller: UserCaller,
    grant: ApplicationGrant,
    input: ParticipantFields,
    also: (e: TransactionEntities, participant: { participantId: string }) => ReturnType<typeof answerItems>,
    /** The request approved (named in ParticipantAdded: the requester is told once, by AccessRequestApproved). */
    accessRequestGuid?: string,
  ): Promise<{ participantId: string }>;
}

/** The request as the API shows it: its status derived on read (EXPIRED past its expireTime). */
export function toAccessRequest(r: AccessRequestRecord, now: Date): AccessRequest {
  return defined({
    requestGuid: r.requestGuid,
    applicationId: r.applicationId,
    applicationNumber: r.applicationNumber,
    consentNumber: r.consentNumber,
    applicationStatus: r.applicationStatus,
    status: effectiveAccessRequestStatus(r, now),
    address: r.address,
    requestUser: { ...defined(r.requestUser ?? {}), email: r.requestUser?.email ?? '' },
    createdDate: r.createdDate,
    completionDate: r.completionDate,
    expireTime: r.expireTime,
  }) as AccessRequest;
}

const isManager = (level: AccessLevel | undefined) => accessRank(level) >= accessRank('Manage');

/** Access requests (docs/access-requests.md lists the rules). */
export function accessRequestsService(ports: AccessRequestPorts) {
  /** POST /user/access-requests-v2 */
  async function create(caller: UserCaller, applicationId: string): Promise<AccessRequest> {
    const profile = await ports.profile(caller.userId);
    if (!profile || !isProfileComplete(profile)) throw new Rejected(m.profileIncomplete);
    const application = await ports.application(applicationId);
    if (!application || application.recordType === 'Template') throw new NotFound();
    const grant = await ports.grantOf(applicationId, caller.userId);
    if (grant && accessRank(grant.access.accessLevel) >= 1)
      throw new Conflict(
        errors.alreadyGranted.message,
        errors.alreadyGranted.code,
        errors.alreadyGranted.description,
      );
    if (!canRequestAccessTo(application.status))
      throw new Rejected(errors.notEditable.message, errors.notEditable.code, errors.notEditable.description);
    const now = ports.now();
    const at = now.toISOString();
    await checkNoActive(applicationId, caller.userId, now);
    if ((await ports.pendingCountOf(caller.userId, at)) >= MAX_PENDING_ACCESS_REQUESTS)
      throw new Rejected(m.tooMany);
    const request: NewAccessRequest = defined({
      requestGuid: ports.newId(),
      applicationId,
      requesterId: caller.userId,
      ownerId: application.userId,
      applicationNumber: application.applicationNumber,
      consentNumber: application.consentNumber,
      applicationStatus: application.status,
      status: 'PENDING' as const,
      address: application.address ? Address.parse(application.address) : undefined,
      requestUser: defined({
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        phoneCountryCode: profile.phoneCountryCode,
        phoneNumber: profile.contactNumber,
        organisation: profile.organisation,
        address: profile.address,
      }),
      createdDate: at,
      expireTime: accessRequestExpireTime(now),
      handled: false,
    }) as NewAccessRequest;
    if (!(await ports.writeNewRequest(request, at))) {
      // Another request won the guard meanwhile (concurrent sends): say so with its dates.
      await checkNoActive(applicationId, caller.userId, now);
      throw new Conflict(errors.exist.message, errors.exist.code);
    }
    return toAccessRequest(request as AccessRequestRecord, now);
  }

  async function checkNoActive(applicationId: string, requesterId: string, now: Date) {
    const guard = await ports.activeGuardOf(applicationId, requesterId);
    if (!guard || new Date(guard.expireTime).getTime() <= now.getTime()) return;
    const created =
      guard.createdDate ?? (await ports.getRequest(guard.requestGuid))?.createdDate ?? guard.expireTime;
    throw new Conflict(
      errors.exist.message,
      errors.exist.code,
      errors.exist.description(created, guard.expireTime),
    );
  }

  /** GET /user/access-requests-v2: pending ones to review (the owner, still Manage) and the caller's own. */
  async function lists(caller: UserCaller): Promise<AccessRequestsResponse> {
    const now = ports.now();
    const [incoming, mine] = await Promise.all([
      ports.pendingRequestsOfOwner(caller.userId),
      ports.requestsOfRequester(caller.userId),
    ]);
    const pending = incoming.filter((r) => effectiveAccessRequestStatus(r, now) === 'PENDING');
    const managed = await Promise.all(
      [...new Set(pending.map((r) => r.applicationId))].map(
        async (id) => [id, isManager((await ports.grantOf(id, caller.userId))?.access.accessLevel)] as const,
      ),
    );
    const manages = new Map(managed);
    return {
      incomingAccessRequests: pending
        .filter((r) => manages.get(r.applicationId))
        .map((r) => toAccessRequest(r, now)),
      myAccessRequests: mine.map((r) => toAccessRequest(r, now)),
    };
  }

  /** A request the caller reviews: they own its application and still manage it (else not found). */
  async function reviewed(caller: UserCaller, requestGuid: string) {
    const request = await ports.getRequest(requestGuid);
    if (!request || request.ownerId !== caller.userId) throw new NotFound(ACCESS_REQUEST_NOT_FOUND);
    const grant = await ports.grantOf(request.applicationId, caller.userId);
    if (!grant || !isManager(grant.access.accessLevel)) throw new NotFound(ACCESS_REQUEST_NOT_FOUND);
    return { request, grant };
  }

  /**
   * PATCH /user/access-requests/{guid}: APPROVED adds the requester as the participant the owner's
   * dialog sends (the participants' rules), in the same transaction as the status and its event;
   * DENIED declines. Only a pending, unexpired request may be answered.
   */
  async function answer(
    caller: UserCaller,
    requestGuid: string,
    input: { status: 'APPROVED'; participant: ParticipantFields } | { status: 'DENIED' },
  ): Promise<AccessRequest> {
    const { request, grant } = await reviewed(caller, requestGuid);
    const now = ports.now();
    if (effectiveAccessRequestStatus(request, now) !== 'PENDING') throw new Conflict(m.notPending);
    const at = now.toISOString();
    if (input.status === 'DENIED') {
      if (!(await ports.writeAnswer(request, 'DENIED', at, caller.userId))) throw new Conflict(m.notPending);
    } else {
      // The email is the requester's (not editable in the dialog): the participant is them.
      const participant = { ...input.participant, email: request.requestUser?.email };
      await ports.addParticipant(
        caller,
        grant,
        participant,
        (e, added) => ports.answerItems(e, request, 'APPROVED', at, caller.userId, added.participantId),
        request.requestGuid,
      );
    }
    return toAccessRequest({ ...request, status: input.status, completionDate: at }, now);
  }

  /** PATCH /user/access-requests/{guid}/handled: leaves the owner's list (idempotent). */
  async function handled(caller: UserCaller, requestGuid: string): Promise<void> {
    await reviewed(caller, requestGuid);
    await ports.markHandled(requestGuid);
  }

  return {
    create,
    lists,
    answer,
    handled,
    expire: (requestGuid: string) => expireAccessRequest(ports, requestGuid),
  };
}

/** What the expiry job needs (scheduled.ts keeps its Lambda to these). */
export type ExpiryJobPorts = Pick<AccessRequestPorts, 'getRequest' | 'writeAnswer' | 'now'>;

/**
 * How early the expiry schedule may fire by the job's own clock and still expire the request: its
 * `at()` has whole seconds (the expiry's milliseconds are dropped) and the scheduler's clock is not
 * the function's. Fired earlier than this, the job leaves the request (docs/reliability.md "Faults").
 */
export const EXPIRY_FIRED_EARLY_TOLERANCE_MS = 60_000;

/**
 * The expiry job (scheduled.ts): a request still stored PENDING whose expiry has passed (or comes
 * within {@link EXPIRY_FIRED_EARLY_TOLERANCE_MS}: its schedule fired, a little early) becomes
 * EXPIRED at its expiry time with its event and history; anything else (answered, already expired,
 * early) is left.
 */
export async function expireAccessRequest(
  ports: ExpiryJobPorts,
  requestGuid: string,
): Promise<'expired' | 'skipped'> {
  const request = await ports.getRequest(requestGuid);
  const now = ports.now().getTime();
  if (!request || request.status !== 'PENDING') return 'skipped';
  const expiry = new Date(request.expireTime).getTime();
  if (expiry > now + EXPIRY_FIRED_EARLY_TOLERANCE_MS) return 'skipped';
  // Written at the expiry when the schedule fired before it (the write's condition: expired by then).
  const at = new Date(Math.max(now, expiry)).toISOString();
  return (await ports.writeAnswer(request, 'EXPIRED', at, 'System')) ? 'expired' : 'skipped';
}
