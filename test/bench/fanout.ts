/**
 * Notifications at scale (`npm run bench -- fanout`, docs/performance.md "Notifications"):
 *
 * 1. One lodged application with FANOUT_PARTICIPANTS (50) participants, each a user with an access
 *    row at Edit (written straight to DynamoDB Local), and a council RFI round raised through the
 *    council API: the time from the council's call to each participant's notification and to the
 *    last email in the local outbox, and the items written.
 * 2. The hourly digest job with FANOUT_DIGEST_RECIPIENTS (10,000) recipients of three entries each,
 *    run in-process as the scheduler runs it: time, emails sent, peak RSS.
 *
 * It prints numbers and never fails on them.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchHelpers } from './applications';
import { batchWrite } from './applications';
import { percentile } from './stats';

type BenchStack = Awaited<ReturnType<typeof import('../../infra/local/index').startLocalStack>>;

const PARTICIPANTS = Number(process.env.FANOUT_PARTICIPANTS) || 50;
const DIGEST_RECIPIENTS = Number(process.env.FANOUT_DIGEST_RECIPIENTS) || 10_000;
const ENTRIES_EACH = 3;

const ms = (n: number) => `${Math.round(n)} ms`;
const pct = (xs: number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

/**
 * The outbox's mails not in `seen` (file name → recipients); a file still being written is read on a
 * later call. `seen` grows with what was read.
 */
function newOutboxMails(dir: string, seen: Set<string>): { file: string; to: string[] }[] {
  const out: { file: string; to: string[] }[] = [];
  for (const n of readdirSync(dir)) {
    if (!n.endsWith('.json') || seen.has(n)) continue;
    try {
      const mail = JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as { to: string[] };
      seen.add(n);
      out.push({ file: n, to: mail.to });
    } catch {
      // written as we read it: next time
    }
  }
  return out;
}

