/** The steps service (enabled steps, step data, rule results, submission) over fake ports. */
import { describe, expect, it } from 'vitest';
import {
  NOT_SUBMITTABLE,
  STEP_TAKES_NO_DATA,
  stepsService,
  SUBMISSION_HAS_ERRORS,
} from '../../../../functions/applications/service/steps.js';
import type { ApplicationParts, StepPorts } from '../../../../functions/applications/service/steps.js';
import type { SnapshotContent } from '../../../../functions/applications/service/summary-pdf.js';
import { formReference } from '../../../../functions/applications/service/rules/index.js';
import type {
  ApplicationRecord,
  AccessRecord,
} from '../../../../functions/applications/repository/applications.js';
import type { StepRecord } from '../../../../functions/applications/repository/steps.js';
import { Conflict, Forbidden, Invalid, Locked, NotFound } from '../../../../functions/platform/errors.js';
import {
  applicationMessages,
  EnabledStep,
  StepDataDto,
  ValidationResult,
} from '../../../../shared/schemas/applications.js';
import { validProject } from './fixtures.js';
import { contract } from '../../../../functions/applications/contract.js';
import { SUMMARY_CONTAINER_ID } from '../../../../shared/domain/applications.js';
import type { AccessLevel } from '../../../../shared/schemas/common.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const NOW = new Date('2026-06-15T00:00:00Z');
const ann = { kind: 'user' as const, userId: 'ann' };

/** The bc form's steps, answered as a complete application needs (cf. rules.test.ts). */
const complete: Record<string, Record<string, unknown>> = {
  'bc-project': validProject,

  'bc-building-code': {
    clauses: { B1: true },
    b1Means: 'acceptableSolution',
    b1Details: 'B1/AS1, NZS 3604:2011',
  },
  'bc-compliance-schedule': { hasSpecifiedSystems: 'no' },
};

function world(
  opts: { status?: ApplicationRecord['status']; accessLevel?: AccessLevel; complete?: boolean } = {},
) {
  let application = {
    applicationId: '1000001',
    formId: 'bc',
    authorityId: 'akl',
    jurisdictionId: 'nz',
    status: opts.status ?? 'Draft',
    recordType: 'Draft',
    etag: 'e1',
    userId: 'ann',
    applicationNumber: 'BLD-2026-00001',
    startedDate: '2026-06-01T00:00:00.000Z',
    modifiedDate: '2026-06-01T00:00:00.000Z',
  } as unknown as ApplicationRecord;
  const access = {
    applicationId: '1000001',
    userId: 'ann',
    accessLevel: opts.accessLevel ?? 'Manage',
  } as AccessRecord;
  const parts: ApplicationParts = { application, participants: [], documents: [], steps: [] };
  if (opts.complete) {
    for (const [stepId, data] of Object.entries(complete))
      parts.steps.push({
        applicationId: '1000001',
        stepId,
        breadcrumbId: 'b',
        data,
        valid: true,
      } as StepRecord);
    parts.participants.push(
      {
        applicationId: '1000001',
        participantId: 'p1',
        loginUserId: 'ann',
        firstName: 'Ann',
        email: 'ann@example.nz',
        participantTypes: ['registered-owner', 'owner', 'owner-contact', 'invoice-payer', 'designer'],
        accessLevel: 'Manage',
      } as never,
      { applicationId: '1000001', participantId: 'gone', isDeleted: true, participantTypes: [] } as never,
    );
    for (const c of ['plans', 'specifications', 'proof-of-ownership'])
      parts.documents.push({
        applicationId: '1000001',
        documentName: `${c}.pdf`,
        fileName: `${c}.pdf`,
        documentContainerId: c,
        uploadStatus: 'Completed',
        fileModifiedDate: '2026-06-01T00:00:00Z',
      } as never);
    parts.documents.push(
      {
        applicationId: '1000001',
        documentName: 'broken.pdf',
        documentContainerId: 'plans',
        uploadStatus: 'Error',
      } as never,
      {
        applicationId: '1000001',
        documentName: 'summary.pdf',
        documentContainerId: SUMMARY_CONTAINER_ID,
        uploadStatus: 'Completed',
      } as never,
    );
  }
  const updates: { etag: string | undefined; patch: Record<string, unknown>; options: unknown }[] = [];
  const snapshots: { content: SnapshotContent; submissionDate: string }[] = [];
  let snapshotFails = false;
  const ports: StepPorts = {
    parts: async () => ({ ...parts, application }),
    saveStep: async (item) => {
      const record = { ...item, modifiedDate: NOW.toISOString() } as StepRecord;
      parts.steps = [...parts.steps.filter((s) => s.stepId !== item.stepId), record];
      return record;
    },
    update: async (_id, etag, patch, _actor, options) => {
      updates.push({ etag, patch, options });
      if (etag !== undefined && etag !== application.etag) throw new Conflict('stale');
      if (snapshotFails && options.snapshot) throw new Error('transaction cancelled');
      // One transaction: the change and its snapshot are kept together.
      application = { ...application, ...patch, etag: `${application.etag}+` };
      if (options.snapshot) snapshots.push(options.snapshot as (typeof snapshots)[number]);
      return application;
    },
    reference: { formReference, authorityName: (id) => (id === 'akl' ? 'Auckland Council' : undefined) },
    people: {
      profile: async (userId) => (userId === 'ann' ? { firstName: 'Ann', lastName: 'Applicant' } : undefined),
    },
    now: () => NOW,
  };
  return {
    service: stepsService(ports),
    grant: () => ({ application, access }),
    parts,
    updates,
    snapshots,
    current: () => application,
    failSnapshot: () => {
      snapshotFails = true;
    },
  };
}

