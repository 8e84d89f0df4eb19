import type { EmailDigest } from '../../../../shared/domain/notifications';
import type { MailMessage } from '../../../../functions/platform/adapters/mail';
import type { DomainEvent } from '../../../../functions/platform/events/types';
import type {
  AccessRowInfo,
  FanoutPorts,
  NewNotification,
  RecipientUser,
} from '../../../../functions/notifications/service/fanout';
import type { ApplicationInfo } from '../../../../functions/notifications/service/stories';

/** An in-memory world for the fan-out: applications, their rows, users, the inbox and the outbox. */
export function world() {
  const applications = new Map<string, ApplicationInfo>();
  const rows = new Map<string, AccessRowInfo[]>();
  const users = new Map<string, RecipientUser>();
  const inbox = new Map<string, NewNotification>();
  const flagged = new Set<string>();
  const mails: MailMessage[] = [];
  const digests = new Map<string, EmailDigest>();
  const admins = new Map<string, string[]>();
  const organisations = new Map<string, string>();
  const ports: FanoutPorts = {
    application: async (id) => applications.get(id),
    accessRows: async (id) => rows.get(id) ?? [],
    users: async (ids) => ids.flatMap((id) => (users.has(id) ? [users.get(id)!] : [])),
    organisationAdmins: async (id) => admins.get(id) ?? [],
    organisationName: async (id) => organisations.get(id),
    userByEmail: async (email) => [...users.values()].find((u) => u.email === email.toLowerCase()),
    write: async (n) => {
      if (inbox.has(n.notificationId)) return 'duplicate';
      inbox.set(n.notificationId, n);
      flagged.add(n.recipientId);
      return 'written';
    },
    sendMail: async (m) => {
      mails.push(m);
      return { messageId: String(mails.length) };
    },
    webUrl: async () => 'https://portal.example',
    unsubscribeLink: async (userId: string) => `https://portal.example/unsubscribe#token=for-${userId}`,
    digests: async () => digests,
    now: () => new Date('2026-11-27T04:20:00.000Z'),
  };
  return {
    ports,
    applications,
    rows,
    users,
    inbox,
    flagged,
    mails,
    digests,
    admins,
    organisations,
    /** The users with an inbox item. */
    told: () => [...inbox.values()].map((n) => n.recipientId).sort(),
    mailedTo: () => mails.map((m) => m.to as string).sort(),
  };
}

let seq = 0;
/** An event of `type` (occurred now-ish, a fresh id unless given). */
export function event<T extends DomainEvent['type']>(
  type: T,
  fields: { aggregate: { type: string; id: string }; actor: string; data: unknown; eventId?: string },
): DomainEvent {
  seq++;
  return {
    eventId: fields.eventId ?? `ev-${seq}`,
    type,
    aggregate: fields.aggregate,
    occurredAt: new Date(Date.UTC(2026, 10, 27, 4, 0, seq)).toISOString(),
    actor: fields.actor,
    data: fields.data,
  } as DomainEvent;
}
