import { lazyEntity } from '../lazy.js';
import {
  accessLevels,
  addressAttribute,
  model,
  notificationLevels,
  qualificationsAttribute,
  timestamps,
} from './common.js';
import { applicationStatuses, recordTypes } from '../../../../shared/domain/application-states.js';

/** The enums of shared/domain/applications.ts, one definition for the API and the table. */
export { applicationStatuses, recordTypes };

export const application = lazyEntity({
  model: model('application'),
  attributes: {
    applicationId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string' },
    applicationNumber: { type: 'string' },
    consentNumber: { type: 'string' },
    parentApplicationId: { type: 'string' },
    applicationType: { type: ['Standalone', 'Amendment', 'Supporting'] as const, default: 'Standalone' },
    recordType: { type: recordTypes, required: true, default: 'Draft' },
    trackingNumber: { type: 'string' },
    authorityId: { type: 'string', required: true },
    jurisdictionId: { type: 'string', required: true },
    formId: { type: 'string', required: true },
    complexity: { type: 'string' },
    complexityDescription: { type: 'string' },
    status: { type: applicationStatuses, required: true, default: 'Draft' },
    applicationStatusLabel: { type: 'string' },
    userId: { type: 'string', required: true },
    description: { type: 'string' },
    address: addressAttribute,
    legalDescription: { type: 'string' },
    /** Optimistic concurrency: every edit is conditional on the etag it read. */
    etag: { type: 'string', required: true },
    primaryContactId: { type: 'string' },
    buildingPurposeDescription: { type: 'string' },
    applicationFormPdf: { type: 'string' },
    /** Form step data by step id. */
    steps: { type: 'any' },
    userSignature: { type: 'string' },
    /** Who signed the submission (their user id and profile name), when, and the declaration agreed to. */
    signedBy: {
      type: 'map',
      properties: { userId: { type: 'string', required: true }, name: { type: 'string', required: true } },
    },
    signedAt: { type: 'string' },
    declarationText: { type: 'string' },
    closedReason: { type: 'string' },
    // Set by the council after lodgement (docs/council-api.md §4).
    /** Workflow stages as the council last set them (docs/applications.md). */
    workflowStages: { type: 'any' },
    /** Required inspections by location (docs/applications.md). */
    requiredInspections: { type: 'any' },
    /** The council's required document groups and its review of each upload (shared/domain/document-groups.ts). */
    requiredDocumentGroups: { type: 'any' },
    /** The council's booking page: the Action item BookInspection's url. */
    inspectionBookingUrl: { type: 'string' },
    /** Why the lodgement was rejected, and when (GET .../rejected-reason). */
    rejectedReason: {
      type: 'map',
      properties: { reason: { type: 'string', required: true }, date: { type: 'string' } },
    },
    lodgementDate: { type: 'string' },
    /** When the council accepted the lodgement: the statutory clock starts (docs/statutory-clock.md). */
    acceptedDate: { type: 'string' },
    /** Each suspension of the statutory clock: from (suspended) and to (resumed; absent while open). */
    clockSuspensions: {
      type: 'list',
      items: {
        type: 'map',
        properties: { from: { type: 'string', required: true }, to: { type: 'string' } },
      },
    },
    decisionDate: { type: 'string' },
    cccIssuedDate: { type: 'string' },
    cccNumber: { type: 'string' },
    developmentContributionRequired: { type: 'boolean' },
    resourceConsentRequired: { type: 'boolean' },
    useRequiredDocumentGroups: { type: 'boolean' },
    isHidden: { type: 'boolean', default: false },
    /** Child applications (amendments, supporting) linked under it; kept with each link write. */
    childCount: { type: 'number', default: 0 },
    hasOutstandingPayments: { type: 'boolean', default: false },
    /** Whether the council raised any RFI point, and whether a round is still open (functions/rfis). */
    hasRFI: { type: 'boolean', default: false },
    hasOutstandingRFIs: { type: 'boolean', default: false },
    startedDate: { type: 'string', required: true },
    submissionDate: { type: 'string' },
    modifiedDate: { type: 'string', required: true },
    modifiedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/** Parent → child application link, in the parent's collection (children of an application: one query). */
export const applicationChild = lazyEntity({
  model: model('applicationChild'),
  attributes: {
    applicationId: { type: 'string', required: true },
    childApplicationId: { type: 'string', required: true },
    applicationType: { type: ['Amendment', 'Supporting'] as const, required: true },
    formId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byParent: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['childApplicationId'] },
    },
  },
});

/**
 * One row per (application, user with access): the user's list entry, with the list fields
 * denormalised so the dashboard and project lists are single GSI queries.
 */
export const applicationAccess = lazyEntity({
  model: model('applicationAccess'),
  attributes: {
    applicationId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    accessLevel: { type: accessLevels, required: true },
    notificationLevel: { type: notificationLevels, default: 'Normal' },
    isOwner: { type: 'boolean', default: false },
    recordType: { type: recordTypes, required: true },
    /** 'visible' or 'hidden' (archived): leads the list sort keys so tabs are key conditions. */
    visibility: { type: ['visible', 'hidden'] as const, required: true, default: 'visible' },
    modifiedDate: { type: 'string', required: true },
    status: { type: 'string', required: true },
    authorityId: { type: 'string' },
    formId: { type: 'string' },
    formCategory: { type: 'string' },
    complexity: { type: 'string' },
    parentApplicationId: { type: 'string' },
    applicationNumber: { type: 'string' },
    consentNumber: { type: 'string' },
    fullAddress: { type: 'string' },
    applicationType: { type: ['Standalone', 'Amendment', 'Supporting'] as const, default: 'Standalone' },
    /**
     * What `searchText` matches (FilterExpression `contains`): applicationNumber, consentNumber,
     * fullAddress, form display name, authority display name and name, lower-cased, single-spaced,
     * joined by ' | ' (built by functions/applications/model/list-row.ts).
     */
    searchText: { type: 'string' },
    hasOutstandingPayments: { type: 'boolean', default: false },
    hasOutstandingRFIs: { type: 'boolean', default: false },
    /** A rejected upload of a council's group waits for a replacement (shared awaitsReplacement). */
    hasOutstandingDocuments: { type: 'boolean', default: false },
    hasOutstandingActions: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['userId'] },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['visibility', 'modifiedDate'] },
    },
    byUserRecordType: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['userId', 'recordType'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['visibility', 'modifiedDate'] },
    },
    /** Sparse: only entries with outstanding RFIs, payments or documents to replace. */
    byUserOutstanding: {
      index: 'gsi3',
      condition: (attr) => attr.hasOutstandingActions === true,
      pk: { field: 'gsi3pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'gsi3sk', casing: 'none', composite: ['modifiedDate'] },
    },
  },
});

