import type { ParticipantInput } from '../../../shared/schemas/participants';
import { api } from './call';
import { applicationKeys } from './applications';

/** Participants of an application (docs/participants.md). */

/** A page of a participant's history (newest first; the next page loads when a page comes back full). */
export const PARTICIPANT_HISTORY_PAGE_SIZE = 20;

export const participantsApi = {
  list: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/participantsV2', {
      params: { id },
      query: { includeDeleted: 'true' },
      signal,
    }),
  types: (id: string, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/participant-types', { params: { id }, signal }),
  create: (id: string, body: ParticipantInput) =>
    api('POST /user/applications/{id}/participantsV2', { params: { id }, body }),
  update: (id: string, participantId: string, body: ParticipantInput) =>
    api('PATCH /user/applications/{id}/participantsV2/{participantId}', {
      params: { id, participantId },
      body,
    }),
  remove: (id: string, participantId: string) =>
    api('DELETE /user/applications/{id}/participants/{participantId}', { params: { id, participantId } }),
  restore: (id: string, participantId: string) =>
    api('PATCH /user/applications/{id}/participantsV2/{participantId}/restore', {
      params: { id, participantId },
    }),
  qualificationTypes: (signal?: AbortSignal) => api('GET /user/qualification-types', { signal }),
  history: (id: string, participantId: string, page: number, signal?: AbortSignal) =>
    api('GET /user/applications/{id}/history', {
      params: { id },
      query: { entity: 'PARTICIPANT', id: participantId, page, pageSize: PARTICIPANT_HISTORY_PAGE_SIZE },
      signal,
    }),
};

export const participantKeys = {
  qualificationTypes: ['reference', 'qualification-types'] as const,
  list: (id: string) => [...applicationKeys.detail(id), 'participants'] as const,
  types: (id: string) => [...applicationKeys.detail(id), 'participant-types'] as const,
  history: (id: string, participantId: string) =>
    [...applicationKeys.detail(id), 'participants', participantId, 'history'] as const,
};
