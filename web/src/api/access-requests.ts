import type { ParticipantInput } from '../../../shared/schemas/participants';
import { api } from './call';

/** GET /user/applications-search's query (docs/access-requests.md); authorities are comma-joined. */
export interface AccessSearchParams {
  pageIndex?: number;
  pageSize?: number;
  address?: string;
  applicationNumber?: string;
  authorities?: string[];
}

/** The access-request calls (docs/access-requests.md). */
export const accessRequestsApi = {
  list: (signal?: AbortSignal) => api('GET /user/access-requests-v2', { signal }),
  create: (applicationId: string) => api('POST /user/access-requests-v2', { body: { applicationId } }),
  search: ({ authorities, ...params }: AccessSearchParams, signal?: AbortSignal) =>
    api('GET /user/applications-search', {
      query: { ...params, authorities: authorities?.length ? authorities.join(',') : undefined },
      signal,
    }),
  /** Approves the request and adds the requester as this participant, in one step. */
  approve: (guid: string, participant: ParticipantInput) =>
    api('PATCH /user/access-requests/{guid}', {
      params: { guid },
      body: { status: 'APPROVED', participant },
    }),
  decline: (guid: string) =>
    api('PATCH /user/access-requests/{guid}', { params: { guid }, body: { status: 'DENIED' } }),
  /** The request leaves my list of requests to review. */
  markHandled: (guid: string) => api('PATCH /user/access-requests/{guid}/handled', { params: { guid } }),
};

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: () => [...accessRequestKeys.all, 'list'] as const,
  search: (p: AccessSearchParams) => [...accessRequestKeys.all, 'search', p] as const,
};
