import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { sendMail } from '../platform/adapters/mail.js';
import type { MailMessage } from '../platform/adapters/mail.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { getInvitation } from './repository/invitations.js';
import { getMergeInvitation } from './repository/merges.js';
import { userByEmail } from './repository/members.js';
import { tablePorts } from './ports.js';
import { mergeRules } from './service/merges.js';
import { invitationMail, mergeMail } from './service/mail.js';
import { expirySchedules, type ExpirySchedulePorts } from './service/expiry.js';
import { cancel, schedule } from '../platform/adapters/scheduler.js';
import type { InvitationRecord } from './repository/invitations.js';
import type { MergeInvitationRecord } from './repository/merges.js';
import './events.js';

export interface OrganisationMailPorts {
  invitation(id: string): Promise<InvitationRecord | undefined>;
  mergeInvitation(id: string): Promise<MergeInvitationRecord | undefined>;
  hasAccount(email: string): Promise<boolean>;
  sendMail(message: MailMessage): Promise<unknown>;
  webUrl(): Promise<string | undefined>;
}

const mailPorts: OrganisationMailPorts = {
  invitation: getInvitation,
  mergeInvitation: getMergeInvitation,
  hasAccount: async (email) => (await userByEmail(email)) !== undefined,
  sendMail,
  webUrl,
};

const schedulePorts: ExpirySchedulePorts = {
  invitation: getInvitation,
  mergeInvitation: getMergeInvitation,
  schedule,
  cancel,
  now: () => new Date(),
};

/**
 * The organisations' consumers of domain events (docs/events.md, docs/organisations.md):
 * - `organisations.invitationMail`: the invitation mail (sent or resent) of an invitation still
 *   Pending, with the link that works for the person (dashboard or registration via invitation);
 * - `organisations.mergeMail`: the merge invitation mail, while Pending;
 * - `organisations.mergeMoves`: after an accepted merge, moves what is left of the merged
 *   organisation (members, contacts): nothing when the accepting request moved it all;
 * - `organisations.expirySchedules`: the expiry job of a sent or resent invitation (or merge
 *   invitation), cancelled when it closes (service/expiry.ts).
 */
export function organisationConsumers(
  ports: OrganisationMailPorts = mailPorts,
  scheduling: ExpirySchedulePorts = schedulePorts,
): EventConsumer[] {
  const schedules = expirySchedules(scheduling);
  return [
    defineConsumer({
      name: 'organisations.expirySchedules',
      handles: [
        'OrganisationInvitationSent',
        'OrganisationInvitationClosed',
        'MergeInvitationSent',
        'MergeInvitationClosed',
        'OrganisationsMerged',
      ],
      async handle(event, { logger }) {
        const { invitationId } = event.data as { invitationId: string };
        const job = event.type.startsWith('OrganisationInvitation')
          ? 'invitationExpiry'
          : 'mergeInvitationExpiry';
        if (event.type.endsWith('Sent')) {
          const { replacesSentDate } = event.data as { replacesSentDate?: string };
          const outcome = await schedules.sent(job, invitationId, replacesSentDate);
          logger.info('organisations: expiry job', { invitationId, job, outcome });
        } else if ((event.data as { status?: string }).status !== 'Expired') {
          await schedules.closed(job, invitationId);
        }
      },
    }),
    defineConsumer({
      name: 'organisations.invitationMail',
      handles: ['OrganisationInvitationSent'],
      async handle(event, { logger }) {
        const inv = await ports.invitation(event.data.invitationId);
        if (inv?.status !== 'Pending') return;
        await ports.sendMail(invitationMail(inv, await ports.hasAccount(inv.email), await ports.webUrl()));
        logger.info('organisations: invitation mail', { invitationId: inv.invitationId });
      },
    }),
    defineConsumer({
      name: 'organisations.mergeMail',
      handles: ['MergeInvitationSent'],
      async handle(event, { logger }) {
        const inv = await ports.mergeInvitation(event.data.invitationId);
        if (inv?.status !== 'Pending') return;
        await ports.sendMail(mergeMail(inv, await ports.webUrl()));
        logger.info('organisations: merge mail', { invitationId: inv.invitationId });
      },
    }),
    defineConsumer({
      name: 'organisations.mergeMoves',
      handles: ['OrganisationsMerged'],
      async handle(event, { logger }) {
        const moved = await mergeRules(tablePorts).moveAll(event.data.fromOrganisationId, event.aggregate.id);
        logger.info('organisations: merge moves finished', { moved });
      },
    }),
  ];
}
