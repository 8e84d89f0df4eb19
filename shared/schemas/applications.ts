import * as z from 'zod';
import { AccessLevel, Address, checkPostcode, NotificationLevel } from './common.js';
import { FormCategory, StatutoryClockConventions } from './reference.js';
import { applicationStatuses, recordTypes } from '../domain/application-states.js';
import { messages } from '../domain/validation.js';
import { addressLimits, limitLengths } from './limits.js';
import { checkStepData } from './step-data.js';
import { TemplateThumbnailKey } from './thumbnail-uploads.js';

/**
 * Applications (the spec (docs/applications.md) calls under
 * /user/applications*, /user/applicationsV2*, /user/applicationsV3*). The contract between the
 * applications Lambda and the web: every request is parsed by these schemas on the server, and the
 * web builds its requests and reads its responses with the same types.
 */

// ---- Enums ----

export { applicationStatuses, recordTypes };
export const ApplicationStatus = z.enum(applicationStatuses);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const RecordType = z.enum(recordTypes);
export type RecordType = z.infer<typeof RecordType>;

/** Application types (docs/applications.md): the category of its form. */
export const ApplicationType = z.enum(['Standalone', 'Amendment', 'Supporting']);
export type ApplicationType = z.infer<typeof ApplicationType>;

export const CreationOperation = z.enum(['Create', 'Duplicate', 'CreateFromTemplate', 'CreateTemplate']);
export type CreationOperation = z.infer<typeof CreationOperation>;

export const CreationMode = z.enum(['FromScratch', 'FromTemplate', 'FromExistingApplication']);
export type CreationMode = z.infer<typeof CreationMode>;

export const Severity = z.enum(['Suggestion', 'Control', 'Error']);
export type Severity = z.infer<typeof Severity>;

/** Rule types of the validation results (the spec (docs/applications.md) names DocumentContainer "among others"). */
export const RuleType = z.enum([
  'ParticipantType',
  'DocumentContainer',
  'FormStep',
  'DocumentExpiry',
  'Declaration',
]);
export type RuleType = z.infer<typeof RuleType>;

export const StageName = z.enum(['Lodgement', 'Assessment', 'Inspections', 'Certificates']);
export type StageName = z.infer<typeof StageName>;

export const StageStatus = z.enum([
  'Completed',
  'NotStarted',
  'Started',
  'Suspended',
  'AwaitingPayment',
  'Rejected',
  'Lapsed',
  'Withdrawn',
  'Refused',
]);
export type StageStatus = z.infer<typeof StageStatus>;

export const ProgressStatus = z.enum([
  'Processing',
  'Suspended',
  'Completed',
  'Rejected',
  'Lapsed',
  'Withdrawn',
  'Refused',
]);

