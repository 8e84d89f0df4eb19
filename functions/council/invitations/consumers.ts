import { defineConsumer } from '../../platform/events/consumers.js';
import type { EventConsumer } from '../../platform/events/consumers.js';
import { sendMail } from '../../platform/adapters/mail.js';
import type { MailMessage } from '../../platform/adapters/mail.js';
import { webUrl } from '../../platform/adapters/web-url.js';
import { getInvitation } from './repository.js';
import type { RegisteredApplicantInvitationRecord } from './repository.js';
import { registeredApplicantInvitationMail } from './mail.js';
import './events.js';

export interface InvitationMailPorts {
  invitation(id: string): Promise<RegisteredApplicantInvitationRecord | undefined>;
  sendMail(message: MailMessage): Promise<unknown>;
  webUrl(): Promise<string | undefined>;
}

const mailPorts: InvitationMailPorts = { invitation: getInvitation, sendMail, webUrl };

/**
 * `council.registeredApplicantInvitationMail`: mails the invitee of a sent invitation while it is
 * still Pending (the local stack's mail outbox, SES on AWS), as organisations' invitation mail does.
 */
export function councilInvitationConsumers(ports: InvitationMailPorts = mailPorts): EventConsumer[] {
  return [
    defineConsumer({
      name: 'council.registeredApplicantInvitationMail',
      handles: ['RegisteredApplicantInvitationSent'],
      async handle(event, { logger }) {
        const inv = await ports.invitation(event.data.invitationId);
        if (inv?.status !== 'Pending') return;
        await ports.sendMail(registeredApplicantInvitationMail(inv, await ports.webUrl()));
        logger.info('council: registered-applicant invitation mail', { invitationId: inv.invitationId });
      },
    }),
  ];
}
