import type { AccessLevel } from '../schemas/common.js';
import type { ApplicationStatus, RecordType, StageName, WorkflowStage } from '../schemas/applications.js';
import type { StepType } from '../schemas/reference.js';

// Template thumbnails live in ./thumbnails.ts (shared/schemas/thumbnail-uploads.ts imports them there:
// from here it would be an import circle with shared/schemas/applications.ts).
export {
  TEMPLATE_THUMBNAIL,
  THUMBNAIL_MESSAGE,
  THUMBNAIL_UPLOAD_PREFIX,
  THUMBNAIL_UPLOAD_SECONDS,
  THUMBNAIL_UPLOAD_KEYS,
  thumbnailUploadKey,
  isThumbnailUploadKey,
  thumbnailUploader,
  THUMBNAIL_UPLOAD_NOT_FOUND,
} from './thumbnails.js';
import { applicationDetailsPath } from './paths.js';

export { applicationDetailsPath };

export { applicationStatuses, recordTypes } from './application-states.js';

/**
 * The pure application rules (docs/applications.md): the server computes the list-view fields with
 * them and the web decides what a card shows with the same functions.
 */

/** Access ranks: ReadOnly 1, Edit 2, Manage 3; Unassigned and None rank 0. */
export function accessRank(level: AccessLevel | undefined): number {
  switch (level) {
    case 'ReadOnly':
      return 1;
    case 'Edit':
      return 2;
    case 'Manage':
      return 3;
    default:
      return 0;
  }
}

export const canRead = (level: AccessLevel | undefined): boolean => accessRank(level) >= 1;
/** Editing needs Edit access. */
export const canEdit = (level: AccessLevel | undefined): boolean => accessRank(level) >= 2;
/** Managing needs access at least Manage. */
export const canManage = (level: AccessLevel | undefined): boolean => accessRank(level) >= 3;

/** Editable in the form (the stricter rule): Draft or VRFISuspended. */
export const isEditableStatus = (status: ApplicationStatus): boolean =>
  status === 'Draft' || status === 'VRFISuspended';

/** The looser general rule, which also counts InProgress and Refused. */
export const isLooselyEditableStatus = (status: ApplicationStatus): boolean =>
  isEditableStatus(status) || status === 'InProgress' || status === 'Refused';

/** In-progress-like: InProgress or VRFISuspended. */
export const isInProgressLike = (status: ApplicationStatus): boolean =>
  status === 'InProgress' || status === 'VRFISuspended';

/** Submitted, VRFISuspended, InProgress, Refused. */
export const ACTIVE_STATUSES: readonly ApplicationStatus[] = [
  'Submitted',
  'VRFISuspended',
  'InProgress',
  'Refused',
];

/** The post-submission set. */
export const POST_SUBMISSION_STATUSES: readonly ApplicationStatus[] = [
  'Submitted',
  'VRFISuspended',
  'InProgress',
  'Completed',
  'Refused',
  'Lapsed',
  'Withdrawn',
  'Rejected',
];

/** Visible statuses exclude Archived. */
export const isVisibleStatus = (status: ApplicationStatus): boolean => status !== 'Archived';

/** Whether the caller may change the application's data: Edit access and an editable status. */
export const isEditable = (a: { status: ApplicationStatus; accessLevel: AccessLevel | undefined }): boolean =>
  canEdit(a.accessLevel) && isEditableStatus(a.status);

/**
 * Delete: Manage access, status not VRFISuspended, record type Draft (docs/applications.md). An
 * application without a consent number lists as record type Draft even after it was submitted, so
 * the rule is read with its purpose: only an application never lodged (status Draft) is deleted; a
 * submitted one is being processed by the council and is never silently deleted (its way out is a
 * withdrawal). A template (the spec's 'Delete Template' dialog) is deletable with Manage access: it
 * has no status of its own.
 */
export const isDeletable = (a: {
  status: ApplicationStatus;
  accessLevel: AccessLevel | undefined;
  recordType: RecordType;
}): boolean =>
  canManage(a.accessLevel) &&
  (a.recordType === 'Template' || (a.status === 'Draft' && a.recordType === 'Draft'));

/** The reason a delete of an application that was lodged with the council is refused. */
export const SUBMITTED_NOT_DELETABLE =
  'A submitted application cannot be deleted: the council is processing it';

