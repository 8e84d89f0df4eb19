import { createFeatureHandler } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { reply } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { getParticipant, setParticipantNotificationLevel } from './repository.js';
import { participantsService } from './service.js';

const service = participantsService({
  getParticipant,
  setNotificationLevel: setParticipantNotificationLevel,
});

/** The participants feature (portal-core §7 participants). Env: TABLE_NAME. */
export const routes = {
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
