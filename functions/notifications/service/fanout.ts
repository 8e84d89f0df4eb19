import { createHash } from 'node:crypto';
import { UNSUBSCRIBE_TEXT } from './unsubscribe.js';
import { accessRank, applicationDetailsPath } from '../../../shared/domain/applications.js';
import {
  deliveryOf,
  digestDue,
  effectiveLevel,
  notificationSection,
} from '../../../shared/domain/notifications.js';
import type { EmailDigest } from '../../../shared/domain/notifications.js';
import type { NotificationLevelValue, NotificationType } from '../../../shared/domain/notifications.js';
import type { MailMessage } from '../../platform/adapters/mail.js';
import type { DomainEvent } from '../../platform/events/types.js';
import { recordMetric } from '../../platform/observability/metrics.js';
import type { AccessRowInfo, ApplicationInfo, NewNotification, RecipientUser } from '../model.js';
import { applicationIdOf, applicationLabel, storyOf, type StoryNames, type Tell } from './stories.js';

export type { AccessRowInfo, NewNotification, RecipientUser };

const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface FanoutPorts {
  application(applicationId: string): Promise<ApplicationInfo | undefined>;
  accessRows(applicationId: string): Promise<AccessRowInfo[]>;
  users(userIds: readonly string[]): Promise<RecipientUser[]>;
  userByEmail(email: string): Promise<RecipientUser | undefined>;
  /** The active admins of an organisation (user ids). */
  organisationAdmins(organisationId: string): Promise<string[]>;
  /** An organisation's display name (a merged one keeps its record). */
  organisationName(organisationId: string): Promise<string | undefined>;
  /** The users' email digests (immediate when they have no profile). */
  digests(userIds: readonly string[]): Promise<Map<string, EmailDigest>>;
  now(): Date;
  /**
   * Writes the item (and its digest entry) and sets the recipient's hasNewNotifications, in one
   * write; 'duplicate' when it exists.
   */
  write(notification: NewNotification): Promise<'written' | 'duplicate'>;
  sendMail(message: MailMessage): Promise<unknown>;
  webUrl(): Promise<string | undefined>;
  /** A fresh unsubscribe link for an email to the user (service/unsubscribe.ts). */
  unsubscribeLink?(userId: string): Promise<string>;
}

