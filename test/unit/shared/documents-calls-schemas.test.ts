import { describe, expect, it } from 'vitest';
import {
  PatchDocumentRequest,
  PatchRequiredDocumentRequest,
  ReorderDocumentsRequest,
} from '../../../shared/schemas/documents.js';
import { documentTypeValue } from '../../../shared/domain/documents.js';

describe('documents calls: the shared schemas and rules (docs/documents.md)', () => {
  it('PATCH status: sent upper-case, read in any case, returned in the spec spelling; only Withdrawn', () => {
    expect(PatchDocumentRequest.parse({ status: 'WITHDRAWN' })).toEqual({ status: 'Withdrawn' });
    expect(PatchDocumentRequest.parse({ status: 'withdrawn' })).toEqual({ status: 'Withdrawn' });
    for (const status of ['ACCEPTED', 'AWAITING REVIEW', 'RECEIVED', 'REJECTED', 'REQUIRED', 'GONE', '']) {
      const r = PatchDocumentRequest.safeParse({ status });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ path: ['status'], message: 'Must be WITHDRAWN' });
    }
  });

  it('child document type values: Amendment or Supporting, anything else reads Amendment', () => {
    expect(documentTypeValue('Supporting')).toBe('Supporting');
    expect(documentTypeValue('Amendment')).toBe('Amendment');
    expect(documentTypeValue('Variation')).toBe('Amendment');
    expect(documentTypeValue(undefined)).toBe('Amendment');
  });

  it('a user sets a merge status of InProgress or NotMerged only (Merged and Error are the merge job’s)', () => {
    expect(PatchRequiredDocumentRequest.safeParse({ containerMergeStatus: 'InProgress' }).success).toBe(true);
    expect(PatchRequiredDocumentRequest.safeParse({ containerMergeStatus: 'NotMerged' }).success).toBe(true);
    expect(PatchRequiredDocumentRequest.safeParse({ containerMergeStatus: 'Merged' }).success).toBe(false);
    expect(PatchRequiredDocumentRequest.safeParse({ containerMergeStatus: 'Error' }).success).toBe(false);
  });

  it('order names at least one document', () => {
    expect(ReorderDocumentsRequest.safeParse({ documents: [] }).success).toBe(false);
    expect(ReorderDocumentsRequest.safeParse({ documents: ['a.pdf'] }).success).toBe(true);
  });
});
