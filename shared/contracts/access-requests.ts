import { defineContract } from './define.js';
import {
  AccessRequest,
  AccessRequestParams,
  AccessRequestsResponse,
  AnswerAccessRequest,
  ApplicationsSearchQuery,
  ApplicationsSearchResponse,
  CreateAccessRequest,
} from '../schemas/access-requests.js';

/** The access requests' routes (docs/access-requests.md). */
export const contract = defineContract('access-requests', {
  'GET /user/applications-search': {
    query: ApplicationsSearchQuery,
    response: ApplicationsSearchResponse,
    summary:
      'Finds projects by address (simple) or by project number at authorities (advanced), with the caller’s access',
  },
  'GET /user/access-requests-v2': {
    response: AccessRequestsResponse,
    summary: 'Pending requests to review (the caller owns the application with Manage) and the caller’s own',
  },
  'POST /user/access-requests-v2': {
    body: CreateAccessRequest,
    status: 201,
    response: AccessRequest,
    summary:
      'Asks the owners for access (complete profile; editable application; one active request per project; at most 20 pending)',
  },
  'PATCH /user/access-requests/{guid}': {
    params: AccessRequestParams,
    body: AnswerAccessRequest,
    response: AccessRequest,
    summary:
      'An owner approves (adds the requester as the given participant, in one step) or declines a pending request',
  },
  'PATCH /user/access-requests/{guid}/handled': {
    params: AccessRequestParams,
    status: 204,
    summary: 'An owner marks a request handled: it leaves their list of requests to review (idempotent)',
  },
});
