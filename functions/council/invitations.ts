import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tablePorts } from './invitations/ports.js';
import { invitationsService } from './invitations/service.js';

const service = invitationsService(tablePorts);

/**
 * Registered-applicant invitations (docs/council-api.md §4) on the
 * council feature's `invitations` Lambda: the council's calls (its own authority's invitations) and
 * the invitee's. Env: TABLE_NAME.
 */
export const routes = {
  'GET /council/registered-applicant-invitations': async ({ council, query }) =>
    service.councilInvitations(council.authorityId, query.invitationStatus),
  'POST /council/registered-applicant-invitations': async ({ council, body, idempotency }) =>
    reply(
      201,
      await service.create(council.authorityId, body, (answer) => (e) => [idempotency.item(e, answer, 201)]),
    ),
  'GET /council/registered-applicant-invitations/{id}': async ({ council, params }) =>
    service.councilInvitation(council.authorityId, params.id),
  'GET /user/registered-applicant-invitations': async ({ caller, query }) =>
    service.myInvitations(caller, query.invitationStatus),
  'GET /user/registered-applicant-invitations/{id}': async ({ caller, params }) =>
    service.myInvitation(caller, params.id),
  'PATCH /user/registered-applicant-invitations/{id}': async ({ caller, params, body }) =>
    service.respond(caller, params.id, body.status),
} satisfies LambdaImplementations<'council', 'invitations', typeof contract>;

export const handler = createFeatureHandler('council', contract, routes, { lambda: 'invitations' });
