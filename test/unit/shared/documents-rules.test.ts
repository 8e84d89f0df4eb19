import { describe, expect, it } from 'vitest';
import {
  isExpiredDocument,
  isFailedOrStalled,
  isInProgress,
  numberedName,
} from '../../../shared/domain/documents';
import { isSettled, UploadStatus } from '../../../shared/schemas/documents';

/** The pure rules of the upload queue (docs/documents.md). */
describe('document upload rules', () => {
  it('settled means Completed or Error', () => {
    expect(UploadStatus.options.filter(isSettled)).toEqual(['Completed', 'Error']);
  });

  it('a Pending document not in the queue is failed/stalled; Error is failed; the rest are on their way', () => {
    expect(isFailedOrStalled('Pending', false)).toBe(true);
    expect(isFailedOrStalled('Pending', true)).toBe(false);
    expect(isFailedOrStalled('Error', true)).toBe(true);
    // Uploading: its file was being sent in parts; with no upload of it in the queue it stopped.
    expect(isFailedOrStalled('Uploading', false)).toBe(true);
    expect(isFailedOrStalled('Uploading', true)).toBe(false);
    for (const s of ['Awaiting review', 'Uploaded', 'Completed'] as const)
      expect(isFailedOrStalled(s, false)).toBe(false);
    expect(UploadStatus.options.filter((s) => isInProgress(s, true))).toEqual([
      'Pending',
      'Uploading',
      'Awaiting review',
      'Uploaded',
    ]);
    expect(isInProgress('Pending', false)).toBe(false);
  });

  it('numbers a duplicate name_1.ext, name_2.ext… until free, the counter starting at 1', () => {
    expect(numberedName('plan.pdf', new Set())).toBe('plan.pdf');
    expect(numberedName('plan.pdf', new Set(['plan.pdf']))).toBe('plan_1.pdf');
    expect(numberedName('plan.pdf', new Set(['plan.pdf', 'plan_1.pdf', 'plan_2.pdf']))).toBe('plan_3.pdf');
    expect(numberedName('site plan.v2.PDF', new Set(['site plan.v2.PDF']))).toBe('site plan.v2_1.PDF');
    expect(numberedName('README', new Set(['README']))).toBe('README_1');
  });

  it('expires files of proof-of-ownership and project-information-memorandum containers older than 3 months', () => {
    const now = new Date('2025-06-15T00:00:00Z');
    const old = new Date('2025-03-14T00:00:00Z');
    const recent = new Date('2025-03-16T00:00:00Z');
    for (const containerId of ['proof-of-ownership', 'project-information-memorandum']) {
      expect(isExpiredDocument({ containerId, modified: old }, now)).toBe(true);
      expect(isExpiredDocument({ containerId, modified: recent }, now)).toBe(false);
    }
    expect(isExpiredDocument({ containerId: 'plans', modified: old }, now)).toBe(false);
    expect(isExpiredDocument({ containerId: 'proof-of-ownership', modified: undefined }, now)).toBe(false);
    expect(isExpiredDocument({ containerId: 'proof-of-ownership', modified: new Date('x') }, now)).toBe(
      false,
    );
  });
});
