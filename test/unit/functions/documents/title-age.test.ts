import { describe, expect, it } from 'vitest';
import {
  formReference,
  runRules,
  type RuleInput,
} from '../../../../functions/applications/service/rules/index.js';
import { TITLE_AGE_MESSAGE, titleAge } from '../../../../functions/applications/service/rules/documents.js';

const NOW = new Date('2026-06-15T00:00:00Z');

function input(documents: RuleInput['documents']): RuleInput {
  return {
    application: { applicationId: '1000001', formId: 'bc', status: 'Draft', recordType: 'Draft' },
    stepData: {},
    participants: [],
    documents,
    reference: formReference('bc')!,
    now: NOW,
  };
}

const title = (titleIssuedDate: string | undefined, over: Partial<RuleInput['documents'][number]> = {}) => ({
  documentName: 'title.pdf',
  documentContainerId: 'proof-of-ownership',
  uploadStatus: 'Completed',
  fileModifiedDate: '2026-06-10T00:00:00Z',
  titleIssuedDate,
  ...over,
});

describe('title age (a record of title issued more than 3 months ago)', () => {
  it('a title issued 2015 → Error DocumentExpiry on the documents step, with our message', () => {
    expect(titleAge(input([title('2015-07-01')]))).toEqual([
      expect.objectContaining({
        ruleType: 'DocumentExpiry',
        severity: 'Error',
        message: TITLE_AGE_MESSAGE,
        messageParams: { document: 'title.pdf' },
        stepId: 'bc-documents',
      }),
    ]);
    // One of the full rules (the review step and submission).
    expect(runRules(input([title('2015-07-01')]), true).map((r) => r.message)).toContain(TITLE_AGE_MESSAGE);
  });

  it('nothing for a title within 3 months, an unread date, another container, or a failed upload', () => {
    expect(titleAge(input([title('2026-03-16')]))).toEqual([]);
    expect(titleAge(input([title(undefined)]))).toEqual([]);
    expect(titleAge(input([title('2015-07-01', { documentContainerId: 'plans' })]))).toEqual([]);
    expect(titleAge(input([title('2015-07-01', { uploadStatus: 'Error' })]))).toEqual([]);
  });

  it('a file the expiry rule already reports is not reported twice', () => {
    expect(titleAge(input([title('2015-07-01', { fileModifiedDate: '2025-01-01T00:00:00Z' })]))).toEqual([]);
  });
});
