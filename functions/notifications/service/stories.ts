import type { NotificationKind, NotificationType } from '../../../shared/domain/notifications.js';
import { roundKey, type RfiType } from '../../../shared/domain/rfis.js';
import { formatNzd } from '../../../shared/domain/payments.js';
import type { DomainEvent } from '../../platform/events/types.js';
import type { ApplicationInfo } from '../model.js';
import '../../access-requests/events.js';
import '../../organisations/events.js';
import '../../participants/events.js';
import '../../payments/events.js';
import '../../rfis/events.js';

export type { ApplicationInfo };

/** One group of people told one thing: the application's participants (by level), or named users. */
export interface Tell {
  /**
   * 'actor': a confirmation of the actor's own action (a receipt: the one tell that reaches the
   * actor, at every level); the others never tell the actor.
   */
  to:
    | 'participants'
    | 'actor'
    | readonly string[]
    | { email: string }
    /** The organisation's active admins, but for `except` (the member the news is about). */
    | { organisationAdmins: string; except?: readonly string[] };
  kind: NotificationKind;
  shortText: string;
  fullText: string;
  /** Where the notification leads when it is not the application's section of its type. */
  link?: 'accessRequests' | 'documents' | 'members';
}

/**
 * Who an organisation's news is about, by name (read by the fan-out before the story: the member's
 * full name, the merged organisation's display name). Absent: told without the name.
 */
export interface StoryNames {
  member?: string | undefined;
  organisation?: string | undefined;
}

/** What an event tells, and to whom (before levels, preferences and the actor are applied). */
export interface Story {
  type: NotificationType;
  tells: Tell[];
  /** The part of the application's section the link lands on (`?subSection=`), e.g. the RFI round. */
  subSection?: string;
}

/** "BC-000123 at 1 Queen Street, Auckland": the number (consent number first) and the address. */
export function applicationLabel(app: ApplicationInfo | undefined): string {
  const number = app?.consentNumber ?? app?.applicationNumber;
  const address = app?.address;
  if (number && address) return `${number} at ${address}`;
  return number ?? address ?? 'your application';
}

const everyone = (kind: NotificationKind, shortText: string, fullText: string): Tell => ({
  to: 'participants',
  kind,
  shortText,
  fullText,
});
/** A receipt for the actor (kind action: every level lets it through, as a receipt should). */
const confirmation = (shortText: string, fullText: string): Tell => ({
  to: 'actor',
  kind: 'action',
  shortText,
  fullText,
});
const points = (n: number) => `${n} point${n === 1 ? '' : 's'}`;
/** "the invoice "Building consent processing fee" ($2,847.50)", or "an invoice" when the event is older than the names. */
function invoiceOf(data: { description?: string | undefined; amountCents?: number | undefined }): string {
  const amount = data.amountCents !== undefined ? formatNzd(data.amountCents) : undefined;
  if (data.description) return `the invoice "${data.description}"${amount ? ` (${amount})` : ''}`;
  return amount ? `an invoice of ${amount}` : 'an invoice';
}
/** "Building consent processing fee ($2,847.50) · ": the title names the invoice, so two are told apart. */
function invoiceTitle(data: { description?: string | undefined; amountCents?: number | undefined }): string {
  const amount = data.amountCents !== undefined ? formatNzd(data.amountCents) : undefined;
  const name = [data.description, amount && (data.description ? `(${amount})` : amount)]
    .filter(Boolean)
    .join(' ');
  return name ? `${name} · ` : '';
}
const only = (to: readonly string[], kind: NotificationKind, shortText: string, fullText: string): Tell => ({
  to,
  kind,
  shortText,
  fullText,
});

/** Organisation news for its active admins (not `except`, nor the actor), leading to the Members page. */
function organisationStory(
  organisationId: string,
  except: readonly string[],
  shortText: string,
  fullText: string,
): Story {
  return {
    type: 'Organisation',
    tells: [
      {
        to: { organisationAdmins: organisationId, ...(except.length ? { except } : {}) },
        kind: 'milestone',
        shortText,
        fullText,
        link: 'members',
      },
    ],
  };
}

