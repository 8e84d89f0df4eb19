import { fullAddressOf } from '../../../shared/domain/address.js';
import { paymentMessages } from '../../../shared/domain/payments.js';
import {
  effectiveRequestStatus,
  EXPIRY_JOB,
  expiresAtOf,
  expiryScheduleName,
  paymentRequestMessages as msg,
  reminderAtOf,
  REMINDER_JOB,
  reminderScheduleName,
} from '../../../shared/domain/payment-requests.js';
import type { ClaimPayment, PaymentSessionResponse } from '../../../shared/schemas/payments.js';
import type {
  PayerClaim,
  PayerView,
  PaymentRequestCreate,
  PaymentRequestDto,
} from '../../../shared/schemas/payment-requests.js';
import type { ApplicationRecord, PayerGrant } from '../../platform/access.js';
import type { MailMessage } from '../../platform/adapters/mail.js';
import type { ScheduledJob } from '../../platform/adapters/scheduler.js';
import { Conflict, NotFound } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { toPaymentDto, type PaymentRecord, type PaymentSessionRecord } from './dto.js';
import { reminderMail, requestMail, type RequestMailFacts } from './request-mail.js';
import type { PaymentRequestRecord, RequestChange } from '../model/records.js';

export type { PaymentRequestRecord, RequestChange, RequestEventType } from '../model/records.js';

/** The target of the requests' schedules (functions/payments/scheduled.ts). */
export const SCHEDULE_TARGET = 'payments/scheduled';
export { EXPIRY_JOB, REMINDER_JOB } from '../../../shared/domain/payment-requests.js';

export interface RequestPorts {
  now(): Date;
  newId(): string;
  /** 32 random bytes, base64url: the link's token (never stored). */
  newToken(): string;
  /** SHA-256 of a token, base64url: what is stored. */
  hashToken(token: string): string;
  requests(applicationId: string): Promise<PaymentRequestRecord[]>;
  request(applicationId: string, requestId: string): Promise<PaymentRequestRecord | undefined>;
  payments(applicationId: string): Promise<PaymentRecord[]>;
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  session(sessionId: string): Promise<PaymentSessionRecord | undefined>;
  /** The changes as one transaction; false when a request was no longer Open. */
  writeRequests(changes: RequestChange[]): Promise<boolean>;
  /**
   * Stores a link's hash on a request that is Open and has none yet (no link minted, none mailed);
   * false when it is not so (closed meanwhile, or another delivery stored one).
   */
  storeLinkHash(r: PaymentRequestRecord, tokenHash: string): Promise<boolean>;
  /** Removes that hash again while the request is not marked mailed (its mail was refused). */
  clearLinkHash(r: PaymentRequestRecord, tokenHash: string): Promise<void>;
  /** Marks the request mailed (`mailedAt`), on condition that its hash is still that one. */
  markMailed(r: PaymentRequestRecord, tokenHash: string, at: string): Promise<void>;
  sendMail(message: MailMessage): Promise<unknown>;
  schedule(job: ScheduledJob): Promise<void>;
  cancel(name: string): Promise<void>;
  webUrl(): Promise<string>;
  /** A user's name as others see it (the inviter), if known. */
  personName(userId: string): Promise<string | undefined>;
  authorityName(authorityId: string): string;
  /** The named rate limits (functions/platform/rate-limit.ts): over one, 429 with Retry-After. */
  limits: Pick<RateLimiter, 'check'>;
}

/** The applicant's own payment calls the payer's go through (functions/payments/service/payments.ts). */
export interface PayerPayments {
  session(
    actor: string,
    application: ApplicationRecord,
    paymentId: string,
    token: string | undefined,
    returnUrl?: string,
  ): Promise<PaymentSessionResponse>;
  claim(
    actor: string,
    application: ApplicationRecord,
    paymentId: string,
    body: ClaimPayment,
  ): Promise<unknown>;
}

export const payerActor = (requestId: string) => `payer:${requestId}`;

/** What the link's mail consumer did (mailLink). */
export type MailLinkOutcome = 'Mailed' | 'AlreadyMailed' | 'LinkUnsure' | 'NotOpen' | 'Paid';

/** CreateSchedule of a name that exists: this job was scheduled already (a retried event). */
const alreadyScheduled = (err: unknown) =>
  (err as { name?: string } | undefined)?.name === 'ConflictException' || /already exists/i.test(String(err));

export function toRequestDto(r: PaymentRequestRecord, now: Date): PaymentRequestDto {
  return {
    requestId: r.requestId,
    paymentId: r.paymentId,
    payerName: r.payerName,
    payerEmail: r.payerEmail,
    status: effectiveRequestStatus(r, now),
    sentAt: r.sentAt,
    expiresAt: r.expiresAt,
    ...(r.remindedAt ? { remindedAt: r.remindedAt } : {}),
    ...(r.closedAt ? { closedAt: r.closedAt } : {}),
  };
}

