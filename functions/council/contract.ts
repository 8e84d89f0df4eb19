import { defineContract } from '../platform/http/handler.js';
import {
  CouncilApplication,
  CouncilApplicationParams,
  CouncilApplicationsPage,
  CouncilApplicationsQuery,
  CouncilDocuments,
  CouncilEventsPage,
  CouncilEventsQuery,
  CouncilParticipants,
} from '../../shared/schemas/council.js';

/**
 * The council integration API's routes on the council feature's `handler` Lambda
 * (docs/council-api.md §4, §5): applications lodged with the caller's authority and the pull feed.
 * Writes declare `idempotent: true` (an Idempotency-Key per call; functions/platform/http/idempotency.ts).
 */
export const contract = defineContract('council', {
  'GET /council/applications': {
    query: CouncilApplicationsQuery,
    response: CouncilApplicationsPage,
    summary: 'Applications lodged with the calling council, newest submission first',
  },
  'GET /council/applications/{id}': {
    params: CouncilApplicationParams,
    response: CouncilApplication,
    summary: 'One lodged application as the council sees it, with the submission',
  },
  'GET /council/applications/{id}/participants': {
    params: CouncilApplicationParams,
    response: CouncilParticipants,
    summary: 'The participants of a lodged application (deleted ones left out)',
  },
  'GET /council/applications/{id}/documents': {
    params: CouncilApplicationParams,
    response: CouncilDocuments,
    summary: 'The documents of a lodged application; a 5-minute link only to scanned, clean files',
  },
  'GET /council/events': {
    query: CouncilEventsQuery,
    response: CouncilEventsPage,
    summary: 'The council’s event feed after a cursor, oldest first (at least once, in order)',
  },
});