export async function fanoutBench(stack: BenchStack, h: Pick<BenchHelpers, 'table'>): Promise<void> {
  const o = stack.outputs;
  const { entities } = await import('../../functions/platform/data/service');
  const { listRowFields } = await import('../../functions/applications/model/list-row');
  const { councilCredentials } = await import('../support/council');
  const { councilApiClient } = await import('../../infra/council/client');

  // 1. Fifty participants and a council RFI.
  const applicationId = '8000001';
  const now = new Date().toISOString();
  const application = {
    applicationId,
    recordType: 'Draft' as const,
    status: 'InProgress' as const,
    authorityId: 'wcc',
    jurisdictionId: 'nz',
    formId: 'bca',
    applicationType: 'Standalone' as const,
    userId: 'fanout-user-000',
    etag: 'etag-fanout',
    startedDate: now,
    modifiedDate: now,
    lodgementDate: now,
    submissionDate: now,
    applicationNumber: 'BLD-2026-80001',
    address: { fullAddress: '1 Fan-out Lane, Wellington' },
  };
  const users = Array.from({ length: PARTICIPANTS }, (_, i) => {
    const n = String(i).padStart(3, '0');
    return { userId: `fanout-user-${n}`, email: `fanout.${n}@bench.consent.local`, firstName: `Pat${n}` };
  });
  const items: Record<string, unknown>[] = [
    entities.application.put(application).params<{ Item: Record<string, unknown> }>().Item,
    entities.councilLodgement
      .put({ authorityId: 'wcc', submissionDate: now, applicationId, status: 'InProgress' })
      .params<{ Item: Record<string, unknown> }>().Item,
  ];
  for (const [i, u] of users.entries()) {
    items.push(
      entities.user
        .put({
          userId: u.userId,
          username: u.userId,
          email: u.email,
          firstName: u.firstName,
          lastName: 'Bench',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
      entities.applicationAccess
        .put({
          ...listRowFields(application, {
            formDisplayName: 'Building consent',
            formCategory: 'Standalone',
            authorityDisplayName: 'Wellington City Council',
          }),
          applicationId,
          userId: u.userId,
          accessLevel: i === 0 ? 'Manage' : 'Edit',
          isOwner: i === 0,
          visibility: 'visible',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
      entities.participant
        .put({
          applicationId,
          participantId: `fanout-p-${i}`,
          loginUserId: u.userId,
          firstName: u.firstName,
          lastName: 'Bench',
          email: u.email,
          accessLevel: i === 0 ? 'Manage' : 'Edit',
          modifiedDate: now,
        })
        .params<{ Item: Record<string, unknown> }>().Item,
    );
  }
  await batchWrite(items);

  const outbox = String(o.MailOutboxDir);
  mkdirSync(outbox, { recursive: true });
  const before = new Set(readdirSync(outbox));
  const wanted = new Set(users.map((u) => u.email));
  const council = councilApiClient(councilCredentials('wcc', o as never));
  const t0 = Date.now();
  await council.raiseRfiRound(applicationId, {
    type: 'Consent',
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
  });
  const answered = Date.now() - t0;
  const arrivals = new Map<string, number>();
  const deadline = Date.now() + 180_000;
  while (arrivals.size < wanted.size && Date.now() < deadline) {
    for (const m of newOutboxMails(outbox, before))
      for (const to of m.to)
        if (wanted.has(to.toLowerCase()) && !arrivals.has(to.toLowerCase()))
          arrivals.set(to.toLowerCase(), Date.now() - t0);
    await new Promise((r) => setTimeout(r, 100));
  }
  const notifications = (
    await Promise.all(
      users.map((u) =>
        entities.notification.query
          .byRecipientApplication({ recipientId: u.userId, applicationId })
          .go({ pages: 'all' }),
      ),
    )
  ).reduce((s, r) => s + r.data.length, 0);
  const times = [...arrivals.values()];
  console.log(
    `\nFan-out: a council RFI on an application with ${PARTICIPANTS} participants (the council's call answered in ${ms(answered)})`,
  );
  h.table([
    ['measure', 'value'],
    ['emails to the participants', `${arrivals.size} of ${wanted.size}`],
    ['first email after the call', times.length ? ms(Math.min(...times)) : '-'],
    ['p50 email', times.length ? ms(pct(times, 50)) : '-'],
    ['last email', times.length ? ms(Math.max(...times)) : '-'],
    ['notifications written (in the inbox)', String(notifications)],
  ]);

  // 2. The digest job with ten thousand recipients.
  const due = new Date();
  due.setUTCMinutes(0, 0, 0);
  due.setUTCHours(due.getUTCHours() - 1);
  const digestDue = due.toISOString();
  const digestItems: Record<string, unknown>[] = [];
  for (let r = 0; r < DIGEST_RECIPIENTS; r++) {
    const recipientId = `digest-user-${String(r).padStart(5, '0')}`;
    for (let e = 0; e < ENTRIES_EACH; e++) {
      const createdDate = new Date(due.getTime() - (ENTRIES_EACH - e) * 600_000).toISOString();
      digestItems.push(
        entities.notificationDigestEntry
          .put({
            digestDue,
            recipientId,
            notificationId: `${recipientId}-${e}`,
            email: `${recipientId}@bench.consent.local`,
            firstName: 'Robin',
            createdDate,
            shortText: `Invoice issued: Fee ${e + 1} ($${(e + 1) * 10}.00) · BLD-2026-${String(r).padStart(5, '0')}`,
            link: `https://portal.consent.local/application/${r}/payments`,
            ttl: Math.floor(due.getTime() / 1000) + 7 * 86_400,
          })
          .params<{ Item: Record<string, unknown> }>().Item,
      );
    }
  }
  const s0 = performance.now();
  await batchWrite(digestItems);
  const seeded = (performance.now() - s0) / 1000;

  const beforeDigest = new Set(readdirSync(outbox));
  const { runJob } = await import('../../functions/notifications/scheduled');
  const { recurringJobs } = await import('../../functions/platform/recurring-jobs');
  const payload = recurringJobs.find((j) => j.name === 'notifications-digest')!.payload;
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const j0 = performance.now();
  const result = await runJob(payload, { now: () => new Date(due.getTime() + 60_000) });
  const took = (performance.now() - j0) / 1000;
  clearInterval(sampler);
  // The stack's outbox (the mail adapter is the stack's, configured at its start).
  let mailed = 0;
  for (let tries = 0; tries < 3; tries++) {
    mailed += newOutboxMails(outbox, beforeDigest).filter((m) =>
      m.to.some((t) => t.startsWith('digest-user-')),
    ).length;
  }
  console.log(
    `\nThe hourly digest job: ${DIGEST_RECIPIENTS.toLocaleString('en-NZ')} recipients × ${ENTRIES_EACH} entries ` +
      `(${digestItems.length.toLocaleString('en-NZ')} items seeded in ${seeded.toFixed(1)} s), run in-process`,
  );
  h.table([
    ['measure', 'value'],
    ['outcome', JSON.stringify(result)],
    ['time', `${took.toFixed(1)} s`],
    ['emails written', mailed.toLocaleString('en-NZ')],
    ['per second', (mailed / took).toFixed(0)],
    ['peak RSS above the start', `${((peak - rss0) / 1024 / 1024).toFixed(0)} MB`],
  ]);
}
