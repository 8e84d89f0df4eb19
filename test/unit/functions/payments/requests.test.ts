import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsService, type PaymentPorts } from '../../../../functions/payments/service/payments.js';
import {
  paymentRequests,
  type PaymentRequestRecord,
  type RequestChange,
  type RequestPorts,
} from '../../../../functions/payments/service/requests.js';
import type { PaymentRecord, PaymentSessionRecord } from '../../../../functions/payments/service/dto.js';
import type { SessionOutcome } from '../../../../functions/platform/adapters/payments/gateway.js';
import type { ApplicationRecord, PayerGrant } from '../../../../functions/platform/access.js';
import type { MailMessage } from '../../../../functions/platform/adapters/mail.js';
import { paymentConsumers } from '../../../../functions/payments/consumers.js';
import type { DomainEvent } from '../../../../functions/platform/events/types.js';
import { onMetric } from '../../../../functions/platform/observability/metrics.js';
import type { ScheduledJob } from '../../../../functions/platform/adapters/scheduler.js';
import { Conflict, NotFound, TooManyRequests } from '../../../../functions/platform/errors.js';
import {
  expiryScheduleName,
  linkOpens,
  paymentRequestMessages as msg,
  reminderScheduleName,
} from '../../../../shared/domain/payment-requests.js';

/**
 * Invite to pay on an in-memory world (functions/payments/service/requests.ts): a request sent with
 * its mail and schedules, a resend cancelling the old link, cancel, expiry by time and by job, the
 * reminder only while Open, closing when the invoice is paid, and no second payment through a link.
 * The payer's session and claim go through the applicant's own service functions.
 */
interface World {
  application: ApplicationRecord;
  payments: PaymentRecord[];
  sessions: PaymentSessionRecord[];
  requests: PaymentRequestRecord[];
  changes: RequestChange[];
  mails: MailMessage[];
  jobs: Map<string, ScheduledJob>;
  clock: Date;
  outcomes: Map<string, SessionOutcome>;
  returnUrls: string[];
  /** The rate-limit checks asked for, and whether the next one refuses. */
  limitChecks: (readonly (readonly [string, string])[])[];
  overLimit: boolean;
  /** How many of the next mails the transport refuses (throws). */
  mailRefusals: number;
  /** How many of `changes` the consumers have been delivered. */
  delivered: number;
}
let w: World;
let ids = 0;
const DAY = 24 * 60 * 60_000;

const paymentPorts: PaymentPorts = {
  now: () => w.clock,
  newId: () => `id${++ids}`,
  payments: async () => w.payments.map((p) => ({ ...p })),
  application: async () => ({ ...w.application }),
  session: async (id) => w.sessions.find((s) => s.sessionId === id),
  pendingSessions: async () => [],
  authority: () => ({ paymentsEnabled: true }),
  documentNames: async () => new Set(['proof.pdf']),
  gateway: {
    createSession: async (input) => {
      w.returnUrls.push(input.returnUrl);
      return { sessionId: `sess${++ids}`, payUrl: `https://pay.test/${input.merchantReference}` };
    },
    querySession: async (id) => w.outcomes.get(id) ?? { state: 'pending' },
  },
  returnUrl: async (a, p) => `https://portal.test/application-details/${a}/payment-details/${p}`,
  notificationUrl: async () => 'https://portal.test/api/public/payments/notifications',
  async write(change) {
    if (change.update) {
      const cur = w.payments.find((p) => p.paymentId === change.update!.before.paymentId)!;
      if (cur.status !== change.update.before.status) return false;
      Object.assign(cur, change.update.set);
    }
    if (change.session && 'create' in change.session) w.sessions.push(change.session.create);
    if (change.session && 'settle' in change.session) {
      const { before, set } = change.session.settle;
      const s = w.sessions.find((x) => x.sessionId === before.sessionId)!;
      if (s.state !== 'Pending') return false;
      Object.assign(s, set);
    }
    return true;
  },
  warn: () => undefined,
};

