import type { V3ListParams } from '../../api/applications';
import {
  applicationStatuses,
  DEFAULT_PAGE_SIZE,
  type ApplicationStatus,
  type BadgeCounts,
} from '../../../../shared/schemas/applications';
import { PROJECT_TABS, resolveProjectsTab } from '../../lib/urls/rules';

/**
 * The list pages (docs/applications.md): /projects (All, Archived), /applications (Draft, Submitted,
 * Archived) and /consents (Current, Archived), all on GET /user/applicationsV3. Draft vs Consent
 * is the record type, archived is isArchived, and Submitted means Drafts whose status is not Draft.
 */
export type ListKind = 'projects' | 'applications' | 'consents';

export const LIST_TABS = {
  projects: PROJECT_TABS,
  applications: ['Draft', 'Submitted', 'Archived'] as const,
  consents: ['Current', 'Archived'] as const,
} as const;

export type ListTab = (typeof LIST_TABS)[ListKind][number];

/** Search: at least 2 characters, debounced 1000 ms (docs/applications.md). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 1000;

export const FILTER_GROUPS = ['BCA', 'Form', 'Status', 'Complexity', 'OutstandingAction'] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];
export type FilterValues = Partial<Record<FilterGroup, string[]>>;

const NOT_DRAFT: ApplicationStatus[] = applicationStatuses.filter((s) => s !== 'Draft');

/** The tab a page opens on: ?tab (case-insensitive) when it names one of the page's tabs. */
export function tabOf(kind: ListKind, search: URLSearchParams): ListTab {
  if (kind === 'projects') {
    const resolved = resolveProjectsTab(search);
    return 'tab' in resolved ? resolved.tab : 'All';
  }
  const raw = search.get('tab')?.trim().toLowerCase();
  const tabs: readonly ListTab[] = LIST_TABS[kind];
  return tabs.find((tab) => tab.toLowerCase() === raw) ?? tabs[0]!;
}

/**
 * The tab a list opens on without ?tab: the first that has something (by the badge counts), so
 * the one submitted application is not hidden behind an empty Draft tab; the first tab when all
 * are empty or the counts failed. Undefined while the counts load. /projects always opens on All.
 */
export function openingTab(
  kind: ListKind,
  search: URLSearchParams,
  badges: { data: BadgeCounts | undefined; failed: boolean },
): ListTab | undefined {
  if (kind === 'projects' || search.get('tab') !== null) return tabOf(kind, search);
  const tabs: readonly ListTab[] = LIST_TABS[kind];
  if (!badges.data) return badges.failed ? tabs[0] : undefined;
  return tabs.find((tab) => (tabCount(kind, tab, badges.data) ?? 0) > 0) ?? tabs[0];
}

/** The search text sent: trimmed, and only from 2 characters. */
export function effectiveSearch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_CHARS ? trimmed : undefined;
}

/** The V3 query of a tab with the search and filters (page index added by the pager). */
export function listParams(
  kind: ListKind,
  tab: ListTab,
  searchText: string | undefined,
  filters: FilterValues,
  pageSize = DEFAULT_PAGE_SIZE,
): V3ListParams {
  const params: V3ListParams = {
    pageSize,
    sortBy: 'modifiedDate',
    sortDirection: 'desc',
    isArchived: tab === 'Archived',
    searchText,
    authority: filters.BCA,
    form: filters.Form,
    complexity: filters.Complexity,
    outstandingActions: filters.OutstandingAction as V3ListParams['outstandingActions'],
  };
  if (kind === 'applications') params.recordType = 'Draft';
  if (kind === 'consents') params.recordType = 'Consent';
  const chosen = filters.Status?.length ? (filters.Status as ApplicationStatus[]) : undefined;
  if (kind === 'applications' && tab === 'Draft') {
    params.status = chosen ? chosen.filter((s) => s === 'Draft') : ['Draft'];
  } else if (kind === 'applications' && tab === 'Submitted') {
    params.status = chosen ? chosen.filter((s) => s !== 'Draft') : NOT_DRAFT;
  } else {
    params.status = chosen;
  }
  return params;
}

/** A tab's status filter that leaves nothing to match (e.g. Draft tab with only 'Submitted' chosen). */
export const matchesNothing = (params: V3ListParams) =>
  params.status !== undefined && params.status.length === 0;

/**
 * The count shown on a tab, from the badge counts: allApplications and archivedApplications count
 * drafts and consents together (the projects tabs); consents are counted on their own, so the
 * draft-only counts are the difference.
 */
export function tabCount(kind: ListKind, tab: ListTab, badges: BadgeCounts | undefined): number | undefined {
  if (!badges) return undefined;
  const visibleDrafts = Math.max(0, badges.allApplications - badges.currentConsents);
  const hiddenDrafts = Math.max(0, badges.archivedApplications - badges.archivedConsents);
  const counts: Record<ListKind, Partial<Record<ListTab, number>>> = {
    projects: { All: badges.allApplications, Archived: badges.archivedApplications },
    applications: {
      Draft: Math.max(0, visibleDrafts - badges.submittedApplications),
      Submitted: badges.submittedApplications,
      Archived: hiddenDrafts,
    },
    consents: { Current: badges.currentConsents, Archived: badges.archivedConsents },
  };
  return counts[kind][tab];
}

/** Active filters as a flat count (for the "Clear filters" button). */
export const activeFilterCount = (filters: FilterValues) =>
  FILTER_GROUPS.reduce((n, group) => n + (filters[group]?.length ?? 0), 0);