/** Workflow stage (docs/applications.md). Set by the council boundary; a new application has none started. */
export const WorkflowStage = z.object({
  stageDisplayName: z.string(),
  stageName: StageName,
  stageStatus: StageStatus,
  stageType: z.enum(['Steps', 'Numbers']),
  progress: z
    .object({
      elapsedNum: z.number().optional(),
      suspendedNum: z.number().optional(),
      totalNum: z.number().optional(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      status: ProgressStatus.optional(),
    })
    .optional(),
  items: z
    .array(
      z.object({
        date: z.string().optional(),
        status: z.string(),
        displayName: z.string(),
        count: z.number().optional(),
      }),
    )
    .default([]),
});
export type WorkflowStage = z.infer<typeof WorkflowStage>;

/** An address with the parcel fields of the property it stands on (POST /user/applications). */
export const ApplicationAddress = Address.extend({
  parcelId: z.string().max(100).optional(),
  ratingAddress: z.string().max(500).optional(),
  legalDescription: z.string().max(1000).optional(),
  lotNumber: z.string().max(100).optional(),
  dpNumber: z.string().max(100).optional(),
  valuationNumber: z.string().max(100).optional(),
});
export type ApplicationAddress = z.infer<typeof ApplicationAddress>;

/** The address of a new application must say where it is: a full address or line 1 and a city. */
const SiteAddress = ApplicationAddress.refine(
  (a) => !!a.fullAddress?.trim() || (!!a.address1?.trim() && !!a.city?.trim()),
  { message: messages.required, path: ['fullAddress'] },
)
  .superRefine(limitLengths(addressLimits))
  .superRefine(checkPostcode);

/** An id in a request body (authority, form, application): the table's ids are short. */
const BodyId = z.string().trim().min(1, messages.required).max(64);

// ---- The application ----

/** Application (full): GET /user/applications/{id} → application. */
export const ApplicationDto = z.object({
  id: z.string(),
  name: z.string().optional(),
  consentNumber: z.string().optional(),
  parentApplicationId: z.string().optional(),
  applicationType: ApplicationType,
  recordType: RecordType,
  trackingNumber: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  authorityId: z.string(),
  authorityDisplayName: z.string().optional(),
  jurisdictionId: z.string(),
  complexity: z.string().optional(),
  complexityDescription: z.string().optional(),
  startedDate: z.string(),
  submissionDate: z.string().optional(),
  modifiedDate: z.string(),
  modifiedBy: z.string().optional(),
  applicationNumber: z.string().optional(),
  /** Name of the summary PDF document (GET .../documents/{name}/download-link), once generated. */
  applicationFormPdf: z.string().optional(),
  applicationStatusLabel: z.string().optional(),
  userId: z.string(),
  status: ApplicationStatus,
  participants: z.array(z.record(z.string(), z.unknown())).default([]),
  formId: z.string(),
  formCategory: FormCategory.optional(),
  description: z.string().optional(),
  address: ApplicationAddress.optional(),
  legalDescription: z.string().optional(),
  etag: z.string(),
  formDisplayName: z.string().optional(),
  /** The caller's access level on this application. */
  accessLevel: AccessLevel,
  /** The caller's notification level on this application. */
  notificationLevel: NotificationLevel.optional(),
  primaryContactId: z.string().optional(),
  isParticipant: z.boolean(),
  qualificationTypes: z.array(z.string()).optional(),
  buildingPurposeDescription: z.string().optional(),
  workflowStages: z.array(WorkflowStage).default([]),
  hasRFI: z.boolean().default(false),
  hasOutstandingRFIs: z.boolean().default(false),
  /** Archived by the caller. */
  isHidden: z.boolean().default(false),
  hasOutstandingPayments: z.boolean().default(false),
  userSignature: z.string().optional(),
  /** The submission's signer: their user id and full name as on their profile. */
  signedBy: z.object({ userId: z.string(), name: z.string() }).optional(),
  /** When the submission was signed (ISO 8601). */
  signedAt: z.string().optional(),
  /** The form's declaration text the signer agreed to. */
  declarationText: z.string().optional(),
  closedReason: z.string().optional(),
  /**
   * The statutory clock's dates (docs/statutory-clock.md; the web counts with
   * shared/domain/statutory-clock.ts): the council's acceptance, each suspension, the decision.
   */
  acceptedDate: z.string().optional(),
  clockSuspensions: z.array(z.object({ from: z.string(), to: z.string().optional() })).optional(),
  decisionDate: z.string().optional(),
  /** The authority's conventions of the clock when they differ from the common practice. */
  clockConventions: StatutoryClockConventions.optional(),
  migrationSource: z.string().optional(),
  developmentContributionRequired: z.boolean().optional(),
  resourceConsentRequired: z.boolean().optional(),
  useRequiredDocumentGroups: z.boolean().default(false),
  useMultipleRfiDocuments: z.boolean().default(false),
});
export type ApplicationDto = z.infer<typeof ApplicationDto>;

/** Required document (docs/applications.md). */
export const RequiredDocument = z.object({
  id: z.string(),
  documentGuid: z.string().optional(),
  category: z.string().optional(),
  name: z.string(),
  description: z.string().optional(),
  status: z.string(),
  documentContainerId: z.string(),
  receivedDate: z.string().optional(),
  acceptedDate: z.string().optional(),
  fileName: z.string().optional(),
  fileSize: z.number().optional(),
  containerMergeStatus: z.enum(['NotMerged', 'InProgress', 'Merged', 'Error']).optional(),
});
export type RequiredDocument = z.infer<typeof RequiredDocument>;

export const RequiredInspection = z.object({
  location: z.string(),
  inspectionTypes: z.array(
    z.object({
      inspectionTypeId: z.string(),
      name: z.string(),
      status: z.enum(['NotStarted', 'InProgress', 'Completed', 'Fail']),
      inspectionsRequired: z.number().optional(),
      nextBookingDate: z.string().optional(),
      sequence: z.number().optional(),
      history: z
        .array(
          z.object({
            date: z.string(),
            name: z.string(),
            result: z.enum(['Pass', 'Fail', 'InProgress', 'N/A']),
            notice: z.string().optional(),
          }),
        )
        .default([]),
    }),
  ),
});
export type RequiredInspection = z.infer<typeof RequiredInspection>;

/** Template (docs/applications.md). `thumbnail` is a data URL of the scaled JPEG. */
export const TemplateDto = z.object({
  applicationId: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  thumbnail: z.object({ image: z.string(), name: z.string() }).optional(),
  numOfDocuments: z.number(),
});
export type TemplateDto = z.infer<typeof TemplateDto>;

/** GET /user/applications/{id}. */
export const GetApplicationResponse = z.object({
  application: ApplicationDto,
  requiredDocuments: z.array(RequiredDocument),
  requiredInspections: z.array(RequiredInspection),
  template: TemplateDto.nullable(),
});
export type GetApplicationResponse = z.infer<typeof GetApplicationResponse>;

/** Application (list view V3): the full view plus the fields the server computes by the rules. */
export const ApplicationListItem = ApplicationDto.omit({ participants: true }).extend({
  currentStage: z.string().optional(),
  currentStatusLabel: z.string(),
  hasChildApplications: z.boolean(),
  isArchived: z.boolean(),
  isEditable: z.boolean(),
  isMigrated: z.boolean(),
  isDeletable: z.boolean(),
  displayStages: z.array(WorkflowStage),
  template: TemplateDto.optional(),
});
export type ApplicationListItem = z.infer<typeof ApplicationListItem>;

/** Every list answer: a page of items; a full page means another page may exist (`hasMore`). */
export const ApplicationPage = z.object({
  items: z.array(ApplicationListItem),
  pageIndex: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type ApplicationPage = z.infer<typeof ApplicationPage>;

// ---- Requests ----

export const ApplicationIdParams = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'Application id must be numeric'),
});
export const StepParams = ApplicationIdParams.extend({ stepId: z.string().trim().min(1).max(64) });

