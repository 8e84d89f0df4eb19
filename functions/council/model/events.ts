/**
 * The council's outbound events (docs/council-api.md): which domain events a council hears of is the
 * platform's council-feed projection (functions/platform/events/council-feed.ts), which every writer
 * of such a change calls; the feed service and the webhook consumer read the same mapping.
 */
export {
  councilEventOf,
  councilEventTypeOfAnswer,
  type InvitationAnswer,
} from '../../platform/events/council-feed.js';

export type RegisteredApplicantInvitationStatus = 'Pending' | 'Accepted' | 'Rejected';