describe('steps', () => {
  it('enabled steps: the form’s steps the caller sees, with their state', async () => {
    const w = world({ complete: true });
    const steps = (await w.service.enabledSteps(w.grant())).map((s) => EnabledStep.parse(s));
    expect(steps.map((s) => s.stepId)).toContain('bc-project');
  });

  it('a step: its saved data; read-only when the caller may not edit or the application is locked; 404 for a step of no form', async () => {
    const w = world({ complete: true });
    const dto = StepDataDto.parse(await w.service.step(w.grant(), 'bc-project'));
    expect(dto).toMatchObject({
      stepId: 'bc-project',
      type: 'Formio',
      formioName: 'bc-project',
      readOnly: false,
    });
    expect(dto.data).toMatchObject({ estimatedValue: 15000 });
    expect(
      (
        await world({ accessLevel: 'ReadOnly' }).service.step(
          world({ accessLevel: 'ReadOnly' }).grant(),
          'bc-project',
        )
      ).readOnly,
    ).toBe(true);
    const submitted = world({ status: 'Submitted' });
    expect((await submitted.service.step(submitted.grant(), 'bc-project')).readOnly).toBe(true);
    const p = w.service.step(w.grant(), 'ccc-details');
    await expect(p).rejects.toBeInstanceOf(NotFound);
    await expect(p).rejects.toThrow(applicationMessages.stepNotFound);
  });
});