const requestPorts: RequestPorts = {
  now: () => w.clock,
  newId: () => `req${++ids}`,
  newToken: () => `token${++ids}`,
  hashToken: (t) => `hash(${t})`,
  requests: async () => w.requests.map((r) => ({ ...r })),
  request: async (_a, id) => {
    const r = w.requests.find((x) => x.requestId === id);
    return r && { ...r };
  },
  payments: paymentPorts.payments,
  application: paymentPorts.application,
  session: paymentPorts.session,
  async writeRequests(changes) {
    // Conditions as the repository's: each change of an Open request; all or nothing.
    for (const c of changes)
      if (c.update && w.requests.find((r) => r.requestId === c.update!.before.requestId)?.status !== 'Open')
        return false;
    for (const c of changes) {
      w.changes.push(c);
      if (c.create) w.requests.push({ ...c.create });
      if (c.update)
        Object.assign(
          w.requests.find((r) => r.requestId === c.update!.before.requestId)!,
          c.update.set,
        );
    }
    return true;
  },
  async storeLinkHash(r, tokenHash) {
    const stored = w.requests.find((x) => x.requestId === r.requestId)!;
    if (stored.status !== 'Open' || stored.tokenHash || stored.mailedAt) return false;
    stored.tokenHash = tokenHash;
    return true;
  },
  async clearLinkHash(r, tokenHash) {
    const stored = w.requests.find((x) => x.requestId === r.requestId)!;
    if (stored.tokenHash === tokenHash && !stored.mailedAt) delete stored.tokenHash;
  },
  async markMailed(r, tokenHash, at) {
    const stored = w.requests.find((x) => x.requestId === r.requestId)!;
    if (stored.tokenHash === tokenHash) stored.mailedAt = at;
  },
  sendMail: async (m) => {
    if (w.mailRefusals > 0) {
      w.mailRefusals--;
      throw new Error('mail transport refused');
    }
    w.mails.push(m);
  },
  schedule: async (job) => {
    w.jobs.set(job.name, job);
  },
  cancel: async (name) => {
    w.jobs.delete(name);
  },
  webUrl: async () => 'https://portal.test',
  personName: async () => 'Aroha Smith',
  authorityName: () => 'Wellington City Council',
  limits: {
    check: async (...hits) => {
      w.limitChecks.push(hits);
      if (w.overLimit) throw new TooManyRequests(undefined, undefined, 600);
    },
  },
};

const payments = paymentsService(paymentPorts);
const requests = paymentRequests(requestPorts, payments);
const consumers = paymentConsumers(requests);
const logger = { info: () => undefined, warn: () => undefined } as never;
/** The event of a request change, as the outbox writes it (repository/requests.ts). */
const eventOf = (c: RequestChange) => {
  const r = c.create ?? c.update!.before;
  return {
    type: c.action!,
    aggregate: { type: 'application', id: r.applicationId },
    data: { requestId: r.requestId, paymentId: r.paymentId, status: c.update?.set.status ?? r.status },
  } as never as DomainEvent;
};
/** Delivers the request events written since the last delivery to the payments' consumers. */
async function settle() {
  for (const c of w.changes.slice(w.delivered)) {
    w.delivered++;
    if (!c.action) continue;
    const event = eventOf(c);
    for (const consumer of consumers.filter((x) => x.handles.includes(event.type)))
      await consumer.handle(event, { logger });
  }
}
/** A request sent, and its event delivered (the mail and the schedules). */
const send = async (payerEmail = 'payer@example.nz', message?: string) => {
  const dto = await requests.create('u1', w.application, 'pay1', {
    payerName: 'Pita Payer',
    payerEmail,
    ...(message ? { message } : {}),
  });
  await settle();
  return dto;
};
/** What the access policy grants for a request (the table's functions/platform/access.ts). */
const grantOf = (requestId: string): PayerGrant => {
  const r = w.requests.find((x) => x.requestId === requestId)!;
  if (!linkOpens(r, w.clock)) throw new NotFound(msg.linkInvalid, msg.linkInvalid);
  return {
    paymentRequest: { ...r } as PayerGrant['paymentRequest'],
    application: { ...w.application },
    payment: { ...w.payments.find((p) => p.paymentId === r.paymentId)! } as PayerGrant['payment'],
  };
};
/** The link's token: in the URL fragment only (docs/payments.md: never in a path or query string). */
const linkOf = (m: MailMessage) => /https:\/\/portal\.test\/pay#token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];

