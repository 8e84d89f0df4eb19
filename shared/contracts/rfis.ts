import { defineContract } from './define.js';
import { ApplicationIdParams } from '../schemas/applications.js';
import { CouncilApplicationParams } from '../schemas/council.js';
import {
  CouncilRfiPointParams,
  RaisedRfiRound,
  RaiseRfiRound,
  RfiPointDto,
  RfiPointParams,
  RfiPointPatch,
  RfiPointsResponse,
  RfiRoundSubmissionResponse,
  RfiRoundSubmissionV2,
  RfiRoundSubmissionV3,
  RfiSignOff,
  RfisPdfResponse,
} from '../schemas/rfis.js';

/** The RFIs' routes (docs/rfis.md): the applicant's and the council's. */
export const contract = defineContract('rfis', {
  'GET /user/applications/{id}/rfi-points-v2': {
    params: ApplicationIdParams,
    response: RfiPointsResponse,
    summary: 'Every RFI point of the application in reading order (type, team, round, order in round)',
  },
  'GET /user/applications/{id}/rfi-points-v2/{rfiPointId}': {
    params: RfiPointParams,
    response: RfiPointDto,
    summary: 'One RFI point with its previous and next point',
  },
  'PATCH /user/applications/{id}/rfi-points-v2/{rfiPointId}': {
    params: RfiPointParams,
    body: RfiPointPatch,
    response: RfiPointDto,
    summary:
      'Saves the response text and documents of a point not yet submitted (who and when recorded; Edit access)',
  },
  'POST /user/applications/{id}/rfi-round-submissions': {
    params: ApplicationIdParams,
    body: RfiRoundSubmissionV2,
    response: RfiRoundSubmissionResponse,
    summary: 'Submits a round (type, round, location) as a whole: every point needs a response',
  },
  'POST /user/applications/{id}/rfi-round-submissions-v3': {
    params: ApplicationIdParams,
    body: RfiRoundSubmissionV3,
    response: RfiRoundSubmissionResponse,
    summary: 'Submits a round (type, round, team) as a whole: every point needs a response',
  },
  'GET /user/applications/{id}/rfis-pdf': {
    params: ApplicationIdParams,
    response: RfisPdfResponse,
    summary:
      'A 5-minute link to the RFIs PDF (every round and point with its response); made again only when the RFIs changed',
  },
  'GET /council/applications/{id}/rfi-points': {
    params: CouncilApplicationParams,
    response: RfiPointsResponse,
    summary: 'Every RFI point of a lodged application with the responses submitted so far',
  },
  'POST /council/applications/{id}/rfi-rounds': {
    params: CouncilApplicationParams,
    body: RaiseRfiRound,
    status: 201,
    response: RaisedRfiRound,
    idempotent: true,
    summary: 'Raises a round of points; the application is suspended (VRFISuspended) and its clock stops',
  },
  'PATCH /council/applications/{id}/rfi-points/{rfiPointId}': {
    params: CouncilRfiPointParams,
    body: RfiSignOff,
    response: RfiPointDto,
    idempotent: true,
    summary: 'Signs a submitted point off as RESOLVED, NOT_RESOLVED or INCOMPLETE (the point is processed)',
  },
});
