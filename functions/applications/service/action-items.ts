import type { ActionItem, RequiredInspection } from '../../../shared/schemas/applications.js';
import type { ApplicationStatus } from '../../../shared/schemas/applications.js';
import type { AccessLevel } from '../../../shared/schemas/common.js';
import { canEdit, canManage, canRead, isConsent } from '../../../shared/domain/applications.js';
import { followOnOffer } from '../../../shared/domain/offers.js';

export interface ActionItemsInput {
  application: {
    applicationType?: 'Standalone' | 'Amendment' | 'Supporting' | undefined;
    recordType: 'Draft' | 'Consent' | 'Template';
    status: ApplicationStatus;
    consentNumber?: string | undefined;
    /** Set by the council (PUT /council/applications/{id}/required-inspections). */
    requiredInspections?: readonly RequiredInspection[] | undefined;
    inspectionBookingUrl?: string | undefined;
    /** Whether the council has raised any RFI (the RFIs PDF can be printed). */
    hasRFI?: boolean | undefined;
  };
  accessLevel: AccessLevel | undefined;
  /** The forms of the application's jurisdiction. */
  forms: readonly {
    id: string;
    displayName: string;
    category: string;
    series: string;
    displayOrder: number;
    isHidden?: boolean | undefined;
  }[];
  /** The series of forms the application's authority enables. */
  enabledFormSeries: readonly string[];
}

/** Icon names of the action items (Cloudscape icon names). */
export const ACTION_ICONS = {
  SaveAsTemplate: 'file',
  CreateChildApplication: 'add-plus',
  PrintRFIs: 'file-open',
  BookInspection: 'calendar',
} as const;

/** Whether an inspection of the consent is still to pass (any type not Completed). */
const inspectionsOutstanding = (inspections: readonly RequiredInspection[] | undefined): boolean =>
  (inspections ?? []).some((l) => l.inspectionTypes.some((t) => t.status !== 'Completed'));

/**
 * Action items of an application (docs/applications.md): Save as Template for a standalone application
 * the caller manages; a child application for each amendment or supporting form of the jurisdiction
 * that the authority enables, only while shared `followOnOffer` allows (a granted consent still
 * under way, a caller who may edit it); Print RFIs (the
 * RFIs PDF, /application-rfis-pdf/{id}) when the council has raised an RFI, for any caller who may
 * read; Book inspection (the council's booking page, in a new tab) for a consent with an inspection
 * still to pass, when the council gave its booking page, for a caller who may edit. In display order.
 */
export function actionItems(input: ActionItemsInput): ActionItem[] {
  const { application, accessLevel } = input;
  const items: ActionItem[] = [];
  if (
    (application.applicationType ?? 'Standalone') === 'Standalone' &&
    application.recordType !== 'Template' &&
    canManage(accessLevel)
  ) {
    items.push({
      displayName: 'Save as Template',
      itemType: 'SaveAsTemplate',
      icon: ACTION_ICONS.SaveAsTemplate,
      displayOrder: 0,
    });
  }
  if (followOnOffer({ ...application, accessLevel }).allowed) {
    const children = input.forms
      .filter(
        (f) =>
          (f.category === 'Amendment' || f.category === 'Supporting') &&
          !f.isHidden &&
          input.enabledFormSeries.includes(f.series),
      )
      .sort((a, b) => a.displayOrder - b.displayOrder || a.displayName.localeCompare(b.displayName));
    for (const f of children)
      items.push({
        displayName: f.displayName,
        itemType: 'CreateChildApplication',
        icon: ACTION_ICONS.CreateChildApplication,
        displayOrder: items.length,
        formId: f.id,
      });
  }
  if (application.hasRFI && canRead(accessLevel))
    items.push({
      displayName: 'Print RFIs',
      itemType: 'PrintRFIs',
      icon: ACTION_ICONS.PrintRFIs,
      displayOrder: items.length,
    });
  if (
    isConsent(application) &&
    canEdit(accessLevel) &&
    application.inspectionBookingUrl &&
    inspectionsOutstanding(application.requiredInspections)
  )
    items.push({
      displayName: 'Book inspection',
      itemType: 'BookInspection',
      icon: ACTION_ICONS.BookInspection,
      displayOrder: items.length,
      url: application.inspectionBookingUrl,
      target: '_blank',
    });
  return items;
}
