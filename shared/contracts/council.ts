import { defineContract } from './define.js';
import {
  CodeComplianceCertificateRequest,
  CouncilApplicationPatch,
  CouncilDecision,
  LodgementDecision,
  RequiredDocumentGroupParams,
  RequiredDocumentGroupRequest,
  RequiredDocumentUploadParams,
  RequiredDocumentUploadReview,
  RequiredInspectionsRequest,
  SuspensionRequest,
  WorkflowStagesRequest,
  CouncilApplication,
  CouncilApplicationParams,
  CouncilApplicationsPage,
  CouncilApplicationsQuery,
  CouncilDocuments,
  CouncilEventsPage,
  CouncilEventsQuery,
  CouncilParticipants,
} from '../schemas/council.js';
import { RequiredDocumentGroupDto } from '../schemas/documents.js';
import { invitationsContract } from './council-invitations.js';
import { webhooksContract } from './council-webhooks.js';

/**
 * The council integration API's routes: the council feature's `handler` Lambda's here
 * (docs/council-api.md §4, §5): applications lodged with the caller's authority and the pull feed.
 * The `invitations` Lambda's part is ./council-invitations.ts. Writes declare `idempotent: true` (an Idempotency-Key per call; functions/platform/idempotency.ts).
 */
export const contract = defineContract('council', {
  'GET /council/applications': {
    query: CouncilApplicationsQuery,
    response: CouncilApplicationsPage,
    summary: 'Applications lodged with the calling council, newest submission first',
  },
  'GET /council/applications/{id}': {
    params: CouncilApplicationParams,
    response: CouncilApplication,
    summary: 'One lodged application as the council sees it, with the submission',
  },
  'GET /council/applications/{id}/participants': {
    params: CouncilApplicationParams,
    response: CouncilParticipants,
    summary: 'The participants of a lodged application (deleted ones left out)',
  },
  'GET /council/applications/{id}/documents': {
    params: CouncilApplicationParams,
    response: CouncilDocuments,
    summary: 'The documents of a lodged application; a 5-minute link only to scanned, clean files',
  },
  'PATCH /council/applications/{id}': {
    params: CouncilApplicationParams,
    body: CouncilApplicationPatch,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Sets the fields the council keeps (tracking number, complexity, status label, flags)',
  },
  'POST /council/applications/{id}/lodgement': {
    params: CouncilApplicationParams,
    body: LodgementDecision,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Accepts (Submitted → InProgress) or rejects (→ Rejected, with the reason) the lodgement',
  },
  'POST /council/applications/{id}/suspension': {
    params: CouncilApplicationParams,
    body: SuspensionRequest,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Suspends the processing (InProgress → VRFISuspended)',
  },
  'DELETE /council/applications/{id}/suspension': {
    params: CouncilApplicationParams,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Resumes the processing (VRFISuspended → InProgress)',
  },
  'POST /council/applications/{id}/decision': {
    params: CouncilApplicationParams,
    body: CouncilDecision,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Grants the consent (its number; record type Consent) or refuses, lapses or withdraws it',
  },
  'POST /council/applications/{id}/code-compliance-certificate': {
    params: CouncilApplicationParams,
    body: CodeComplianceCertificateRequest,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Issues the code compliance certificate of a granted consent (→ Completed)',
  },
  'PUT /council/applications/{id}/workflow-stages': {
    params: CouncilApplicationParams,
    body: WorkflowStagesRequest,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Sets the workflow stages as the council has them now',
  },
  'PUT /council/applications/{id}/required-inspections': {
    params: CouncilApplicationParams,
    body: RequiredInspectionsRequest,
    response: CouncilApplication,
    idempotent: true,
    summary: 'Sets the required inspections by location and the booking page',
  },
  'PUT /council/applications/{id}/required-document-groups/{guid}': {
    params: RequiredDocumentGroupParams,
    body: RequiredDocumentGroupRequest,
    response: RequiredDocumentGroupDto,
    idempotent: true,
    summary: 'Creates or replaces a required document group the council asks for (its reviews kept)',
  },
  'PATCH /council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}': {
    params: RequiredDocumentUploadParams,
    body: RequiredDocumentUploadReview,
    response: RequiredDocumentGroupDto,
    idempotent: true,
    summary: "Sets the council's status of one upload of a group (Document status, reason, date)",
  },
  'GET /council/events': {
    query: CouncilEventsQuery,
    response: CouncilEventsPage,
    summary: 'The council’s event feed after a cursor, oldest first (at least once, in order)',
  },
  ...invitationsContract,
  ...webhooksContract,
});
