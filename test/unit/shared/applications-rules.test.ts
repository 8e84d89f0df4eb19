/** The pure application rules of the spec (docs/applications.md) (shared/domain/applications.ts), one test per rule. */
import { describe, expect, it } from 'vitest';
import {
  accessRank,
  applicationHref,
  canEdit,
  canManage,
  canRead,
  cardMenu,
  currentStage,
  hasOutstandingItems,
  initialStages,
  isDeletable,
  isEditable,
  isEditableStatus,
  isInProgressLike,
  isLooselyEditableStatus,
  isOwnershipDocumentExpired,
  isStepVisible,
  isVisibleStatus,
  listRecordType,
  stageChip,
  stageLabel,
  statusExplanation,
  statusLabel,
} from '../../../shared/domain/applications';
import type { CardMenuInput } from '../../../shared/domain/applications';
import type { WorkflowStage } from '../../../shared/schemas/applications';
import { applicationStatuses } from '../../../shared/schemas/applications';

const stage = (s: Partial<WorkflowStage>): WorkflowStage => ({
  stageDisplayName: 'Inspections',
  stageName: 'Inspections',
  stageStatus: 'NotStarted',
  stageType: 'Steps',
  items: [],
  ...s,
});

describe('access levels (§6)', () => {
  it('ranks ReadOnly 1, Edit 2, Manage 3; Unassigned, None and absent 0', () => {
    expect(
      ['Unassigned', 'None', undefined, 'ReadOnly', 'Edit', 'Manage'].map((l) => accessRank(l as never)),
    ).toEqual([0, 0, 0, 1, 2, 3]);
  });
  it('reading needs ReadOnly, editing needs Edit, managing needs Manage', () => {
    expect(canRead('None')).toBe(false);
    expect(canRead('ReadOnly')).toBe(true);
    expect(canEdit('ReadOnly')).toBe(false);
    expect(canEdit('Edit')).toBe(true);
    expect(canManage('Edit')).toBe(false);
    expect(canManage('Manage')).toBe(true);
  });
});