/**
 * Invite to pay (docs/payments.md "Invite to pay"): a participant with Edit sends
 * an invoice to a named payer; the payer's link (its token's hash stored) shows that invoice only and
 * pays it through the applicant's own session and claim calls, as `payer:<requestId>`. A reminder 3
 * days before expiry, expiry on schedule, and the request closes when the invoice is paid by anyone.
 */
export function paymentRequests(ports: RequestPorts, payments: PayerPayments) {
  async function paymentOf(applicationId: string, paymentId: string) {
    const payment = (await ports.payments(applicationId)).find((p) => p.paymentId === paymentId);
    if (!payment) throw new NotFound(paymentMessages.paymentNotFound);
    return payment;
  }

  async function factsOf(
    r: PaymentRequestRecord,
    application: ApplicationRecord,
    payment: PaymentRecord,
  ): Promise<RequestMailFacts> {
    return {
      payerName: r.payerName,
      payerEmail: r.payerEmail,
      inviterName: (await ports.personName(r.sentBy)) ?? 'The applicant',
      authorityName: ports.authorityName(application.authorityId),
      applicationNumber: application.applicationNumber ?? application.applicationId,
      address: fullAddressOf(application.address) || 'the building site',
      description: payment.description,
      reference: payment.reference,
      baseCents: payment.baseCents,
      surchargeCents: payment.surchargeCents ?? 0,
      dueDate: payment.dueDate,
      message: r.message,
      expiresAt: r.expiresAt,
      sentAt: r.sentAt,
    };
  }

  const closing = (
    r: PaymentRequestRecord,
    status: 'Cancelled' | 'Expired' | 'Paid',
    actor: string,
    authorityId: string,
    now: Date,
  ): RequestChange => ({
    action:
      status === 'Cancelled'
        ? 'PaymentRequestCancelled'
        : status === 'Expired'
          ? 'PaymentRequestExpired'
          : 'PaymentRequestClosed',
    actor,
    authorityId,
    now,
    update: { before: r, set: { status, closedAt: now.toISOString() } },
  });

  /** Paying again through a link is refused once the invoice is paid (whether or not the request closed). */
  function refusePaid(grant: PayerGrant) {
    if (grant.payment.status === 'Paid' || grant.paymentRequest.status === 'Paid')
      throw new Conflict(msg.alreadyPaid);
  }

  async function viewOf(grant: PayerGrant, payment: PaymentRecord = grant.payment): Promise<PayerView> {
    const r = grant.paymentRequest;
    const now = ports.now();
    return {
      payerName: r.payerName,
      expiresAt: r.expiresAt,
      status: payment.status === 'Paid' ? 'Paid' : effectiveRequestStatus(r, now),
      applicationId: grant.application.applicationId,
      applicationNumber: grant.application.applicationNumber ?? grant.application.applicationId,
      ...(grant.application.consentNumber ? { consentNumber: grant.application.consentNumber } : {}),
      address: fullAddressOf(grant.application.address),
      authorityName: ports.authorityName(grant.application.authorityId),
      payment: toPaymentDto(payment),
      // Who asked, and their message: shown on the page as the applicant's quoted words.
      requestedBy: (await ports.personName(r.sentBy)) ?? 'The applicant',
      ...(r.message ? { message: r.message } : {}),
    };
  }

  return {
    /**
     * POST …/payments/{paymentId}/requests: a request to the payer, on an invoice awaiting payment
     * (409 otherwise), within the limits per user and per invoice (429). An Open request to the same email for this invoice is cancelled in the same
     * transaction (its link stops working): a resend. The link's mail and the reminder and expiry
     * schedules follow from its event (mailLink, scheduleJobs).
     */
    async create(
      userId: string,
      application: ApplicationRecord,
      paymentId: string,
      body: PaymentRequestCreate,
    ): Promise<PaymentRequestDto> {
      const payment = await paymentOf(application.applicationId, paymentId);
      if (payment.status !== 'AwaitingPayment')
        throw new Conflict(
          payment.status === 'Paid' ? paymentMessages.alreadyPaid : paymentMessages.claimPending,
        );
      // Not a mail relay: so many sends per user and per invoice (every send counts, resends too).
      await ports.limits.check(
        ['paymentRequestPerUser', userId],
        ['paymentRequestPerInvoice', `${application.applicationId}#${paymentId}`],
      );
      const now = ports.now();
      const email = body.payerEmail.toLowerCase();
      const replaced = (await ports.requests(application.applicationId)).filter(
        (r) =>
          r.paymentId === paymentId && r.payerEmail === email && effectiveRequestStatus(r, now) === 'Open',
      );
      const expiresAt = expiresAtOf(now);
      // No link yet: the mail consumer mints it (mailLink), so the token exists only in the mail.
      const created: PaymentRequestRecord = {
        applicationId: application.applicationId,
        requestId: ports.newId(),
        paymentId,
        payerName: body.payerName,
        payerEmail: email,
        ...(body.message ? { message: body.message } : {}),
        sentBy: userId,
        status: 'Open',
        sentAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
      const ok = await ports.writeRequests([
        ...replaced.map((r) => closing(r, 'Cancelled', userId, application.authorityId, now)),
        {
          action: 'PaymentRequestSent',
          actor: userId,
          authorityId: application.authorityId,
          now,
          create: created,
        },
      ]);
      if (!ok) throw new Conflict('The payment request changed meanwhile; try again');
      // The mail and the schedules follow from PaymentRequestSent (consumers.ts), the replaced
      // requests' schedules go with their PaymentRequestCancelled.
      return toRequestDto(created, now);
    },

    /** GET …/payments/{paymentId}/requests: the invoice's requests, newest first (no links). */
    async list(applicationId: string, paymentId: string): Promise<PaymentRequestDto[]> {
      await paymentOf(applicationId, paymentId);
      const now = ports.now();
      return (await ports.requests(applicationId))
        .filter((r) => r.paymentId === paymentId)
        .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
        .map((r) => toRequestDto(r, now));
    },

    /**
     * DELETE …/requests/{requestId}: Open → Cancelled (its link stops working; its schedules go with
     * PaymentRequestCancelled); idempotent.
     */
    async cancel(userId: string, application: ApplicationRecord, paymentId: string, requestId: string) {
      const r = await ports.request(application.applicationId, requestId);
      if (!r || r.paymentId !== paymentId) throw new NotFound(msg.requestNotFound);
      if (r.status !== 'Open') return;
      const now = ports.now();
      // Lost the condition: it closed meanwhile (paid, expired, cancelled), which is what was wanted.
      await ports.writeRequests([closing(r, 'Cancelled', userId, application.authorityId, now)]);
    },

    /** POST /public/payment-requests/view: that invoice, the address and the application number. */
    view: (grant: PayerGrant) => viewOf(grant),

    /**
     * POST /public/payment-requests/sessions: without a session id a card session that returns to
     * the payer's page (409 once paid); with one started through this request, the gateway is asked
     * how it went (also after payment: the payer returning learns the result). The gateway is given
     * `/pay` without the link's token (it appends `?sessionId=`; the page kept the token).
     */
    async session(grant: PayerGrant, sessionId: string | undefined) {
      const r = grant.paymentRequest;
      const actor = payerActor(r.requestId);
      if (sessionId) {
        const session = await ports.session(sessionId);
        if (!session || session.startedBy !== actor) throw new NotFound(paymentMessages.paymentNotFound);
        return payments.session(actor, grant.application, r.paymentId, sessionId);
      }
      refusePaid(grant);
      const returnUrl = `${await ports.webUrl()}/pay`;
      return payments.session(actor, grant.application, r.paymentId, undefined, returnUrl);
    },

    /** POST /public/payment-requests/claim: a deposit claimed by the payer (409 once paid). */
    async claim(grant: PayerGrant, body: Omit<PayerClaim, 'token'>): Promise<PayerView> {
      refusePaid(grant);
      const r = grant.paymentRequest;
      await payments.claim(payerActor(r.requestId), grant.application, r.paymentId, body);
      return viewOf(grant, await paymentOf(r.applicationId, r.paymentId));
    },

    /** The reminder job: mails the payer once, 3 days before expiry, only while the request is Open. */
    async remind(applicationId: string, requestId: string): Promise<string> {
      const r = await ports.request(applicationId, requestId);
      const now = ports.now();
      if (!r || effectiveRequestStatus(r, now) !== 'Open') return 'NotOpen';
      if (r.remindedAt) return 'AlreadyReminded';
      const application = await ports.application(applicationId);
      const payment = await paymentOf(applicationId, r.paymentId).catch(() => undefined);
      if (!application || !payment) return 'NotOpen';
      if (payment.status === 'Paid') return 'Paid';
      await ports.sendMail(reminderMail(await factsOf(r, application, payment)));
      await ports.writeRequests([
        {
          actor: 'system',
          authorityId: application.authorityId,
          now,
          update: { before: r, set: { remindedAt: now.toISOString() } },
        },
      ]);
      return 'Reminded';
    },

    /** The expiry job: an Open request becomes Expired (its link stopped working at expiresAt already). */
    async expire(applicationId: string, requestId: string): Promise<string> {
      const r = await ports.request(applicationId, requestId);
      if (!r || r.status !== 'Open') return 'NotOpen';
      const application = await ports.application(applicationId);
      if (!application) return 'NotOpen';
      const ok = await ports.writeRequests([
        closing(r, 'Expired', 'system', application.authorityId, ports.now()),
      ]);
      return ok ? 'Expired' : 'NotOpen';
    },

    /**
     * The invoice was paid (by card, a confirmed deposit or at the council): its Open requests
     * become Paid (their schedules go with PaymentRequestClosed). Idempotent (each change is conditional on Open).
     */
    async closeOnPayment(applicationId: string, paymentId: string): Promise<number> {
      const payment = (await ports.payments(applicationId)).find((p) => p.paymentId === paymentId);
      if (payment?.status !== 'Paid') return 0;
      const application = await ports.application(applicationId);
      if (!application) return 0;
      const open = (await ports.requests(applicationId)).filter(
        (r) => r.paymentId === paymentId && r.status === 'Open',
      );
      let closed = 0;
      for (const r of open) {
        if (await ports.writeRequests([closing(r, 'Paid', 'system', application.authorityId, ports.now())]))
          closed++;
      }
      return closed;
    },

    /**
     * The consumer of PaymentRequestSent (consumers.ts `payments.requestMail`): mints the link, mails
     * it once. At least once while nothing is unsure, never a second link (docs/payments.md "The
     * link's mail"):
     * 1. a request no longer Open, or marked mailed already (a redelivery), gets nothing;
     * 2. a fresh token's hash is stored on condition that the request is Open and has none;
     * 3. the mail is sent; refused (the transport threw), the hash is removed again and the error
     *    thrown, so the retry mints afresh (nobody holds the refused link);
     * 4. the request is marked mailed.
     * A hash found without the mark means a delivery stopped between 2 and 4 (a crashed or timed-out
     * function): its mail may be out, and the token is not known any more (only its hash is stored),
     * so no mail goes (`LinkUnsure`: the sender can resend) rather than a second link replacing it.
     */
    async mailLink(applicationId: string, requestId: string): Promise<MailLinkOutcome> {
      const r = await ports.request(applicationId, requestId);
      const now = ports.now();
      if (!r || effectiveRequestStatus(r, now) !== 'Open') return 'NotOpen';
      if (r.mailedAt) return 'AlreadyMailed';
      if (r.tokenHash) return 'LinkUnsure';
      const application = await ports.application(applicationId);
      const payment = await paymentOf(applicationId, r.paymentId).catch(() => undefined);
      if (!application || !payment) return 'NotOpen';
      if (payment.status === 'Paid') return 'Paid';
      const token = ports.newToken();
      const tokenHash = ports.hashToken(token);
      if (!(await ports.storeLinkHash(r, tokenHash))) return 'NotOpen';
      // The token in the fragment: browsers never send it, so no access log keeps it (the page
      // reads it and sends it in a POST body).
      const link = `${await ports.webUrl()}/pay#token=${token}`;
      try {
        await ports.sendMail(requestMail(await factsOf(r, application, payment), link));
      } catch (err) {
        await ports.clearLinkHash(r, tokenHash);
        throw err;
      }
      await ports.markMailed(r, tokenHash, ports.now().toISOString());
      return 'Mailed';
    },

    /**
     * The consumer of PaymentRequestSent (`payments.requestSchedules`): the reminder (3 days before
     * expiry, unless that is past) and the expiry job of a request still Open. Job names are fixed
     * by the request, so a redelivery schedules nothing twice; every job checks the request again.
     */
    async scheduleJobs(applicationId: string, requestId: string): Promise<'Scheduled' | 'NotOpen'> {
      const r = await ports.request(applicationId, requestId);
      const now = ports.now();
      if (!r || effectiveRequestStatus(r, now) !== 'Open') return 'NotOpen';
      // Scheduler wants a future time: a job due already (an event delivered late) runs in a minute.
      const soonest = new Date(now.getTime() + 60_000);
      const job = async (name: string, at: Date, kind: string) => {
        try {
          await ports.schedule({
            name,
            at,
            payload: { target: SCHEDULE_TARGET, job: kind, applicationId, requestId },
          });
        } catch (err) {
          if (!alreadyScheduled(err)) throw err;
        }
      };
      const remindAt = reminderAtOf(r.expiresAt);
      if (remindAt > soonest) await job(reminderScheduleName(requestId), remindAt, REMINDER_JOB);
      const expiresAt = new Date(r.expiresAt);
      await job(expiryScheduleName(requestId), expiresAt > soonest ? expiresAt : soonest, EXPIRY_JOB);
      return 'Scheduled';
    },

    /** The consumer of a request's closing (Cancelled, Expired, Closed): its schedules go. */
    async unscheduleJobs(requestId: string): Promise<void> {
      await ports.cancel(reminderScheduleName(requestId));
      await ports.cancel(expiryScheduleName(requestId));
    },
  };
}
