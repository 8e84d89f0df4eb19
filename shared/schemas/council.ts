import * as z from 'zod';
import {
  ApplicationDto,
  ApplicationStatus,
  csv,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RejectedReason,
  RequiredInspection,
  WorkflowStage,
} from './applications.js';
import { Id } from './common.js';
import { ApplicationDocumentDto, documentStatuses, RequiredDocumentGroupDto } from './documents.js';
import { Email, PersonName } from './fields.js';
import { ParticipantDto } from './participants.js';
import { CONSENT_NUMBER_MESSAGE, isValidConsentNumber } from '../domain/council.js';
import { messages } from '../domain/validation.js';

/**
 * The council integration API (docs/council-api.md): every request and response of the
 * `/council/...` calls, the applicant's side of registered-applicant invitations, the feed's events
 * and the webhook's payload. The council service parses with these; the simulator and the tests'
 * client build their requests and read the answers with the same schemas.
 */

// ---- Credentials ----

export {
  COUNCIL_RESOURCE_SERVER,
  councilScopes,
  CouncilScope,
  scopeClaim,
  scopesOfClaim,
} from './council-scopes.js';

// ---- Idempotency ----

export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MESSAGE,
  IdempotencyKey,
  IDEMPOTENT_REPLAYED_HEADER,
} from './idempotency.js';

// ---- Common parts ----

/** An ISO 8601 instant with an offset, or a calendar date (yyyy-mm-dd). */
const DateOrInstant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
const Reason = z.string().trim().min(1, messages.required).max(2000);
const ShortText = z.string().trim().min(1, messages.required).max(200);

export const ConsentNumber = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(50)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
    'A consent number has letters, digits, spaces, dots, slashes and dashes',
  )
  .refine(isValidConsentNumber, CONSENT_NUMBER_MESSAGE);

export const CouncilApplicationParams = z.object({ id: Id });

// ---- Reads ----