describe('states (§4)', () => {
  it('editable in the form: Draft or VRFISuspended only', () => {
    expect(applicationStatuses.filter(isEditableStatus)).toEqual(['Draft', 'VRFISuspended']);
  });
  it('the looser rule also counts InProgress and Refused', () => {
    expect(applicationStatuses.filter(isLooselyEditableStatus).sort()).toEqual(
      ['Draft', 'InProgress', 'Refused', 'VRFISuspended'].sort(),
    );
  });
  it('in-progress-like: InProgress or VRFISuspended', () => {
    expect(applicationStatuses.filter(isInProgressLike)).toEqual(['InProgress', 'VRFISuspended']);
  });
  it('visible statuses exclude Archived', () => {
    expect(applicationStatuses.filter((s) => !isVisibleStatus(s))).toEqual(['Archived']);
  });
  it('editable needs Edit access and an editable status', () => {
    expect(isEditable({ status: 'Draft', accessLevel: 'Edit' })).toBe(true);
    expect(isEditable({ status: 'Draft', accessLevel: 'ReadOnly' })).toBe(false);
    expect(isEditable({ status: 'Submitted', accessLevel: 'Manage' })).toBe(false);
  });
  it('delete: Manage, not VRFISuspended, record type Draft', () => {
    expect(isDeletable({ status: 'Draft', accessLevel: 'Manage', recordType: 'Draft' })).toBe(true);
    expect(isDeletable({ status: 'Draft', accessLevel: 'Edit', recordType: 'Draft' })).toBe(false);
    expect(isDeletable({ status: 'VRFISuspended', accessLevel: 'Manage', recordType: 'Draft' })).toBe(false);
    expect(isDeletable({ status: 'InProgress', accessLevel: 'Manage', recordType: 'Consent' })).toBe(false);
    // Lodged with the council but no consent number yet (record type still Draft): never deleted.
    for (const status of ['Submitted', 'Submitting', 'InProgress', 'Refused', 'Withdrawn'] as const)
      expect(isDeletable({ status, accessLevel: 'Manage', recordType: 'Draft' })).toBe(false);
    // Templates ('Delete Template'): Manage only.
    expect(isDeletable({ status: 'Draft', accessLevel: 'Manage', recordType: 'Template' })).toBe(true);
    expect(isDeletable({ status: 'Draft', accessLevel: 'Edit', recordType: 'Template' })).toBe(false);
  });
  it('list record type: Consent when a consent number exists, else Draft; templates stay Template', () => {
    expect(listRecordType({ recordType: 'Draft' })).toBe('Draft');
    expect(listRecordType({ recordType: 'Draft', consentNumber: 'BC-1' })).toBe('Consent');
    expect(listRecordType({ recordType: 'Template', consentNumber: 'BC-1' })).toBe('Template');
  });
  it('outstanding items: outstanding payments or RFIs', () => {
    expect(hasOutstandingItems({})).toBe(false);
    expect(hasOutstandingItems({ hasOutstandingPayments: true })).toBe(true);
    expect(hasOutstandingItems({ hasOutstandingRFIs: true })).toBe(true);
  });
  it('opening a card: a Draft opens the form page, any other status the details page', () => {
    expect(applicationHref({ id: '7', status: 'Draft' })).toBe('/application-form/7');
    expect(applicationHref({ id: '7', status: 'Submitted' })).toBe('/application-details/7');
    expect(applicationHref({ id: '7', status: 'VRFISuspended', hasOutstandingRFIs: true })).toBe(
      '/application-details/7?section=RFIs',
    );
    expect(applicationHref({ id: '7', status: 'InProgress', hasOutstandingPayments: true })).toBe(
      '/application-details/7?section=Payments',
    );
  });
  it('status labels; VRFISuspended reads Suspended · RFIs', () => {
    expect(statusLabel('InProgress')).toBe('In Progress');
    expect(statusLabel('VRFISuspended')).toBe('Suspended · RFIs');
    expect(statusLabel('Unknown')).toBe('Unknown');
  });
  it('every status has a plain label and a sentence; Suspended says the applicant is awaited and the clock paused', () => {
    expect(statusExplanation('VRFISuspended')).toBe(
      "Waiting for your answers; the council's clock is paused.",
    );
    for (const status of applicationStatuses) {
      expect(statusLabel(status)).not.toMatch(/^[A-Z][a-z]+[A-Z]|^[A-Z_]{3,}$/);
      expect(statusExplanation(status)).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('workflow stages (§4)', () => {
  it('a new application shows the four stages, none started', () => {
    expect(initialStages().map((s) => [s.stageName, s.stageStatus])).toEqual([
      ['Lodgement', 'NotStarted'],
      ['Assessment', 'NotStarted'],
      ['Inspections', 'NotStarted'],
      ['Certificates', 'NotStarted'],
    ]);
  });
  it('completed stages read Lodgement Accepted, Assessment Issued, Inspections Passed, Certificates Issued', () => {
    expect(
      (['Lodgement', 'Assessment', 'Inspections', 'Certificates'] as const).map((n) =>
        stageLabel(stage({ stageName: n, stageStatus: 'Completed' })),
      ),
    ).toEqual(['Lodgement Accepted', 'Assessment Issued', 'Inspections Passed', 'Certificates Issued']);
  });
  it('in progress shows (x/y Completed), number stages show Passed; suspended shows Suspended · RFIs', () => {
    expect(stageLabel(stage({ stageStatus: 'Started', progress: { elapsedNum: 2, totalNum: 5 } }))).toBe(
      '(2/5 Completed)',
    );
    // A running Inspections (Numbers) stage reads its count, not the finished label (docs/applications.md).
    expect(
      stageLabel(
        stage({ stageStatus: 'Started', stageType: 'Numbers', progress: { elapsedNum: 1, totalNum: 3 } }),
      ),
    ).toBe('(1/3 Passed)');
    expect(stageLabel(stage({ stageStatus: 'Started', stageType: 'Numbers' }))).toBe(
      'Inspections in progress',
    );
    expect(stageLabel(stage({ stageStatus: 'Suspended' }))).toBe('Suspended · RFIs');
  });
  it('statuses the spec gives no label show the stage and the status in words, never a raw code', () => {
    expect(
      stageLabel(
        stage({ stageName: 'Lodgement', stageDisplayName: 'Lodgement', stageStatus: 'AwaitingPayment' }),
      ),
    ).toBe('Lodgement · Awaiting payment');
    expect(
      stageLabel(stage({ stageName: 'Assessment', stageDisplayName: 'Assessment', stageStatus: 'Refused' })),
    ).toBe('Assessment · Refused');
  });
  it('every stage × status × type has its label (pinned)', () => {
    const names = ['Lodgement', 'Assessment', 'Inspections', 'Certificates'] as const;
    const statuses = [
      'Completed',
      'NotStarted',
      'Started',
      'Suspended',
      'AwaitingPayment',
      'Rejected',
      'Lapsed',
      'Withdrawn',
      'Refused',
    ] as const;
    const table: Record<string, string> = {};
    for (const stageName of names)
      for (const stageStatus of statuses)
        for (const stageType of ['Steps', 'Numbers'] as const)
          for (const progress of [undefined, { elapsedNum: 1, totalNum: 3 }]) {
            const key = `${stageName} ${stageStatus} ${stageType}${progress ? ' 1/3' : ''}`;
            table[key] = stageLabel(
              stage({
                stageName,
                stageDisplayName: stageName,
                stageStatus,
                stageType,
                ...(progress ? { progress } : {}),
              }),
            );
          }
    // Never the code, never a finished label on a running stage, never the name twice.
    for (const [key, label] of Object.entries(table)) {
      expect(label, key).not.toMatch(/NotStarted|AwaitingPayment|^(\w+) \1$/);
      if (key.includes('Started') && !key.includes('NotStarted'))
        expect(label, key).not.toMatch(/Passed$|Issued$|Accepted$/);
    }
    expect(table).toMatchInlineSnapshot(`
      {
        "Assessment AwaitingPayment Numbers": "Assessment · Awaiting payment",
        "Assessment AwaitingPayment Numbers 1/3": "Assessment · Awaiting payment",
        "Assessment AwaitingPayment Steps": "Assessment · Awaiting payment",
        "Assessment AwaitingPayment Steps 1/3": "Assessment · Awaiting payment",
        "Assessment Completed Numbers": "Assessment Issued",
        "Assessment Completed Numbers 1/3": "Assessment Issued",
        "Assessment Completed Steps": "Assessment Issued",
        "Assessment Completed Steps 1/3": "Assessment Issued",
        "Assessment Lapsed Numbers": "Assessment · Lapsed",
        "Assessment Lapsed Numbers 1/3": "Assessment · Lapsed",
        "Assessment Lapsed Steps": "Assessment · Lapsed",
        "Assessment Lapsed Steps 1/3": "Assessment · Lapsed",
        "Assessment NotStarted Numbers": "Assessment",
        "Assessment NotStarted Numbers 1/3": "Assessment",
        "Assessment NotStarted Steps": "Assessment",
        "Assessment NotStarted Steps 1/3": "Assessment",
        "Assessment Refused Numbers": "Assessment · Refused",
        "Assessment Refused Numbers 1/3": "Assessment · Refused",
        "Assessment Refused Steps": "Assessment · Refused",
        "Assessment Refused Steps 1/3": "Assessment · Refused",
        "Assessment Rejected Numbers": "Assessment · Rejected",
        "Assessment Rejected Numbers 1/3": "Assessment · Rejected",
        "Assessment Rejected Steps": "Assessment · Rejected",
        "Assessment Rejected Steps 1/3": "Assessment · Rejected",
        "Assessment Started Numbers": "Assessment in progress",
        "Assessment Started Numbers 1/3": "(1/3 Passed)",
        "Assessment Started Steps": "Assessment in progress",
        "Assessment Started Steps 1/3": "(1/3 Completed)",
        "Assessment Suspended Numbers": "Suspended · RFIs",
        "Assessment Suspended Numbers 1/3": "Suspended · RFIs",
        "Assessment Suspended Steps": "Suspended · RFIs",
        "Assessment Suspended Steps 1/3": "Suspended · RFIs",
        "Assessment Withdrawn Numbers": "Assessment · Withdrawn",
        "Assessment Withdrawn Numbers 1/3": "Assessment · Withdrawn",
        "Assessment Withdrawn Steps": "Assessment · Withdrawn",
        "Assessment Withdrawn Steps 1/3": "Assessment · Withdrawn",
        "Certificates AwaitingPayment Numbers": "Certificates · Awaiting payment",
        "Certificates AwaitingPayment Numbers 1/3": "Certificates · Awaiting payment",
        "Certificates AwaitingPayment Steps": "Certificates · Awaiting payment",
        "Certificates AwaitingPayment Steps 1/3": "Certificates · Awaiting payment",
        "Certificates Completed Numbers": "Certificates Issued",
        "Certificates Completed Numbers 1/3": "Certificates Issued",
        "Certificates Completed Steps": "Certificates Issued",
        "Certificates Completed Steps 1/3": "Certificates Issued",
        "Certificates Lapsed Numbers": "Certificates · Lapsed",
        "Certificates Lapsed Numbers 1/3": "Certificates · Lapsed",
        "Certificates Lapsed Steps": "Certificates · Lapsed",
        "Certificates Lapsed Steps 1/3": "Certificates · Lapsed",
        "Certificates NotStarted Numbers": "Certificates",
        "Certificates NotStarted Numbers 1/3": "Certificates",
        "Certificates NotStarted Steps": "Certificates",
        "Certificates NotStarted Steps 1/3": "Certificates",
        "Certificates Refused Numbers": "Certificates · Refused",
        "Certificates Refused Numbers 1/3": "Certificates · Refused",
        "Certificates Refused Steps": "Certificates · Refused",
        "Certificates Refused Steps 1/3": "Certificates · Refused",
        "Certificates Rejected Numbers": "Certificates · Rejected",
        "Certificates Rejected Numbers 1/3": "Certificates · Rejected",
        "Certificates Rejected Steps": "Certificates · Rejected",
        "Certificates Rejected Steps 1/3": "Certificates · Rejected",
        "Certificates Started Numbers": "Certificates in progress",
        "Certificates Started Numbers 1/3": "(1/3 Passed)",
        "Certificates Started Steps": "Certificates in progress",
        "Certificates Started Steps 1/3": "(1/3 Completed)",
        "Certificates Suspended Numbers": "Suspended · RFIs",
        "Certificates Suspended Numbers 1/3": "Suspended · RFIs",
        "Certificates Suspended Steps": "Suspended · RFIs",
        "Certificates Suspended Steps 1/3": "Suspended · RFIs",
        "Certificates Withdrawn Numbers": "Certificates · Withdrawn",
        "Certificates Withdrawn Numbers 1/3": "Certificates · Withdrawn",
        "Certificates Withdrawn Steps": "Certificates · Withdrawn",
        "Certificates Withdrawn Steps 1/3": "Certificates · Withdrawn",
        "Inspections AwaitingPayment Numbers": "Inspections · Awaiting payment",
        "Inspections AwaitingPayment Numbers 1/3": "Inspections · Awaiting payment",
        "Inspections AwaitingPayment Steps": "Inspections · Awaiting payment",
        "Inspections AwaitingPayment Steps 1/3": "Inspections · Awaiting payment",
        "Inspections Completed Numbers": "Inspections Passed",
        "Inspections Completed Numbers 1/3": "Inspections Passed",
        "Inspections Completed Steps": "Inspections Passed",
        "Inspections Completed Steps 1/3": "Inspections Passed",
        "Inspections Lapsed Numbers": "Inspections · Lapsed",
        "Inspections Lapsed Numbers 1/3": "Inspections · Lapsed",
        "Inspections Lapsed Steps": "Inspections · Lapsed",
        "Inspections Lapsed Steps 1/3": "Inspections · Lapsed",
        "Inspections NotStarted Numbers": "Inspections",
        "Inspections NotStarted Numbers 1/3": "Inspections",
        "Inspections NotStarted Steps": "Inspections",
        "Inspections NotStarted Steps 1/3": "Inspections",
        "Inspections Refused Numbers": "Inspections · Refused",
        "Inspections Refused Numbers 1/3": "Inspections · Refused",
        "Inspections Refused Steps": "Inspections · Refused",
        "Inspections Refused Steps 1/3": "Inspections · Refused",
        "Inspections Rejected Numbers": "Inspections · Rejected",
        "Inspections Rejected Numbers 1/3": "Inspections · Rejected",
        "Inspections Rejected Steps": "Inspections · Rejected",
        "Inspections Rejected Steps 1/3": "Inspections · Rejected",
        "Inspections Started Numbers": "Inspections in progress",
        "Inspections Started Numbers 1/3": "(1/3 Passed)",
        "Inspections Started Steps": "Inspections in progress",
        "Inspections Started Steps 1/3": "(1/3 Completed)",
        "Inspections Suspended Numbers": "Suspended · RFIs",
        "Inspections Suspended Numbers 1/3": "Suspended · RFIs",
        "Inspections Suspended Steps": "Suspended · RFIs",
        "Inspections Suspended Steps 1/3": "Suspended · RFIs",
        "Inspections Withdrawn Numbers": "Inspections · Withdrawn",
        "Inspections Withdrawn Numbers 1/3": "Inspections · Withdrawn",
        "Inspections Withdrawn Steps": "Inspections · Withdrawn",
        "Inspections Withdrawn Steps 1/3": "Inspections · Withdrawn",
        "Lodgement AwaitingPayment Numbers": "Lodgement · Awaiting payment",
        "Lodgement AwaitingPayment Numbers 1/3": "Lodgement · Awaiting payment",
        "Lodgement AwaitingPayment Steps": "Lodgement · Awaiting payment",
        "Lodgement AwaitingPayment Steps 1/3": "Lodgement · Awaiting payment",
        "Lodgement Completed Numbers": "Lodgement Accepted",
        "Lodgement Completed Numbers 1/3": "Lodgement Accepted",
        "Lodgement Completed Steps": "Lodgement Accepted",
        "Lodgement Completed Steps 1/3": "Lodgement Accepted",
        "Lodgement Lapsed Numbers": "Lodgement · Lapsed",
        "Lodgement Lapsed Numbers 1/3": "Lodgement · Lapsed",
        "Lodgement Lapsed Steps": "Lodgement · Lapsed",
        "Lodgement Lapsed Steps 1/3": "Lodgement · Lapsed",
        "Lodgement NotStarted Numbers": "Lodgement",
        "Lodgement NotStarted Numbers 1/3": "Lodgement",
        "Lodgement NotStarted Steps": "Lodgement",
        "Lodgement NotStarted Steps 1/3": "Lodgement",
        "Lodgement Refused Numbers": "Lodgement · Refused",
        "Lodgement Refused Numbers 1/3": "Lodgement · Refused",
        "Lodgement Refused Steps": "Lodgement · Refused",
        "Lodgement Refused Steps 1/3": "Lodgement · Refused",
        "Lodgement Rejected Numbers": "Lodgement · Rejected",
        "Lodgement Rejected Numbers 1/3": "Lodgement · Rejected",
        "Lodgement Rejected Steps": "Lodgement · Rejected",
        "Lodgement Rejected Steps 1/3": "Lodgement · Rejected",
        "Lodgement Started Numbers": "Lodgement in progress",
        "Lodgement Started Numbers 1/3": "(1/3 Passed)",
        "Lodgement Started Steps": "Lodgement in progress",
        "Lodgement Started Steps 1/3": "(1/3 Completed)",
        "Lodgement Suspended Numbers": "Suspended · RFIs",
        "Lodgement Suspended Numbers 1/3": "Suspended · RFIs",
        "Lodgement Suspended Steps": "Suspended · RFIs",
        "Lodgement Suspended Steps 1/3": "Suspended · RFIs",
        "Lodgement Withdrawn Numbers": "Lodgement · Withdrawn",
        "Lodgement Withdrawn Numbers 1/3": "Lodgement · Withdrawn",
        "Lodgement Withdrawn Steps": "Lodgement · Withdrawn",
        "Lodgement Withdrawn Steps 1/3": "Lodgement · Withdrawn",
      }
    `);
  });
  it('the Overview’s chips never repeat the name nor contradict the application (docs/applications.md)', () => {
    const four = initialStages();
    const accepted = { status: 'InProgress' as const, acceptedDate: '2026-11-02' };
    expect(four.map((s) => stageChip(s, accepted, four).text)).toEqual([
      'Accepted',
      'In progress',
      'Not started',
      'Not started',
    ]);
    expect(stageChip(four[1]!, { ...accepted, status: 'VRFISuspended' }, four).text).toBe('Suspended · RFIs');
    expect(stageChip(four[1]!, { ...accepted, decisionDate: '2026-11-20' }, four).text).toBe('Decided');
    expect(four.map((s) => stageChip(s, { status: 'Submitted' }, four).text)).toEqual([
      'Not started',
      'Not started',
      'Not started',
      'Not started',
    ]);
    const inspecting = four.map((s) =>
      s.stageName === 'Inspections'
        ? { ...s, stageStatus: 'Started' as const, progress: { elapsedNum: 1, totalNum: 3 } }
        : s,
    );
    expect(inspecting.map((s) => stageChip(s, { status: 'InProgress' }, inspecting).text)).toEqual([
      'Not yet reported by the council',
      'Not yet reported by the council',
      '(1/3 Passed)',
      'Not started',
    ]);
    expect(stageChip(stage({ stageStatus: 'Started', stageType: 'Numbers' }), accepted).text).toBe(
      'In progress',
    );
    expect(stageChip(stage({ stageName: 'Inspections', stageStatus: 'Completed' }), accepted).text).toBe(
      'Passed',
    );
  });
  it('every stage × status × type has its Overview chip (pinned; docs/applications.md)', () => {
    const names = ['Lodgement', 'Assessment', 'Inspections', 'Certificates'] as const;
    const statuses = [
      'Completed',
      'NotStarted',
      'Started',
      'Suspended',
      'AwaitingPayment',
      'Rejected',
      'Lapsed',
      'Withdrawn',
      'Refused',
    ] as const;
    const accepted = { status: 'InProgress' as const, acceptedDate: '2026-11-02' };
    const table: Record<string, string> = {};
    for (const stageName of names)
      for (const stageStatus of statuses)
        for (const stageType of ['Steps', 'Numbers'] as const)
          for (const progress of [undefined, { elapsedNum: 1, totalNum: 3 }]) {
            const s = stage({
              stageName,
              stageDisplayName: stageName,
              stageStatus,
              stageType,
              ...(progress ? { progress } : {}),
            });
            const chip = stageChip(s, accepted, [s]);
            table[`${stageName} ${stageStatus} ${stageType}${progress ? ' 1/3' : ''}`] =
              `${chip.text} (${chip.tone})`;
          }
    for (const [key, text] of Object.entries(table)) {
      // Never the stage's name again (the name is beside the chip), never a code.
      expect(text, key).not.toMatch(/NotStarted|AwaitingPayment|Lodgement|Assessment|Certificates/);
      if (key.includes(' Started ')) expect(text, key).not.toMatch(/Passed \(|Issued|Accepted/);
    }
    expect(table['Inspections Started Numbers 1/3']).toBe('(1/3 Passed) (current)');
    expect(table).toMatchInlineSnapshot(`
      {
        "Assessment AwaitingPayment Numbers": "Awaiting payment (current)",
        "Assessment AwaitingPayment Numbers 1/3": "Awaiting payment (current)",
        "Assessment AwaitingPayment Steps": "Awaiting payment (current)",
        "Assessment AwaitingPayment Steps 1/3": "Awaiting payment (current)",
        "Assessment Completed Numbers": "Issued (done)",
        "Assessment Completed Numbers 1/3": "Issued (done)",
        "Assessment Completed Steps": "Issued (done)",
        "Assessment Completed Steps 1/3": "Issued (done)",
        "Assessment Lapsed Numbers": "Lapsed (stopped)",
        "Assessment Lapsed Numbers 1/3": "Lapsed (stopped)",
        "Assessment Lapsed Steps": "Lapsed (stopped)",
        "Assessment Lapsed Steps 1/3": "Lapsed (stopped)",
        "Assessment NotStarted Numbers": "In progress (current)",
        "Assessment NotStarted Numbers 1/3": "In progress (current)",
        "Assessment NotStarted Steps": "In progress (current)",
        "Assessment NotStarted Steps 1/3": "In progress (current)",
        "Assessment Refused Numbers": "Refused (stopped)",
        "Assessment Refused Numbers 1/3": "Refused (stopped)",
        "Assessment Refused Steps": "Refused (stopped)",
        "Assessment Refused Steps 1/3": "Refused (stopped)",
        "Assessment Rejected Numbers": "Rejected (stopped)",
        "Assessment Rejected Numbers 1/3": "Rejected (stopped)",
        "Assessment Rejected Steps": "Rejected (stopped)",
        "Assessment Rejected Steps 1/3": "Rejected (stopped)",
        "Assessment Started Numbers": "In progress (current)",
        "Assessment Started Numbers 1/3": "(1/3 Passed) (current)",
        "Assessment Started Steps": "In progress (current)",
        "Assessment Started Steps 1/3": "(1/3 Completed) (current)",
        "Assessment Suspended Numbers": "Suspended · RFIs (current)",
        "Assessment Suspended Numbers 1/3": "Suspended · RFIs (current)",
        "Assessment Suspended Steps": "Suspended · RFIs (current)",
        "Assessment Suspended Steps 1/3": "Suspended · RFIs (current)",
        "Assessment Withdrawn Numbers": "Withdrawn (stopped)",
        "Assessment Withdrawn Numbers 1/3": "Withdrawn (stopped)",
        "Assessment Withdrawn Steps": "Withdrawn (stopped)",
        "Assessment Withdrawn Steps 1/3": "Withdrawn (stopped)",
        "Certificates AwaitingPayment Numbers": "Awaiting payment (current)",
        "Certificates AwaitingPayment Numbers 1/3": "Awaiting payment (current)",
        "Certificates AwaitingPayment Steps": "Awaiting payment (current)",
        "Certificates AwaitingPayment Steps 1/3": "Awaiting payment (current)",
        "Certificates Completed Numbers": "Issued (done)",
        "Certificates Completed Numbers 1/3": "Issued (done)",
        "Certificates Completed Steps": "Issued (done)",
        "Certificates Completed Steps 1/3": "Issued (done)",
        "Certificates Lapsed Numbers": "Lapsed (stopped)",
        "Certificates Lapsed Numbers 1/3": "Lapsed (stopped)",
        "Certificates Lapsed Steps": "Lapsed (stopped)",
        "Certificates Lapsed Steps 1/3": "Lapsed (stopped)",
        "Certificates NotStarted Numbers": "Not started (notStarted)",
        "Certificates NotStarted Numbers 1/3": "Not started (notStarted)",
        "Certificates NotStarted Steps": "Not started (notStarted)",
        "Certificates NotStarted Steps 1/3": "Not started (notStarted)",
        "Certificates Refused Numbers": "Refused (stopped)",
        "Certificates Refused Numbers 1/3": "Refused (stopped)",
        "Certificates Refused Steps": "Refused (stopped)",
        "Certificates Refused Steps 1/3": "Refused (stopped)",
        "Certificates Rejected Numbers": "Rejected (stopped)",
        "Certificates Rejected Numbers 1/3": "Rejected (stopped)",
        "Certificates Rejected Steps": "Rejected (stopped)",
        "Certificates Rejected Steps 1/3": "Rejected (stopped)",
        "Certificates Started Numbers": "In progress (current)",
        "Certificates Started Numbers 1/3": "(1/3 Passed) (current)",
        "Certificates Started Steps": "In progress (current)",
        "Certificates Started Steps 1/3": "(1/3 Completed) (current)",
        "Certificates Suspended Numbers": "Suspended · RFIs (current)",
        "Certificates Suspended Numbers 1/3": "Suspended · RFIs (current)",
        "Certificates Suspended Steps": "Suspended · RFIs (current)",
        "Certificates Suspended Steps 1/3": "Suspended · RFIs (current)",
        "Certificates Withdrawn Numbers": "Withdrawn (stopped)",
        "Certificates Withdrawn Numbers 1/3": "Withdrawn (stopped)",
        "Certificates Withdrawn Steps": "Withdrawn (stopped)",
        "Certificates Withdrawn Steps 1/3": "Withdrawn (stopped)",
        "Inspections AwaitingPayment Numbers": "Awaiting payment (current)",
        "Inspections AwaitingPayment Numbers 1/3": "Awaiting payment (current)",
        "Inspections AwaitingPayment Steps": "Awaiting payment (current)",
        "Inspections AwaitingPayment Steps 1/3": "Awaiting payment (current)",
        "Inspections Completed Numbers": "Passed (done)",
        "Inspections Completed Numbers 1/3": "Passed (done)",
        "Inspections Completed Steps": "Passed (done)",
        "Inspections Completed Steps 1/3": "Passed (done)",
        "Inspections Lapsed Numbers": "Lapsed (stopped)",
        "Inspections Lapsed Numbers 1/3": "Lapsed (stopped)",
        "Inspections Lapsed Steps": "Lapsed (stopped)",
        "Inspections Lapsed Steps 1/3": "Lapsed (stopped)",
        "Inspections NotStarted Numbers": "Not started (notStarted)",
        "Inspections NotStarted Numbers 1/3": "Not started (notStarted)",
        "Inspections NotStarted Steps": "Not started (notStarted)",
        "Inspections NotStarted Steps 1/3": "Not started (notStarted)",
        "Inspections Refused Numbers": "Refused (stopped)",
        "Inspections Refused Numbers 1/3": "Refused (stopped)",
        "Inspections Refused Steps": "Refused (stopped)",
        "Inspections Refused Steps 1/3": "Refused (stopped)",
        "Inspections Rejected Numbers": "Rejected (stopped)",
        "Inspections Rejected Numbers 1/3": "Rejected (stopped)",
        "Inspections Rejected Steps": "Rejected (stopped)",
        "Inspections Rejected Steps 1/3": "Rejected (stopped)",
        "Inspections Started Numbers": "In progress (current)",
        "Inspections Started Numbers 1/3": "(1/3 Passed) (current)",
        "Inspections Started Steps": "In progress (current)",
        "Inspections Started Steps 1/3": "(1/3 Completed) (current)",
        "Inspections Suspended Numbers": "Suspended · RFIs (current)",
        "Inspections Suspended Numbers 1/3": "Suspended · RFIs (current)",
        "Inspections Suspended Steps": "Suspended · RFIs (current)",
        "Inspections Suspended Steps 1/3": "Suspended · RFIs (current)",
        "Inspections Withdrawn Numbers": "Withdrawn (stopped)",
        "Inspections Withdrawn Numbers 1/3": "Withdrawn (stopped)",
        "Inspections Withdrawn Steps": "Withdrawn (stopped)",
        "Inspections Withdrawn Steps 1/3": "Withdrawn (stopped)",
        "Lodgement AwaitingPayment Numbers": "Awaiting payment (current)",
        "Lodgement AwaitingPayment Numbers 1/3": "Awaiting payment (current)",
        "Lodgement AwaitingPayment Steps": "Awaiting payment (current)",
        "Lodgement AwaitingPayment Steps 1/3": "Awaiting payment (current)",
        "Lodgement Completed Numbers": "Accepted (done)",
        "Lodgement Completed Numbers 1/3": "Accepted (done)",
        "Lodgement Completed Steps": "Accepted (done)",
        "Lodgement Completed Steps 1/3": "Accepted (done)",
        "Lodgement Lapsed Numbers": "Lapsed (stopped)",
        "Lodgement Lapsed Numbers 1/3": "Lapsed (stopped)",
        "Lodgement Lapsed Steps": "Lapsed (stopped)",
        "Lodgement Lapsed Steps 1/3": "Lapsed (stopped)",
        "Lodgement NotStarted Numbers": "Accepted (done)",
        "Lodgement NotStarted Numbers 1/3": "Accepted (done)",
        "Lodgement NotStarted Steps": "Accepted (done)",
        "Lodgement NotStarted Steps 1/3": "Accepted (done)",
        "Lodgement Refused Numbers": "Refused (stopped)",
        "Lodgement Refused Numbers 1/3": "Refused (stopped)",
        "Lodgement Refused Steps": "Refused (stopped)",
        "Lodgement Refused Steps 1/3": "Refused (stopped)",
        "Lodgement Rejected Numbers": "Rejected (stopped)",
        "Lodgement Rejected Numbers 1/3": "Rejected (stopped)",
        "Lodgement Rejected Steps": "Rejected (stopped)",
        "Lodgement Rejected Steps 1/3": "Rejected (stopped)",
        "Lodgement Started Numbers": "In progress (current)",
        "Lodgement Started Numbers 1/3": "(1/3 Passed) (current)",
        "Lodgement Started Steps": "In progress (current)",
        "Lodgement Started Steps 1/3": "(1/3 Completed) (current)",
        "Lodgement Suspended Numbers": "Suspended · RFIs (current)",
        "Lodgement Suspended Numbers 1/3": "Suspended · RFIs (current)",
        "Lodgement Suspended Steps": "Suspended · RFIs (current)",
        "Lodgement Suspended Steps 1/3": "Suspended · RFIs (current)",
        "Lodgement Withdrawn Numbers": "Withdrawn (stopped)",
        "Lodgement Withdrawn Numbers 1/3": "Withdrawn (stopped)",
        "Lodgement Withdrawn Steps": "Withdrawn (stopped)",
        "Lodgement Withdrawn Steps 1/3": "Withdrawn (stopped)",
      }
    `);
  });
  it('the current stage is the first not completed, else the last', () => {
    const done = stage({ stageName: 'Lodgement', stageStatus: 'Completed' });
    const next = stage({ stageName: 'Assessment', stageStatus: 'Started' });
    expect(currentStage([done, next])).toBe(next);
    expect(currentStage([done])).toBe(done);
  });
});

describe('steps (§6)', () => {
  it('a step shows when the access level reaches its minimum (at least ReadOnly)', () => {
    expect(isStepVisible({ type: 'Formio', minimumAccessLevel: 'Edit' }, 'ReadOnly')).toBe(false);
    expect(isStepVisible({ type: 'Formio', minimumAccessLevel: 'Edit' }, 'Edit')).toBe(true);
    expect(isStepVisible({ type: 'Formio', minimumAccessLevel: 'None' }, 'None')).toBe(false);
  });
  it('a contact step shows for everyone when the flag is set', () => {
    expect(isStepVisible({ type: 'Contact', minimumAccessLevel: 'Manage' }, 'None', true)).toBe(true);
  });
});

describe('ownership documents (§6)', () => {
  it('expire after 3 months', () => {
    const now = new Date('2025-06-15T00:00:00Z');
    expect(isOwnershipDocumentExpired(new Date('2025-03-14T00:00:00Z'), now)).toBe(true);
    expect(isOwnershipDocumentExpired(new Date('2025-03-16T00:00:00Z'), now)).toBe(false);
  });
});

describe('card menu visibility (§2)', () => {
  const base: CardMenuInput = {
    isEditable: true,
    isDeletable: true,
    isArchived: false,
    applicationType: 'Standalone',
    accessLevel: 'Manage',
    hasSubscription: true,
  };
  const ids = (i: Partial<CardMenuInput>) => cardMenu({ ...base, ...i }).map((e) => e.id);

  it('View and Edit form when editable, View submitted form and the PDF items when not', () => {
    expect(ids({})).toContain('viewAndEdit');
    expect(ids({})).not.toContain('viewSubmitted');
    expect(ids({ isEditable: false })).toEqual(
      expect.arrayContaining(['viewSubmitted', 'previewPdf', 'downloadPdf']),
    );
    expect(ids({ isEditable: false })).not.toContain('viewAndEdit');
  });
  it('the PDF items are disabled without a summary PDF', () => {
    const off = cardMenu({ ...base, isEditable: false }).filter((e) => e.id.endsWith('Pdf'));
    expect(off.every((e) => e.disabled)).toBe(true);
    const on = cardMenu({ ...base, isEditable: false, applicationFormPdf: 'summary.pdf' }).filter((e) =>
      e.id.endsWith('Pdf'),
    );
    expect(on.every((e) => !e.disabled)).toBe(true);
  });
  it('Delete only when allowed', () => {
    expect(ids({ isDeletable: false })).not.toContain('delete');
    expect(ids({})).toContain('delete');
  });
  it('Duplicate and Save as Template only for a standalone form with Manage', () => {
    expect(ids({})).toEqual(expect.arrayContaining(['duplicate', 'saveAsTemplate']));
    expect(ids({ applicationType: 'Amendment' })).not.toContain('duplicate');
    expect(ids({ accessLevel: 'Edit' })).not.toContain('saveAsTemplate');
  });
  it('the notification item is disabled without a subscription', () => {
    expect(
      cardMenu({ ...base, hasSubscription: false }).find((e) => e.id === 'notificationLevel')?.disabled,
    ).toBe(true);
  });
  it('Unarchive when archived, else Archive', () => {
    expect(ids({ isArchived: true })).toContain('unarchive');
    expect(ids({})).toContain('archive');
    expect(ids({})).not.toContain('unarchive');
  });
});
