import type { PlainIconName } from '../../components/plain/PlainIcon';
import type { ApplicationListItem, RecordType } from '../../../../shared/schemas/applications';
import type { NotificationLevel } from '../../../../shared/schemas/common';
import type { WorkflowStage } from '../../../../shared/schemas/applications';
import {
  applicationHref,
  cardMenu,
  hasOutstandingItems,
  isDeletable,
  listRecordType,
  stageLabel,
  type CardMenuEntry,
} from '../../../../shared/domain/applications';
import { formatDate } from '../../lib/dates';
import { clockSettingsOf, statutoryClock, type ClockState } from '../../../../shared/domain/statutory-clock';

/**
 * What an application card shows (docs/applications.md), computed from a list item
 * with the shared rules so the web and the server agree.
 */
export interface CardView {
  id: string;
  href: string;
  recordType: RecordType;
  recordTypeIcon: PlainIconName;
  status: ApplicationListItem['status'];
  /** Outstanding RFIs or payments. */
  attention: boolean;
  formName: string;
  /** applicationNumber, or consentNumber for a consent; undefined before one is given. */
  displayId: string | undefined;
  notificationLevel: NotificationLevel | undefined;
  address: string | undefined;
  authorityName: string | undefined;
  /** 'dd MMM yyyy'. */
  modifiedOn: string;
  /** Non-drafts only: locked when not editable. */
  lock: 'locked' | 'unlocked' | undefined;
  outstandingPayments: boolean;
  outstandingRfis: boolean;
  statusLabel: string;
  stages: {
    name: string;
    label: string;
    status: string;
    progress: StageProgress;
    /** On the Assessment stage of an accepted, undecided application: the statutory clock. */
    clock?: { used: number; total: number; state: Exclude<ClockState, 'Decided'> };
  }[];
  menu: CardMenuEntry[];
}

/** The statutory clock of a card's Assessment stage (docs/statutory-clock.md), or undefined. */
export function cardClock(
  item: Pick<ApplicationListItem, 'acceptedDate' | 'clockSuspensions' | 'decisionDate' | 'clockConventions'>,
  now: Date,
): CardView['stages'][number]['clock'] {
  if (!item.acceptedDate || item.decisionDate) return undefined;
  const clock = statutoryClock(
    { received: item.acceptedDate, suspensions: item.clockSuspensions ?? [], now },
    clockSettingsOf(item.clockConventions),
  );
  if (clock.state === 'Decided') return undefined;
  return { used: clock.daysUsed, total: clock.totalDays, state: clock.state };
}

/**
 * Where a workflow stage is (docs/applications.md): done (Completed), current (Started,
 * AwaitingPayment, or the first stage of a lodged application that the council has not started
 * yet), suspended, stopped (Rejected, Lapsed, Withdrawn, Refused) or not started.
 */
export type StageProgress = 'done' | 'current' | 'suspended' | 'stopped' | 'notStarted';

export function stageProgress(
  stages: readonly WorkflowStage[],
  status: ApplicationListItem['status'],
): StageProgress[] {
  const lodged = status !== 'Draft';
  const started = stages.some((s) => s.stageStatus !== 'NotStarted');
  const firstOpen = stages.findIndex((s) => s.stageStatus !== 'Completed');
  return stages.map((stage, index): StageProgress => {
    switch (stage.stageStatus) {
      case 'Completed':
        return 'done';
      case 'Started':
      case 'AwaitingPayment':
        return 'current';
      case 'Suspended':
        return 'suspended';
      case 'NotStarted':
        return lodged && !started && index === firstOpen ? 'current' : 'notStarted';
      default:
        return 'stopped';
    }
  });
}

const RECORD_TYPE_ICONS: Record<RecordType, PlainIconName> = {
  Draft: 'file',
  Consent: 'security',
  Template: 'copy',
};

export const NOTIFICATION_ICONS: Record<NotificationLevel, PlainIconName> = {
  Watching: 'notification',
  Normal: 'audio-half',
  Muted: 'audio-off',
};

/** The number a card (and its dialogs) names the application by. */
export function displayIdOf(
  item: Pick<ApplicationListItem, 'recordType' | 'consentNumber' | 'applicationNumber'>,
) {
  const recordType = listRecordType(item);
  return recordType === 'Consent' ? (item.consentNumber ?? item.applicationNumber) : item.applicationNumber;
}

/** Card menu entries by the visibility rules of `cardMenu` (shared/domain/applications.ts). */
export function menuOf(item: ApplicationListItem): CardMenuEntry[] {
  return cardMenu({
    isEditable: item.isEditable,
    // The server's flag, and the same rule here: a lodged application never offers Delete.
    isDeletable:
      item.isDeletable &&
      isDeletable({ status: item.status, accessLevel: item.accessLevel, recordType: listRecordType(item) }),
    isArchived: item.isArchived,
    applicationFormPdf: item.applicationFormPdf,
    applicationType: item.applicationType,
    accessLevel: item.accessLevel,
    hasSubscription: item.notificationLevel !== undefined,
  });
}

export function cardView(item: ApplicationListItem, now: Date = new Date()): CardView {
  const recordType = listRecordType(item);
  const progress = stageProgress(item.displayStages, item.status);
  const clock = cardClock(item, now);
  return {
    id: item.id,
    href: applicationHref(item),
    recordType,
    recordTypeIcon: RECORD_TYPE_ICONS[recordType],
    status: item.status,
    attention: hasOutstandingItems(item),
    formName: item.formDisplayName ?? item.name ?? '',
    displayId: displayIdOf(item),
    notificationLevel: item.notificationLevel,
    address: item.address?.fullAddress,
    authorityName: item.authorityDisplayName,
    modifiedOn: formatDate(item.modifiedDate),
    lock: item.status === 'Draft' ? undefined : item.isEditable ? 'unlocked' : 'locked',
    outstandingPayments: item.hasOutstandingPayments,
    outstandingRfis: item.hasOutstandingRFIs,
    statusLabel: item.currentStatusLabel,
    stages: item.displayStages.map((stage, index) => ({
      name: stage.stageName,
      label: stageLabel(stage),
      status: stage.stageStatus,
      progress: progress[index]!,
      // One source per fact (docs/applications.md): a stage that carries the council's own count
      // ("(10/20 Completed)", the spec's label) shows no second, portal-counted one beside it.
      ...(clock &&
      stage.stageName === 'Assessment' &&
      stage.stageStatus !== 'Completed' &&
      stage.progress?.totalNum === undefined
        ? { clock }
        : {}),
    })),
    menu: menuOf(item),
  };
}

/** Where each menu item goes, when it is a page. */
export const menuHref = {
  viewSubmitted: (id: string) => `/application-details/${id}?section=Forms`,
  viewAndEdit: (id: string) => `/application-form/${id}`,
  previewPdf: (id: string) => `/application-form-pdf/${id}`,
  duplicate: (id: string) =>
    `/new-application/address?intention=from-existing-application&refApplicationId=${encodeURIComponent(id)}`,
  fromTemplate: (id: string) =>
    `/new-application/address?intention=from-template&refApplicationId=${encodeURIComponent(id)}`,
} as const;