/** Record type in the V3 list: Consent when a consent number exists, else Draft (templates stay Template). */
export function listRecordType(a: {
  recordType: RecordType;
  consentNumber?: string | undefined;
}): RecordType {
  if (a.recordType === 'Template') return 'Template';
  return a.consentNumber ? 'Consent' : 'Draft';
}

/**
 * A consent: an application the council has given a consent number (not a template). The one rule
 * for the lists' Consent tab, the child-application action items and creating a child application.
 */
export const isConsent = (a: { recordType: RecordType; consentNumber?: string | undefined }): boolean =>
  listRecordType(a) === 'Consent';

/** Having outstanding items means outstanding payments or RFIs. */
export const hasOutstandingItems = (a: {
  hasOutstandingPayments?: boolean | undefined;
  hasOutstandingRFIs?: boolean | undefined;
}): boolean => !!a.hasOutstandingPayments || !!a.hasOutstandingRFIs;

/**
 * Opening a card: a Draft opens the form page; any other status opens the details page, at the
 * RFIs (or Payments) section when the application waits for the user there.
 */
export const applicationHref = (a: {
  id: string;
  status: ApplicationStatus;
  hasOutstandingRFIs?: boolean | undefined;
  hasOutstandingPayments?: boolean | undefined;
}): string =>
  a.status === 'Draft'
    ? `/application-form/${a.id}`
    : a.hasOutstandingRFIs
      ? applicationDetailsPath(a.id, 'RFIs')
      : a.hasOutstandingPayments
        ? applicationDetailsPath(a.id, 'Payments')
        : applicationDetailsPath(a.id);

/** A step shows when the access level reaches its minimum, or it is a contact step and the flag is set. */
export function isStepVisible(
  step: { type: string; minimumAccessLevel: AccessLevel },
  accessLevel: AccessLevel | undefined,
  contactStepsForAll = false,
): boolean {
  if (step.type === 'Contact' && contactStepsForAll) return true;
  return accessRank(accessLevel) >= Math.max(1, accessRank(step.minimumAccessLevel));
}

/**
 * Whether a step of the form applies to an application of this record type: the Template details
 * step only to a template. A step that does not apply is not shown, not counted and not served.
 */
export const stepAppliesTo = (stepType: StepType, recordType: RecordType): boolean =>
  stepType !== 'TemplateDetails' || recordType === 'Template';

/** Status labels shown on cards. Unknown record states read Unknown. */
const STATUS_LABELS: Record<ApplicationStatus, string> = {
  Archived: 'Archived',
  Completed: 'Completed',
  Draft: 'Draft',
  InProgress: 'In Progress',
  Refused: 'Refused',
  Rejected: 'Rejected',
  Lapsed: 'Lapsed',
  Submitted: 'Submitted',
  Submitting: 'Submitting',
  VRFISuspended: 'Suspended · RFIs',
  Withdrawn: 'Withdrawn',
  Unknown: 'Unknown',
};
export const statusLabel = (status: ApplicationStatus): string => STATUS_LABELS[status] ?? 'Unknown';

/**
 * What each status means for the applicant, in a sentence (docs/content-guide.md): where it stands
 * and, when it asks something of them, what. Shown beside the status label on the Overview.
 */
const STATUS_EXPLANATIONS: Record<ApplicationStatus, string> = {
  Archived: 'Archived: it is kept for your records.',
  Completed: 'Finished: the council has completed its work on this application.',
  Draft: 'Not sent yet: finish the form and send it to the council.',
  InProgress: 'The council is working on it.',
  Refused: 'The council refused the consent. Contact the council to talk about what you can do next.',
  Rejected: 'The council did not accept the application. Contact the council to find out why.',
  Lapsed:
    'The consent lapsed: it can no longer be used. Contact the council to talk about what you can do next.',
  Submitted: 'Sent: the council is checking that it has everything it needs before it accepts it.',
  Submitting: 'Being sent to the council.',
  VRFISuspended: "Waiting for your answers; the council's clock is paused.",
  Withdrawn: 'Withdrawn: the council will not work on it any further.',
  Unknown: 'We cannot tell where this application stands. Contact the council.',
};
export const statusExplanation = (status: ApplicationStatus): string =>
  STATUS_EXPLANATIONS[status] ?? STATUS_EXPLANATIONS.Unknown;

const COMPLETED_STAGE_LABELS: Record<StageName, string> = {
  Lodgement: 'Lodgement Accepted',
  Assessment: 'Assessment Issued',
  Inspections: 'Inspections Passed',
  Certificates: 'Certificates Issued',
};

