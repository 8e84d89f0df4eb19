import { RfiPointDto, RfiPointsResponse, type RfiPointPatch } from '../../../shared/schemas/rfis';
import type { RfiType } from '../../../shared/domain/rfis';
import { api } from './call';

/**
 * The RFI calls (docs/rfis.md): the points, one point, its response and a
 * round's submission. Answers are parsed with the shared schemas.
 */
export const rfisApi = {
  list: async (applicationId: string, signal?: AbortSignal) =>
    RfiPointsResponse.parse(
      await api('GET /user/applications/{id}/rfi-points-v2', { params: { id: applicationId }, signal }),
    ).rfiPoints,
  get: async (applicationId: string, rfiPointId: string, signal?: AbortSignal) =>
    RfiPointDto.parse(
      await api('GET /user/applications/{id}/rfi-points-v2/{rfiPointId}', {
        params: { id: applicationId, rfiPointId },
        signal,
      }),
    ),
  respond: async (applicationId: string, rfiPointId: string, body: RfiPointPatch) =>
    RfiPointDto.parse(
      await api('PATCH /user/applications/{id}/rfi-points-v2/{rfiPointId}', {
        params: { id: applicationId, rfiPointId },
        body,
      }),
    ),
  /** POST …/rfi-round-submissions-v3: the round named by its type, team and number. */
  submitRound: async (applicationId: string, round: { type: RfiType; team: string; round: number }) =>
    RfiPointsResponse.parse(
      await api('POST /user/applications/{id}/rfi-round-submissions-v3', {
        params: { id: applicationId },
        body: { rfiType: round.type, rfiTeam: round.team, rfiRound: round.round },
      }),
    ).rfiPoints,
};

export const rfiKeys = {
  all: ['rfis'] as const,
  list: (applicationId: string) => [...rfiKeys.all, applicationId] as const,
  point: (applicationId: string, rfiPointId: string) => [...rfiKeys.all, applicationId, rfiPointId] as const,
};
