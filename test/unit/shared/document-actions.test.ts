/** Who may change or remove a document (docs/architecture.md), and the names the server keeps (docs/architecture.md). */
import { describe, expect, it } from 'vitest';
import {
  canWithdrawDocument,
  documentActions,
  documentsChangeableAt,
  isReservedDocumentName,
  PAYMENT_PROOFS_CONTAINER_ID,
} from '../../../shared/domain/documents';
import type { AccessLevel } from '../../../shared/schemas/common';
import {
  applicationPrefixes,
  generatedKey,
  incomingKey,
  isIncomingKey,
  scannedDocumentKey,
} from '../../../functions/documents/model/keys';

const mine = { createdBy: 'u1', documentContainerId: 'plans' };
const theirs = { createdBy: 'u2', documentContainerId: 'plans' };
const summary = { createdBy: 'u1', documentContainerId: 'application-summary' };
const at = (
  accessLevel: AccessLevel,
  applicationStatus: 'Draft' | 'VRFISuspended' | 'Submitted' = 'Draft',
) => ({
  userId: 'u1',
  accessLevel,
  applicationStatus,
});
const allowed = (doc: typeof mine | { documentContainerId: string }, viewer: ReturnType<typeof at>) => {
  const a = documentActions(doc, viewer);
  expect(a.isEditable).toBe(a.isDeletable);
  return a.isDeletable;
};

describe('documentActions', () => {
  it('the uploader at Edit or any Manage participant, on an editable application', () => {
    expect(allowed(mine, at('Edit'))).toBe(true);
    expect(allowed(theirs, at('Edit'))).toBe(false);
    expect(allowed({ documentContainerId: 'plans' }, at('Edit'))).toBe(false);
    expect(allowed(theirs, at('Manage'))).toBe(true);
    expect(allowed(mine, at('Manage', 'VRFISuspended'))).toBe(true);
  });

  it('nobody below Edit, nobody on a locked application, nobody on the summary PDF', () => {
    for (const level of ['ReadOnly', 'None', 'Unassigned'] as const)
      expect(allowed(mine, at(level))).toBe(false);
    expect(allowed(mine, at('Manage', 'Submitted'))).toBe(false);
    expect(allowed(summary, at('Manage'))).toBe(false);
  });
});

describe('the proofs-of-payment container (docs/architecture.md)', () => {
  const proof = { createdBy: 'u1', documentContainerId: PAYMENT_PROOFS_CONTAINER_ID };
  it('stays open after lodgement, where every other container is locked', () => {
    expect(allowed(proof, at('Edit', 'Submitted'))).toBe(true);
    expect(allowed(mine, at('Edit', 'Submitted'))).toBe(false);
    for (const status of ['Submitted', 'InProgress', 'Completed', 'Draft'] as const)
      expect(documentsChangeableAt(status, PAYMENT_PROOFS_CONTAINER_ID)).toBe(true);
    expect(documentsChangeableAt('InProgress', 'plans')).toBe(false);
    expect(documentsChangeableAt('InProgress', undefined)).toBe(false);
  });
  it("still needs Edit, and someone else's proof needs Manage", () => {
    expect(allowed(proof, at('ReadOnly', 'Submitted'))).toBe(false);
    expect(allowed({ ...proof, createdBy: 'u2' }, at('Edit', 'Submitted'))).toBe(false);
    expect(allowed({ ...proof, createdBy: 'u2' }, at('Manage', 'Submitted'))).toBe(true);
  });
});

describe('reserved names and the key layout', () => {
  it('summary-*.pdf is reserved, whatever its case; other names are not', () => {
    for (const n of ['summary-BC1.pdf', 'SUMMARY-1000001.PDF', ' summary-x.pdf'])
      expect(isReservedDocumentName(n)).toBe(true);
    for (const n of ['summary.pdf', 'my summary-1.pdf', 'summary-1.pdf.png', 'site plan.pdf'])
      expect(isReservedDocumentName(n)).toBe(false);
  });

  it('uploads, scanned copies and server files live under separate prefixes; only incoming/ is an upload', () => {
    expect(incomingKey('1000001', 'u-1')).toBe('incoming/1000001/u-1');
    expect(scannedDocumentKey('1000001', 'f-1')).toBe('documents/1000001/f-1');
    expect(generatedKey('1000001', 'summary-1.pdf')).toBe('generated/1000001/summary-1.pdf');
    expect(isIncomingKey('incoming/1000001/u-1')).toBe(true);
    for (const k of [
      'documents/1000001/f',
      'generated/1/s.pdf',
      'thumbnails/t/a.png',
      'incoming/1',
      'incoming/a/b/c',
    ])
      expect(isIncomingKey(k)).toBe(false);
    expect(() => incomingKey('1000001', '../x')).toThrow();
    expect(applicationPrefixes('1000001').every((p) => p.endsWith('/1000001/'))).toBe(true);
    expect(applicationPrefixes('1000001').some((p) => p.startsWith('thumbnails/'))).toBe(false);
  });
});

describe('documentActions after lodgement, in a council’s open group (docs/architecture.md)', () => {
  it('the uploader may remove an unreviewed upload of an open group; others, or closed containers, not', () => {
    const open = { ...at('Edit', 'Submitted'), inOpenGroup: true };
    expect(documentActions(mine, open)).toEqual({ isEditable: true, isDeletable: true });
    expect(documentActions(theirs, open)).toEqual({ isEditable: false, isDeletable: false });
    expect(documentActions(mine, at('Edit', 'Submitted'))).toEqual({ isEditable: false, isDeletable: false });
  });
});

describe('canWithdrawDocument: Withdraw is offered where the server accepts it, past Draft', () => {
  const finished = { isEditable: true, uploadStatus: 'Completed', status: 'Received' };
  it('a finished upload the caller may change, not withdrawn yet, on a lodged application', () => {
    for (const status of ['Submitted', 'VRFISuspended', 'InProgress'] as const)
      expect(canWithdrawDocument(finished, status), status).toBe(true);
  });
  it('not in a draft (there it is removed), not where the server says no, not unfinished, not twice', () => {
    expect(canWithdrawDocument(finished, 'Draft')).toBe(false);
    expect(canWithdrawDocument({ ...finished, isEditable: false }, 'VRFISuspended')).toBe(false);
    expect(canWithdrawDocument({ ...finished, uploadStatus: 'Uploaded' }, 'VRFISuspended')).toBe(false);
    expect(canWithdrawDocument({ ...finished, status: 'Withdrawn' }, 'VRFISuspended')).toBe(false);
    expect(canWithdrawDocument({ ...finished, status: 'WITHDRAWN' }, 'VRFISuspended')).toBe(false);
  });
});