/** Search entries: application number, consent number and address within an authority (and under 'all'). */
export const applicationSearch = lazyEntity({
  model: model('applicationSearch'),
  attributes: {
    authorityId: { type: 'string', required: true },
    kind: { type: ['applicationNumber', 'consentNumber', 'address'] as const, required: true },
    /** Normalised (trimmed, lower-cased, single spaces). */
    value: { type: 'string', required: true },
    applicationId: { type: 'string', required: true },
  },
  indexes: {
    byValue: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId', 'kind'] },
      sk: { field: 'sk', casing: 'none', composite: ['value', 'applicationId'] },
    },
  },
});

/** Guard rows for per-application uniqueness (participant email, single role holder). */
export const applicationConstraint = lazyEntity({
  model: model('applicationConstraint'),
  attributes: {
    applicationId: { type: 'string', required: true },
    kind: { type: ['participantEmail', 'participantType'] as const, required: true },
    value: { type: 'string', required: true },
    participantId: { type: 'string', required: true },
  },
  indexes: {
    byValue: {
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['kind', 'value'] },
    },
  },
});

export const participant = lazyEntity({
  model: model('participant'),
  attributes: {
    applicationId: { type: 'string', required: true },
    participantId: { type: 'string', required: true, readOnly: true },
    loginUserId: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    groupName: { type: 'string' },
    groupList: { type: 'string' },
    organisation: { type: 'string' },
    phoneCountryCode: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string', set: (v?: string) => v?.trim().toLowerCase() },
    address: addressAttribute,
    participantTypes: { type: 'list', items: { type: 'string' } },
    accessLevel: { type: accessLevels, required: true, default: 'None' },
    /** The participant's own notification level on the application (mirrored on their access row). */
    notificationLevel: { type: notificationLevels, default: 'Normal' },
    invitation: {
      type: ['None', 'Queued', 'Unregistered', 'Pending', 'Accepted', 'Rejected', 'Error'] as const,
      default: 'None',
    },
    isDeleted: { type: 'boolean', default: false },
    qualifications: qualificationsAttribute,
    primaryContact: { type: 'boolean', default: false },
    libraryContactId: { type: 'string' },
    modifiedDate: { type: 'string', required: true },
    modifiedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['participantId'] },
    },
    /** Sparse: only participants with an email. */
    byEmail: {
      index: 'gsi1',
      condition: (attr) => typeof attr.email === 'string' && attr.email !== '',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['email'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});

export const history = lazyEntity({
  model: model('history'),
  attributes: {
    applicationId: { type: 'string', required: true },
    historyId: { type: 'string', required: true },
    timestamp: { type: 'string', required: true },
    eventType: { type: 'string', required: true },
    eventSource: { type: 'string' },
    entityType: { type: 'string', required: true },
    entityId: { type: 'string', required: true },
    modifiedBy: { type: 'string' },
    /** Field → [before, after]. */
    delta: { type: 'any' },
    eventData: { type: 'any' },
  },
  indexes: {
    byApplication: {
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['timestamp', 'historyId'] },
    },
    byEntity: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['applicationId', 'entityType', 'entityId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['timestamp', 'historyId'] },
    },
  },
});