beforeEach(() => {
  ids = 0;
  w = {
    application: {
      applicationId: '100',
      authorityId: 'wcc',
      applicationNumber: 'BLD-100',
      consentNumber: 'BC-2026-7',
      address: { fullAddress: '9 Payment Parade, Te Aro, Wellington 6011' },
      etag: 'e1',
    } as unknown as ApplicationRecord,
    payments: [
      {
        applicationId: '100',
        paymentId: 'pay1',
        authorityId: 'wcc',
        description: 'Building levy',
        reference: 'BLD-100-1',
        status: 'AwaitingPayment',
        baseCents: 31260,
        surchargeCents: 594,
        issuedDate: '2026-11-20T00:00:00.000Z',
        dueDate: '2026-12-20',
        options: [
          { type: 'Gateway', displayName: 'Card', surchargeFlag: true },
          {
            type: 'Deposit',
            displayName: 'Direct deposit',
            bankName: 'ANZ',
            accountName: 'WCC',
            accountNumber: '01-0505-0123456-00',
            paymentInstruction: 'Use the reference',
          },
        ],
        transactions: [],
      } as PaymentRecord,
    ],
    sessions: [],
    requests: [],
    changes: [],
    mails: [],
    jobs: new Map(),
    clock: new Date('2026-11-27T01:00:00.000Z'),
    outcomes: new Map(),
    returnUrls: [],
    limitChecks: [],
    overLimit: false,
    mailRefusals: 0,
    delivered: 0,
  };
});

describe('sending a request', () => {
  it('stores the token hashed, mails the payer the link and the invoice, schedules reminder and expiry', async () => {
    const dto = await send('Payer@Example.nz', 'Thanks for covering this one');
    expect(dto).toEqual({
      requestId: dto.requestId,
      paymentId: 'pay1',
      payerName: 'Pita Payer',
      payerEmail: 'payer@example.nz',
      status: 'Open',
      sentAt: '2026-11-27T01:00:00.000Z',
      expiresAt: '2026-12-11T01:00:00.000Z',
    });
    const [mail] = w.mails;
    const token = linkOf(mail!)!;
    expect(token).toBeDefined();
    // Everywhere it is written (text and HTML), the token is in the fragment, which no server logs.
    for (const part of [mail!.text, mail!.html!])
      expect(
        part
          .split(token)
          .slice(0, -1)
          .every((before) => before.endsWith('/pay#token=')),
      ).toBe(true);
    expect(w.requests[0]!.tokenHash).toBe(`hash(${token})`);
    expect(JSON.stringify(w.requests)).not.toContain(`"${token}"`);
    expect(mail).toMatchObject({ to: 'payer@example.nz' });
    for (const part of [
      '9 Payment Parade, Te Aro, Wellington 6011',
      'BLD-100',
      'Building levy',
      '$312.60 plus a card surcharge of $5.94',
      '20 December 2026',
      'Aroha Smith has asked you',
      'Thanks for covering this one',
      '11 December 2026',
    ])
      expect(mail!.text).toContain(part);
    expect([...w.jobs.values()].map((j) => [j.name, j.at.toISOString(), j.payload.job])).toEqual([
      [reminderScheduleName(dto.requestId), '2026-12-08T01:00:00.000Z', 'payment-request-reminder'],
      [expiryScheduleName(dto.requestId), '2026-12-11T01:00:00.000Z', 'payment-request-expiry'],
    ]);
    expect(w.changes.map((c) => c.action)).toEqual(['PaymentRequestSent']);
  });

  it('is limited per user and per invoice (429 with Retry-After): over a limit nothing is stored, mailed or scheduled', async () => {
    await send();
    expect(w.limitChecks).toEqual([
      [
        ['paymentRequestPerUser', 'u1'],
        ['paymentRequestPerInvoice', '100#pay1'],
      ],
    ]);
    const before = { requests: w.requests.length, mails: w.mails.length, jobs: w.jobs.size };
    w.overLimit = true;
    const refused = await send('other@example.nz').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(600);
    expect({ requests: w.requests.length, mails: w.mails.length, jobs: w.jobs.size }).toEqual(before);
  });

  it('only on an invoice awaiting payment: 409 with the reason', async () => {
    w.payments[0]!.status = 'DepositPending';
    await expect(send()).rejects.toThrow(Conflict);
    w.payments[0]!.status = 'Paid';
    await expect(send()).rejects.toThrow(msg.alreadyPaid);
    await expect(
      requests.create('u1', w.application, 'nope', { payerName: 'P', payerEmail: 'p@x.nz' }),
    ).rejects.toThrow(NotFound);
  });

  it('a resend to the same email cancels the old request (its link stops working) and its schedules', async () => {
    const first = await send();
    w.clock = new Date(w.clock.getTime() + 60_000);
    const other = await send('someone@else.nz');
    w.clock = new Date(w.clock.getTime() + 60_000);
    const second = await send();
    expect(await requests.list('100', 'pay1')).toEqual([
      expect.objectContaining({ requestId: second.requestId, status: 'Open' }),
      expect.objectContaining({ requestId: other.requestId, status: 'Open' }),
      expect.objectContaining({ requestId: first.requestId, status: 'Cancelled' }),
    ]);
    expect(() => grantOf(first.requestId)).toThrow(msg.linkInvalid);
    expect(w.jobs.has(expiryScheduleName(first.requestId))).toBe(false);
    expect(w.jobs.has(expiryScheduleName(second.requestId))).toBe(true);
    expect(w.changes.slice(-2).map((c) => c.action)).toEqual([
      'PaymentRequestCancelled',
      'PaymentRequestSent',
    ]);
    expect(linkOf(w.mails[2]!)).not.toBe(linkOf(w.mails[0]!));
  });
});

