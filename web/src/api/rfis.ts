import { RfiPointDto, RfiPointsResponse, type RfiPointPatch } from '../../../shared/schemas/rfis';
import type { RfiType } from '../../../shared/domain/rfis';
import { apiRequest } from './client';

/**
 * The RFI calls (portal-organisation §7; docs/rfis.md): the points, one point, its response and a
 * round's submission. Answers are parsed with the shared schemas.
 */
const app = (id: string) => `/user/applications/${encodeURIComponent(id)}`;

export const rfisApi = {
  list: async (applicationId: string, signal?: AbortSignal) =>
    RfiPointsResponse.parse(await apiRequest<unknown>(`${app(applicationId)}/rfi-points-v2`, { signal }))
      .rfiPoints,
  get: async (applicationId: string, rfiPointId: string, signal?: AbortSignal) =>
    RfiPointDto.parse(
      await apiRequest<unknown>(`${app(applicationId)}/rfi-points-v2/${encodeURIComponent(rfiPointId)}`, {
        signal,
      }),
    ),
  respond: async (applicationId: string, rfiPointId: string, body: RfiPointPatch) =>
    RfiPointDto.parse(
      await apiRequest<unknown>(`${app(applicationId)}/rfi-points-v2/${encodeURIComponent(rfiPointId)}`, {
        method: 'PATCH',
        body,
      }),
    ),
  /** POST …/rfi-round-submissions-v3: the round named by its type, team and number. */
  submitRound: async (applicationId: string, round: { type: RfiType; team: string; round: number }) =>
    RfiPointsResponse.parse(
      await apiRequest<unknown>(`${app(applicationId)}/rfi-round-submissions-v3`, {
        method: 'POST',
        body: { rfiType: round.type, rfiTeam: round.team, rfiRound: round.round },
      }),
    ).rfiPoints,
};

export const rfiKeys = {
  all: ['rfis'] as const,
  list: (applicationId: string) => [...rfiKeys.all, applicationId] as const,
  point: (applicationId: string, rfiPointId: string) => [...rfiKeys.all, applicationId, rfiPointId] as const,
};