/** Template details of an application whose recordType is Template. */
export const template = lazyEntity({
  model: model('template'),
  attributes: {
    applicationId: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    description: { type: 'string' },
    /**
     * The scaled thumbnail (a JPEG of at most 250×150, base64; tens of KB) and its original name. In
     * the item itself: the template list and view read it with the template, no object store call.
     */
    thumbnailJpeg: { type: 'string' },
    thumbnailName: { type: 'string' },
    numOfDocuments: { type: 'number', default: 0 },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

export const rfiPoint = lazyEntity({
  model: model('rfiPoint'),
  attributes: {
    applicationId: { type: 'string', required: true },
    rfiPointId: { type: 'string', required: true },
    rfiPointGuid: { type: 'string' },
    title: { type: 'string' },
    requestDetails: { type: 'string' },
    requestPerson: {
      type: 'map',
      properties: { email: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' } },
    },
    responseDetails: { type: 'string' },
    responsePersonName: { type: 'string' },
    responseLastModifiedDate: { type: 'string' },
    responseDocumentNames: { type: 'list', items: { type: 'string' } },
    status: { type: 'string', default: 'NOT_SPECIFIED' },
    type: { type: ['Vetting', 'Consent', 'CCC'] as const, required: true, default: 'Vetting' },
    round: { type: 'number', required: true, default: 1 },
    team: { type: 'string' },
    building: { type: 'string' },
    location: { type: 'string' },
    displayOrderInRound: { type: 'number', required: true, default: 0 },
    documentContainerId: { type: 'string' },
    documentCategoryId: { type: 'string' },
    councilCreatedDate: { type: 'string' },
    councilSentDate: { type: 'string' },
    councilSignedOffDate: { type: 'string' },
    customerSubmittedDate: { type: 'string' },
    roundSubmittedByName: { type: 'string' },
    roundSubmittedById: { type: 'string' },
    responsePersonId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['rfiPointId'] },
    },
  },
});

/**
 * A card payment session at the gateway (docs/payments.md "The flow in the portal"): created with
 * the session, settled once (Pending → Approved | Declined | Error | Abandoned | Mismatch, on
 * condition that it is Pending). Sparse index of the Pending ones by age: the catch-up job's query (no Scan).
 */
export const paymentSession = lazyEntity({
  model: model('paymentSession'),
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    applicationId: { type: 'string', required: true, readOnly: true },
    paymentId: { type: 'string', required: true, readOnly: true },
    /** Who started it (a user id, or `payer:<requestId>`). */
    startedBy: { type: 'string', required: true, readOnly: true },
    amountCents: { type: 'number', required: true, readOnly: true },
    surchargeCents: { type: 'number', required: true, readOnly: true },
    /** The gateway's outcome; Mismatch: its amount, currency or reference was not the invoice's (not settled). */
    state: {
      type: ['Pending', 'Approved', 'Declined', 'Error', 'Abandoned', 'Mismatch'] as const,
      required: true,
      default: 'Pending',
    },
    /** What the session was created with (compared with the gateway's answer before settling). */
    currency: { type: 'string', readOnly: true },
    merchantReference: { type: 'string', readOnly: true },
    /** The hosted page, handed back to its starter while the session is open; and when it expires. */
    payUrl: { type: 'string', readOnly: true },
    expiresAt: { type: 'string', readOnly: true },
    /** The queue of the catch-up index: one partition of the sessions still Pending. */
    queue: { type: 'string', required: true, default: 'pending' },
    startedAt: { type: 'string', required: true },
    settledAt: { type: 'string' },
    transactionId: { type: 'string' },
    message: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    bySession: {
      pk: { field: 'pk', casing: 'none', composite: ['sessionId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    pending: {
      index: 'gsi2',
      condition: (attr) => attr.state === 'Pending',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['queue'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['startedAt'] },
    },
  },
});

/**
 * An invoice of the council (docs/payments.md): amounts in integer cents, the options it offers as
 * they were when it was issued, its attempts and claims. Status changes follow
 * shared/domain/payments.ts `paymentTransition`, each conditional on the status read.
 */
export const payment = lazyEntity({
  model: model('payment'),
  attributes: {
    applicationId: { type: 'string', required: true },
    paymentId: { type: 'string', required: true },
    authorityId: { type: 'string', required: true },
    description: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    documentContainerId: { type: 'string' },
    reference: { type: 'string', required: true },
    status: {
      type: ['AwaitingPayment', 'DepositPending', 'Paid'] as const,
      required: true,
      default: 'AwaitingPayment',
    },
    baseCents: { type: 'number', required: true },
    /** The card surcharge on this invoice, computed at issue from the authority's rule. */
    surchargeCents: { type: 'number', default: 0 },
    currency: { type: 'string', default: 'NZD' },
    invoiceDocumentName: { type: 'string' },
    issuedDate: { type: 'string', required: true },
    dueDate: { type: 'string' },
    paymentDate: { type: 'string' },
    paymentMethod: { type: 'string' },
    /**
     * The invoice's latest card session (docs/payments.md "One open card session per invoice"): a
     * new one is written only on condition that this is unchanged, after this one has ended.
     */
    cardSessionId: { type: 'string' },
    /** The options offered (PaymentOptionDto), as JSON: a snapshot of the authority's at issue. */
    options: { type: 'any', required: true },
    transactions: {
      type: 'list',
      default: [],
      items: {
        type: 'map',
        properties: {
          transactionId: { type: 'string', required: true },
          transactionReference: { type: 'string' },
          transactionDate: { type: 'string', required: true },
          paymentMethod: { type: 'string', required: true },
          result: { type: 'string' },
          message: { type: 'string' },
          amountCents: { type: 'number', required: true },
          surchargeCents: { type: 'number', default: 0 },
          proofDocumentName: { type: 'string' },
        },
      },
    },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['paymentId'] },
    },
  },
});

/**
 * Atomic counters (`ADD value :one`): application ids (name `applicationId`, scope `all`) and
 * application numbers per authority and year (name `applicationNumber`, scope `<authorityId>#<year>`).
 */
export const counter = lazyEntity({
  model: model('counter'),
  attributes: {
    name: { type: 'string', required: true },
    scope: { type: 'string', required: true },
    value: { type: 'number', default: 0 },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', casing: 'none', composite: ['name', 'scope'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/** The data of one step of an application (Formio steps; TemplateDetails), one item per step. */
export const applicationStep = lazyEntity({
  model: model('applicationStep'),
  attributes: {
    applicationId: { type: 'string', required: true },
    stepId: { type: 'string', required: true },
    breadcrumbId: { type: 'string' },
    data: { type: 'any' },
    /** Whether the saved data passed the step's Form.io validation when saved. */
    valid: { type: 'boolean', default: false },
    modifiedDate: { type: 'string', required: true },
    modifiedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['stepId'] },
    },
  },
});

/**
 * A read-only snapshot of what was submitted (application fields, step data, participants and the
 * documents list), one per submission, newest last.
 */
export const applicationSnapshot = lazyEntity({
  model: model('applicationSnapshot'),
  attributes: {
    applicationId: { type: 'string', required: true },
    submissionDate: { type: 'string', required: true },
    submittedBy: { type: 'string', required: true },
    userSignature: { type: 'string', required: true },
    /** JSON of { application, steps, participants, documents } as they were at submission. */
    content: { type: 'string', required: true },
    summaryPdf: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['submissionDate'] },
    },
  },
});

