import type { ParticipantDto, ParticipantInput } from '../../../shared/schemas/participants';
import type { ParticipantType, QualificationType } from '../../../shared/schemas/reference';
import type { HistoryItem } from '../../../shared/schemas/applications';
import { apiRequest } from './client';
import { applicationKeys } from './applications';

/** Participants of an application (portal-core §7 participants; docs/participants.md). */
const base = (id: string) => `/user/applications/${encodeURIComponent(id)}`;
const one = (id: string, participantId: string) =>
  `${base(id)}/participantsV2/${encodeURIComponent(participantId)}`;

/** A page of a participant's history (newest first; the next page loads when a page comes back full). */
export const PARTICIPANT_HISTORY_PAGE_SIZE = 20;

export const participantsApi = {
  list: (id: string, signal?: AbortSignal) =>
    apiRequest<ParticipantDto[]>(`${base(id)}/participantsV2`, {
      query: { includeDeleted: true },
      signal,
    }),
  types: (id: string, signal?: AbortSignal) =>
    apiRequest<ParticipantType[]>(`${base(id)}/participant-types`, { signal }),
  create: (id: string, body: ParticipantInput) =>
    apiRequest<ParticipantDto>(`${base(id)}/participantsV2`, { method: 'POST', body }),
  update: (id: string, participantId: string, body: ParticipantInput) =>
    apiRequest<ParticipantDto>(one(id, participantId), { method: 'PATCH', body }),
  remove: (id: string, participantId: string) =>
    apiRequest<void>(`${base(id)}/participants/${encodeURIComponent(participantId)}`, { method: 'DELETE' }),
  restore: (id: string, participantId: string) =>
    apiRequest<ParticipantDto>(`${one(id, participantId)}/restore`, { method: 'PATCH' }),
  qualificationTypes: (signal?: AbortSignal) =>
    apiRequest<QualificationType[]>('/user/qualification-types', { signal }),
  history: (id: string, participantId: string, page: number, signal?: AbortSignal) =>
    apiRequest<HistoryItem[]>(`${base(id)}/history`, {
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