/**
 * A workflow stage's label (docs/applications.md): completed shows Lodgement Accepted, Assessment Issued,
 * Inspections Passed, Certificates Issued (else Completed); in progress shows '(x/y Completed)', or
 * '(x/y Passed)' for number stages (Inspections), or '<stage> in progress' when the council sent no
 * count; suspended shows 'Suspended · RFIs'.
 */
export function stageLabel(stage: WorkflowStage): string {
  switch (stage.stageStatus) {
    case 'Completed':
      return COMPLETED_STAGE_LABELS[stage.stageName] ?? 'Completed';
    case 'Suspended':
      return 'Suspended · RFIs';
    case 'Started': {
      // Running: how far it has got, never the label of a finished stage (docs/applications.md).
      const p = stage.progress;
      const done = stage.stageType === 'Numbers' ? 'Passed' : 'Completed';
      if (p?.totalNum !== undefined) return `(${p.elapsedNum ?? 0}/${p.totalNum} ${done})`;
      return `${stage.stageDisplayName} in progress`;
    }
    case 'NotStarted':
      return stage.stageDisplayName;
    default:
      // The spec names no label for the other statuses: their words, never the raw code.
      return `${stage.stageDisplayName} · ${OTHER_STAGE_STATUS_LABELS[stage.stageStatus]}`;
  }
}

/** What the Overview's chip beside a stage's name says: the stage's state without its name again. */
export interface StageChip {
  text: string;
  tone: 'done' | 'current' | 'stopped' | 'notStarted';
}

const COMPLETED_STAGE_WORDS: Record<StageName, string> = {
  Lodgement: 'Accepted',
  Assessment: 'Issued',
  Inspections: 'Passed',
  Certificates: 'Issued',
};

/**
 * The chip of a stage on the Overview (docs/applications.md): never the stage's name twice, never a
 * state the application's own dates contradict. A stage the council has not reported on yet is
 * derived from what is known: an accepted application's Lodgement is Accepted and, until the
 * decision, its Assessment is in progress (Suspended · RFIs while the council waits); a later stage
 * of a lodged application reads 'Not yet reported by the council' once a stage after it has moved.
 */
export function stageChip(
  stage: WorkflowStage,
  app: { status: ApplicationStatus; acceptedDate?: string | undefined; decisionDate?: string | undefined },
  stages: readonly WorkflowStage[] = [stage],
): StageChip {
  switch (stage.stageStatus) {
    case 'Completed':
      return { text: COMPLETED_STAGE_WORDS[stage.stageName] ?? 'Completed', tone: 'done' };
    case 'Suspended':
      return { text: 'Suspended · RFIs', tone: 'current' };
    case 'Started': {
      const label = stageLabel(stage);
      return { text: label.startsWith('(') ? label : 'In progress', tone: 'current' };
    }
    case 'NotStarted':
      break;
    case 'AwaitingPayment':
      // Waiting on a payment is a running stage, not a stopped one (the card's progress agrees).
      return { text: OTHER_STAGE_STATUS_LABELS[stage.stageStatus], tone: 'current' };
    default:
      return { text: OTHER_STAGE_STATUS_LABELS[stage.stageStatus], tone: 'stopped' };
  }
  if (stage.stageName === 'Lodgement' && app.acceptedDate) return { text: 'Accepted', tone: 'done' };
  if (stage.stageName === 'Assessment' && app.acceptedDate)
    return app.decisionDate
      ? { text: 'Decided', tone: 'done' }
      : app.status === 'VRFISuspended'
        ? { text: 'Suspended · RFIs', tone: 'current' }
        : { text: 'In progress', tone: 'current' };
  const later = stages.slice(stages.indexOf(stage) + 1);
  if (app.status !== 'Draft' && later.some((s) => s.stageStatus !== 'NotStarted'))
    return { text: 'Not yet reported by the council', tone: 'notStarted' };
  return { text: 'Not started', tone: 'notStarted' };
}

/** Stage statuses the spec gives no label for, in words (AwaitingPayment → Awaiting payment). */
const OTHER_STAGE_STATUS_LABELS: Record<
  Exclude<WorkflowStage['stageStatus'], 'Completed' | 'Suspended' | 'Started' | 'NotStarted'>,
  string
