import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { participantsOnTable } from './ports.js';
import { toParticipantDto } from './dto.js';

const service = participantsOnTable();

/** The participants feature (docs/participants.md). Env: TABLE_NAME. */
export const routes = {
  'GET /user/applications/{id}/participantsV2': async ({ params, query }) =>
    reply(200, (await service.list(params.id, query.includeDeleted)).map(toParticipantDto)),
  'POST /user/applications/{id}/participantsV2': async ({ caller, body, application, access }) =>
    reply(201, toParticipantDto(await service.add(caller, { application, access }, body))),
  'GET /user/applications/{id}/participantsV2/{participantId}': async ({ params }) =>
    reply(200, toParticipantDto(await service.get(params.id, params.participantId))),
  'PATCH /user/applications/{id}/participantsV2/{participantId}': async ({
    caller,
    params,
    body,
    application,
    access,
  }) =>
    reply(
      200,
      toParticipantDto(await service.update(caller, { application, access }, params.participantId, body)),
    ),
  'PATCH /user/applications/{id}/participantsV2/{participantId}/restore': async ({
    caller,
    params,
    application,
    access,
  }) =>
    reply(
      200,
      toParticipantDto(await service.restore(caller, { application, access }, params.participantId)),
    ),
  'DELETE /user/applications/{id}/participants/{participantId}': async ({
    caller,
    params,
    application,
    access,
  }) => {
    await service.remove(caller, { application, access }, params.participantId);
    return reply(204);
  },
  'GET /user/applications/{id}/participant-types': async () => reply(200, [...service.types()]),
  'PATCH /user/applications/{id}/participants/{participantId}/notification-level': async ({
    caller,
    params,
    body,
    access,
  }) => {
    await service.setNotificationLevel(caller, access, params.participantId, body.notificationLevel);
    return reply(204);
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('participants', contract, routes);
