import { describe, expect, it } from 'vitest';
import { councilWrites } from '../../../../functions/council/service/writes.js';
import type { WritePorts } from '../../../../functions/council/service/writes.js';
import type { ApplicationRecord } from '../../../../functions/platform/access.js';
import type { Idempotency } from '../../../../functions/platform/idempotency.js';
import { Conflict, Invalid } from '../../../../functions/platform/errors.js';
import type { ApplicationStatus } from '../../../../shared/schemas/applications.js';
import { councilWriteRoutes } from '../../../../functions/platform/observability/catalogue.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const NOW = new Date('2026-11-26T10:00:00.000Z');

function app(status: ApplicationStatus, extra: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    applicationId: '1000001',
    recordType: 'Draft',
    authorityId: 'wcc',
    jurisdictionId: 'nz',
    formId: 'f1',
    status,
    userId: 'u1',
    etag: 'e1',
    startedDate: '2026-11-01T00:00:00.000Z',
    modifiedDate: '2026-11-01T00:00:00.000Z',
    submissionDate: '2026-11-02T00:00:00.000Z',
    lodgementDate: '2026-11-02T00:00:00.000Z',
    applicationType: 'Standalone',
    isHidden: false,
    childCount: 0,
    hasOutstandingPayments: false,
    hasOutstandingRFIs: false,
    ...extra,
  } as ApplicationRecord;
}

const idem = { key: 'k', requestHash: 'h', item: () => ({}) } as unknown as Idempotency;

/** The application's documents: two plans and a specification. */
const doc = (name: string, documentContainerId: string, order = 0) => ({
  name,
  fileName: `${name}-file.pdf`,
  fileSize: 7000,
  fileType: 'application/pdf',
  uploadStatus: 'Completed' as const,
  createdDate: '2026-11-03T00:00:00.000Z',
  order,
  documentContainerId,
});
const documents = [
  doc('plan-2.pdf', 'plans', 2),
  doc('plan-1.pdf', 'plans', 1),
  doc('spec.pdf', 'specifications'),
];

function setup() {
  const writes: { patch: unknown; action: string; actor: string; answer: unknown }[] = [];
  const ports: WritePorts = {
    async write(change) {
      const after = { ...change.application, ...change.patch };
      writes.push({
        patch: change.patch,
        action: change.action,
        actor: change.actor,
        answer: change.answer(after),
      });
      return after;
    },
    latestSnapshot: async () => undefined,
    formDisplayName: () => 'Building consent',
    documents: async () => documents,
    isDocumentContainer: (id) => id === 'plans' || id === 'specifications',
    now: () => NOW,
  };
  return { service: councilWrites(ports), writes };
}

const grant = (application: ApplicationRecord) => ({
  council: { authorityId: 'wcc', clientId: 'c1' },
  application,
});

