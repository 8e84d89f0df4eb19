import type { ParticipantType } from '../../../shared/schemas/reference.js';
import { fullAddressOf } from '../../../shared/domain/address.js';
import { typeOf } from '../../../shared/domain/participants.js';
import { applicationReturnPath, withReturnPath } from '../../../shared/domain/returnPath.js';
import type { ApplicationRecord } from '../../platform/access.js';
import type { MailMessage } from '../../platform/adapters/mail.js';
import type { ParticipantRecord, ParticipantWrite } from '../repository.js';
import { deltaOf } from './changes.js';

/** What invitations need: the participants, the application, mail, the web's address. */
export interface InvitationPorts {
  participant(applicationId: string, participantId: string): Promise<ParticipantRecord | undefined>;
  participants(applicationId: string): Promise<ParticipantRecord[]>;
  /** Participants of any application with this email, not deleted, without a sign-in. */
  invitedByEmail(email: string): Promise<ParticipantRecord[]>;
  application(applicationId: string): Promise<ApplicationRecord | undefined>;
  participantTypes(): readonly ParticipantType[];
  sendMail(message: MailMessage): Promise<unknown>;
  /** Sets the invitation state unless the participant changed since it was read. */
  setInvitation(p: ParticipantRecord, invitation: 'Unregistered' | 'Error'): Promise<void>;
  write(change: ParticipantWrite): Promise<boolean>;
  webUrl(): Promise<string | undefined>;
  now(): string;
}

export const INVITATION_SUBJECT = 'You have been added to a building consent application';

/** The invitation mail: which application, as what, and how to open it (register with this email). */
export function invitationMail(
  p: ParticipantRecord,
  application: ApplicationRecord,
  types: readonly ParticipantType[],
  webUrl: string | undefined,
): MailMessage {
  const where = fullAddressOf(application.address) || 'a building site';
  const number = application.applicationNumber ? ` (${application.applicationNumber})` : '';
  const roles = (p.participantTypes ?? []).map((n) => typeOf(types, n)?.displayName ?? n);
  const as = roles.length > 0 ? ` as ${roles.join(', ')}` : '';
  const base = webUrl ?? '';
  // Both links land on the application after the (first) sign-in (shared/domain/returnPath.ts).
  const landing = applicationReturnPath(application.applicationId);
  const register = `${base}${withReturnPath(`/registration?email=${encodeURIComponent(p.email ?? '')}`, landing)}`;
  const signIn = `${base}${withReturnPath('/', landing)}`;
  const text = [
    `Kia ora ${p.firstName ?? ''},`.replace(' ,', ','),
    '',
    `You have been added to the building consent application for ${where}${number}${as}.`,
    '',
    `Create your account with this email address (${p.email}) to open it: ${register}`,
    `Already have an account with another address? Sign in at ${signIn} and ask the applicant to use that address.`,
    '',
    'Once your account is confirmed, the application is in your list.',
  ].join('\n');
  return { to: p.email!, subject: INVITATION_SUBJECT, text };
}

/**
 * Invitations (docs/participants.md): the mail to a participant who does not sign in yet, and attaching
 * a new user to the participants invited by their email when they sign up.
 */
export function invitationsService(ports: InvitationPorts) {
  /** Sends a Queued invitation once: Unregistered when the mail went, Error when it failed. */
  async function send(applicationId: string, participantId: string): Promise<'sent' | 'failed' | 'skipped'> {
    const p = await ports.participant(applicationId, participantId);
    if (!p || p.isDeleted || p.invitation !== 'Queued' || p.loginUserId || !p.email) return 'skipped';
    const application = await ports.application(applicationId);
    if (!application) return 'skipped';
    try {
      await ports.sendMail(invitationMail(p, application, ports.participantTypes(), await ports.webUrl()));
    } catch {
      await ports.setInvitation(p, 'Error');
      return 'failed';
    }
    await ports.setInvitation(p, 'Unregistered');
    return 'sent';
  }

  /**
   * A new user signs up with `email`: every participant invited by it (not deleted, no sign-in) gets
   * the user, invitation Accepted and, with access above None, their access row. Idempotent: an
   * attached participant is skipped.
   */
  async function attach(userId: string, email: string): Promise<number> {
    let attached = 0;
    for (const invited of await ports.invitedByEmail(email)) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const all = await ports.participants(invited.applicationId);
        const current = all.find((x) => x.participantId === invited.participantId);
        if (!current || current.isDeleted || current.loginUserId || current.email !== email) break;
        // Already on the application as someone else: the invitation is theirs to ignore.
        if (all.some((x) => !x.isDeleted && x.loginUserId === userId)) break;
        const application = await ports.application(invited.applicationId);
        if (!application) break;
        const at = ports.now();
        const next: ParticipantRecord = {
          ...current,
          loginUserId: userId,
          invitation: 'Accepted',
          modifiedDate: at,
          modifiedBy: userId,
        };
        const ok = await ports.write({
          application,
          eventType: 'ParticipantUpdated',
          actor: userId,
          at,
          changes: [{ previous: current, next }],
          invite: false,
          history: [
            {
              entityId: current.participantId,
              eventType: 'ParticipantUpdated',
              delta: deltaOf(current, next),
            },
          ],
        });
        if (ok) {
          attached++;
          break;
        }
      }
    }
    return attached;
  }

  return { send, attach };
}