const TemplateName = z.string().trim().min(1, messages.required).max(100);
const TemplateDescription = z.string().trim().max(500).optional();
/** The key of the caller's thumbnail upload (./thumbnail-uploads.ts), never the image's bytes. */
const TemplateThumbnail = TemplateThumbnailKey.optional();
const TemplateThumbnailName = z
  .string()
  .trim()
  .max(255)
  .regex(/\.(jpe?g|png|gif)$/i, 'Thumbnail must be a JPG, JPEG, PNG or GIF image')
  .optional();

/** POST /user/applications, by operationName (docs/applications.md). */
export const CreateApplicationRequest = z.discriminatedUnion('operationName', [
  z.object({
    operationName: z.literal('Create'),
    recordType: z.literal('Draft').default('Draft'),
    creationMode: z.literal('FromScratch').default('FromScratch'),
    address: SiteAddress,
    authorityId: BodyId,
    formId: BodyId,
  }),
  z.object({
    operationName: z.literal('Duplicate'),
    recordType: z.literal('Draft').default('Draft'),
    creationMode: z.literal('FromExistingApplication').default('FromExistingApplication'),
    applicationId: BodyId,
    /** A new site for the copy; the source's when absent. */
    address: SiteAddress.optional(),
    authorityId: z.string().trim().min(1).max(64).optional(),
  }),
  z.object({
    operationName: z.literal('CreateFromTemplate'),
    recordType: z.literal('Draft').default('Draft'),
    creationMode: z.literal('FromTemplate').default('FromTemplate'),
    /** The template's application id. */
    applicationId: BodyId,
    address: SiteAddress,
    authorityId: BodyId,
  }),
  z.object({
    operationName: z.literal('CreateTemplate'),
    recordType: z.literal('Template').default('Template'),
    applicationId: BodyId,
    templateName: TemplateName,
    templateDescription: TemplateDescription,
    templateThumbnail: TemplateThumbnail,
    templateThumbnailName: TemplateThumbnailName,
  }),
]);
export type CreateApplicationRequest = z.input<typeof CreateApplicationRequest>;