describe('the council writes', () => {
  it('accepts a lodgement (Submitted → InProgress) as the council, storing the answer it gives', async () => {
    const { service, writes } = setup();
    const answer = await service.lodgement(grant(app('Submitted')), idem, { decision: 'Accepted' });
    expect(answer.status).toBe('InProgress');
    expect(writes).toEqual([
      {
        patch: { status: 'InProgress', acceptedDate: NOW.toISOString() },
        action: 'LodgementAccepted',
        actor: 'council:wcc',
        answer,
      },
    ]);
  });

  it('keeps the statutory clock’s dates: the acceptance (the council’s date if given), each suspension', async () => {
    const { service, writes } = setup();
    await service.lodgement(grant(app('Submitted')), idem, { decision: 'Accepted', date: '2026-11-20' });
    expect(writes[0]!.patch).toMatchObject({ acceptedDate: '2026-11-20' });
    const earlier = { from: '2026-11-10T00:00:00.000Z', to: '2026-11-12T00:00:00.000Z' };
    await service.suspend(grant(app('InProgress', { clockSuspensions: [earlier] })), idem, {});
    expect(writes[1]!.patch).toMatchObject({ clockSuspensions: [earlier, { from: NOW.toISOString() }] });
    await service.resume(
      grant(app('VRFISuspended', { clockSuspensions: [earlier, { from: '2026-11-20T00:00:00.000Z' }] })),
      idem,
    );
    expect(writes[2]!.patch).toMatchObject({
      clockSuspensions: [earlier, { from: '2026-11-20T00:00:00.000Z', to: NOW.toISOString() }],
    });
  });

  it('rejects a lodgement with its reason (what GET .../rejected-reason answers)', async () => {
    const { service, writes } = setup();
    const answer = await service.lodgement(grant(app('Submitted')), idem, {
      decision: 'Rejected',
      reason: 'No plans',
    });
    expect(answer.status).toBe('Rejected');
    expect(answer.rejectedReason).toEqual({ reason: 'No plans', date: NOW.toISOString() });
    expect(writes[0]!.patch).toMatchObject({ closedReason: 'No plans' });
  });

  it('suspends and resumes, grants with a consent number (record type Consent), then issues the CCC', async () => {
    const { service } = setup();
    expect((await service.suspend(grant(app('InProgress')), idem, {})).status).toBe('VRFISuspended');
    expect((await service.resume(grant(app('VRFISuspended')), idem)).status).toBe('InProgress');
    const granted = await service.decision(grant(app('InProgress')), idem, {
      outcome: 'Granted',
      consentNumber: 'WCC-2026-1',
    });
    expect(granted).toMatchObject({
      status: 'InProgress',
      consentNumber: 'WCC-2026-1',
      recordType: 'Consent',
    });
    const done = await service.codeComplianceCertificate(
      grant(app('InProgress', { consentNumber: 'WCC-2026-1', recordType: 'Consent' })),
      idem,
      { issuedDate: '2026-12-01' },
    );
    expect(done.status).toBe('Completed');
  });

  it.each([
    ['Refused', 'Refused'],
    ['Lapsed', 'Lapsed'],
    ['Withdrawn', 'Withdrawn'],
  ] as const)('closes an application as %s with the closed reason', async (outcome, status) => {
    const { service } = setup();
    const answer = await service.decision(grant(app('VRFISuspended')), idem, {
      outcome,
      closedReason: 'Why',
    });
    expect(answer).toMatchObject({ status, closedReason: 'Why' });
  });

  it.each([
    [
      'accept a lodgement twice',
      (s: ReturnType<typeof setup>['service']) =>
        s.lodgement(grant(app('InProgress')), idem, { decision: 'Accepted' }),
    ],
    [
      'suspend a submitted one',
      (s: ReturnType<typeof setup>['service']) => s.suspend(grant(app('Submitted')), idem, {}),
    ],
    [
      'resume one in progress',
      (s: ReturnType<typeof setup>['service']) => s.resume(grant(app('InProgress')), idem),
    ],
    [
      'grant twice',
      (s: ReturnType<typeof setup>['service']) =>
        s.decision(grant(app('InProgress', { consentNumber: 'X1' })), idem, {
          outcome: 'Granted',
          consentNumber: 'X2',
        }),
    ],
    [
      'issue a CCC before the grant',
      (s: ReturnType<typeof setup>['service']) =>
        s.codeComplianceCertificate(grant(app('InProgress')), idem, { issuedDate: '2026-12-01' }),
    ],
    [
      'refuse a completed one',
      (s: ReturnType<typeof setup>['service']) =>
        s.decision(grant(app('Completed')), idem, { outcome: 'Refused', closedReason: 'x' }),
    ],
  ])('refuses to %s with 409 and writes nothing', async (_what, call) => {
    const { service, writes } = setup();
    await expect(call(service)).rejects.toBeInstanceOf(Conflict);
    expect(writes).toEqual([]);
  });
});

