/**
 * Notifications end to end (docs/notifications.md): the council accepts a lodgement and
 * raises an RFI on an application of a fresh applicant with a Muted participant → the applicant's
 * list (waitFor) and the local outbox have both; the Muted participant gets the RFI (action) in the
 * inbox and by email but no mail of the acceptance (milestone); paging with lastKey; the
 * application's own list; the profile's new flag and mark all seen; another user reads nothing.
 */
import { describe, expect, test } from 'vitest';
import { councilApiClient } from '../../infra/council/client';
import {
  NotificationDto,
  NotificationsPage,
  NotificationUserProfile,
} from '../../shared/schemas/notifications';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';
import { api, outboxFiles, registeredUser, waitForMail, type OutboxMail } from '../support/accounts';
import { readOutbox } from '../support/cognito';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { eventsSettled } from '../support/events';
import { pointAtStack } from '../support/documents';
import { recurringJobs } from '../../functions/platform/recurring-jobs';

const o = readOutputs();
pointAtStack(o);
process.env.MAIL_TRANSPORT = 'outbox';
process.env.MAIL_FROM = 'Consent Portal <no-reply@consent.local>';
process.env.MAIL_OUTBOX_DIR = String(o.MailOutboxDir);
const { runJob } = await import('../../functions/notifications/scheduled');
const digestJob = recurringJobs.find((j) => j.name === 'notifications-digest')!.payload;
const wcc = councilApiClient(councilCredentials('wcc', o));