> = {
  AwaitingPayment: 'Awaiting payment',
  Rejected: 'Rejected',
  Lapsed: 'Lapsed',
  Withdrawn: 'Withdrawn',
  Refused: 'Refused',
};

/** The stage a card highlights: the first not completed, else the last. */
export function currentStage(stages: readonly WorkflowStage[]): WorkflowStage | undefined {
  return stages.find((s) => s.stageStatus !== 'Completed') ?? stages.at(-1);
}

/** The four stages a new application shows (nothing started). */
export function initialStages(): WorkflowStage[] {
  const names: StageName[] = ['Lodgement', 'Assessment', 'Inspections', 'Certificates'];
  return names.map((stageName) => ({
    stageDisplayName: stageName,
    stageName,
    stageStatus: 'NotStarted',
    stageType: stageName === 'Inspections' ? 'Numbers' : 'Steps',
    items: [],
  }));
}

/** Card menu items (docs/applications.md) and their visibility rules. */
export type CardMenuItem =
  | 'viewSubmitted'
  | 'viewAndEdit'
  | 'previewPdf'
  | 'downloadPdf'
  | 'delete'
  | 'notificationLevel'
  | 'duplicate'
  | 'saveAsTemplate'
  | 'archive'
  | 'unarchive';

export interface CardMenuEntry {
  id: CardMenuItem;
  disabled: boolean;
}

export interface CardMenuInput {
  isEditable: boolean;
  isDeletable: boolean;
  isArchived: boolean;
  applicationFormPdf?: string | undefined;
  applicationType: 'Standalone' | 'Amendment' | 'Supporting';
  accessLevel: AccessLevel | undefined;
  /** The user has a notification subscription on the application. */
  hasSubscription: boolean;
}

/**
 * View submitted form when not editable; View and Edit form when editable; PDF items when not
 * editable and disabled without a summary PDF; Delete when allowed; Duplicate and Save as Template
 * only for a standalone form category and when permitted (Manage); notification level disabled
 * without a subscription; Archive or Unarchive.
 */
export function cardMenu(a: CardMenuInput): CardMenuEntry[] {
  const items: CardMenuEntry[] = [];
  if (a.isEditable) items.push({ id: 'viewAndEdit', disabled: false });
  else {
    items.push({ id: 'viewSubmitted', disabled: false });
    items.push({ id: 'previewPdf', disabled: !a.applicationFormPdf });
    items.push({ id: 'downloadPdf', disabled: !a.applicationFormPdf });
  }
  if (a.isDeletable) items.push({ id: 'delete', disabled: false });
  items.push({ id: 'notificationLevel', disabled: !a.hasSubscription });
  if (a.applicationType === 'Standalone' && canManage(a.accessLevel)) {
    items.push({ id: 'duplicate', disabled: false });
    items.push({ id: 'saveAsTemplate', disabled: false });
  }
  items.push({ id: a.isArchived ? 'unarchive' : 'archive', disabled: false });
  return items;
}

/** Files of proof-of-ownership or project-information-memorandum containers expire after 3 months. */
export const OWNERSHIP_DOCUMENT_MAX_AGE_MONTHS = 3;
export const EXPIRING_CONTAINERS = ['proof-of-ownership', 'project-information-memorandum'] as const;

/** Whether a file last modified at `modified` is more than 3 months old at `now`. */
export function isOwnershipDocumentExpired(modified: Date, now: Date): boolean {
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - OWNERSHIP_DOCUMENT_MAX_AGE_MONTHS);
  return modified.getTime() < limit.getTime();
}

/** Recent lists on the dashboard: page 1, size 10, sorted descending, not hidden. */
export const RECENT_LIST = { pageIndex: 1, pageSize: 10 } as const;

/**
 * 'Actions to be taken' on the dashboard: applications with outstanding RFIs or payments, or a
 * document the council rejected to replace (docs/applications.md), newest
 * change first, a page at a time (the spec's shared page size, value not shown: 10 chosen).
 */
export const OUTSTANDING_LIST = { pageSize: 10, outstandingActions: ['RFI', 'PAYMENT', 'DOCUMENT'] } as const;

/** A message with its `{param}` / `{{param}}` placeholders filled (validation results, spec messages). */
export function formatMessage(message: string, params: Readonly<Record<string, string>> = {}): string {
  return message.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (match, name: string) => params[name] ?? match);
}

/** The document container of the generated summary PDF: not one of the applicant's documents. */
export const SUMMARY_CONTAINER_ID = 'application-summary';
