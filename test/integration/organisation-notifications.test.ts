/**
 * Organisation admins hear of member changes (docs/notifications.md, "Who is told
 * what"), through the local stack: a member joins → every admin's list says who; an admin disables
 * a member → the other admin is told, the one who did it and the member are not. And a daily digest
 * (docs/notifications.md "Digest"): nothing before 7 am New Zealand time the morning after, one
 * email at 7, none on a second run.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { api, outboxFiles, registeredUser, solvedCaptcha, type OutboxMail } from '../support/accounts';
import { readOutbox } from '../support/cognito';
import { waitFor } from '../support/wait';
import { eventsSettled } from '../support/events';
import { pointAtStack } from '../support/documents';
import { NotificationsPage, NotificationUserProfile } from '../../shared/schemas/notifications';
import type { OrganisationInvitation } from '../../shared/schemas/organisations';
import { digestDue } from '../../shared/domain/notifications';
import { nzWallClock } from '../../shared/domain/dates';
import { recurringJobs } from '../../functions/platform/recurring-jobs';

const o = readOutputs();
pointAtStack(o);
process.env.MAIL_TRANSPORT = 'outbox';
process.env.MAIL_FROM = 'Consent Portal <no-reply@consent.local>';
process.env.MAIL_OUTBOX_DIR = String(o.MailOutboxDir);
const { runJob } = await import('../../functions/notifications/scheduled');
const digestJob = recurringJobs.find((j) => j.name === 'notifications-digest')!.payload;

type Person = Awaited<ReturnType<typeof registeredUser>>;
const as = (p: Person) => ({ token: p.token, outputs: o });
const organisationNews = async (p: Person) => {
  const res = await api('GET', '/v1/service/notifications?pageSize=50', undefined, as(p));
  expect(res.status).toBe(200);
  // News of the organisation's members (an invitation to join, sent to the invitee, is not).
  return NotificationsPage.parse(res.body).notifications.filter(
    (n) => n.message.type === 'Organisation' && n.message.subtype !== 'OrganisationInvitationSent',
  );
};
const texts = async (p: Person) => (await organisationNews(p)).map((n) => n.message.shortText).sort();
/** Invites `who` (an existing account) into `admin`'s organisation; they accept on the dashboard. */
async function joins(admin: Person, who: Person) {
  const res = await api(
    'POST',
    '/user/organisation/invitations',
    { email: who.email, firstName: 'Aroha', lastName: 'Tane', captchaToken: await solvedCaptcha(o) },
    as(admin),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const accepted = await api(
    'PATCH',
    `/user/organisation-invitations/${(res.body as OrganisationInvitation).id}`,
    { status: 'Accepted' },
    as(who),
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

let admin: Person;
let second: Person;
let member: Person;

beforeAll(async () => {
  [admin, second, member] = await Promise.all([
    registeredUser('orgnews-admin', o),
    registeredUser('orgnews-second', o),
    registeredUser('orgnews-member', o),
  ]);
  const named = await api('PATCH', '/user/organisation', { displayName: 'Rimu Homes Ltd' }, as(admin));
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  // The first admin reads their email once a day.
  const daily = await api(
    'PATCH',
    '/v1/service/notifications/user/profile',
    { emailDigest: 'daily' },
    as(admin),
  );
  expect(NotificationUserProfile.parse(daily.body).emailDigest).toBe('daily');
}, 180_000);

describe('organisation admins are told of member changes', { timeout: 180_000 }, () => {
  test('a member joins → the admin is told who; made an admin → nobody (the actor and the member); a member joins → both admins', async () => {
    await joins(admin, second);
    await waitFor('the admin told of the new member', async () =>
      (await texts(admin)).includes('New member: Aroha Tane') ? true : undefined,
    );
    const [news] = await organisationNews(admin);
    const full = await api('GET', `/v1/service/notifications/${news!.id}`, undefined, as(admin));
    expect((full.body as { message: { fullText: string } }).message.fullText).toBe(
      'Aroha Tane accepted your invitation and joined your organisation as a member. You can make them an administrator on the Members page.',
    );

    const promoted = await api(
      'PATCH',
      `/user/organisation/members/${second.sub}/roles`,
      { isAdministrator: true },
      as(admin),
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    await joins(admin, member);
    await waitFor('both admins told of the third member', async () =>
      (await texts(second)).includes('New member: Aroha Tane') ? true : undefined,
    );
    await eventsSettled(o);
    // The role change told nobody: its actor (admin) and the member it is about (second) are its only admins but one.
    expect(await texts(admin)).toEqual(['New member: Aroha Tane', 'New member: Aroha Tane']);
    expect(await texts(second)).toEqual(['New member: Aroha Tane']);
  });

  test('the second admin disables the member → the first admin is told; not the second admin, not the member', async () => {
    const off = await api(
      'PUT',
      `/user/organisation/members/${member.sub}/status`,
      { status: 'Disabled' },
      as(second),
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await waitFor('the first admin told', async () =>
      (await texts(admin)).includes('Member disabled: Aroha Tane') ? true : undefined,
    );
    await eventsSettled(o);
    expect(await texts(second)).toEqual(['New member: Aroha Tane']);
    expect(await organisationNews(member)).toEqual([]);
  });

  test("the first admin's daily digest: nothing before 7 am New Zealand time the morning after, one email at 7, once", async () => {
    const news = await organisationNews(admin);
    expect(news).toHaveLength(3);
    const dues = new Set(news.map((n) => digestDue('daily', new Date(n.createdDate))));
    expect(dues.size).toBe(1); // written within the same New Zealand day (the test takes a minute)
    const [due] = [...dues] as [string];
    expect(nzWallClock(due)).toMatchObject({ hour: 7, minute: 0 });
    const before = outboxFiles(o);
    const mine = () =>
      (readOutbox(o) as OutboxMail[]).filter(
        (m) => !before.has(m.file) && m.to.includes(admin.email.toLowerCase()),
      );
    const at = (iso: string, minutes: number) => () => new Date(Date.parse(iso) + minutes * 60_000);

    expect(await runJob(digestJob, { now: at(due, -1) })).toMatchObject({ outcome: 'Done' });
    expect(mine()).toEqual([]);
    await runJob(digestJob, { now: at(due, 0) });
    const digest = await waitFor('the daily digest', () => (mine().length ? mine() : undefined));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.subject).toBe('Your Consent Portal notifications: 3 updates');
    expect(digest[0]!.text).toContain('- Member disabled: Aroha Tane');
    expect(digest[0]!.text).toContain('/organisation-members');
    await runJob(digestJob, { now: at(due, 20) });
    expect(mine()).toHaveLength(1);
  });
});