describe('autosave of a step', () => {
  it('keeps every keystroke: sanitised, validated, saved even when invalid, with the errors; the application is touched', async () => {
    const w = world();
    const res = await w.service.saveStep(ann, w.grant(), 'bc-project', {
      data: { buildingWorkDescription: 'Deck <script>alert(1)</script>' },
    });
    expect(res.errors.length).toBeGreaterThan(0);
    expect(res.data.buildingWorkDescription).not.toContain('<script>');
    expect(w.parts.steps).toEqual([
      expect.objectContaining({ stepId: 'bc-project', valid: false, modifiedBy: 'ann' }),
    ]);
    expect(w.updates).toEqual([{ etag: undefined, patch: {}, options: { changed: ['step:bc-project'] } }]);
    const ok = await w.service.saveStep(ann, w.grant(), 'bc-project', { data: complete['bc-project']! });
    expect(ok.errors).toEqual([]);
    expect(w.parts.steps[0]!.valid).toBe(true);
  });

  it('refuses a step that takes no data (400, the spec’s message) and any save once locked (403)', async () => {
    const w = world();
    const p = w.service.saveStep(ann, w.grant(), 'bc-review', { data: {} });
    await expect(p).rejects.toBeInstanceOf(Invalid);
    await expect(p).rejects.toThrow(applicationMessages.cannotSaveStep);
    await expect(p).rejects.toMatchObject({
      details: [{ field: 'path.stepId', reason: STEP_TAKES_NO_DATA }],
    });
    const locked = world({ status: 'Submitted' });
    const q = locked.service.saveStep(ann, locked.grant(), 'bc-project', { data: {} });
    await expect(q).rejects.toBeInstanceOf(Locked);
    await expect(q).rejects.toThrow(applicationMessages.lockedTooltip);
    expect(w.parts.steps).toEqual([]);
    expect(locked.parts.steps).toEqual([]);
  });
});

describe('rule results', () => {
  it('the form steps’ rules, every rule with FULL, one step’s when asked', async () => {
    const w = world();
    const steps = (await w.service.ruleResults(w.grant(), { type: 'STEPS' } as never)).map((r) =>
      ValidationResult.parse(r),
    );
    const full = await w.service.ruleResults(w.grant(), { type: 'FULL' } as never);
    expect(full.length).toBeGreaterThan(steps.length);
    const one = await w.service.ruleResults(w.grant(), { type: 'FULL', stepId: 'bc-participants' } as never);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((r) => r.stepId === 'bc-participants')).toBe(true);
  });
});