/** The council's changes of a lodged application (ApplicationUpdated's `action`, docs/council-api.md §4). */
function councilStory(action: string, label: string): Story | undefined {
  const tell = (kind: NotificationKind, short: string, full: string): Story => ({
    type: 'Application',
    tells: [everyone(kind, short, full)],
  });
  switch (action) {
    case 'LodgementAccepted':
      return tell(
        'milestone',
        `Lodgement accepted: ${label}`,
        `The council accepted the lodgement of ${label}. Processing has started.`,
      );
    case 'LodgementRejected':
      return tell(
        'milestone',
        `Lodgement rejected: ${label}`,
        `The council rejected the lodgement of ${label}. Open the application to see the reason.`,
      );
    case 'ConsentGranted':
      return tell(
        'milestone',
        `Consent granted: ${label}`,
        // The label leads with the consent number already: said once.
        `The council granted the building consent for ${label}. The consent and its conditions are on the application's Overview.`,
      );
    case 'ApplicationClosed':
      return tell(
        'milestone',
        `Decision made: ${label}`,
        `The council closed ${label} (refused, lapsed or withdrawn). Open the application to see the reason.`,
      );
    case 'CodeComplianceCertificateIssued':
      return tell(
        'milestone',
        `Code compliance certificate issued: ${label}`,
        `The council issued the code compliance certificate for ${label}.`,
      );
    case 'WorkflowStagesSet':
      return tell(
        'activity',
        `Stage updated: ${label}`,
        `The council moved ${label} to a new processing stage.`,
      );
    case 'RequiredInspectionsSet':
      return tell(
        'activity',
        `Inspections updated: ${label}`,
        `The council updated the inspections of ${label} (booked or with a result).`,
      );
    case 'ApplicationSuspended':
      return tell(
        'activity',
        `Processing suspended: ${label}`,
        `The council suspended the processing of ${label} while it waits for information.`,
      );
    case 'ApplicationResumed':
      return tell(
        'activity',
        `Processing resumed: ${label}`,
        `The council resumed the processing of ${label}.`,
      );
    // The council rejected an upload of a required document group (docs/council-api.md §4): the
    // applicant has something to do, so it reaches every level, and leads to the Documents section.
    case 'RequiredDocumentUploadRejected':
      return {
        type: 'Application',
        tells: [
          {
            ...everyone(
              'action',
              `Document rejected: ${label}`,
              `The council rejected a document of ${label}. Open the Documents section to see why and upload a replacement.`,
            ),
            link: 'documents',
          },
        ],
      };
    default:
      return undefined;
  }
}

/**
 * What each domain event tells (docs/notifications.md "Who is told what"); undefined: nothing worth
 * telling. `app` is the application the event is about, as it is now.
 */