describe('cancel, expiry and the reminder', () => {
  it('cancel: Cancelled, the link 404, the schedules gone; again: nothing changes; unknown: 404', async () => {
    const r = await send();
    await requests.cancel('u1', w.application, 'pay1', r.requestId);
    await settle();
    expect(w.requests[0]!.status).toBe('Cancelled');
    expect(() => grantOf(r.requestId)).toThrow(msg.linkInvalid);
    expect(w.jobs.size).toBe(0);
    const changes = w.changes.length;
    await requests.cancel('u1', w.application, 'pay1', r.requestId);
    expect(w.changes).toHaveLength(changes);
    await expect(requests.cancel('u1', w.application, 'pay1', 'nope')).rejects.toThrow(NotFound);
    await expect(requests.cancel('u1', w.application, 'pay2', r.requestId)).rejects.toThrow(NotFound);
  });

  it('by time: past expiresAt the link is refused and reads Expired before the job has run', async () => {
    const r = await send();
    w.clock = new Date(Date.parse(r.expiresAt) + 1);
    expect(() => grantOf(r.requestId)).toThrow(msg.linkInvalid);
    expect((await requests.list('100', 'pay1'))[0]!.status).toBe('Expired');
    expect(w.requests[0]!.status).toBe('Open');
  });

  it('by job: Open → Expired with its event; a second run or a cancelled request: nothing', async () => {
    const r = await send();
    w.clock = new Date(r.expiresAt);
    expect(await requests.expire('100', r.requestId)).toBe('Expired');
    expect(w.requests[0]!.status).toBe('Expired');
    expect(w.changes.at(-1)!.action).toBe('PaymentRequestExpired');
    expect(await requests.expire('100', r.requestId)).toBe('NotOpen');
    const c = await send('c@x.nz');
    await requests.cancel('u1', w.application, 'pay1', c.requestId);
    expect(await requests.expire('100', c.requestId)).toBe('NotOpen');
    expect(w.requests.find((x) => x.requestId === c.requestId)!.status).toBe('Cancelled');
  });

  it('the reminder goes once, only while Open (not after payment, cancel or expiry), without the link', async () => {
    const r = await send();
    w.clock = new Date(Date.parse(r.expiresAt) - 3 * DAY);
    expect(await requests.remind('100', r.requestId)).toBe('Reminded');
    const reminder = w.mails.at(-1)!;
    expect(reminder.subject).toMatch(/^Reminder: /);
    expect(reminder.text).toContain('11 December 2026');
    expect(linkOf(reminder)).toBeUndefined();
    expect(w.requests[0]!.remindedAt).toBe(w.clock.toISOString());
    expect(await requests.remind('100', r.requestId)).toBe('AlreadyReminded');

    const cancelled = await send('c@x.nz');
    await requests.cancel('u1', w.application, 'pay1', cancelled.requestId);
    expect(await requests.remind('100', cancelled.requestId)).toBe('NotOpen');
    const mails = w.mails.length;
    w.payments[0]!.status = 'Paid';
    const paid = w.requests.find((x) => x.requestId === r.requestId)!;
    paid.remindedAt = undefined;
    expect(await requests.remind('100', r.requestId)).toBe('Paid');
    expect(w.mails).toHaveLength(mails);
  });
});

