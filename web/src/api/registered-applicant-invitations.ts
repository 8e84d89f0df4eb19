import type { RegisteredApplicantInvitation } from '../../../shared/schemas/council';
import { apiRequest } from './client';

/** The invitee's calls of registered-applicant invitations (portal-organisation §7; docs/council-api.md §4). */
const base = '/user/registered-applicant-invitations';

export const registeredApplicantInvitationsApi = {
  pending: (signal?: AbortSignal) =>
    apiRequest<RegisteredApplicantInvitation[]>(base, { query: { invitationStatus: 'Pending' }, signal }),
  respond: (id: string, status: 'Accepted' | 'Rejected') =>
    apiRequest<RegisteredApplicantInvitation>(`${base}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { status },
    }),
};

export const registeredApplicantInvitationKeys = {
  all: ['registered-applicant-invitations'] as const,
  pending: () => ['registered-applicant-invitations', 'pending'] as const,
};
