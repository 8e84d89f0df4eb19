import { describe, expect, test } from 'vitest';
import { formatNzDateTime, nzWallClock } from '../../../../shared/domain/dates';
import { nzDayBounds } from '../../../../shared/domain/nz-days';
import { DAILY_DIGEST_HOUR, digestDue, duePeriodEnds } from '../../../../shared/domain/notifications';
import {
  DIGEST_CONCURRENCY,
  DIGEST_STOP_MARGIN_MS,
  digestService,
  digestSubject,
  type DigestEntry,
} from '../../../../functions/notifications/service/digest';
import type { MailMessage } from '../../../../functions/platform/adapters/mail';

describe('digest periods', () => {
  test('hourly: the next full UTC hour; immediate: none; a run looks at the last whole hours', () => {
    const at = new Date('2026-11-27T04:20:00.000Z');
    expect(digestDue('hourly', at)).toBe('2026-11-27T05:00:00.000Z');
    expect(digestDue('immediate', at)).toBeUndefined();
    expect(duePeriodEnds(at, 3)).toEqual([
      '2026-11-27T02:00:00.000Z',
      '2026-11-27T03:00:00.000Z',
      '2026-11-27T04:00:00.000Z',
    ]);
  });

  test('daily: the New Zealand day, mailed at 7 am New Zealand time the morning after', () => {
    // 27 Nov 2026 17:20 NZDT (UTC+13) → the day of the 27th, due 28 Nov 07:00 NZDT = 27 Nov 18:00 UTC.
    expect(digestDue('daily', new Date('2026-11-27T04:20:00.000Z'))).toBe('2026-11-27T18:00:00.000Z');
    // Just before and at New Zealand midnight: two days, two mornings.
    expect(digestDue('daily', new Date('2026-11-27T10:59:59.999Z'))).toBe('2026-11-27T18:00:00.000Z');
    expect(digestDue('daily', new Date('2026-11-27T11:00:00.000Z'))).toBe('2026-11-28T18:00:00.000Z');
    // 06:59 NZ belongs to that day (mailed tomorrow at 7), not to yesterday's 7 am email.
    expect(digestDue('daily', new Date('2026-11-27T17:59:00.000Z'))).toBe('2026-11-28T18:00:00.000Z');
    // Winter (NZST, UTC+12): 7 am is 19:00 UTC.
    expect(digestDue('daily', new Date('2026-07-15T03:00:00.000Z'))).toBe('2026-07-15T19:00:00.000Z');
    expect(nzWallClock(digestDue('daily', new Date('2026-07-15T03:00:00.000Z'))!)).toMatchObject({
      day: 16,
      hour: DAILY_DIGEST_HOUR,
      minute: 0,
    });
  });

  /** Every UTC hour from `from` for `hours`: the daily due of each, in order. */
  const dueOfEachHour = (from: string, hours: number) =>
    Array.from({ length: hours }, (_, i) => {
      const at = new Date(Date.parse(from) + i * 3_600_000);
      return { at: at.toISOString(), due: digestDue('daily', at)!, nz: nzWallClock(at)! };
    });

  test.each([
    ['April 2026 (NZDT ends, a 25-hour day)', '2026-04-02T11:00:00.000Z', '2026-04-05', 25],
    ['September 2026 (NZDT starts, a 23-hour day)', '2026-09-24T12:00:00.000Z', '2026-09-27', 23],
    ['April 2027 (NZDT ends, a 25-hour day)', '2027-04-01T11:00:00.000Z', '2027-04-04', 25],
    ['September 2027 (NZDT starts, a 23-hour day)', '2027-09-23T12:00:00.000Z', '2027-09-26', 23],
  ])(
    'across the clock change of %s: each hour in one period, each email at 7 am, none twice',
    (_, from, changeDay, length) => {
      const hours = dueOfEachHour(from, 120);
      // Each hour's period is its own New Zealand calendar day (no hour skipped or counted twice).
      for (const h of hours) {
        const due = nzWallClock(h.due)!;
        const next = new Date(Date.UTC(h.nz.year, h.nz.month - 1, h.nz.day + 1));
        expect([due.year, due.month, due.day, due.hour, due.minute], h.at).toEqual([
          next.getUTCFullYear(),
          next.getUTCMonth() + 1,
          next.getUTCDate(),
          7,
          0,
        ]);
      }
      // One email a day, in order, and the day of the change holds `length` hours.
      const dues = [...new Set(hours.map((h) => h.due))];
      expect(dues).toEqual([...dues].sort());
      const [y, m, d] = changeDay.split('-').map(Number) as [number, number, number];
      const ofChangeDay = hours.filter((h) => h.nz.year === y && h.nz.month === m && h.nz.day === d);
      expect(ofChangeDay).toHaveLength(length);
      expect(new Set(ofChangeDay.map((h) => h.due)).size).toBe(1);
      const { start, end } = nzDayBounds(ofChangeDay[0]!.at);
      expect((end.getTime() - start.getTime()) / 3_600_000).toBe(length);
      // The emails around it: 7 am each morning, 24 hours apart except across the change (23 or 25).
      const gaps = dues.slice(1).map((x, i) => (Date.parse(x) - Date.parse(dues[i]!)) / 3_600_000);
      expect(gaps.filter((g) => g !== 24)).toEqual([length]);
    },
  );

  test("the daily due is a whole UTC hour, so the job's hourly look-back finds it", () => {
    for (const h of dueOfEachHour('2026-01-01T00:00:00.000Z', 24 * 366))
      expect(h.due).toMatch(/T\d{2}:00:00\.000Z$/);
  });
});