const rfi = {
  type: 'Consent' as const,
  team: 'Building',
  points: [
    {
      title: 'Bracing calculations',
      requestDetails: 'Please provide bracing calculations.',
      location: 'Dwelling',
      building: 'Building 1',
      requestPerson: { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz', phone: '04 499 4444' },
    },
  ],
};

describe('notifications', { timeout: 180_000 }, () => {
  test('a council RFI reaches the inbox and the outbox; Muted gets actions only; paging; seen; nobody reads another’s', async () => {
    const [applicant, muted, stranger] = await Promise.all([
      registeredUser('notify-applicant', o),
      registeredUser('notify-muted', o),
      registeredUser('notify-stranger', o),
    ]);
    const as = (u: { token: string }) => ({ token: u.token, outputs: o });
    const id = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '20 Notify Lane', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );

    // The second participant (ReadOnly), who mutes the application.
    const added = await api(
      'POST',
      `/user/applications/${id}/participantsV2`,
      { firstName: 'Mere', lastName: 'Muted', email: muted.email, accessLevel: 'ReadOnly' },
      as(applicant),
    );
    expect(added.status).toBe(201);
    const participantId = (added.body as { id: string }).id;
    const level = await api(
      'PATCH',
      `/user/applications/${id}/participants/${participantId}/notification-level`,
      { notificationLevel: 'Muted' },
      as(muted),
    );
    expect(level.status).toBeLessThan(300);
    await eventsSettled(o);
    // The submission's receipt: the applicant is emailed what they sent and what happens next
    // (docs/notifications.md), through the local SES stand-in's outbox.
    const receipt = await waitForMail(applicant.email, (m) => m.subject.startsWith('Application sent'), {
      outputs: o,
    });
    expect(receipt.subject).toContain('20 Notify Lane');
    expect(receipt.text).toContain('What happens next: the council checks it has everything it needs');
    const before = outboxFiles(o);

    // ---- The council accepts (a milestone) and raises an RFI (an action) ----
    await wcc.acceptLodgement(id, '2026-11-02');
    await wcc.raiseRfiRound(id, rfi);

    const list = async (u: { token: string }, query: Record<string, string> = {}) => {
      const res = await api(
        'GET',
        `/v1/service/notifications?${new URLSearchParams(query)}`,
        undefined,
        as(u),
      );
      expect(res.status).toBe(200);
      return NotificationsPage.parse(res.body);
    };
    const ofApp = (p: { notifications: NotificationDto[] }) =>
      p.notifications.filter((n) => n.recipients.application?.id === id);
    const inbox = await waitFor('the RFI in the applicant’s list', async () => {
      const page = await list(applicant);
      return ofApp(page).some((n) => n.message.subtype === 'RfiRoundRaised') ? page : undefined;
    });
    const rfiItem = inbox.notifications.find((n) => n.message.subtype === 'RfiRoundRaised')!;
    expect(rfiItem).toMatchObject({
      recipientType: 'User',
      recipientId: applicant.sub,
      seen: false,
      message: { type: 'RFI', shortText: expect.stringContaining('20 Notify Lane') },
      recipients: { users: [{ id: applicant.sub, email: applicant.email }], application: { id } },
    });
    expect(rfiItem.message.fullText).toBeUndefined();

    const rfiMail = await waitForMail(
      applicant.email,
      (m) => m.subject.startsWith('Request for information'),
      {
        seenFiles: before,
        outputs: o,
      },
    );
    expect(rfiMail.text).toContain(`/application-details/${id}?section=RFIs`);
    // Points, as the portal says, and the clock paused.
    expect(rfiMail.text).toContain('1 point to answer (round 1)');
    expect(rfiMail.text).toContain("The council's clock is paused until you send your answers");
    await waitForMail(applicant.email, (m) => m.subject.startsWith('Lodgement accepted'), {
      seenFiles: before,
      outputs: o,
    });
    await waitForMail(muted.email, (m) => m.subject.startsWith('Request for information'), {
      seenFiles: before,
      outputs: o,
    });
    await eventsSettled(o);

    // Muted: the RFI in the inbox, the acceptance nowhere (nor by mail).
    const mutedList = ofApp(await list(muted)).map((n) => n.message.subtype);
    expect(mutedList).toContain('RfiRoundRaised');
    expect(mutedList).not.toContain('ApplicationUpdated');
    const mutedMail = (readOutbox(o) as OutboxMail[]).filter(
      (m) => !before.has(m.file) && m.to.includes(muted.email.toLowerCase()),
    );
    expect(mutedMail.map((m) => m.subject.split(':')[0])).toEqual(['Request for information']);
    // The applicant acted (submitted, added the participant): not told of it, beyond the
    // submission's receipt.
    const subtypes = ofApp(await list(applicant)).map((n) => n.message.subtype);
    expect(subtypes).toEqual(['RfiRoundRaised', 'ApplicationUpdated', 'ApplicationSubmitted']);

    // ---- The detail: full and HTML text ----
    const detail = await api('GET', `/v1/service/notifications/${rfiItem.id}`, undefined, as(applicant));
    expect(detail.status).toBe(200);
    expect(NotificationDto.parse(detail.body).message).toMatchObject({
      fullText: expect.stringContaining('1 point to answer (round 1)'),
      htmlText: expect.stringContaining('<a href='),
    });

    // ---- Paging: one at a time, newest first, the same as one page ----
    const all = await list(applicant, { pageSize: '50' });
    const paged: string[] = [];
    let lastKey: string | undefined;
    do {
      const page = await list(applicant, { pageSize: '1', ...(lastKey ? { lastKey } : {}) });
      paged.push(...page.notifications.map((n) => n.id));
      lastKey = page.lastKey;
    } while (lastKey);
    expect(paged).toEqual(all.notifications.map((n) => n.id));
    expect(all.lastKey).toBeUndefined();
    const asc = await list(applicant, { pageSize: '50', order: 'asc' });
    expect(asc.notifications.map((n) => n.id)).toEqual([...paged].reverse());
    const byApp = await list(applicant, { recipientType: 'Application', recipientId: id });
    expect(byApp.notifications.map((n) => n.id)).toEqual(ofApp(all).map((n) => n.id));

    // ---- The profile's flag; mark all seen ----
    const profile = async (u: { token: string }) => {
      const res = await api('GET', '/v1/service/notifications/user/profile', undefined, as(u));
      expect(res.status).toBe(200);
      return NotificationUserProfile.parse(res.body);
    };
    const seen = async () =>
      (await api('GET', '/v1/service/notifications/user/seen', undefined, as(applicant))).body as {
        seen: boolean;
      };
    expect(await profile(applicant)).toMatchObject({ id: applicant.sub, hasNewNotifications: true });
    expect(await seen()).toEqual({ seen: false });
    const cleared = await api(
      'PATCH',
      '/v1/service/notifications/user/profile',
      { hasNewNotifications: false },
      as(applicant),
    );
    expect(NotificationUserProfile.parse(cleared.body).hasNewNotifications).toBe(false);
    expect(await seen()).toEqual({ seen: false });
    for (let i = 0; i < 2; i++)
      expect((await api('PATCH', '/v1/service/notifications/user/seen', {}, as(applicant))).status).toBe(204);
    expect(await seen()).toEqual({ seen: true });
    expect((await profile(applicant)).hasNewNotifications).toBe(false);
    expect((await list(applicant)).notifications.every((n) => n.seen)).toBe(true);

    // ---- Nobody reads another's ----
    const refused = [
      await api('GET', `/v1/service/notifications/${rfiItem.id}`, undefined, as(stranger)),
      await api(
        'GET',
        `/v1/service/notifications?recipientType=User&recipientId=${applicant.sub}`,
        undefined,
        as(stranger),
      ),
      await api(
        'GET',
        `/v1/service/notifications?recipientType=Application&recipientId=${id}`,
        undefined,
        as(stranger),
      ),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404]);
    expect((await list(stranger)).notifications).toEqual([]);
    expect((await profile(stranger)).hasNewNotifications).toBe(false);
    const bad = await api('GET', '/v1/service/notifications?lastKey=not-a-key', undefined, as(applicant));
    expect(bad.status).toBe(400);

    // ---- Unsubscribe: the email's link stops the emails, without signing in, and again is the same ----
    // The token in the link's fragment (docs/notifications.md): no server log keeps it.
    const token = /\/unsubscribe#token=([A-Za-z0-9_-]+)/.exec(rfiMail.text)?.[1];
    expect(token).toBeDefined();
    expect(rfiMail.html).toContain(`/unsubscribe#token=${token}`);
    expect(`${rfiMail.text}${rfiMail.html}`).not.toContain('?token=');
    const unsubscribe = (t: string) =>
      api('POST', '/public/notifications/unsubscribe', { token: t }, { outputs: o });
    for (let i = 0; i < 2; i++)
      expect(await unsubscribe(token!)).toMatchObject({
        status: 200,
        body: { email: `${applicant.email[0]}…@${applicant.email.split('@')[1]}`, emailPreference: false },
      });
    expect((await api('GET', '/user', undefined, as(applicant))).body).toMatchObject({
      emailPreference: false,
    });
    expect((await unsubscribe('x'.repeat(43))).status).toBe(404);
    expect((await api('POST', '/public/notifications/unsubscribe', {}, { outputs: o })).status).toBe(400);
  });

  test('an hourly digest: ten invoices and the acceptance in the inbox at once, one email after the hour, once', async () => {
    const applicant = await registeredUser('notify-digest', o);
    const as = { token: applicant.token, outputs: o };
    const set = await api('PATCH', '/v1/service/notifications/user/profile', { emailDigest: 'hourly' }, as);
    expect(NotificationUserProfile.parse(set.body).emailDigest).toBe('hourly');
    const id = await submittedApplication(
      applicant.token,
      'wcc',
      { address1: '30 Digest Drive', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const before = outboxFiles(o);
    await wcc.acceptLodgement(id);
    for (let i = 1; i <= 10; i++) await wcc.issueInvoice(id, { description: `Fee ${i}`, baseAmount: 10 * i });
    // Eleven events through every consumer: wait on the table's fact (each event handled by each
    // consumer), not a count that can be caught on its way (CI saw 11 of 12 and then 12, never 11).
    await eventsSettled(o);
    const res = await api('GET', '/v1/service/notifications?pageSize=50', undefined, as);
    const inbox = NotificationsPage.parse(res.body).notifications.filter(
      (n) => n.recipients.application?.id === id,
    );
    // The submission's receipt, the acceptance and the ten invoices.
    expect(inbox.map((n) => n.message.subtype).sort()).toEqual(
      ['ApplicationSubmitted', 'ApplicationUpdated', ...Array<string>(10).fill('PaymentIssued')].sort(),
    );
    const mine = () =>
      (readOutbox(o) as OutboxMail[]).filter(
        (m) => !before.has(m.file) && m.to.includes(applicant.email.toLowerCase()),
      );
    expect(mine()).toEqual([]);

    const later = () => new Date(Date.now() + 2 * 3_600_000);
    expect(await runJob(digestJob, { now: later })).toMatchObject({ outcome: 'Done' });
    const digest = await waitFor('the digest', () => (mine().length ? mine() : undefined));
    expect(digest).toHaveLength(1);
    // The eleven, and the submission's receipt (the applicant's own email, in their digest too).
    expect(digest[0]!.subject).toBe('Your Consent Portal notifications: 12 updates');
    expect(digest[0]!.text).toContain('- Application sent: ');
    const invoices = digest[0]!.text.split('\n').filter((l) => l.startsWith('- Invoice issued'));
    expect(invoices).toHaveLength(10);
    // Each names its invoice and amount: ten lines, ten different titles (docs/notifications.md).
    expect(new Set(invoices).size).toBe(10);
    expect(invoices.some((l) => l.startsWith('- Invoice issued: Fee 3 ($30.00) · '))).toBe(true);
    expect(digest[0]!.text).toContain('- Lodgement accepted: ');
    // Like every notification email, it ends with the recipient's own way to stop them.
    expect(digest[0]!.text).toMatch(/\nStop these emails: \S+\/unsubscribe#token=[\w-]{43}$/);
    await runJob(digestJob, { now: later });
    expect(mine()).toHaveLength(1);
  });
});
