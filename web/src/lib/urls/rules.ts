/**
 * The query and path rules of the signed-in routes (docs/features.md). Pure,
 * so every redirect is pinned by unit tests; the route table (routes/signedIn.tsx) applies them in
 * its loaders, and the features that build these URLs read the same names (below the features, so
 * neither imports the other: docs/architecture.md, "The web's layers").
 */
// parsePropertyQuery (zod) is in ./propertyQuery.ts: these rules load with the shell, zod does not.

/** Projects page tabs (`/projects?tab=`). */
export const PROJECT_TABS = ['All', 'Archived'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];
export const DEFAULT_PROJECT_TAB: ProjectTab = 'All';
export const PROJECTS_FALLBACK_URL = `/projects?tab=${DEFAULT_PROJECT_TAB}`;

/** Application details sections (`/application-details/{id}?section=`). */
export const APPLICATION_DETAILS_SECTIONS = [
  'Overview',
  'Applications',
  'Forms',
  'RFIs',
  'Inspections',
  'Documents',
  'People',
  'Payments',
  'Notifications',
] as const;
export type ApplicationDetailsSection = (typeof APPLICATION_DETAILS_SECTIONS)[number];
export const DEFAULT_APPLICATION_DETAILS_SECTION: ApplicationDetailsSection = 'Overview';

/** Sub-routes of `/new-application`; an unknown sub-path goes to intent-selection. */
export const NEW_APPLICATION_STEPS = [
  'intent-selection',
  'child-application',
  'address',
  'authority-property-records',
  'form-selection',
] as const;
export type NewApplicationStep = (typeof NEW_APPLICATION_STEPS)[number];
export const INTENT_SELECTION_URL = '/new-application/intent-selection';

/** `/new-application/child-application?type=`. */
export const CHILD_APPLICATION_TYPES = ['amendment', 'supporting'] as const;
export type ChildApplicationType = (typeof CHILD_APPLICATION_TYPES)[number];

function matchIgnoringCase<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const wanted = raw.trim().toLowerCase();
  return values.find((value) => value.toLowerCase() === wanted);
}

/**
 * `/projects?tab`: All or Archived, case-insensitive; no tab means All. Any other value is a
 * redirect to /projects?tab=All.
 */
export function resolveProjectsTab(
  search: URLSearchParams,
): { tab: ProjectTab } | { redirect: typeof PROJECTS_FALLBACK_URL } {
  const raw = search.get('tab');
  if (raw === null) return { tab: DEFAULT_PROJECT_TAB };
  const tab = matchIgnoringCase(PROJECT_TABS, raw);
  return tab ? { tab } : { redirect: PROJECTS_FALLBACK_URL };
}

/** `?section` of the application details page: one of the nine (case-insensitive), else Overview. */
export function resolveDetailsSection(search: URLSearchParams): {
  section: ApplicationDetailsSection;
  subSection: string | undefined;
} {
  const section =
    matchIgnoringCase(APPLICATION_DETAILS_SECTIONS, search.get('section')) ??
    DEFAULT_APPLICATION_DETAILS_SECTION;
  const subSection = search.get('subSection')?.trim() || undefined;
  return { section, subSection };
}

/** Path ids that must be numeric (application form, breadcrumb, step, submitted page). */
export function isNumericId(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

/** The sub-path of `/new-application/*`: a known step, else intent-selection. */
export function resolveNewApplicationStep(splat: string | undefined): NewApplicationStep | undefined {
  const first = (splat ?? '').split('/').filter(Boolean);
  if (first.length !== 1) return undefined;
  return (NEW_APPLICATION_STEPS as readonly string[]).includes(first[0]!)
    ? (first[0] as NewApplicationStep)
    : undefined;
}

/** `?type` of child-application: amendment or supporting (case-insensitive); else none. */
export function resolveChildApplicationType(search: URLSearchParams): ChildApplicationType | undefined {
  return matchIgnoringCase(CHILD_APPLICATION_TYPES, search.get('type'));
}