/** The id of the notification of `eventId` for `recipientId` (UUID-shaped, the same on every replay). */
export function notificationIdOf(eventId: string, recipientId: string): string {
  const h = createHash('sha256').update(`${eventId}\u0000${recipientId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fullName = (u: RecipientUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** The page a notification links to. */
function linkOf(
  base: string,
  applicationId: string | undefined,
  type: NotificationType,
  subSection?: string,
): string {
  if (!applicationId) return `${base}/user-notifications`;
  const section = notificationSection(type) ?? 'Overview';
  return `${base}${applicationDetailsPath(applicationId, section, subSection)}`;
}

export interface FanoutResult {
  /** Users given a new inbox item. */
  notified: string[];
  /** Users mailed. */
  mailed: string[];
  /** Users whose email waits for their digest. */
  digested: string[];
}

/**
 * The fan-out of one domain event (docs/notifications.md): its story (what is told, to whom, how
 * loud), each recipient's level on the application (their row's, else their default) and email
 * preference, never the actor. Each recipient's item is written conditionally under an id derived
 * from (event id, recipient), and mailed only when this call wrote it: a replayed event notifies and
 * mails nobody twice. A recipient named in two tells of one event gets the first.
 */
export function fanoutService(ports: FanoutPorts) {
  async function audienceOf(
    tell: Tell,
    applicationId: string | undefined,
    rows: () => Promise<AccessRowInfo[]>,
  ): Promise<{ userId: string; level?: NotificationLevelValue | undefined; user?: RecipientUser }[]> {
    if (tell.to === 'actor') return [];
    if (tell.to === 'participants') {
      if (!applicationId) return [];
      return (await rows())
        .filter((r) => accessRank(r.accessLevel) >= 1)
        .map((r) => ({ userId: r.userId, level: r.notificationLevel }));
    }
    if ('organisationAdmins' in tell.to) {
      const except = tell.to.except ?? [];
      return (await ports.organisationAdmins(tell.to.organisationAdmins))
        .filter((userId) => !except.includes(userId))
        .map((userId) => ({ userId }));
    }
    if ('email' in tell.to) {
      const user = await ports.userByEmail(tell.to.email);
      return user ? [{ userId: user.userId, user }] : [];
    }
    const byUser = new Map((applicationId ? await rows() : []).map((r) => [r.userId, r]));
    return tell.to.map((userId) => ({ userId, level: byUser.get(userId)?.notificationLevel }));
  }

  /** The names an organisation's news gives: the member it is about, the organisation merged in. */
  async function namesOf(event: DomainEvent): Promise<StoryNames> {
    if (event.type === 'OrganisationsMerged')
      return { organisation: await ports.organisationName(event.data.fromOrganisationId) };
    const member =
      event.type === 'OrganisationInvitationClosed' ||
      event.type === 'OrganisationMemberChanged' ||
      event.type === 'OrganisationMemberLeft'
        ? event.data.userId
        : undefined;
    if (!member) return {};
    const [user] = await ports.users([member]);
    return { member: user && fullName(user) };
  }

  return {
    async fanOut(event: DomainEvent): Promise<FanoutResult> {
      const result: FanoutResult = { notified: [], mailed: [], digested: [] };
      // Most events tell nobody (a step saved, a user's PATCH): decided before any read.
      if (!storyOf(event, undefined)) return result;
      const applicationId = applicationIdOf(event);
      const app = applicationId ? await ports.application(applicationId) : undefined;
      if (applicationId && !app) return result; // deleted since: nothing to name
      const story = storyOf(event, app, await namesOf(event));
      if (!story) return result;
      let rowsP: Promise<AccessRowInfo[]> | undefined;
      const rows = () => (rowsP ??= ports.accessRows(applicationId!));

      const planned = new Map<
        string,
        { tell: Tell; level?: NotificationLevelValue | undefined; user?: RecipientUser }
      >();
      // A confirmation (a receipt) goes to the actor when they are a user (a council, the gateway or
      // the system has no account: skipped below): the one tell that reaches them, at any level.
      const receipt = story.tells.find((t) => t.to === 'actor');
      if (receipt && !event.actor.startsWith('council:'))
        planned.set(event.actor, { tell: receipt, level: 'Watching' });
      for (const tell of story.tells) {
        for (const who of await audienceOf(tell, applicationId, rows)) {
          if (who.userId === event.actor || planned.has(who.userId)) continue;
          planned.set(who.userId, { tell, level: who.level, ...(who.user ? { user: who.user } : {}) });
        }
      }
      if (planned.size === 0) return result;
      const missing = [...planned.entries()].filter(([, p]) => !p.user).map(([id]) => id);
      const users = new Map((missing.length ? await ports.users(missing) : []).map((u) => [u.userId, u]));
      const digests = await ports.digests([...planned.keys()]);
      const now = ports.now();
      const base = (await ports.webUrl()) ?? '';
      const applicationLink = linkOf(base, applicationId, story.type, story.subSection);
      const linkFor = (tell: Tell) =>
        tell.link === 'accessRequests'
          ? `${base}/?tab=access-requests`
          : tell.link === 'members'
            ? `${base}/organisation-members`
            : tell.link === 'documents' && applicationId
              ? `${base}/application-details/${encodeURIComponent(applicationId)}?section=Documents`
              : applicationLink;
      const recipientsApp = app
        ? {
            application: {
              id: app.applicationId,
              ...((app.consentNumber ?? app.applicationNumber)
                ? { applicationNumber: (app.consentNumber ?? app.applicationNumber)! }
                : {}),
              ...(app.address ? { address: app.address } : {}),
            },
            ...(app.authorityId ? { authority: { id: app.authorityId } } : {}),
          }
        : {};

      for (const [userId, plan] of planned) {
        const user = plan.user ?? users.get(userId);
        if (!user) continue; // no account (any more)
        const level = effectiveLevel(plan.level, user.defaultApplicationNotificationLevel);
        const delivery = deliveryOf(plan.tell.kind, level, user.emailPreference !== false);
        if (!delivery.inbox) continue;
        const { shortText, fullText } = plan.tell;
        const link = linkFor(plan.tell);
        const dueAt = delivery.email ? digestDue(digests.get(userId) ?? 'immediate', now) : undefined;
        const linkText =
          plan.tell.link === 'accessRequests'
            ? 'Open your Access Requests'
            : plan.tell.link === 'members'
              ? "Open your organisation's members"
              : applicationId
                ? `Open ${applicationLabel(app)}`
                : 'Open your notifications';
        const htmlText = `<p>${escapeHtml(fullText)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`;
        const written = await ports.write({
          notificationId: notificationIdOf(event.eventId, userId),
          groupId: event.eventId,
          eventId: event.eventId,
          recipientId: userId,
          applicationId,
          type: story.type,
          kind: plan.tell.kind,
          createdDate: event.occurredAt,
          message: { subtype: event.type, shortText, fullText, htmlText },
          recipients: {
            users: [{ id: userId, email: user.email, fullName: fullName(user) }],
            ...recipientsApp,
          },
          ...(dueAt
            ? { digest: { digestDue: dueAt, email: user.email, firstName: user.firstName, link } }
            : {}),
        });
        if (written === 'duplicate') continue;
        recordMetric('NotificationsCreated');
        result.notified.push(userId);
        if (!delivery.email) continue;
        if (dueAt) {
          result.digested.push(userId);
          continue;
        }
        const stop = await ports.unsubscribeLink?.(userId);
        await ports.sendMail({
          kind: 'Immediate',
          to: user.email,
          subject: shortText,
          text: [
            `Kia ora ${user.firstName ?? ''}`.trim() + ',',
            '',
            fullText,
            '',
            link,
            ...(stop ? ['', `${UNSUBSCRIBE_TEXT} ${stop}`] : []),
          ].join('\n'),
          html: stop
            ? `${htmlText}<p><a href="${escapeAttribute(stop)}">${UNSUBSCRIBE_TEXT}</a></p>`
            : htmlText,
        });
        result.mailed.push(userId);
      }
      return result;
    },
  };
}
