/**
 * Required inspections as the applicant reads them (docs/statutory-clock.md "Inspection status labels: NotStarted none; InProgress 'In Progress'; Completed 'Completed' with
 * check icon and date; Fail 'Fail' with warning icon and date").
 */
import type { RequiredInspection } from '../schemas/applications.js';

export type InspectionType = RequiredInspection['inspectionTypes'][number];

export interface InspectionStatusView {
  /** The label, or null (NotStarted shows none). */
  label: 'In Progress' | 'Completed' | 'Fail' | null;
  icon: 'check' | 'warning' | null;
  /** The date of the result behind a Completed or Fail status: the latest history entry's. */
  date?: string;
}

/** The latest history entry of an inspection type (by date), or undefined. */
export function latestResult(type: InspectionType): InspectionType['history'][number] | undefined {
  return [...type.history].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
}

export function inspectionStatusView(type: InspectionType): InspectionStatusView {
  const date = latestResult(type)?.date;
  switch (type.status) {
    case 'NotStarted':
      return { label: null, icon: null };
    case 'InProgress':
      return { label: 'In Progress', icon: null };
    case 'Completed':
      return { label: 'Completed', icon: 'check', ...(date ? { date } : {}) };
    case 'Fail':
      return { label: 'Fail', icon: 'warning', ...(date ? { date } : {}) };
  }
}

/** The types of a location in the council's order (`sequence`, then name). */
export function orderedTypes(location: RequiredInspection): InspectionType[] {
  return [...location.inspectionTypes].sort(
    (a, b) =>
      (a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name),
  );
}
