import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { organisationsService } from './service/index.js';
import { tablePorts } from './ports.js';

const service = organisationsService(tablePorts);

/**
 * Organisations (docs/organisations.md): members, the
 * organisation's profile, invitations and merges. The route's access grants `membership` (the
 * caller's organisation, role and status: functions/platform/access.ts). Env: TABLE_NAME, PORTAL_URL,
 * the mail transport and the captcha secret.
 */
export const routes = {
  'GET /user/organisation/members': async ({ membership }) => service.members(membership),
  'PATCH /user/organisation/members/{id}/roles': async ({ membership, params, body }) =>
    service.setRole(membership, params.id, body.isAdministrator),
  'PUT /user/organisation/members/{id}/status': async ({ membership, params, body }) =>
    service.setStatus(membership, params.id, body.status),
  'POST /user/organisation': async ({ membership, body }) =>
    reply(201, await service.release(membership, body.existingUserId)),
  'GET /user/organisation/lookup': async ({ membership, query }) => service.lookup(membership, query.email),
  'GET /user/organisation/invitations': async ({ membership }) => service.sentInvitations(membership),
  'POST /user/organisation/invitations': async ({ membership, body }) =>
    reply(201, await service.invite(membership, body)),
  'PATCH /user/organisation/invitations/{id}': async ({ membership, params }) =>
    service.revokeInvitation(membership, params.id),
  'POST /user/organisation/invitations/{id}/notifications': async ({ membership, params }) => {
    await service.resendInvitation(membership, params.id);
    return reply(204);
  },
  'GET /user/organisation-invitations': async ({ caller }) => service.receivedInvitations(caller.userId),
  'PATCH /user/organisation-invitations/{id}': async ({ caller, params, body }) =>
    service.respondInvitation(caller.userId, params.id, body.status),
  'POST /user/organisation/merge': async ({ membership, body }) =>
    service.merge(membership, body.organisationId),
  'GET /user/organisation/merge-invitations': async ({ membership }) =>
    service.sentMergeInvitations(membership),
  'POST /user/organisation/merge-invitations': async ({ membership, body }) =>
    reply(201, await service.inviteMerge(membership, body)),
  'PATCH /user/organisation/merge-invitations/{id}': async ({ membership, params }) =>
    service.revokeMergeInvitation(membership, params.id),
  'POST /user/organisation/merge-invitations/{id}/notifications': async ({ membership, params }) => {
    await service.resendMergeInvitation(membership, params.id);
    return reply(204);
  },
  'GET /user/merge-invitations': async ({ membership }) => service.receivedMergeInvitations(membership),
  'PATCH /user/merge-invitations/{id}': async ({ membership, params, body }) =>
    service.respondMergeInvitation(membership, params.id, body.status),
} satisfies LambdaImplementations<'organisations', 'handler', typeof contract>;

export const handler = createFeatureHandler('organisations', contract, routes);