describe('the digest job', () => {
  const due = '2026-11-27T05:00:00.000Z';
  const entry = (recipientId: string, i: number): DigestEntry => ({
    digestDue: due,
    recipientId,
    notificationId: `${recipientId}-${i}`,
    email: `${recipientId}@example.com`,
    firstName: 'Aroha',
    createdDate: `2026-11-27T04:${String(10 + i).padStart(2, '0')}:00.000Z`,
    shortText: `Update ${i}`,
    link: `https://portal.example/a/${i}`,
  });

  function world(now: string) {
    let entries = [...Array.from({ length: 10 }, (_, i) => entry('u1', 9 - i)), entry('u2', 0)];
    const sent = new Set<string>();
    const mails: MailMessage[] = [];
    const service = digestService({
      entries: async (d) => entries.filter((e) => e.digestDue === d),
      claim: async (r, d) => (sent.has(`${r}${d}`) ? false : (sent.add(`${r}${d}`), true)),
      remove: async (gone) => {
        entries = entries.filter((e) => !gone.includes(e));
      },
      sendMail: async (m) => mails.push(m),
      now: () => new Date(now),
    });
    return { service, mails, left: () => entries.length };
  }

  test('ten events → one email per recipient once the period has ended, oldest first; a rerun mails nobody', async () => {
    const w = world('2026-11-27T05:07:00.000Z');
    expect(await w.service.run()).toEqual({ mailed: 2, entries: 11, deferred: 0 });
    const u1 = w.mails.find((m) => m.to === 'u1@example.com')!;
    expect(u1.subject).toBe(digestSubject(10));
    expect(w.mails.map((m) => m.kind)).toEqual(['Digest', 'Digest']);
    expect(u1.subject).toBe('Your Consent Portal notifications: 10 updates');
    expect(u1.text.split('\n').filter((l) => l.startsWith('- '))).toEqual(
      Array.from({ length: 10 }, (_, i) => `- Update ${i}`),
    );
    expect(w.left()).toBe(0);
    expect(await w.service.run()).toEqual({ mailed: 0, entries: 0, deferred: 0 });
    expect(w.mails).toHaveLength(2);
  });

  /** `recipients` recipients of two entries each, mail and claims that take a tick. */
  function crowd(recipients: number, opts: { timeLeft?: () => number; failMailFor?: string } = {}) {
    let entries = Array.from({ length: recipients }, (_, r) => [entry(`r${r}`, 0), entry(`r${r}`, 1)]).flat();
    const claimed = new Set<string>();
    const mails: MailMessage[] = [];
    let inFlight = 0;
    let peak = 0;
    const tick = async <T>(fn: () => T): Promise<T> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      return fn();
    };
    const service = digestService({
      entries: async (d) => entries.filter((e) => e.digestDue === d),
      claim: (r, d) => tick(() => (claimed.has(`${r}${d}`) ? false : (claimed.add(`${r}${d}`), true))),
      remove: async (gone) => {
        entries = entries.filter((e) => !gone.includes(e));
      },
      sendMail: (m) =>
        tick(() => {
          if (m.to === opts.failMailFor) throw new Error('mail service unavailable');
          mails.push(m);
        }),
      now: () => new Date('2026-11-27T05:07:00.000Z'),
      unsubscribeLink: async (userId) => `https://portal.example/unsubscribe#token=${userId}`,
      ...(opts.timeLeft ? { remainingMs: opts.timeLeft } : {}),
    });
    return { service, mails, left: () => entries.length, peak: () => peak, claimed };
  }

  test('many recipients: at most DIGEST_CONCURRENCY at a time, each mailed once with their own unsubscribe link', async () => {
    const w = crowd(50);
    expect(await w.service.run()).toEqual({ mailed: 50, entries: 100, deferred: 0 });
    expect(w.peak()).toBeGreaterThan(1);
    expect(w.peak()).toBeLessThanOrEqual(DIGEST_CONCURRENCY);
    expect(new Set(w.mails.map((m) => m.to)).size).toBe(50);
    const r7 = w.mails.find((m) => m.to === 'r7@example.com')!;
    expect(r7.text).toContain('Stop these emails: https://portal.example/unsubscribe#token=r7');
    expect(w.left()).toBe(0);
  });

  test('a run nearly out of time starts nobody else: the rest keep their entries and the next run mails them, none twice', async () => {
    let calls = 0;
    // Plenty of time for the first 12 recipients' checks, then less than the margin.
    const w = crowd(40, {
      timeLeft: () => (++calls <= 12 ? 10 * DIGEST_STOP_MARGIN_MS : DIGEST_STOP_MARGIN_MS - 1),
    });
    const first = await w.service.run();
    expect(first.mailed).toBe(12);
    expect(first.deferred).toBe(28);
    expect(w.left()).toBe(56);
    // The next run has time: it mails the rest, and nobody twice.
    calls = -1_000;
    const second = await w.service.run();
    expect(second).toEqual({ mailed: 28, entries: 56, deferred: 0 });
    expect(new Set(w.mails.map((m) => m.to)).size).toBe(40);
    expect(w.mails).toHaveLength(40);
  });

  test('a mail that fails fails the run; the recipient is claimed, so a rerun does not mail them again (at most once)', async () => {
    const w = crowd(3, { failMailFor: 'r1@example.com' });
    await expect(w.service.run()).rejects.toThrow('mail service unavailable');
    expect(w.claimed.has(`r1${due}`)).toBe(true);
  });

  test('before the period ends: nothing', async () => {
    const w = world('2026-11-27T04:59:00.000Z');
    expect(await w.service.run()).toEqual({ mailed: 0, entries: 0, deferred: 0 });
    expect(w.left()).toBe(11);
  });
});