describe('submission', () => {
  it('a complete draft is submitted on the etag read; its snapshot leaves out the summary, failed uploads and removed people', async () => {
    const w = world({ complete: true });
    const res = contract['POST /user/applications/{id}/submission'].response.parse(
      await w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' }),
    );
    expect(res.application).toMatchObject({
      status: 'Submitted',
      authorityDisplayName: 'Auckland Council',
    });
    // The summary PDF follows from the event (applications.summaryPdf): none named yet.
    expect(res.application.applicationFormPdf).toBeUndefined();
    expect(w.updates[0]).toMatchObject({
      etag: 'e1',
      patch: { status: 'Submitted', submissionDate: NOW.toISOString(), userSignature: 'Ann Applicant' },
      options: { event: 'ApplicationSubmitted' },
    });
    const [snap] = w.snapshots;
    expect(snap!.submissionDate).toBe(NOW.toISOString());
    expect(snap!.content.documents.map((d) => d.documentName).sort()).toEqual([
      'plans.pdf',
      'proof-of-ownership.pdf',
      'specifications.pdf',
    ]);
    expect(snap!.content.participants.map((p) => p.participantId)).toEqual(['p1']);
    expect(snap!.content.steps.find((s) => s.stepId === 'bc-project')!.data).toMatchObject({
      estimatedValue: 15000,
    });
  });

  it('the signature is the signer’s full name as on their profile (case and spacing forgiven); the submission records who signed, when and the declaration', async () => {
    const w = world({ complete: true });
    const res = await w.service.submit(ann, w.grant(), { userSignature: '  ann   APPLICANT ' });
    const declarationText = formReference('bc')!.form.declarationText;
    expect(declarationText.length).toBeGreaterThan(20);
    expect(w.updates[0]!.patch).toMatchObject({
      signedBy: { userId: 'ann', name: 'Ann Applicant' },
      signedAt: NOW.toISOString(),
      declarationText,
    });
    expect(res.application).toMatchObject({
      signedBy: { userId: 'ann', name: 'Ann Applicant' },
      signedAt: NOW.toISOString(),
      declarationText,
    });
    expect(w.snapshots[0]!.content.application).toMatchObject({ signedBy: { name: 'Ann Applicant' } });
  });

  it('any other text is refused: 400 on body.userSignature, nothing changes', async () => {
    const w = world({ complete: true });
    for (const userSignature of ['x', 'Ann', 'Ann Applicantx']) {
      const p = w.service.submit(ann, w.grant(), { userSignature });
      await expect(p).rejects.toBeInstanceOf(Invalid);
      await expect(p).rejects.toMatchObject({
        details: [{ field: 'body.userSignature', reason: 'Type your full name as it is on your profile' }],
      });
    }
    expect(w.updates).toEqual([]);
    expect(w.snapshots).toEqual([]);
  });

  it('the snapshot is written in the submission’s transaction: a failed transaction leaves neither the submission nor a snapshot', async () => {
    const w = world({ complete: true });
    w.failSnapshot();
    await expect(w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' })).rejects.toThrow();
    expect(w.current().status).toBe('Draft');
    expect(w.snapshots).toEqual([]);
    const v = world({ complete: true });
    await v.service.submit(ann, v.grant(), { userSignature: 'Ann Applicant' });
    expect(v.updates[0]!.options).toMatchObject({
      event: 'ApplicationSubmitted',
      snapshot: { submissionDate: NOW.toISOString(), submittedBy: 'ann', userSignature: 'Ann Applicant' },
    });
    expect(v.snapshots[0]!.content.application).toMatchObject({
      status: 'Submitted',
      applicationId: '1000001',
    });
  });

  it('an application suspended for RFIs goes back in progress', async () => {
    const w = world({ complete: true, status: 'VRFISuspended' });
    expect(
      (await w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' })).application.status,
    ).toBe('InProgress');
  });

  it('refuses with every error rule’s field and message, and changes nothing', async () => {
    const w = world();
    const p = w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' });
    await expect(p).rejects.toThrow(SUBMISSION_HAS_ERRORS);
    const err = (await p.catch((e: unknown) => e)) as Invalid;
    expect(err.details).toContainEqual(
      expect.objectContaining({ reason: 'A valid application needs to have Owner role' }),
    );
    expect(w.updates).toEqual([]);
    expect(w.snapshots).toEqual([]);
  });

  it('only a draft or an application suspended for RFIs (403 locked); a concurrent change is a conflict', async () => {
    const w = world({ complete: true, status: 'Submitted' });
    const p = w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' });
    await expect(p).rejects.toBeInstanceOf(Forbidden);
    await expect(p).rejects.toMatchObject({
      message: applicationMessages.lockedTooltip,
      description: NOT_SUBMITTABLE,
    });
    const v = world({ complete: true });
    const stale = { ...v.grant(), application: { ...v.grant().application } };
    await v.service.submit(ann, v.grant(), { userSignature: 'Ann Applicant' });
    // A second submission of the same read: no longer a draft.
    await expect(v.service.submit(ann, stale, { userSignature: 'Ann Applicant' })).rejects.toBeInstanceOf(
      Locked,
    );
  });
});

describe('metrics (docs/applications.md)', () => {
  const metrics = captureMetrics();
  it('a draft submitted is one Lodgements; a second submission is refused and a resubmission after RFIs is none', async () => {
    const w = world({ complete: true });
    await w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' });
    await expect(w.service.submit(ann, w.grant(), { userSignature: 'Ann Applicant' })).rejects.toThrow();
    const rfi = world({ complete: true, status: 'VRFISuspended' });
    await rfi.service.submit(ann, rfi.grant(), { userSignature: 'Ann Applicant' });
    expect(metrics.emitted()).toEqual([{ name: 'Lodgements', unit: 'Count', dimensions: {} }]);
    expectOnlyCatalogueValues(metrics, ['ann', 'Ann Applicant']);
  });
});
