import * as z from 'zod';
import { defineContract } from '../platform/http/handler.js';
import { ApplicationIdParams, NotificationLevelRequest } from '../../shared/schemas/applications.js';

export const ParticipantParams = ApplicationIdParams.extend({
  participantId: z.string().trim().min(1).max(64),
});

/** The participants' routes (portal-core §7 participants). */
export const contract = defineContract('participants', {
  'PATCH /user/applications/{id}/participants/{participantId}/notification-level': {
    params: ParticipantParams,
    body: NotificationLevelRequest,
    status: 204,
    summary: "Sets a participant's notification level on the application",
  },
});
