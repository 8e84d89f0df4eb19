import type { NotificationKind, NotificationType } from '../../../shared/domain/notifications.js';
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
  to: 'participants' | readonly string[] | { email: string } | { organisationAdmins: string };
  kind: NotificationKind;
  shortText: string;
  fullText: string;
}

/** What an event tells, and to whom (before levels, preferences and the actor are applied). */
export interface Story {
  type: NotificationType;
  tells: Tell[];
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
const only = (to: readonly string[], kind: NotificationKind, shortText: string, fullText: string): Tell => ({
  to,
  kind,
  shortText,
  fullText,
});

/** The council's changes of a lodged application (ApplicationUpdated's `action`, docs/council-api.md §4). */
function councilStory(action: string, label: string, app: ApplicationInfo | undefined): Story | undefined {
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
        `The council granted the building consent for ${label}${app?.consentNumber ? ` (consent number ${app.consentNumber})` : ''}.`,
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
    default:
      return undefined;
  }
}

/**
 * What each domain event tells (docs/notifications.md "Who is told what"); undefined: nothing worth
 * telling. `app` is the application the event is about, as it is now.
 */
export function storyOf(event: DomainEvent, app: ApplicationInfo | undefined): Story | undefined {
  const label = applicationLabel(app);
  switch (event.type) {
    case 'RfiRoundRaised':
      return {
        type: 'RFI',
        tells: [
          everyone(
            'action',
            `Request for information: ${label}`,
            `The council raised ${event.data.rfiPointIds.length} request${event.data.rfiPointIds.length === 1 ? '' : 's'} for information (round ${event.data.round}) on ${label}. Respond to them to keep the application moving.`,
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
        tells: [
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
            `Invoice issued: ${label}`,
            `The council issued an invoice for ${label}. Pay it to keep the application moving.`,
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
            `The council received the payment of an invoice of ${label}.`,
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
            `A card payment of an invoice of ${label} was approved.`,
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
          everyone('milestone', `Application submitted: ${label}`, `${label} was submitted to the council.`),
        ],
      };
    case 'ApplicationUpdated':
      return event.data.action && event.actor.startsWith('council:')
        ? councilStory(event.data.action, label, app)
        : undefined;
    case 'ParticipantAdded':
      return {
        type: 'Participant',
        tells: [
          only(
            event.data.userIds,
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
            `Someone asked for access to ${label}. Accept or decline the request on your dashboard; it expires in 7 days.`,
          ),
        ],
      };
    case 'AccessRequestApproved':
      return {
        type: 'Participant',
        tells: [
          only(
            [event.data.requesterId],
            'milestone',
            `Access granted: ${label}`,
            `Your request for access to ${label} was accepted.`,
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
      if (event.data.status !== 'Accepted' && event.data.status !== 'Rejected') return undefined;
      return {
        type: 'Organisation',
        tells: [
          {
            to: { organisationAdmins: event.aggregate.id },
            kind: 'milestone',
            shortText: `Invitation ${event.data.status.toLowerCase()}`,
            fullText: `An invitation to join your organisation was ${event.data.status.toLowerCase()}.`,
          },
        ],
      };
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
] as const;
