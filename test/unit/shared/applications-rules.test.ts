/** The pure application rules of portal-core §2, §4 and §6 (shared/domain/applications.ts), one test per rule. */
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
    expect(stageLabel(stage({ stageStatus: 'Started', stageType: 'Numbers' }))).toBe('Inspections Passed');
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
