/**
 * Pure rules of the application details page and the View submitted application dialog
 * (docs/applications.md).
 */
import type { FormioComponent, FormioForm } from '../../../../shared/schemas/formio';

/** The dialog's width: the smaller of 1084 px and the viewport minus 64 px. */
export const SUBMITTED_DIALOG_MAX_WIDTH = 1084;
export const SUBMITTED_DIALOG_MARGIN = 64;
export function submittedDialogWidth(viewportWidth: number): number {
  return Math.min(SUBMITTED_DIALOG_MAX_WIDTH, viewportWidth - SUBMITTED_DIALOG_MARGIN);
}

/** The number an application goes by: the consent's, else the application's, else its id. */
export const numberOf = (a: {
  consentNumber?: string | undefined;
  applicationNumber?: string | undefined;
  id: string;
}) => a.consentNumber ?? a.applicationNumber ?? a.id;

/** While the council works on an application (lodged, not closed), how often the page reads it again. */
export const COUNCIL_REFRESH_MS = 60_000;
/** Whether the council may still change the application (its stages, clock, decision). */
export const councilMayChange = (status: string | undefined): boolean =>
  status === 'Submitted' || status === 'InProgress' || status === 'VRFISuspended';

/** Step types the dialog shows (form steps, contact steps, document-upload steps). */
export const SHOWN_STEP_TYPES = ['Formio', 'Contact', 'DocumentUpload'] as const;

/** One read-only line: a label and its value (rows of a datagrid are nested). */
export type ReadOnlyField =
  | { kind: 'value'; key: string; label: string; value: string }
  | { kind: 'group'; key: string; label: string; fields: ReadOnlyField[] }
  | { kind: 'rows'; key: string; label: string; rows: ReadOnlyField[][] };

const EMPTY = '-';

function formatValue(component: FormioComponent, value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  switch (component.type) {
    case 'select': {
      const values = Array.isArray(value) ? value : [value];
      return values
        .map((v) => component.data.values.find((o) => o.value === v)?.label ?? String(v))
        .join(', ');
    }
    case 'radio':
      return component.values.find((o) => o.value === value)?.label ?? String(value);
    case 'selectboxes': {
      const checked = component.values.filter((o) => (value as Record<string, unknown>)[o.value] === true);
      return checked.length ? checked.map((o) => o.label).join(', ') : EMPTY;
    }
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'currency':
      return typeof value === 'number'
        ? new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' }).format(value)
        : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Whether a component's simple conditional shows it for the data. */
function isShown(component: FormioComponent, data: Record<string, unknown>): boolean {
  const cond = component.conditional;
  if (!cond) return true;
  const results = cond.conditions.map((c) => {
    const v = data[c.component];
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    switch (c.operator) {
      case 'isEqual':
        return v === c.value;
      case 'isNotEqual':
        return v !== c.value;
      case 'isEmpty':
        return empty;
      case 'isNotEmpty':
        return !empty;
      case 'greaterThan':
        return typeof v === 'number' && typeof c.value === 'number' && v > c.value;
      case 'lessThan':
        return typeof v === 'number' && typeof c.value === 'number' && v < c.value;
    }
  });
  const holds = cond.conjunction === 'all' ? results.every(Boolean) : results.some(Boolean);
  return cond.show ? holds : !holds;
}

function fieldsOf(components: readonly FormioComponent[], data: Record<string, unknown>): ReadOnlyField[] {
  return components.flatMap((c): ReadOnlyField[] => {
    if (!isShown(c, data)) return [];
    if (c.type === 'panel' || c.type === 'fieldset') {
      return [
        {
          kind: 'group',
          key: c.key,
          label: c.type === 'panel' ? c.title : c.legend,
          fields: fieldsOf(c.components, data),
        },
      ];
    }
    if (c.type === 'datagrid') {
      const rows = Array.isArray(data[c.key]) ? (data[c.key] as Record<string, unknown>[]) : [];
      return [
        {
          kind: 'rows',
          key: c.key,
          label: c.label,
          rows: rows.map((row) => fieldsOf(c.components, row ?? {})),
        },
      ];
    }
    return [{ kind: 'value', key: c.key, label: c.label, value: formatValue(c, data[c.key]) }];
  });
}

/** A Form.io step's data as read-only label/value pairs, with the definition's labels and options. */
export function readOnlyFields(form: FormioForm, data: Record<string, unknown>): ReadOnlyField[] {
  return fieldsOf(form.components, data);
}

/** Step data without a definition (contact and document-upload steps): its entries as text. */
export function genericFields(data: Record<string, unknown>): ReadOnlyField[] {
  return Object.entries(data).map(([key, value]) => ({
    kind: 'value' as const,
    key,
    label: key
      .replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`)
      .replace(/^./, (s) => s.toUpperCase()),
    value:
      value === undefined || value === null || value === ''
        ? EMPTY
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value),
  }));
}
