import {
  CreateRegisteredApplicantInvitation,
  RegisteredApplicantInvitation,
  RegisteredApplicantInvitationList,
  RegisteredApplicantInvitationParams,
  RegisteredApplicantInvitationsQuery,
  RespondRegisteredApplicantInvitation,
} from '../schemas/council.js';
import type { RouteSchemas } from './define.js';

/**
 * The `invitations` Lambda's part of the council contract (./council.ts):
 * registered-applicant invitations, the council's calls and the invitee's (docs/council-api.md §4).
 */
export const invitationsContract = {
  'GET /council/registered-applicant-invitations': {
    query: RegisteredApplicantInvitationsQuery,
    response: RegisteredApplicantInvitationList,
    summary:
      "The calling council's registered-applicant invitations, newest first (of one status when given)",
  },
  'POST /council/registered-applicant-invitations': {
    body: CreateRegisteredApplicantInvitation,
    status: 201,
    response: RegisteredApplicantInvitation,
    idempotent: true,
    summary:
      'Invites a person by email to become a registered applicant of the calling council (mailed); Pending, 30 days unless expiryDate',
  },
  'GET /council/registered-applicant-invitations/{id}': {
    params: RegisteredApplicantInvitationParams,
    response: RegisteredApplicantInvitation,
    summary: "One of the calling council's registered-applicant invitations (another council's: 404)",
  },
  'GET /user/registered-applicant-invitations': {
    query: RegisteredApplicantInvitationsQuery,
    response: RegisteredApplicantInvitationList,
    summary:
      "Registered-applicant invitations sent to the caller's email, newest first; invitationStatus=Pending: those they can still answer",
  },
  'GET /user/registered-applicant-invitations/{id}': {
    params: RegisteredApplicantInvitationParams,
    response: RegisteredApplicantInvitation,
    summary: 'A registered-applicant invitation sent to the caller',
  },
  'PATCH /user/registered-applicant-invitations/{id}': {
    params: RegisteredApplicantInvitationParams,
    body: RespondRegisteredApplicantInvitation,
    response: RegisteredApplicantInvitation,
    summary:
      'Accepts or rejects a registered-applicant invitation sent to the caller, once (answered or expired: 409)',
  },
} as const satisfies Record<string, RouteSchemas>;
