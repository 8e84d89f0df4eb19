import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableServices } from './ports.js';

const { rfis } = tableServices();

/**
 * RFIs (docs/rfis.md): the applicant reads points (ReadOnly), answers
 * them and submits rounds (Edit); the council raises rounds and signs points off on applications
 * lodged with it. The access policy has checked the caller; the service applies the rules. The RFIs
 * PDF is on ./pdf.ts.
 * Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'GET /user/applications/{id}/rfi-points-v2': async ({ application }) =>
    rfis.list(application.applicationId),
  'GET /user/applications/{id}/rfi-points-v2/{rfiPointId}': async ({ application, params }) =>
    rfis.get(application.applicationId, params.rfiPointId),
  'PATCH /user/applications/{id}/rfi-points-v2/{rfiPointId}': async ({
    caller,
    params,
    body,
    application,
    access,
  }) => rfis.respond(caller, { application, access }, params.rfiPointId, body),
  'POST /user/applications/{id}/rfi-round-submissions': async ({ caller, body, application, access }) =>
    rfis.submitRound(
      caller,
      { application, access },
      { type: body.rfiType, round: body.rfiRound, location: body.rfiLocation },
    ),
  'POST /user/applications/{id}/rfi-round-submissions-v3': async ({ caller, body, application, access }) =>
    rfis.submitRound(
      caller,
      { application, access },
      { type: body.rfiType, round: body.rfiRound, team: body.rfiTeam },
    ),
  'GET /council/applications/{id}/rfi-points': async ({ application }) =>
    rfis.list(application.applicationId),
  'POST /council/applications/{id}/rfi-rounds': async ({ idempotency, body, ...g }) =>
    reply(201, await rfis.raise(g, idempotency, body)),
  'PATCH /council/applications/{id}/rfi-points/{rfiPointId}': async ({ idempotency, body, params, ...g }) =>
    rfis.signOff(g, idempotency, params.rfiPointId, body),
} satisfies LambdaImplementations<'rfis', 'handler', typeof contract>;

export const handler = createFeatureHandler('rfis', contract, routes);
