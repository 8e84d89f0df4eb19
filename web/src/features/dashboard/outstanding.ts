import type { V3ListParams } from '../../api/applications';
import { OUTSTANDING_LIST } from '../../../../shared/domain/applications';

/** 'Actions to be taken' page `pageIndex` (1-based): outstanding RFIs, payments or documents to replace, newest first. */
export const outstandingParams = (pageIndex: number): V3ListParams => ({
  pageIndex,
  pageSize: OUTSTANDING_LIST.pageSize,
  sortBy: 'modifiedDate',
  sortDirection: 'desc',
  outstandingActions: [...OUTSTANDING_LIST.outstandingActions],
});