/** POST /user/applications → the new application's id (and the full record). */
export const CreateApplicationResponse = z.object({ id: z.string(), application: ApplicationDto });
export type CreateApplicationResponse = z.infer<typeof CreateApplicationResponse>;

/** PATCH /user/applications/{id}: the editable application fields, guarded by the etag read. */
export const PatchApplicationRequest = z
  .object({
    etag: z.string().min(1, messages.required).max(128),
    name: z.string().trim().max(200).optional(),
    description: z.string().trim().max(4000).optional(),
    address: SiteAddress.optional(),
    legalDescription: z.string().trim().max(1000).optional(),
    primaryContactId: z.string().max(64).optional(),
    buildingPurposeDescription: z.string().trim().max(1000).optional(),
    /** A template's details (record type Template). */
    templateName: TemplateName.optional(),
    templateDescription: TemplateDescription,
    templateThumbnail: TemplateThumbnail,
    templateThumbnailName: TemplateThumbnailName,
  })
  .strict();
export type PatchApplicationRequest = z.input<typeof PatchApplicationRequest>;

/** PATCH /user/applications/{id}/preferences (archive). */
export const PreferencesRequest = z.object({ isHidden: z.boolean() }).strict();

/** POST /user/applications/{id}/child-applications. */
export const ChildApplicationRequest = z.object({ formId: BodyId });

/** POST /user/applications/{id}/submission. */
export const SubmissionRequest = z.object({
  userSignature: z.string().trim().min(1, messages.required).max(200),
});

/** PATCH /user/applications/{id}/participants/{participantId}/notification-level. */
export const NotificationLevelRequest = z.object({ notificationLevel: NotificationLevel });

/** GET /user/applications?recordType= */
export const ApplicationsQuery = z.object({ recordType: z.enum(['Consent', 'Draft']).optional() });

export const PageIndex = z.coerce.number().int().min(1).default(1);
/** Pagination constants 10 and 100 (page size and max; docs/applications.md); templates use 1000. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const TEMPLATE_PAGE_SIZE = 1000;
export const PageSize = z.coerce.number().int().min(1).max(TEMPLATE_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
const SortDirection = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['asc', 'desc']))
  .default('desc');
export const SortBy = z.enum([
  'modifiedDate',
  'applicationNumber',
  'consentNumber',
  'address',
  'status',
  'formDisplayName',
]);
/** A query flag: true/false (any case). */
const Flag = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['true', 'false']))
  .transform((s) => s === 'true');
/** Comma-separated values of a filter (also accepted repeated). */
export const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const listFilters = {
  form: csv(z.string().max(64)).optional(),
  authority: csv(z.string().max(64)).optional(),
  complexity: csv(z.string().max(64)).optional(),
  status: csv(ApplicationStatus).optional(),
  accessLevel: csv(AccessLevel).optional(),
  searchText: z.string().trim().max(200).optional(),
};

/** GET /user/applicationsV2 (templates: recordType=Template, pageSize 1000, pageIndex 1). */
export const ApplicationsV2Query = z.object({
  pageIndex: PageIndex,
  pageSize: PageSize,
  recordType: RecordType.optional(),
  sortBy: SortBy.default('modifiedDate'),
  sortDirection: SortDirection,
  isHidden: Flag.optional(),
  ...listFilters,
});
export type ApplicationsV2Query = z.output<typeof ApplicationsV2Query>;

export const OutstandingAction = z.enum(['RFI', 'PAYMENT', 'DOCUMENT']);

/** GET /user/applicationsV3: record type is Consent when a consent number exists, else Draft. */
export const ApplicationsV3Query = z.object({
  pageIndex: PageIndex,
  pageSize: PageSize,
  sortBy: SortBy.default('modifiedDate'),
  sortDirection: SortDirection,
  isArchived: Flag.optional(),
  formCategory: csv(FormCategory).optional(),
  parentApplicationId: z.string().max(64).optional(),
  outstandingActions: csv(OutstandingAction).optional(),
  /** Not in the spec's V3 list but needed for the Applications/Consents tabs: Draft or Consent. */
  recordType: z.enum(['Draft', 'Consent']).optional(),
  ...listFilters,
});
export type ApplicationsV3Query = z.output<typeof ApplicationsV3Query>;