/** GET /council/applications: this authority's lodged applications, newest submission first. */
export const CouncilApplicationsQuery = z.object({
  status: csv(ApplicationStatus).optional(),
  submittedAfter: DateOrInstant.optional(),
  cursor: z.string().max(1024).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The Application fields a council reads (docs/council-api.md), without the caller-specific ones. */
const councilApplicationFields = {
  id: true,
  name: true,
  applicationNumber: true,
  consentNumber: true,
  parentApplicationId: true,
  applicationType: true,
  recordType: true,
  trackingNumber: true,
  authorityId: true,
  jurisdictionId: true,
  formId: true,
  formDisplayName: true,
  complexity: true,
  complexityDescription: true,
  status: true,
  applicationStatusLabel: true,
  description: true,
  address: true,
  legalDescription: true,
  buildingPurposeDescription: true,
  startedDate: true,
  submissionDate: true,
  modifiedDate: true,
  closedReason: true,
  developmentContributionRequired: true,
  resourceConsentRequired: true,
  useRequiredDocumentGroups: true,
  hasOutstandingRFIs: true,
  hasOutstandingPayments: true,
} as const;

export const CouncilApplicationSummary = ApplicationDto.pick({
  id: true,
  applicationNumber: true,
  consentNumber: true,
  recordType: true,
  status: true,
  formId: true,
  formDisplayName: true,
  address: true,
  submissionDate: true,
  modifiedDate: true,
});
export type CouncilApplicationSummary = z.infer<typeof CouncilApplicationSummary>;

export const CouncilApplicationsPage = z.object({
  applications: z.array(CouncilApplicationSummary),
  /** Pass back as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().optional(),
});

/** What was submitted (the latest snapshot): who signed, what they agreed to, the step data. */
export const CouncilSubmission = z.object({
  submissionDate: z.string(),
  userSignature: z.string(),
  signedBy: z.object({ userId: z.string(), name: z.string() }).optional(),
  signedAt: z.string().optional(),
  declarationText: z.string().optional(),
  /** Form step data by step id, as submitted. */
  steps: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** GET /council/applications/{id}, and the answer of every write on an application. */
export const CouncilApplication = ApplicationDto.pick(councilApplicationFields).extend({
  workflowStages: z.array(WorkflowStage),
  requiredInspections: z.array(RequiredInspection),
  /** The council's booking page: the Action item BookInspection's url (docs/council-api.md). */
  inspectionBookingUrl: z.string().optional(),
  /** Set when the lodgement was rejected (what GET /user/applications/{id}/rejected-reason answers). */
  rejectedReason: RejectedReason.nullable(),
  submission: CouncilSubmission.optional(),
});
export type CouncilApplication = z.infer<typeof CouncilApplication>;

/** GET /council/applications/{id}/participants (deleted participants are left out). */
export const CouncilParticipants = z.object({
  participants: z.array(ParticipantDto.omit({ notificationLevel: true })),
});

/** A document as a council reads it: a short-lived link only to a scanned, clean file. */
export const CouncilDocument = ApplicationDocumentDto.omit({ isEditable: true, isDeletable: true }).extend({
  presignedUrl: z.string().optional(),
  /** When `presignedUrl` stops working (ISO 8601). */
  expiresAt: z.string().optional(),
});
export const CouncilDocuments = z.object({ documents: z.array(CouncilDocument) });

// ---- Writes on an application (each with an Idempotency-Key) ----

/** PATCH /council/applications/{id}: the Application fields the council keeps after lodgement. */
export const CouncilApplicationPatch = z
  .object({
    trackingNumber: z.string().trim().max(100),
    complexity: z.string().trim().max(100),
    complexityDescription: z.string().trim().max(1000),
    applicationStatusLabel: z.string().trim().max(100),
    developmentContributionRequired: z.boolean(),
    resourceConsentRequired: z.boolean(),
    useRequiredDocumentGroups: z.boolean(),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');

/** POST /council/applications/{id}/lodgement. */
export const LodgementDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('Accepted'), date: DateOrInstant.optional() }).strict(),
  z.object({ decision: z.literal('Rejected'), reason: Reason, date: DateOrInstant.optional() }).strict(),
]);
export type LodgementDecision = z.infer<typeof LodgementDecision>;

/** POST /council/applications/{id}/suspension (DELETE resumes, no body). */
export const SuspensionRequest = z.object({ reason: Reason.optional() }).strict();

/** POST /council/applications/{id}/decision. */
export const CouncilDecision = z.discriminatedUnion('outcome', [
  z
    .object({ outcome: z.literal('Granted'), consentNumber: ConsentNumber, date: DateOrInstant.optional() })
    .strict(),
  z
    .object({
      outcome: z.enum(['Refused', 'Lapsed', 'Withdrawn']),
      closedReason: Reason,
      date: DateOrInstant.optional(),
    })
    .strict(),
]);
export type CouncilDecision = z.infer<typeof CouncilDecision>;

/** POST /council/applications/{id}/code-compliance-certificate. */
export const CodeComplianceCertificateRequest = z
  .object({ issuedDate: DateOrInstant, certificateNumber: ShortText.optional() })
  .strict();

export const STAGES_UNIQUE_MESSAGE = 'Each stage may appear once';
/** PUT /council/applications/{id}/workflow-stages: the stages as the council has them now. */
export const WorkflowStagesRequest = z
  .object({ workflowStages: z.array(WorkflowStage).min(1).max(4) })
  .strict()
  .refine((r) => new Set(r.workflowStages.map((s) => s.stageName)).size === r.workflowStages.length, {
    message: STAGES_UNIQUE_MESSAGE,
    path: ['workflowStages'],
  });

/** PUT /council/applications/{id}/required-inspections: every location, and where to book. */
export const RequiredInspectionsRequest = z
  .object({
    requiredInspections: z.array(RequiredInspection).max(100),
    bookingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict();

export const RequiredDocumentGroupParams = CouncilApplicationParams.extend({ guid: Id });
export const RequiredDocumentUploadParams = RequiredDocumentGroupParams.extend({ applicationDocumentId: Id });

/** PUT .../required-document-groups/{guid}: the group as the council keeps it (the uploads are ours). */
export const RequiredDocumentGroupRequest = RequiredDocumentGroupDto.pick({
  name: true,
  status: true,
  type: true,
  building: true,
  subcategory: true,
  description: true,
  acceptedDate: true,
  requestedDate: true,
  displayOrder: true,
  documentContainerId: true,
  documentCategoryId: true,
}).strict();

/** PATCH .../uploads/{applicationDocumentId}: the council's status of one upload (Document status). */
export const RequiredDocumentUploadReview = z
  .object({
    councilStatus: z.enum(documentStatuses),
    reason: Reason.optional(),
    processingDate: DateOrInstant.optional(),
  })
  .strict();

// ---- Registered applicant invitations (docs/council-api.md) ----

export const registeredApplicantInvitationStatuses = ['Pending', 'Accepted', 'Rejected'] as const;
export const RegisteredApplicantInvitationStatus = z.enum(registeredApplicantInvitationStatuses);

/** Registered applicant invitation, as the spec names its fields. */
export const RegisteredApplicantInvitation = z.object({
  timestamp: z.string(),
  id: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  status: RegisteredApplicantInvitationStatus,
  sendingDate: z.string(),
  expiryDate: z.string().optional(),
  userId: z.string().optional(),
  registeredApplicantId: z.string().optional(),
  bcaCode: z.string().optional(),
  /** The inviting council's name (our addition: the invitee sees who invites). */
  bcaName: z.string().optional(),
});
export type RegisteredApplicantInvitation = z.infer<typeof RegisteredApplicantInvitation>;
export const RegisteredApplicantInvitationList = z.array(RegisteredApplicantInvitation);

/** POST /council/registered-applicant-invitations. */
export const CreateRegisteredApplicantInvitation = z
  .object({
    email: Email,
    firstName: PersonName.optional(),
    lastName: PersonName.optional(),
    expiryDate: DateOrInstant.optional(),
    registeredApplicantId: ShortText.optional(),
  })
  .strict();

/** GET /user/registered-applicant-invitations?invitationStatus=Pending (and the council's list). */
export const RegisteredApplicantInvitationsQuery = z.object({
  invitationStatus: RegisteredApplicantInvitationStatus.optional(),
});

/** The `{id}` of `/council/registered-applicant-invitations/{id}` and `/user/…/{id}`. */
export const RegisteredApplicantInvitationParams = z.object({ id: Id });

/** PATCH /user/registered-applicant-invitations/{id}: the invitee answers. */
export const RespondRegisteredApplicantInvitation = z
  .object({ status: z.enum(['Accepted', 'Rejected']) })
  .strict();

// ---- Outbound: the feed and the webhook ----

export const councilEventTypes = [
  'ApplicationSubmitted',
  'ApplicationResubmitted',
  'ApplicationWithdrawn',
  'RegisteredApplicantInvitationAccepted',
  'RegisteredApplicantInvitationRejected',
  'RfiRoundSubmitted',
  'PaymentReceived',
  'DepositClaimed',
  'RequiredDocumentUploaded',
] as const;
export const CouncilEventType = z.enum(councilEventTypes);

/** A small event (the council reads the rest with the read API): also the webhook's body. */
export const CouncilEvent = z.union([
  z.object({
    eventId: z.string(),
    type: CouncilEventType.extract([
      'ApplicationSubmitted',
      'ApplicationResubmitted',
      'ApplicationWithdrawn',
      'RfiRoundSubmitted',
      'PaymentReceived',
      'DepositClaimed',
    ]),
    applicationId: z.string(),
    occurredAt: z.string(),
  }),
  z.object({
    eventId: z.string(),
    type: CouncilEventType.extract([
      'RegisteredApplicantInvitationAccepted',
      'RegisteredApplicantInvitationRejected',
    ]),
    invitationId: z.string(),
    occurredAt: z.string(),
  }),
  /**
   * An upload into a council's open required document group after lodgement (a replacement of a
   * rejected upload, or one the council asked for), once scanned: review it with PATCH
   * …/required-document-groups/{requiredDocumentGroupGuid}/uploads/{applicationDocumentId}.
   */
  z.object({
    eventId: z.string(),
    type: CouncilEventType.extract(['RequiredDocumentUploaded']),
    applicationId: z.string(),
    requiredDocumentGroupGuid: z.string(),
    applicationDocumentId: z.string(),
    occurredAt: z.string(),
  }),
]);
export type CouncilEvent = z.infer<typeof CouncilEvent>;

export const MAX_EVENTS_PAGE = 100;
/** GET /council/events?after=…&limit=…. */
export const CouncilEventsQuery = z.object({
  after: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EVENTS_PAGE).default(MAX_EVENTS_PAGE),
});
/** The events after the cursor, oldest first; `cursor` is what to pass as `after` next time. */
export const CouncilEventsPage = z.object({ events: z.array(CouncilEvent), cursor: z.string() });

/** PUT /council/webhook. https on AWS (the service refuses http there); locally http://127.0.0.1 too. */
export const WebhookRegistrationRequest = z
  .object({ url: z.url({ protocol: /^https?$/ }).max(2000) })
  .strict();
export const WebhookRegistration = z.object({
  url: z.string(),
  createdAt: z.string(),
  secretCreatedAt: z.string(),
  /** Only in the answers of PUT /council/webhook and POST /council/webhook/secret. */
  signingSecret: z.string().optional(),
});

export const webhookDeliveryStatuses = ['Pending', 'Delivered', 'Failed'] as const;
export const WebhookDelivery = z.object({
  eventId: z.string(),
  type: CouncilEventType,
  occurredAt: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastAttemptAt: z.string().optional(),
  lastStatusCode: z.number().int().optional(),
  lastError: z.string().optional(),
});
/** GET /council/webhook/deliveries. */
export const WebhookDeliveriesQuery = z.object({
  status: z.enum(webhookDeliveryStatuses).optional(),
  cursor: z.string().max(1024).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export const WebhookDeliveriesPage = z.object({
  deliveries: z.array(WebhookDelivery),
  nextCursor: z.string().optional(),
});
export const WebhookDeliveryParams = z.object({ eventId: Id });