describe('the daily digest job, by New Zealand time', () => {
  test('an update at 9 pm is mailed by the first run at or after 7 am the next morning, once', async () => {
    // 9 pm NZST on Saturday 26 September 2026; the clocks go forward at 2 am that night.
    const written = new Date('2026-09-26T09:00:00.000Z');
    const due = digestDue('daily', written)!;
    let entries: DigestEntry[] = [
      {
        digestDue: due,
        recipientId: 'u1',
        notificationId: 'n1',
        email: 'u1@example.com',
        createdDate: written.toISOString(),
        shortText: 'Invoice issued',
        link: 'https://portal.example/a/1',
      },
    ];
    const sent = new Set<string>();
    const mails: MailMessage[] = [];
    let now = new Date(0);
    const service = digestService({
      entries: async (d) => entries.filter((e) => e.digestDue === d),
      claim: async (r, d) => (sent.has(`${r}${d}`) ? false : (sent.add(`${r}${d}`), true)),
      remove: async (gone) => {
        entries = entries.filter((e) => !gone.includes(e));
      },
      sendMail: async (m) => mails.push(m),
      now: () => now,
    });
    // Every 15 minutes from 11 pm: nothing until 7 am NZDT (18:00 UTC, six hours after midnight).
    const runs: string[] = [];
    for (
      let t = Date.parse('2026-09-26T11:00:00.000Z');
      t <= Date.parse('2026-09-28T00:00:00.000Z');
      t += 900_000
    ) {
      now = new Date(t);
      if ((await service.run()).mailed) runs.push(formatNzDateTime(now));
    }
    expect(runs).toEqual(['27 Sep 2026 - 7:00 AM']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('- Invoice issued');
  });
});
