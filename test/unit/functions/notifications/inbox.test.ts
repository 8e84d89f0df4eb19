import { describe, expect, test } from 'vitest';
import { inboxService, type InboxPorts } from '../../../../functions/notifications/service/inbox';
import type {
  NotificationProfileRecord,
  NotificationRecord,
} from '../../../../functions/notifications/repository';
import { DomainError } from '../../../../functions/platform/errors';

const item = (recipientId: string, n: number, applicationId = 'a1'): NotificationRecord =>
  ({
    recipientType: 'User',
    recipientId,
    notificationId: `n${n}`,
    groupId: `e${n}`,
    applicationId,
    type: 'RFI',
    createdDate: `2026-11-27T04:00:0${n}.000Z`,
    updatedDate: `2026-11-27T04:00:0${n}.500Z`,
    message: { subtype: 'RfiRoundRaised', shortText: `s${n}`, fullText: `f${n}`, htmlText: `<p>f${n}</p>` },
    recipients: { users: [] },
    apiVersion: '1',
  }) as NotificationRecord;

function world() {
  const items = [item('me', 1), item('me', 2, 'a2'), item('me', 3), item('other', 4)];
  const profiles = new Map<string, NotificationProfileRecord>();
  const ports: InboxPorts = {
    list: async (q) => {
      const mine = items
        .filter(
          (i) => i.recipientId === q.userId && (!q.applicationId || i.applicationId === q.applicationId),
        )
        .sort((a, b) => (q.order === 'desc' ? -1 : 1) * a.createdDate.localeCompare(b.createdDate))
        .filter(
          (i) =>
            !q.after ||
            (q.order === 'desc' ? i.createdDate < q.after.createdDate : i.createdDate > q.after.createdDate),
        );
      return { items: mine.slice(0, q.limit), more: mine.length > q.limit };
    },
    byId: async (id) => items.find((i) => i.notificationId === id),
    getProfile: async (u) => profiles.get(u),
    ensureProfile: async (u, username) => {
      if (!profiles.has(u))
        profiles.set(u, {
          userId: u,
          username,
          hasNewNotifications: false,
          createdAt: 't0',
          updatedAt: 't0',
        } as NotificationProfileRecord);
      return profiles.get(u)!;
    },
    setProfile: async (u, set) => {
      profiles.set(u, { ...profiles.get(u)!, ...set });
    },
    checkApplicationAccess: async (applicationId) => {
      if (applicationId !== 'a1') throw new DomainError('notFound', 'ResourceNotFound', 'Resource not found');
    },
    now: () => new Date('2026-11-27T05:00:00.000Z'),
  };
  return { ports, profiles, inbox: inboxService(ports) };
}
const me = { userId: 'me', username: 'me@example.com' };
const q = (over: object = {}) => ({
  pageSize: 2,
  order: 'desc' as const,
  recipientType: 'User' as const,
  ...over,
});
const status = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: DomainError) => e.kind,
  );

describe('the inbox: the caller’s own only', () => {
  test('newest first, a cursor while more exist, no full text in the list', async () => {
    const { inbox } = world();
    const first = await inbox.list(me, q());
    expect(first.notifications.map((n) => n.id)).toEqual(['n3', 'n2']);
    expect(first.notifications[0]!.message.fullText).toBeUndefined();
    const next = await inbox.list(me, q({ lastKey: first.lastKey }));
    expect(next).toMatchObject({ notifications: [{ id: 'n1' }] });
    expect(next.lastKey).toBeUndefined();
  });

  test('about one application: its items only; no access → 404', async () => {
    const { inbox } = world();
    const page = await inbox.list(me, q({ recipientType: 'Application', recipientId: 'a1', pageSize: 10 }));
    expect(page.notifications.map((n) => n.id)).toEqual(['n3', 'n1']);
    expect(await status(inbox.list(me, q({ recipientType: 'Application', recipientId: 'a9' })))).toBe(
      'notFound',
    );
  });

  test('another user’s id, another’s notification → 404; a forged lastKey → 400', async () => {
    const { inbox } = world();
    expect(await status(inbox.list(me, q({ recipientId: 'other' })))).toBe('notFound');
    expect(await status(inbox.get(me, 'n4'))).toBe('notFound');
    expect(await status(inbox.list(me, q({ lastKey: 'bm90LWEta2V5' })))).toBe('invalid');
    expect((await inbox.get(me, 'n3')).message).toMatchObject({ fullText: 'f3', htmlText: '<p>f3</p>' });
  });

  test('mark all seen: every item seen, the flag cleared, idempotent', async () => {
    const p = world();
    await p.ports.ensureProfile('me', 'me');
    await p.ports.setProfile('me', { hasNewNotifications: true });
    p.profiles.set('me', { ...p.profiles.get('me')!, lastNotifiedDate: '2026-11-27T04:00:03.500Z' });
    expect(await p.inbox.seen(me)).toEqual({ seen: false });
    expect((await p.inbox.list(me, q())).notifications.some((n) => n.seen)).toBe(false);
    await p.inbox.markAllSeen(me);
    await p.inbox.markAllSeen(me);
    expect(await p.inbox.seen(me)).toEqual({ seen: true });
    expect((await p.inbox.profile(me)).hasNewNotifications).toBe(false);
    expect((await p.inbox.list(me, q())).notifications.every((n) => n.seen)).toBe(true);
    // Someone never told anything has seen everything.
    expect(await p.inbox.seen({ userId: 'nobody' })).toEqual({ seen: true });
  });
});