/** GET /user/applicationsV2/badges. */
export const BadgeCounts = z.object({
  recentApplications: z.number(),
  allApplications: z.number(),
  submittedApplications: z.number(),
  archivedApplications: z.number(),
  recentConsents: z.number(),
  currentConsents: z.number(),
  archivedConsents: z.number(),
});
export type BadgeCounts = z.infer<typeof BadgeCounts>;

const FilterOption = z.object({ id: z.string(), name: z.string() });
/** GET /user/applicationsV2/filters (groups shown as BCA, Form, Status, Complexity, OutstandingAction). */
export const ApplicationFilters = z.object({
  forms: z.array(FilterOption),
  authorities: z.array(FilterOption),
  statuses: z.array(FilterOption),
  complexities: z.array(FilterOption),
  outstandingActions: z.array(FilterOption),
});
export type ApplicationFilters = z.infer<typeof ApplicationFilters>;

/** GET /user/applications/{id}/history */
export const HistoryQuery = z.object({
  entity: z.enum(['PARTICIPANT', 'APPLICATION']).optional(),
  id: z.string().max(64).optional(),
  sortBy: z.enum(['timestamp', 'createdDate']).default('timestamp'),
  sortDirection: SortDirection,
  page: PageIndex,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export const HistoryItem = z.object({
  id: z.string(),
  eventType: z.string(),
  eventSource: z.string().optional(),
  eventData: z.record(z.string(), z.unknown()).and(z.object({ entityId: z.string().optional() })),
  modifiedBy: z.string().optional(),
  timestamp: z.string(),
  delta: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).optional(),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

/** Action item (docs/applications.md): creates a child application (formId) or opens a url. */
export const ActionItem = z.object({
  displayName: z.string(),
  itemType: z.enum(['SaveAsTemplate', 'CreateChildApplication', 'PrintRFIs', 'BookInspection']),
  icon: z.string(),
  displayOrder: z.number(),
  formId: z.string().optional(),
  url: z.string().optional(),
  target: z.string().optional(),
});
export type ActionItem = z.infer<typeof ActionItem>;

/** GET .../enabled-steps: the steps the caller may see, in order, with whether each is complete. */
export const EnabledStep = z.object({
  breadcrumbId: z.string(),
  stepId: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  complete: z.boolean(),
});
export type EnabledStep = z.infer<typeof EnabledStep>;

/** GET .../steps/{stepId}. */
export const StepDataDto = z.object({
  stepId: z.string(),
  breadcrumbId: z.string(),
  type: z.string(),
  formioName: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
  modifiedDate: z.string().optional(),
  /** Read-only when the application is not editable or the caller has less than Edit. */
  readOnly: z.boolean(),
});
export type StepDataDto = z.infer<typeof StepDataDto>;

/**
 * POST .../steps/{stepId}: the step's data (sanitised, then validated against the step's definition),
 * within the limits of ./step-data.ts (string length, depth, keys, values, total size).
 */
export const SaveStepRequest = z.object({
  data: z.record(z.string(), z.unknown()).superRefine(checkStepData),
});

/** Validation result (docs/applications.md). */
export const ValidationResult = z.object({
  applicationId: z.string(),
  message: z.string(),
  messageParams: z.record(z.string(), z.string()).optional(),
  severity: Severity,
  ruleId: z.string(),
  ruleType: RuleType,
  stepId: z.string().optional(),
  applicationFieldName: z.string().optional(),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

export const RuleResultsQuery = z.object({
  type: z.enum(['FULL']).optional(),
  stepId: z.string().max(64).optional(),
});

/** GET .../rejected-reason. */
export const RejectedReason = z.object({ reason: z.string().nullable(), date: z.string().optional() });

/** Messages of this area, word for word: a module that imports nothing (pages use them without zod). */
export { applicationMessages } from '../domain/application-messages.js';
