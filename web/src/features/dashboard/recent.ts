import type { V3ListParams } from '../../api/applications';
import { RECENT_LIST } from '../../../../shared/domain/applications';

export type RecentTab = 'applications' | 'consents';

/** Recent lists: page 1, size 10, sorted descending, not hidden (docs/applications.md). */
export const recentParams = (tab: RecentTab): V3ListParams => ({
  pageIndex: RECENT_LIST.pageIndex,
  pageSize: RECENT_LIST.pageSize,
  sortBy: 'modifiedDate',
  sortDirection: 'desc',
  isArchived: false,
  recordType: tab === 'applications' ? 'Draft' : 'Consent',
});

/** The tab the recent lists open on. */
export const FIRST_RECENT_TAB: RecentTab = 'applications';