describe('the payer', () => {
  it('sees only that invoice, the address and the application number', async () => {
    const r = await send();
    expect(await requests.view(grantOf(r.requestId))).toEqual({
      payerName: 'Pita Payer',
      expiresAt: r.expiresAt,
      status: 'Open',
      applicationId: '100',
      applicationNumber: 'BLD-100',
      consentNumber: 'BC-2026-7',
      address: '9 Payment Parade, Te Aro, Wellington 6011',
      authorityName: 'Wellington City Council',
      payment: expect.objectContaining({ paymentId: 'pay1', baseAmount: 312.6, surchargeAmount: 5.94 }),
      requestedBy: 'Aroha Smith',
    });
  });

  it("sees the applicant's message as theirs (the page quotes it as plain text)", async () => {
    const r = await send('payer@example.nz', 'Pay at https://evil.example please');
    expect(await requests.view(grantOf(r.requestId))).toMatchObject({
      requestedBy: 'Aroha Smith',
      message: 'Pay at https://evil.example please',
    });
  });

  it('pays by card through the same session call (returning to the link), then cannot pay again', async () => {
    const r = await send();
    const token = linkOf(w.mails[0]!)!;
    const started = await requests.session(grantOf(r.requestId), undefined);
    expect(started).toMatchObject({ result: 'Pending', payUrl: expect.any(String) });
    // The gateway is given a return address without the link's token (it appends ?sessionId=).
    expect(w.returnUrls).toEqual(['https://portal.test/pay']);
    expect(JSON.stringify(w.returnUrls)).not.toContain(token);
    expect(w.sessions[0]!.startedBy).toBe(`payer:${r.requestId}`);
    w.outcomes.set(started.sessionId!, {
      state: 'done',
      result: 'Approved',
      transactionId: 't1',
      message: 'Approved',
      amountCents: 31854,
      currency: 'NZD',
      merchantReference: 'BLD-100-1',
    } as SessionOutcome);
    expect(await requests.session(grantOf(r.requestId), started.sessionId)).toMatchObject({
      result: 'Approved',
    });
    expect(w.payments[0]!.status).toBe('Paid');
    // Before the closing consumer has run: the view reads Paid, a new session or a claim is 409.
    expect((await requests.view(grantOf(r.requestId))).status).toBe('Paid');
    await expect(requests.session(grantOf(r.requestId), undefined)).rejects.toThrow(msg.alreadyPaid);
    await expect(
      requests.claim(grantOf(r.requestId), { paymentMethod: 'Deposit', transactionDate: '2026-11-26' }),
    ).rejects.toThrow(msg.alreadyPaid);
    // The return still learns the result.
    expect(await requests.session(grantOf(r.requestId), started.sessionId)).toMatchObject({
      result: 'Approved',
    });
  });

  it("a session token not started through this request is 404 (another request's, the applicant's)", async () => {
    const a = await send('a@x.nz');
    const b = await send('b@x.nz');
    const started = await requests.session(grantOf(a.requestId), undefined);
    await expect(requests.session(grantOf(b.requestId), started.sessionId)).rejects.toThrow(NotFound);
    // The payer left the gateway's page: the invoice takes the applicant's own session.
    w.outcomes.set(started.sessionId!, { state: 'abandoned', message: 'cancelled' });
    const own = await payments.session('u1', w.application, 'pay1', undefined);
    await expect(requests.session(grantOf(a.requestId), own.sessionId)).rejects.toThrow(NotFound);
  });

  it('claims a deposit through the same claim call: DepositPending, as the payer', async () => {
    const r = await send();
    const view = await requests.claim(grantOf(r.requestId), {
      paymentMethod: 'Deposit',
      transactionDate: '2026-11-26',
    });
    expect(view.payment.status).toBe('DepositPending');
    expect(view.payment.transactions).toEqual([
      expect.objectContaining({ paymentMethod: 'Deposit', transactionDate: '2026-11-26' }),
    ]);
  });
});

