import * as z from 'zod';
import { defineContract } from './define.js';
import { ApplicationIdParams, NotificationLevelRequest } from '../schemas/applications.js';
import { ParticipantDto, ParticipantInput, ParticipantsQuery } from '../schemas/participants.js';
import { ParticipantType } from '../schemas/reference.js';

export const ParticipantParams = ApplicationIdParams.extend({
  participantId: z.string().trim().min(1).max(64),
});

/** The participants' routes (docs/participants.md). */
export const contract = defineContract('participants', {
  'GET /user/applications/{id}/participantsV2': {
    params: ApplicationIdParams,
    query: ParticipantsQuery,
    response: z.array(ParticipantDto),
    summary: "The application's participants (removed ones with includeDeleted=true)",
  },
  'POST /user/applications/{id}/participantsV2': {
    params: ApplicationIdParams,
    body: ParticipantInput,
    status: 201,
    response: ParticipantDto,
    summary: 'Adds a participant (invited by email when they have access and no sign-in yet)',
  },
  'GET /user/applications/{id}/participantsV2/{participantId}': {
    params: ParticipantParams,
    response: ParticipantDto,
    summary: 'One participant',
  },
  'PATCH /user/applications/{id}/participantsV2/{participantId}': {
    params: ParticipantParams,
    body: ParticipantInput,
    response: ParticipantDto,
    summary: "Edits a participant; invitation 'Queued' sends the invitation again",
  },
  'PATCH /user/applications/{id}/participantsV2/{participantId}/restore': {
    params: ParticipantParams,
    response: ParticipantDto,
    summary: 'Restores a removed participant (without roles)',
  },
  'DELETE /user/applications/{id}/participants/{participantId}': {
    params: ParticipantParams,
    status: 204,
    summary: 'Removes a participant (marked deleted, roles cleared)',
  },
  'GET /user/applications/{id}/participant-types': {
    params: ApplicationIdParams,
    response: z.array(ParticipantType),
    summary: 'The participant types (roles)',
  },
  'PATCH /user/applications/{id}/participants/{participantId}/notification-level': {
    params: ParticipantParams,
    body: NotificationLevelRequest,
    status: 204,
    summary: "Sets a participant's notification level on the application",
  },
});
