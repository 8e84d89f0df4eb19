import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import {
  invitationAnswerRefusal,
  invitationExpiryDate,
  isAnswerable,
  isInvitationExpired,
  registeredApplicantInvitationMessages as msg,
  sameEmail,
} from '../../../shared/domain/council-invitations.js';
import type { RegisteredApplicantInvitation } from '../../../shared/schemas/council.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import {
  councilEventTypeOfAnswer,
  type InvitationAnswer as Answer,
  type RegisteredApplicantInvitationStatus,
} from '../model/events.js';
import type { AlsoCommit, RegisteredApplicantInvitationRecord as InvitationRecord } from './repository.js';

export { councilEventTypeOfAnswer, type RegisteredApplicantInvitationStatus };

/** What the invitations service needs: the table (./repository.ts), a clock and ids. */
export interface InvitationPorts {
  getInvitation(invitationId: string): Promise<InvitationRecord | undefined>;
  invitationsOfAuthority(authorityId: string): Promise<InvitationRecord[]>;
  invitationsTo(email: string, status?: RegisteredApplicantInvitationStatus): Promise<InvitationRecord[]>;
  userEmail(userId: string): Promise<string | undefined>;
  authorityOf(authorityId: string): Promise<{ abbr?: string; name: string } | undefined>;
  writeNewInvitation(invitation: InvitationRecord, also?: AlsoCommit): Promise<void>;
  writeAnswer(invitation: InvitationRecord, status: Answer, userId: string): Promise<boolean>;
  now(): Date;
  newId(): string;
}

export interface CreateInvitation {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  expiryDate?: string | undefined;
  registeredApplicantId?: string | undefined;
}

/** The signed-in invitee: their user id and the email of their token (when their record has none). */
export interface Invitee {
  userId: string;
  email?: string | undefined;
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined || value === '' ? {} : { [key]: value }) as Partial<Record<K, V>>;

export const toInvitationDto = (i: InvitationRecord): RegisteredApplicantInvitation => ({
  timestamp: i.updatedAt ?? i.createdAt ?? i.sendingDate,
  id: i.invitationId,
  email: i.email,
  ...optional('firstName', i.firstName),
  ...optional('lastName', i.lastName),
  status: i.status,
  sendingDate: i.sendingDate,
  ...optional('expiryDate', i.expiryDate),
  ...optional('userId', i.userId),
  ...optional('registeredApplicantId', i.registeredApplicantId),
  ...optional('bcaCode', i.bcaCode),
  ...optional('bcaName', i.bcaName),
});

/**
 * Registered-applicant invitations (docs/council-api.md §4): a council
 * invites a person by email and reads its own authority's invitations (another authority's: 404);
 * the invitee — the signed-in user whose email matches, case-insensitively — lists, reads and answers
 * them once (another person's: 404; answered or expired: 409).
 */
export function invitationsService(ports: InvitationPorts) {
  const list = (items: InvitationRecord[]) => items.map(toInvitationDto);

  /** `store` commits the answer with the invitation (the council's idempotency item). */
  async function create(
    authorityId: string,
    request: CreateInvitation,
    store?: (answer: RegisteredApplicantInvitation) => AlsoCommit,
  ): Promise<RegisteredApplicantInvitation> {
    const now = ports.now();
    if (request.expiryDate !== undefined && isInvitationExpired(request.expiryDate, now))
      throw new Invalid([{ field: 'body.expiryDate', reason: msg.expiryInPast }], msg.expiryInPast);
    const authority = await ports.authorityOf(authorityId);
    const sendingDate = now.toISOString();
    const invitation: InvitationRecord = {
      invitationId: ports.newId(),
      email: request.email.trim().toLowerCase(),
      ...optional('firstName', request.firstName),
      ...optional('lastName', request.lastName),
      status: 'Pending',
      sendingDate,
      expiryDate: invitationExpiryDate(sendingDate, request.expiryDate),
      ...optional('registeredApplicantId', request.registeredApplicantId),
      // bcaCode is the authority's abbreviation (its id when it has none): docs/council-api.md §4.
      bcaCode: authority?.abbr ?? authorityId,
      ...optional('bcaName', authority?.name),
      authorityId,
      createdAt: sendingDate,
      updatedAt: sendingDate,
    };
    const answer = toInvitationDto(invitation);
    await ports.writeNewInvitation(invitation, store?.(answer));
    recordMetric('CouncilWrites', { action: 'invitation' });
    return answer;
  }

  async function councilInvitations(authorityId: string, status?: RegisteredApplicantInvitationStatus) {
    const items = await ports.invitationsOfAuthority(authorityId);
    return list(status ? items.filter((i) => i.status === status) : items);
  }

  async function councilInvitation(authorityId: string, invitationId: string) {
    const inv = await ports.getInvitation(invitationId);
    if (!inv || inv.authorityId !== authorityId) throw new NotFound(msg.notFound);
    return toInvitationDto(inv);
  }

  const emailOf = async (invitee: Invitee) => (await ports.userEmail(invitee.userId)) ?? invitee.email;

  /** The caller's invitations; `Pending` lists only those they can still answer (not expired). */
  async function myInvitations(invitee: Invitee, status?: RegisteredApplicantInvitationStatus) {
    const email = await emailOf(invitee);
    if (!email) return [];
    const items = await ports.invitationsTo(email.trim().toLowerCase(), status);
    const now = ports.now();
    return list(status === 'Pending' ? items.filter((i) => isAnswerable(i, now)) : items);
  }

  async function mine(invitee: Invitee, invitationId: string): Promise<InvitationRecord> {
    const inv = await ports.getInvitation(invitationId);
    if (!inv || !sameEmail(inv.email, await emailOf(invitee))) throw new NotFound(msg.notFound);
    return inv;
  }

  async function myInvitation(invitee: Invitee, invitationId: string) {
    return toInvitationDto(await mine(invitee, invitationId));
  }

  /** The invitee's answer, once: while Pending and not expired (409 otherwise, nothing changes). */
  async function respond(invitee: Invitee, invitationId: string, status: Answer) {
    const inv = await mine(invitee, invitationId);
    const refusal = invitationAnswerRefusal(inv, ports.now());
    if (refusal) throw new Conflict(msg[refusal]);
    if (!(await ports.writeAnswer(inv, status, invitee.userId))) throw new Conflict(msg.alreadyAnswered);
    return toInvitationDto({ ...inv, status, userId: invitee.userId, updatedAt: ports.now().toISOString() });
  }

  return { create, councilInvitations, councilInvitation, myInvitations, myInvitation, respond };
}
export type InvitationsService = ReturnType<typeof invitationsService>;