/**
 * Read model (badges and filters of the lists): what one application adds to one user's
 * {@link applicationListSummary}, as the names of the counters it counts in (`b:visibleDrafts`,
 * `f:form:<id>`, ...; none for a template or a row that is gone). Kept per (user, application) so
 * the consumer that maintains the summary moves a user's counts from the stored contribution to the
 * current one in one transaction, conditional on the stored one: replays and events out of order
 * change nothing (functions/applications/model/read-model.ts).
 */
export const applicationContribution = lazyEntity({
  model: model('applicationContribution'),
  attributes: {
    userId: { type: 'string', required: true },
    applicationId: { type: 'string', required: true },
    /** The counter names, sorted. */
    counters: { type: 'list', items: { type: 'string' }, required: true },
    /** `counters` joined: the value the next change is conditional on. */
    signature: { type: 'string', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['applicationId'] },
    },
  },
});

/**
 * Read model: one user's list badge counts and filter facets, one item. Besides these attributes
 * the item holds one number attribute per counter (`b:<badge count>`, `f:<facet>:<value>`), kept
 * with ADD in the transaction that changes an {@link applicationContribution}; `builtAt` is set
 * once the item was built from every row of the user (a user from before the read model).
 */
export const applicationListSummary = lazyEntity({
  model: model('applicationListSummary'),
  attributes: {
    userId: { type: 'string', required: true },
    /** ISO 8601: when it was built from the user's rows; absent: not built yet. */
    builtAt: { type: 'string' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});
