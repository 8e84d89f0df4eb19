import { createResourceHandler, reply, route } from '../platform/http/handler.js';
import type { RouteImpls } from '../platform/http/handler.js';
import { entities } from '../platform/data/service.js';
import {
  getAccess,
  loadForCaller,
  setAccessNotificationLevel,
} from '../applications/repository/applications.js';
import { ApplicationIdParams, NotificationLevelRequest } from '../../shared/schemas/applications.js';
import { canManage } from '../../shared/domain/applications.js';
import { z } from 'zod';
import { Forbidden, NotFound } from '../platform/errors.js';

const ParticipantParams = ApplicationIdParams.extend({ participantId: z.string().trim().min(1).max(64) });

/** The participants resource (portal-core §7 participants). Env: TABLE_NAME. */
export const routes = {
  /**
   * The caller's notification level on an application: on their own participant (or any
   * participant with Manage), and on the caller's access row when the participant is the caller.
   */
  'PATCH /user/applications/{id}/participants/{participantId}/notification-level': route({
    caller: 'user',
    params: ParticipantParams,
    body: NotificationLevelRequest,
    async handle({ caller, params, body }) {
      const { access } = await loadForCaller(params.id, caller.userId, 'ReadOnly');
      const { data: participant } = await entities.participant
        .get({ applicationId: params.id, participantId: params.participantId })
        .go();
      if (!participant || participant.isDeleted) throw new NotFound('Participant not found');
      const own = participant.loginUserId === caller.userId;
      if (!own && !canManage(access.accessLevel)) throw new Forbidden();
      await entities.participant
        .patch({ applicationId: params.id, participantId: params.participantId })
        .set({
          notificationLevel: body.notificationLevel,
          modifiedDate: new Date().toISOString(),
          modifiedBy: caller.userId,
        })
        .go({ response: 'none' });
      // The access row carries the level the lists and notifications read.
      if (participant.loginUserId && (await getAccess(params.id, participant.loginUserId)))
        await setAccessNotificationLevel(params.id, participant.loginUserId, body.notificationLevel);
      return reply(204);
    },
  }),
} satisfies RouteImpls;

export const handler = createResourceHandler('participants', routes);
