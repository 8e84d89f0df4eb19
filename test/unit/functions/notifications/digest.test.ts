import { describe, expect, test } from 'vitest';
import { digestPeriodEnd, duePeriodEnds } from '../../../../shared/domain/notifications';
import {
  digestService,
  digestSubject,
  type DigestEntry,
} from '../../../../functions/notifications/service/digest';
import type { MailMessage } from '../../../../functions/platform/adapters/mail';

describe('digest periods', () => {
  test('hourly: the next full UTC hour; daily: the next midnight UTC; immediate: none', () => {
    const at = new Date('2026-11-27T04:20:00.000Z');
    expect(digestPeriodEnd('hourly', at)).toBe('2026-11-27T05:00:00.000Z');
    expect(digestPeriodEnd('daily', at)).toBe('2026-11-28T00:00:00.000Z');
    expect(digestPeriodEnd('immediate', at)).toBeUndefined();
    expect(duePeriodEnds(at, 3)).toEqual([
      '2026-11-27T02:00:00.000Z',
      '2026-11-27T03:00:00.000Z',
      '2026-11-27T04:00:00.000Z',
    ]);
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
    expect(await w.service.run()).toEqual({ mailed: 2, entries: 11 });
    const u1 = w.mails.find((m) => m.to === 'u1@example.com')!;
    expect(u1.subject).toBe(digestSubject(10));
    expect(w.mails.map((m) => m.kind)).toEqual(['Digest', 'Digest']);
    expect(u1.subject).toBe('Your Consent Portal notifications: 10 updates');
    expect(u1.text.split('\n').filter((l) => l.startsWith('- '))).toEqual(
      Array.from({ length: 10 }, (_, i) => `- Update ${i}`),
    );
    expect(w.left()).toBe(0);
    expect(await w.service.run()).toEqual({ mailed: 0, entries: 0 });
    expect(w.mails).toHaveLength(2);
  });

  test('before the period ends: nothing', async () => {
    const w = world('2026-11-27T04:59:00.000Z');
    expect(await w.service.run()).toEqual({ mailed: 0, entries: 0 });
    expect(w.left()).toBe(11);
  });
});