export function storyOf(
  event: DomainEvent,
  app: ApplicationInfo | undefined,
  names: StoryNames = {},
): Story | undefined {
  const label = applicationLabel(app);
  switch (event.type) {
    case 'RfiRoundRaised':
      return {
        type: 'RFI',
        subSection: roundKey({ ...event.data, type: event.data.type as RfiType }),
        tells: [
          everyone(
            'action',
            `Request for information: ${label}`,
            `The council needs more information on ${label}: ${points(event.data.rfiPointIds.length)} to answer (round ${event.data.round}). The council's clock is paused until you send your answers: answer every point, then send the round.`,
          ),
        ],
      };
    case 'RfiPointSignedOff':
      return {
        type: 'RFI',
        tells: [
          everyone(
            'activity',
            `RFI signed off: ${label}`,
            `The council reviewed a response to its request for information on ${label}.`,
          ),
        ],
      };
    case 'RfiRoundSubmitted':
      return {
        type: 'RFI',
        subSection: roundKey({ ...event.data, type: event.data.type as RfiType }),
        tells: [
          confirmation(
            `Answers sent to the council: ${label}`,
            `Your answers to round ${event.data.round} of the council's points on ${label} were sent. What happens next: the council reviews each answer and accepts it or asks again in a new round; the council's clock restarts when it has everything it asked for. We'll email you when it has reviewed them.`,
          ),
          everyone(
            'activity',
            `RFI responses submitted: ${label}`,
            `Responses to round ${event.data.round} of the requests for information on ${label} were sent to the council.`,
          ),
        ],
      };
    case 'PaymentIssued':
      return {
        type: 'Payment',
        tells: [
          everyone(
            'action',
            `Invoice issued: ${invoiceTitle(event.data)}${label}`,
            `The council issued ${invoiceOf(event.data)} for ${label}. Pay it to keep the application moving.`,
          ),
        ],
      };
    case 'DepositRejected':
      return {
        type: 'Payment',
        tells: [
          everyone(
            'action',
            `Deposit not confirmed: ${label}`,
            `The council could not confirm the direct deposit for an invoice of ${label}. Pay the invoice again.`,
          ),
        ],
      };
    case 'DepositConfirmed':
    case 'PaymentMarkedPaid':
      return {
        type: 'Payment',
        tells: [
          everyone(
            'milestone',
            `Payment received: ${label}`,
            `The council received the payment of ${invoiceOf(event.data)} for ${label}.`,
          ),
        ],
      };
    case 'CardPaymentSettled':
      if (event.data.result !== 'Approved') return undefined;
      return {
        type: 'Payment',
        tells: [
          everyone(
            'milestone',
            `Payment received: ${label}`,
            `A card payment${event.data.amountCents !== undefined ? ` of ${formatNzd(event.data.amountCents)}` : ''} for ${invoiceOf({ ...event.data, amountCents: undefined })} of ${label} was approved.`,
          ),
        ],
      };
    case 'DepositClaimed':
      return {
        type: 'Payment',
        tells: [
          everyone(
            'activity',
            `Deposit claimed: ${label}`,
            `A direct deposit was claimed for an invoice of ${label}; the council will confirm it.`,
          ),
        ],
      };
    case 'ApplicationSubmitted':
      return {
        type: 'ApplicationSubmit',
        tells: [
          confirmation(
            `Application sent: ${label}`,
            `Your application ${label} was sent to the council. What happens next: the council checks it has everything it needs before it accepts it; the 20 working days of the statutory clock start when it is accepted. We'll email you when the council accepts it, asks for more information or sends an invoice. You can follow it in the portal.`,
          ),
          everyone('milestone', `Application submitted: ${label}`, `${label} was submitted to the council.`),
        ],
      };
    case 'ApplicationUpdated':
      return event.data.action && event.actor.startsWith('council:')
        ? councilStory(event.data.action, label)
        : undefined;
    case 'ParticipantAdded':
      return {
        type: 'Participant',
        tells: [
          only(
            // Added by accepting their access request: AccessRequestApproved (same transaction) tells
            // them, so one email, not two (docs/notifications.md "One email per change").
            event.data.accessRequestGuid ? [] : event.data.userIds,
            'milestone',
            `You were added to ${label}`,
            `You were added as a participant of ${label}.`,
          ),
          everyone('activity', `Participant added: ${label}`, `A participant was added to ${label}.`),
        ],
      };
    case 'ParticipantUpdated':
      return {
        type: 'Participant',
        tells: [
          only(
            event.data.userIds,
            'activity',
            `Your access changed: ${label}`,
            `Your access to ${label} was changed.`,
          ),
        ],
      };
    case 'ParticipantRemoved':
      return {
        type: 'Participant',
        tells: [
          only(
            event.data.userIds,
            'milestone',
            `You were removed from ${label}`,
            `You are no longer a participant of ${label}.`,
          ),
          everyone('activity', `Participant removed: ${label}`, `A participant was removed from ${label}.`),
        ],
      };
    case 'AccessRequestCreated':
      return {
        type: 'Participant',
        tells: [
          only(
            [event.data.ownerId],
            'action',
            `Access requested: ${label}`,
            `Someone asked for access to ${label}. Accept or decline it under Access Requests on your dashboard (the link below opens it); the request expires in 7 days.`,
          ),
        ].map((t) => ({ ...t, link: 'accessRequests' as const })),
      };
    case 'AccessRequestApproved':
      return {
        type: 'Participant',
        tells: [
          only(
            [event.data.requesterId],
            'milestone',
            `Access granted: ${label}`,
            `Your request for access to ${label} was accepted: you are now a participant and it is in your applications.`,
          ),
        ],
      };
    case 'AccessRequestDenied':
      return {
        type: 'Participant',
        tells: [
          only(
            [event.data.requesterId],
            'milestone',
            `Access declined: ${label}`,
            `Your request for access to ${label} was declined.`,
          ),
        ],
      };
    case 'AccessRequestExpired':
      return {
        type: 'Participant',
        tells: [
          only(
            [event.data.requesterId],
            'activity',
            `Access request expired: ${label}`,
            `Your request for access to ${label} expired without an answer.`,
          ),
        ],
      };
    case 'OrganisationInvitationSent':
      return {
        type: 'Organisation',
        tells: [
          {
            to: { email: event.data.email },
            kind: 'action',
            shortText: 'Invitation to join an organisation',
            fullText:
              'You have been invited to join an organisation on the Consent Portal. Accept or decline it on your dashboard.',
          },
        ],
      };
    case 'OrganisationInvitationClosed':
      if (event.data.status === 'Rejected')
        return organisationStory(
          event.aggregate.id,
          [],
          'Invitation declined',
          'An invitation to join your organisation was declined.',
        );
      if (event.data.status !== 'Accepted') return undefined;
      return organisationStory(
        event.aggregate.id,
        [],
        `New member: ${names.member ?? 'someone you invited'}`,
        `${names.member ?? 'Someone you invited'} accepted your invitation and joined your organisation as a member. You can make them an administrator on the Members page.`,
      );
    case 'OrganisationMemberChanged': {
      const who = names.member ?? 'A member';
      const { role, status, userId } = event.data;
      if (event.data.changed === 'status' || (!event.data.changed && status === 'Disabled'))
        return status === 'Disabled'
          ? organisationStory(
              event.aggregate.id,
              [userId],
              `Member disabled: ${names.member ?? 'a member'}`,
              `${who} was disabled: they can no longer act for your organisation or use its contacts. They keep their own account. An administrator can enable them again on the Members page.`,
            )
          : organisationStory(
              event.aggregate.id,
              [userId],
              `Member enabled: ${names.member ?? 'a member'}`,
              `${who} was enabled again: they can act for your organisation and use its contacts.`,
            );
      return organisationStory(
        event.aggregate.id,
        [userId],
        `Role changed: ${names.member ?? 'a member'}`,
        role === 'Admin'
          ? `${who} is now an administrator of your organisation: they can invite, change and release members.`
          : `${who} is no longer an administrator of your organisation; they stay a member.`,
      );
    }
    case 'OrganisationMemberLeft': {
      const who = names.member ?? 'A member';
      return event.data.reason === 'Release'
        ? organisationStory(
            event.aggregate.id,
            [event.data.userId],
            `Member released: ${names.member ?? 'a member'}`,
            `${who} was released from your organisation and now has an organisation of their own. Their applications stay theirs.`,
          )
        : organisationStory(
            event.aggregate.id,
            [event.data.userId],
            `Member left: ${names.member ?? 'a member'}`,
            `${who} left your organisation to join another one.`,
          );
    }
    case 'OrganisationsMerged': {
      const from = names.organisation ?? 'Another organisation';
      return organisationStory(
        event.aggregate.id,
        [],
        `Organisations merged: ${names.organisation ?? 'another organisation'}`,
        `${from} merged into your organisation: its members and contacts are now in yours, with the roles they had.`,
      );
    }
    default:
      return undefined;
  }
}

/** The application an event is about, if any. */
export function applicationIdOf(event: DomainEvent): string | undefined {
  if (event.aggregate.type === 'application') return event.aggregate.id;
  const data = event.data as { applicationId?: unknown };
  return typeof data.applicationId === 'string' ? data.applicationId : undefined;
}

/** The event types the fan-out handles (the consumer's `handles`). */
export const TOLD_EVENTS = [
  'RfiRoundRaised',
  'RfiPointSignedOff',
  'RfiRoundSubmitted',
  'PaymentIssued',
  'DepositRejected',
  'DepositConfirmed',
  'PaymentMarkedPaid',
  'CardPaymentSettled',
  'DepositClaimed',
  'ApplicationSubmitted',
  'ApplicationUpdated',
  'ParticipantAdded',
  'ParticipantUpdated',
  'ParticipantRemoved',
  'AccessRequestCreated',
  'AccessRequestApproved',
  'AccessRequestDenied',
  'AccessRequestExpired',
  'OrganisationInvitationSent',
  'OrganisationInvitationClosed',
  'OrganisationMemberChanged',
  'OrganisationMemberLeft',
  'OrganisationsMerged',
] as const;
