import type {
  AccessRequest,
  AccessRequestsResponse,
  ApplicationsSearchResponse,
} from '../../../shared/schemas/access-requests';
import type { ParticipantInput } from '../../../shared/schemas/participants';
import { apiRequest } from './client';

/** GET /user/applications-search's query (portal-core §7); authorities are comma-joined. */
export interface AccessSearchParams {
  pageIndex?: number;
  pageSize?: number;
  address?: string;
  applicationNumber?: string;
  authorities?: string[];
}

const request = (guid: string) => `/user/access-requests/${encodeURIComponent(guid)}`;

/** The access-request calls (portal-core §7; docs/access-requests.md). */
export const accessRequestsApi = {
  list: (signal?: AbortSignal) => apiRequest<AccessRequestsResponse>('/user/access-requests-v2', { signal }),
  create: (applicationId: string) =>
    apiRequest<AccessRequest>('/user/access-requests-v2', { method: 'POST', body: { applicationId } }),
  search: ({ authorities, ...params }: AccessSearchParams, signal?: AbortSignal) =>
    apiRequest<ApplicationsSearchResponse>('/user/applications-search', {
      query: { ...params, authorities: authorities?.length ? authorities.join(',') : undefined },
      signal,
    }),
  /** Approves the request and adds the requester as this participant, in one step. */
  approve: (guid: string, participant: ParticipantInput) =>
    apiRequest<AccessRequest>(request(guid), { method: 'PATCH', body: { status: 'APPROVED', participant } }),
  decline: (guid: string) =>
    apiRequest<AccessRequest>(request(guid), { method: 'PATCH', body: { status: 'DENIED' } }),
  /** The request leaves my list of requests to review. */
  markHandled: (guid: string) => apiRequest<void>(`${request(guid)}/handled`, { method: 'PATCH' }),
};

export const accessRequestKeys = {
  all: ['access-requests'] as const,
  list: () => [...accessRequestKeys.all, 'list'] as const,
  search: (p: AccessSearchParams) => [...accessRequestKeys.all, 'search', p] as const,
};
