import { describe, expect, it } from 'vitest';
import {
  groupFactsOfStored,
  groupFactsOfView,
  isGroupOpen,
  rejectedUploadsToReplace,
} from '../../../shared/domain/document-groups';
import type { RequiredDocumentGroupDto } from '../../../shared/schemas/documents';

const upload = (
  name: string,
  receivedDate: string | undefined,
  councilStatus?: string,
): RequiredDocumentGroupDto['requiredDocumentUploads'][number] => ({
  applicationDocumentId: name,
  name,
  documentStatus: 'Received',
  ...(receivedDate ? { receivedDate } : {}),
  ...(councilStatus ? { councilStatus } : {}),
  fileName: name,
  fileSize: 7000,
  mimeType: 'application/pdf',
});
const group = (
  status: string,
  uploads: RequiredDocumentGroupDto['requiredDocumentUploads'],
): RequiredDocumentGroupDto => ({
  id: 'g1',
  guid: 'g1',
  applicationId: 'a1',
  name: 'Revised plans',
  status,
  type: 'DocumentContainer',
  displayOrder: 1,
  documentContainerId: 'plans',
  requiredDocumentUploads: uploads,
});

describe('isGroupOpen: does a council’s group take uploads', () => {
  it.each([
    ['Required', [], true],
    ['Requested', [], true],
    ['rejected', [], true],
    ['Received', ['Rejected'], true],
    ['Received', ['Awaiting Review'], false],
    ['Awaiting Review', [undefined], false],
    ['Accepted', ['Rejected'], false],
    ['Withdrawn', [], false],
  ] as const)('status %s with uploads %j → %s', (status, councilStatuses, open) => {
    expect(isGroupOpen({ status, documentContainerId: 'plans', councilStatuses })).toBe(open);
  });
  it('reads the same from the stored group and from the view', () => {
    const stored = {
      guid: 'g1',
      name: 'Revised plans',
      status: 'Received',
      type: 'DocumentContainer',
      displayOrder: 1,
      documentContainerId: 'plans',
      reviews: { 'plans.pdf': { councilStatus: 'Rejected' as const, reason: 'No bracing' } },
    };
    const view = group('Received', [upload('plans.pdf', '2026-11-01T00:00:00Z', 'Rejected')]);
    expect(groupFactsOfStored(stored)).toEqual(groupFactsOfView(view));
  });
});

describe('rejectedUploadsToReplace: what the applicant still has to replace', () => {
  const rejected = upload('plans.pdf', '2026-11-01T00:00:00Z', 'Rejected');
  it('a rejected upload waits for a replacement', () => {
    expect(rejectedUploadsToReplace(group('Received', [rejected]))).toEqual([rejected]);
  });
  it('an upload received after it answers it (reviewed or not); one still in flight does not', () => {
    expect(
      rejectedUploadsToReplace(group('Received', [rejected, upload('v2.pdf', '2026-11-02T00:00:00Z')])),
    ).toEqual([]);
    expect(rejectedUploadsToReplace(group('Received', [rejected, upload('v2.pdf', undefined)]))).toEqual([
      rejected,
    ]);
  });
  it('a replacement the council rejected again asks for another', () => {
    const again = upload('v2.pdf', '2026-11-02T00:00:00Z', 'Rejected');
    expect(rejectedUploadsToReplace(group('Received', [rejected, again]))).toEqual([again]);
  });
  it('an older upload does not answer a later rejection; a closed group asks nothing', () => {
    const later = upload('v2.pdf', '2026-11-03T00:00:00Z', 'Rejected');
    expect(
      rejectedUploadsToReplace(
        group('Received', [upload('old.pdf', '2026-10-01T00:00:00Z', 'Accepted'), later]),
      ),
    ).toEqual([later]);
    expect(rejectedUploadsToReplace(group('Accepted', [rejected]))).toEqual([]);
  });
});
