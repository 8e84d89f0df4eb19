/**
 * The submission's snapshot commits with the submission (docs/applications.md, "Submission"): one
 * transaction writes the status change, its ApplicationSubmitted event and the snapshot, so a failure
 * of either leaves neither — against the local table.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { localRepositories } from '../support/accounts';

const o = readOutputs();

async function modules() {
  await localRepositories(o);
  const [applications, steps] = await Promise.all([
    import('../../functions/applications/repository/applications.js'),
    import('../../functions/applications/repository/steps.js'),
  ]);
  return { applications, steps };
}

async function draft() {
  const { applications } = await modules();
  const applicationId = await applications.nextApplicationId();
  const now = new Date().toISOString();
  const etag = randomUUID();
  await applications.createApplication({
    application: {
      applicationId,
      recordType: 'Draft',
      applicationType: 'Standalone',
      authorityId: 'akl',
      jurisdictionId: 'nz',
      formId: 'bc',
      status: 'Draft',
      userId: 'owner-1',
      etag,
      startedDate: now,
      modifiedDate: now,
      isHidden: false,
      hasOutstandingPayments: false,
      hasOutstandingRFIs: false,
    },
    participants: [],
    accessRows: [{ userId: 'owner-1', accessLevel: 'Manage', isOwner: true }],
  });
  return { applicationId, etag };
}

const contentOf = (applicationId: string) => ({
  application: { applicationId, status: 'Submitted', formId: 'bc', authorityId: 'akl' },
  steps: [],
  participants: [],
  documents: [],
});
const snapshotAt = (applicationId: string, submissionDate: string) => ({
  submissionDate,
  submittedBy: 'owner-1',
  userSignature: 'Ann Applicant',
  content: contentOf(applicationId),
});

describe('a submission and its snapshot commit together', () => {
  test('committed: the application is submitted and its snapshot is there', async () => {
    const { applications, steps } = await modules();
    const { applicationId, etag } = await draft();
    const submissionDate = new Date().toISOString();
    await applications.updateApplication(
      applicationId,
      etag,
      { status: 'Submitted', submissionDate },
      'owner-1',
      { event: 'ApplicationSubmitted', snapshot: snapshotAt(applicationId, submissionDate) },
    );
    expect((await applications.getApplication(applicationId))!.status).toBe('Submitted');
    expect(await steps.latestSnapshot(applicationId)).toMatchObject({
      submissionDate,
      submittedBy: 'owner-1',
      content: JSON.stringify(contentOf(applicationId)),
    });
  });

  test('a stale submission (the change fails) writes no snapshot', async () => {
    const { applications, steps } = await modules();
    const { applicationId } = await draft();
    const submissionDate = new Date().toISOString();
    await expect(
      applications.updateApplication(
        applicationId,
        'not-the-etag',
        { status: 'Submitted', submissionDate },
        'owner-1',
        { event: 'ApplicationSubmitted', snapshot: snapshotAt(applicationId, submissionDate) },
      ),
    ).rejects.toThrow();
    expect((await applications.getApplication(applicationId))!.status).toBe('Draft');
    expect(await steps.latestSnapshot(applicationId)).toBeUndefined();
  });

  test('a snapshot that cannot be written (one already at that date) leaves the application a draft', async () => {
    const { applications, steps } = await modules();
    const { applicationId, etag } = await draft();
    const submissionDate = new Date().toISOString();
    await applications.updateApplication(applicationId, undefined, {}, 'owner-1', {
      snapshot: { ...snapshotAt(applicationId, submissionDate), userSignature: 'Earlier' },
    });
    const { etag: current } = (await applications.getApplication(applicationId))!;
    expect(current).not.toBe(etag);
    await expect(
      applications.updateApplication(
        applicationId,
        current,
        { status: 'Submitted', submissionDate },
        'owner-1',
        { event: 'ApplicationSubmitted', snapshot: snapshotAt(applicationId, submissionDate) },
      ),
    ).rejects.toThrow();
    const after = (await applications.getApplication(applicationId))!;
    expect(after.status).toBe('Draft');
    expect(after.etag).toBe(current);
    expect((await steps.latestSnapshot(applicationId))!.userSignature).toBe('Earlier');
  });
});