describe('required document groups', () => {
  const body = {
    name: 'Revised plans',
    status: 'Requested',
    type: 'DocumentContainer',
    displayOrder: 1,
    documentContainerId: 'plans',
    description: 'Plans with the new bracing',
  };

  it('a group is set with its uploads (the documents of its container, in order); the application uses groups', async () => {
    const { service, writes } = setup();
    const group = await service.requiredDocumentGroup(grant(app('InProgress')), idem, 'g1', body);
    expect(group).toMatchObject({
      id: 'g1',
      guid: 'g1',
      applicationId: '1000001',
      name: 'Revised plans',
      description: 'Plans with the new bracing',
      requiredDocumentUploads: [
        { applicationDocumentId: 'plan-1.pdf', documentStatus: 'Received', fileName: 'plan-1.pdf-file.pdf' },
        { applicationDocumentId: 'plan-2.pdf' },
      ],
    });
    expect(writes[0]).toMatchObject({
      action: 'RequiredDocumentGroupSet',
      patch: { useRequiredDocumentGroups: true, requiredDocumentGroups: [{ guid: 'g1', ...body }] },
      answer: group,
    });
  });

  it('an unknown container is 400 on the field, and nothing is written', async () => {
    const { service, writes } = setup();
    const refused = await service
      .requiredDocumentGroup(grant(app('InProgress')), idem, 'g1', { ...body, documentContainerId: 'nope' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Invalid);
    expect((refused as Invalid).details).toEqual([
      { field: 'body.documentContainerId', reason: 'Unknown document container' },
    ]);
    expect(writes).toEqual([]);
  });

  it('an upload is reviewed; replacing the group keeps the review; unknown group or upload is 404', async () => {
    const { service, writes } = setup();
    const stored = [{ guid: 'g1', ...body }];
    const reviewed = await service.reviewUpload(
      grant(app('InProgress', { requiredDocumentGroups: stored })),
      idem,
      'g1',
      'plan-1.pdf',
      { councilStatus: 'Rejected', reason: 'Bracing missing', processingDate: '2026-11-20' },
    );
    expect(reviewed.requiredDocumentUploads[0]).toMatchObject({
      applicationDocumentId: 'plan-1.pdf',
      councilStatus: 'Rejected',
      reason: 'Bracing missing',
      processingDate: '2026-11-20',
    });
    // A rejection is its own action (the applicant is told and has a replacement to upload).
    expect(writes[0]!.action).toBe('RequiredDocumentUploadRejected');
    const afterReview = (writes[0]!.patch as { requiredDocumentGroups: unknown[] }).requiredDocumentGroups;
    const replaced = await service.requiredDocumentGroup(
      grant(app('InProgress', { requiredDocumentGroups: afterReview })),
      idem,
      'g1',
      { ...body, status: 'Received' },
    );
    expect(replaced.status).toBe('Received');
    expect(replaced.requiredDocumentUploads[0]!.councilStatus).toBe('Rejected');
    const withGroups = grant(app('InProgress', { requiredDocumentGroups: stored }));
    await expect(
      service.reviewUpload(withGroups, idem, 'nope', 'plan-1.pdf', { councilStatus: 'Accepted' }),
    ).rejects.toMatchObject({ description: 'Required document group not found' });
    await expect(
      service.reviewUpload(withGroups, idem, 'g1', 'spec.pdf', { councilStatus: 'Accepted' }),
    ).rejects.toMatchObject({ description: 'The document is not an upload of this group' });
    expect(writes).toHaveLength(2);
  });
});

describe('metrics (docs/council-api.md): CouncilWrites by the route’s action, once the change commits', () => {
  const metrics = captureMetrics();
  const stored = [
    {
      guid: 'g1',
      name: 'Plans',
      status: 'Requested',
      type: 'DocumentContainer',
      displayOrder: 1,
      documentContainerId: 'plans',
    },
  ];

  it('counts each write with its route’s action (Count, dimension action only)', async () => {
    const { service } = setup();
    const g = (s: ApplicationStatus, extra: Partial<ApplicationRecord> = {}) => grant(app(s, extra));
    await service.patch(g('InProgress'), idem, { trackingNumber: 'T-1' } as never);
    await service.lodgement(g('Submitted'), idem, { decision: 'Accepted' });
    await service.suspend(g('InProgress'), idem, {});
    await service.resume(g('VRFISuspended'), idem);
    await service.decision(g('InProgress'), idem, { outcome: 'Refused', closedReason: 'x' });
    await service.codeComplianceCertificate(
      g('InProgress', { consentNumber: 'C1', recordType: 'Consent' }),
      idem,
      { issuedDate: '2026-12-01' },
    );
    await service.workflowStages(g('InProgress'), idem, { workflowStages: [] } as never);
    await service.requiredInspections(g('InProgress'), idem, { requiredInspections: [] } as never);
    await service.requiredDocumentGroup(g('InProgress'), idem, 'g1', stored[0]! as never);
    await service.reviewUpload(
      g('InProgress', { requiredDocumentGroups: stored }),
      idem,
      'g1',
      'plan-1.pdf',
      {
        councilStatus: 'Accepted',
      } as never,
    );
    const routes = [
      'PATCH /council/applications/{id}',
      'POST /council/applications/{id}/lodgement',
      'POST /council/applications/{id}/suspension',
      'DELETE /council/applications/{id}/suspension',
      'POST /council/applications/{id}/decision',
      'POST /council/applications/{id}/code-compliance-certificate',
      'PUT /council/applications/{id}/workflow-stages',
      'PUT /council/applications/{id}/required-inspections',
      'PUT /council/applications/{id}/required-document-groups/{guid}',
      'PATCH /council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}',
    ] as const;
    expect(metrics.emitted()).toEqual(
      routes.map((r) => ({
        name: 'CouncilWrites',
        unit: 'Count',
        dimensions: { action: councilWriteRoutes[r] },
      })),
    );
    expectOnlyCatalogueValues(metrics, ['1000001', 'wcc', 'council:wcc', 'u1', 'g1', 'plan-1.pdf']);
  });

  it('counts nothing when the write is refused or loses its race', async () => {
    const { service } = setup();
    await expect(service.suspend(grant(app('Submitted')), idem, {})).rejects.toBeInstanceOf(Conflict);
    const racing = councilWrites({
      write: async () => {
        throw new Conflict('changed meanwhile');
      },
      latestSnapshot: async () => undefined,
      formDisplayName: () => 'x',
      documents: async () => [],
      isDocumentContainer: () => true,
      now: () => NOW,
    });
    await expect(racing.suspend(grant(app('InProgress')), idem, {})).rejects.toBeInstanceOf(Conflict);
    expect(metrics.seen).toEqual([]);
  });
});