describe('closing on payment', () => {
  it('the invoice paid by anyone: its Open requests become Paid, schedules gone; again: nothing', async () => {
    const a = await send('a@x.nz');
    const b = await send('b@x.nz');
    await requests.cancel('u1', w.application, 'pay1', b.requestId);
    expect(await requests.closeOnPayment('100', 'pay1')).toBe(0); // not paid yet
    w.payments[0]!.status = 'Paid';
    expect(await requests.closeOnPayment('100', 'pay1')).toBe(1);
    await settle();
    expect(w.requests.map((r) => [r.requestId, r.status])).toEqual([
      [a.requestId, 'Paid'],
      [b.requestId, 'Cancelled'],
    ]);
    expect(w.changes.at(-1)!.action).toBe('PaymentRequestClosed');
    expect(w.jobs.size).toBe(0);
    expect(await requests.closeOnPayment('100', 'pay1')).toBe(0);
    // A Paid request still opens for its receipt, but cannot pay again.
    expect((await requests.view(grantOf(a.requestId))).status).toBe('Paid');
    await expect(requests.session(grantOf(a.requestId), undefined)).rejects.toThrow(Conflict);
  });
});

describe('the link mail and the schedules are consumers of PaymentRequestSent', () => {
  it('the request commits without a link; the consumer mints it, mails it and marks the request mailed', async () => {
    const dto = await requests.create('u1', w.application, 'pay1', {
      payerName: 'Pita Payer',
      payerEmail: 'payer@example.nz',
    });
    expect(w.requests[0]!.tokenHash).toBeUndefined();
    expect({ mails: w.mails.length, jobs: w.jobs.size }).toEqual({ mails: 0, jobs: 0 });
    await settle();
    const token = linkOf(w.mails[0]!)!;
    expect(w.requests[0]).toMatchObject({ tokenHash: `hash(${token})`, mailedAt: w.clock.toISOString() });
    expect([...w.jobs.keys()]).toEqual([
      reminderScheduleName(dto.requestId),
      expiryScheduleName(dto.requestId),
    ]);
  });

  it('a redelivery of the event sends no second mail and schedules nothing twice', async () => {
    const r = await send();
    const jobs = [...w.jobs.values()];
    w.delivered = 0;
    await settle();
    await settle();
    expect(w.mails).toHaveLength(1);
    expect([...w.jobs.values()]).toEqual(jobs);
    expect(linkOf(w.mails[0]!)).toBeDefined();
    expect(grantOf(r.requestId).paymentRequest.requestId).toBe(r.requestId);
  });

  it('a mail the transport refuses: the hash goes again and the retry mails a working link, once', async () => {
    w.mailRefusals = 1;
    await expect(send()).rejects.toThrow('mail transport refused');
    expect(w.requests[0]).not.toHaveProperty('tokenHash');
    expect(w.mails).toHaveLength(0);
    w.delivered = 0; // the stream retries the record
    await settle();
    await settle();
    expect(w.mails).toHaveLength(1);
    expect(w.requests[0]!.tokenHash).toBe(`hash(${linkOf(w.mails[0]!)})`);
  });

  it('a delivery that stopped after minting (crash before or after sending): no second, different link', async () => {
    const seen: string[] = [];
    const off = onMetric((m) => seen.push(m.name));
    // The crash: the hash stored, the mark never written (the mail may or may not be out).
    const markMailed = requestPorts.markMailed;
    requestPorts.markMailed = async () => {
      throw new Error('function timed out');
    };
    try {
      await expect(send()).rejects.toThrow('function timed out');
    } finally {
      requestPorts.markMailed = markMailed;
    }
    const first = linkOf(w.mails[0]!)!;
    w.delivered = 0;
    await settle();
    off();
    expect(w.mails).toHaveLength(1);
    expect(w.requests[0]!.tokenHash).toBe(`hash(${first})`);
    expect(seen).toContain('PaymentRequestMailsUnsure');
  });

  it('a request cancelled or paid before its event is delivered: no mail, no schedules', async () => {
    const a = await requests.create('u1', w.application, 'pay1', { payerName: 'A', payerEmail: 'a@x.nz' });
    await requests.cancel('u1', w.application, 'pay1', a.requestId);
    await settle();
    expect({ mails: w.mails.length, jobs: w.jobs.size }).toEqual({ mails: 0, jobs: 0 });
    await requests.create('u1', w.application, 'pay1', { payerName: 'B', payerEmail: 'b@x.nz' });
    w.payments[0]!.status = 'Paid';
    await settle();
    expect(w.mails).toHaveLength(0);
  });
});
