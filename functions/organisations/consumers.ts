import { defineConsumer } from '../platform/events/consumers.js';
import type { EventConsumer } from '../platform/events/consumers.js';
import { sendMail } from '../platform/adapters/mail.js';
import type { MailMessage } from '../platform/adapters/mail.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { getInvitation, writeRegistrationLink } from './repository/invitations.js';
import { linkSecretHash, newLinkSecret } from '../platform/link-secrets.js';
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
  /**
   * Stores a new registration link's hash for the invitation while it is still open at `now`
   * (repository/invitations.ts `writeRegistrationLink`); false when it is not.
   */
  writeRegistrationLink(inv: InvitationRecord, tokenHash: string, now: string): Promise<boolean>;
  /** A new link secret (functions/platform/link-secrets.ts). */
  newSecret(): string;
  sendMail(message: MailMessage): Promise<unknown>;
  webUrl(): Promise<string | undefined>;
  now(): Date;
}

const mailPorts: OrganisationMailPorts = {
  invitation: getInvitation,
  mergeInvitation: getMergeInvitation,
  hasAccount: async (email) => (await userByEmail(email)) !== undefined,
  writeRegistrationLink,
  newSecret: newLinkSecret,
  sendMail,
  webUrl,
  now: () => new Date(),
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
 *   Pending, with the link that works for the person (dashboard, or a registration link whose
 *   secret only that mail carries);
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
        let secret: string | undefined;
        if (!(await ports.hasAccount(inv.email))) {
          // A fresh secret for this mail: only its hash is stored, and it replaces the link of an
          // earlier mail (a resend, or this event delivered again). An invitation closed or expired
          // meanwhile gets no link and no mail.
          secret = ports.newSecret();
          if (!(await ports.writeRegistrationLink(inv, linkSecretHash(secret), ports.now().toISOString()))) {
            logger.info('organisations: invitation no longer open, no mail', {
              invitationId: inv.invitationId,
            });
            return;
          }
        }
        await ports.sendMail(invitationMail(inv, secret, await ports.webUrl()));
        logger.info('organisations: invitation mail', {
          invitationId: inv.invitationId,
          link: secret === undefined ? 'dashboard' : 'registration',
        });
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
