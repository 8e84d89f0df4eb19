import { api } from './call';

/** The invitee's calls of registered-applicant invitations (docs/council-api.md §4). */
export const registeredApplicantInvitationsApi = {
  pending: (signal?: AbortSignal) =>
    api('GET /user/registered-applicant-invitations', { query: { invitationStatus: 'Pending' }, signal }),
  respond: (id: string, status: 'Accepted' | 'Rejected') =>
    api('PATCH /user/registered-applicant-invitations/{id}', { params: { id }, body: { status } }),
};

export const registeredApplicantInvitationKeys = {
  all: ['registered-applicant-invitations'] as const,
  pending: () => ['registered-applicant-invitations', 'pending'] as const,
};
