// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import en from '../../../web/src/i18n/en.json';
import { applicationMessages } from '../../../shared/schemas/applications';
import { cardClock, cardView, displayIdOf, menuOf } from '../../../web/src/features/applications/cardModel';
import { ApplicationCards } from '../../../web/src/features/applications/ApplicationCards';
import { applicationsApi } from '../../../web/src/api/applications';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(applicationsApi);

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
  // Cloudscape's transitions (menus, popovers) set timeouts that could otherwise fire after the
  // file's jsdom is gone ("window is not defined"): faked timeouts, run out after each test.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.badges.mockResolvedValue({
    recentApplications: 0,
    allApplications: 0,
    submittedApplications: 0,
    archivedApplications: 0,
    recentConsents: 0,
    currentConsents: 0,
    archivedConsents: 0,
  });
});
afterEach(() => {
  act(() => {
    vi.runOnlyPendingTimers();
  });
  cleanup();
  vi.clearAllTimers();
});
afterAll(() => {
  vi.useRealTimers();
});

const ids = (item: Parameters<typeof menuOf>[0]) =>
  menuOf(item).map((e) => (e.disabled ? `${e.id}(disabled)` : e.id));

describe('the spec messages in en.json', () => {
  it('are word for word the contract messages', () => {
    for (const [key, text] of Object.entries(en.applications.messages)) {
      expect(text).toBe(applicationMessages[key as keyof typeof applicationMessages]);
    }
  });
});

describe('card view', () => {
  it('a draft: form name, application number, address with authority, modified date, no lock, href to the form', () => {
    const view = cardView(listItem());
    expect(view).toMatchObject({
      formName: 'Building consent',
      displayId: 'BLD-000101',
      address: '1 Queen Street, Auckland 1010',
      authorityName: 'Auckland Council',
      modifiedOn: '04 Mar 2025',
      lock: undefined,
      href: '/application-form/101',
      recordType: 'Draft',
      attention: false,
    });
  });

  it('a consent shows its consent number, is locked when not editable and opens the details page', () => {
    const item = listItem({
      consentNumber: 'BC-2025-7',
      status: 'InProgress',
      isEditable: false,
      currentStatusLabel: 'In Progress',
    });
    expect(displayIdOf(item)).toBe('BC-2025-7');
    expect(cardView(item)).toMatchObject({
      recordType: 'Consent',
      lock: 'locked',
      href: '/application-details/101',
      statusLabel: 'In Progress',
    });
    expect(cardView(listItem({ status: 'VRFISuspended', isEditable: true })).lock).toBe('unlocked');
  });

  it('attention with outstanding RFIs or payments; stage badges use stageLabel', () => {
    const view = cardView(
      listItem({
        hasOutstandingPayments: true,
        displayStages: [
          {
            stageDisplayName: 'Lodgement',
            stageName: 'Lodgement',
            stageStatus: 'Completed',
            stageType: 'Steps',
            items: [],
          },
          {
            stageDisplayName: 'Assessment',
            stageName: 'Assessment',
            stageStatus: 'Started',
            stageType: 'Steps',
            progress: { elapsedNum: 3, totalNum: 20 },
            items: [],
          },
        ],
      }),
    );
    expect(view.attention).toBe(true);
    expect(view.outstandingPayments).toBe(true);
    expect(view.stages.map((s) => s.label)).toEqual(['Lodgement Accepted', '(3/20 Completed)']);
    expect(cardView(listItem({ hasOutstandingRFIs: true })).attention).toBe(true);
  });
});

describe('card menu visibility (cardMenu rules)', () => {
  it('editable: View and Edit form, no PDF items', () => {
    expect(ids(listItem())).toEqual([
      'viewAndEdit',
      'delete',
      'notificationLevel',
      'duplicate',
      'saveAsTemplate',
      'archive',
    ]);
  });
  it('not editable: View submitted form and the PDF items, disabled without a summary PDF', () => {
    const base = { status: 'Submitted' as const, isEditable: false, isDeletable: false };
    expect(ids(listItem(base))).toEqual([
      'viewSubmitted',
      'previewPdf(disabled)',
      'downloadPdf(disabled)',
      'notificationLevel',
      'duplicate',
      'saveAsTemplate',
      'archive',
    ]);
    expect(ids(listItem({ ...base, applicationFormPdf: 'summary.pdf' })).slice(0, 3)).toEqual([
      'viewSubmitted',
      'previewPdf',
      'downloadPdf',
    ]);
  });
  it('Delete only when allowed', () => {
    expect(ids(listItem({ isDeletable: false }))).not.toContain('delete');
    // A submitted application (no consent number, so record type Draft) offers no Delete, even if
    // a list answer says otherwise.
    expect(ids(listItem({ status: 'Submitted', isEditable: false, isDeletable: true }))).not.toContain(
      'delete',
    );
  });
  it('Duplicate and Save as Template only for standalone forms with Manage access', () => {
    expect(ids(listItem({ applicationType: 'Amendment' }))).not.toContain('duplicate');
    expect(ids(listItem({ accessLevel: 'Edit' }))).not.toContain('saveAsTemplate');
  });
  it('notification level disabled without a subscription; Unarchive when archived', () => {
    expect(ids(listItem({ notificationLevel: undefined }))).toContain('notificationLevel(disabled)');
    expect(ids(listItem({ isArchived: true }))).toContain('unarchive');
    expect(ids(listItem({ isArchived: true }))).not.toContain('archive');
  });
});

describe('ApplicationCard', () => {
  it('renders the card fields a user reads', async () => {
    renderPage(
      i18n,
      <ApplicationCards
        label="Cards"
        items={[
          listItem({
            status: 'InProgress',
            isEditable: false,
            consentNumber: 'BC-2025-7',
            currentStatusLabel: 'In Progress',
            hasOutstandingPayments: true,
            notificationLevel: 'Watching',
          }),
        ]}
      />,
    );
    const card = (await screen.findAllByRole('listitem'))[0]!;
    const inCard = within(card);
    expect(inCard.getByRole('link', { name: /Building consent/ })).toBeTruthy();
    expect(inCard.getByText('BC-2025-7')).toBeTruthy();
    expect(inCard.getByText('1 Queen Street, Auckland 1010 · Auckland Council')).toBeTruthy();
    expect(inCard.getByText('Modified on 04 Mar 2025')).toBeTruthy();
    expect(inCard.getByText('Consent · In Progress')).toBeTruthy();
    expect(inCard.getByText('In Progress')).toBeTruthy();
    expect(inCard.getByRole('img', { name: 'Locked from further changes' })).toBeTruthy();
    expect(inCard.getByRole('img', { name: 'Outstanding payments' })).toBeTruthy();
    expect(inCard.getByRole('img', { name: 'Notifications: Watching' })).toBeTruthy();
    expect(inCard.getByText('Lodgement')).toBeTruthy();
  });

  it('stage chips show progress in colour, icon and words: done, current, suspended, not started', async () => {
    const stage = (
      stageName: 'Lodgement' | 'Assessment' | 'Inspections' | 'Certificates',
      stageStatus: string,
    ) => ({ stageDisplayName: stageName, stageName, stageStatus, stageType: 'Steps', items: [] }) as never;
    renderPage(
      i18n,
      <ApplicationCards
        label="Cards"
        items={[
          listItem({
            id: '1',
            status: 'VRFISuspended',
            isEditable: true,
            displayStages: [
              stage('Lodgement', 'Completed'),
              stage('Assessment', 'Suspended'),
              stage('Inspections', 'NotStarted'),
              stage('Certificates', 'NotStarted'),
            ],
          }),
          listItem({
            id: '2',
            applicationNumber: 'BLD-2',
            status: 'Submitted',
            isEditable: false,
            displayStages: [stage('Lodgement', 'NotStarted'), stage('Assessment', 'NotStarted')],
          }),
        ]}
      />,
    );
    const chips = (name: string) =>
      within(screen.getAllByRole('list', { name: 'Workflow stages' })[name === '1' ? 0 : 1]!)
        .getAllByRole('listitem')
        .map((li) => `${within(li).getByRole('img').getAttribute('aria-label')}: ${li.textContent}`);
    await screen.findAllByRole('list', { name: 'Workflow stages' });
    expect(chips('1')).toEqual([
      'Done: Lodgement Accepted',
      'Suspended: Suspended · RFIs',
      'Not started: Inspections',
      'Not started: Certificates',
    ]);
    // A lodged application the council has not started: its first stage is the current one.
    expect(chips('2')).toEqual(['Current: Lodgement', 'Not started: Assessment']);
  });

  it('the Assessment chip of an accepted, undecided application carries the statutory clock', async () => {
    const stage = (stageName: 'Lodgement' | 'Assessment', stageStatus: string) =>
      ({ stageDisplayName: stageName, stageName, stageStatus, stageType: 'Steps', items: [] }) as never;
    const today = new Date().toISOString();
    const stages = [stage('Lodgement', 'Completed'), stage('Assessment', 'Started')];
    renderPage(
      i18n,
      <ApplicationCards
        label="Cards"
        items={[
          listItem({ id: '1', status: 'InProgress', acceptedDate: today, displayStages: stages }),
          listItem({
            id: '2',
            applicationNumber: 'BLD-2',
            status: 'VRFISuspended',
            acceptedDate: today,
            clockSuspensions: [{ from: today }],
            displayStages: stages,
          }),
        ]}
      />,
    );
    const lists = await screen.findAllByRole('list', { name: 'Workflow stages' });
    const assessment = (i: number) => within(lists[i]!).getAllByRole('listitem')[1]!.textContent;
    expect(assessment(0)).toContain('Assessment in progress · 0/20 working days');
    expect(assessment(1)).toContain('0/20 working days, clock paused');
  });

  it("one source per fact: a stage with the council's count carries no second count (docs/applications.md)", () => {
    const now = new Date();
    const view = cardView(
      listItem({
        status: 'InProgress',
        acceptedDate: now.toISOString(),
        displayStages: [
          {
            stageDisplayName: 'Lodgement',
            stageName: 'Lodgement',
            stageStatus: 'Completed',
            stageType: 'Steps',
            items: [],
          },
          {
            stageDisplayName: 'Assessment',
            stageName: 'Assessment',
            stageStatus: 'Started',
            stageType: 'Steps',
            progress: { elapsedNum: 10, totalNum: 20 },
            items: [],
          },
        ] as never,
      }),
      now,
    );
    expect(view.stages[1]).toMatchObject({ label: '(10/20 Completed)' });
    expect(view.stages[1]!.clock).toBeUndefined();
  });

  it('cardClock: none before acceptance or after the decision; the count otherwise', () => {
    const now = new Date('2026-03-13T00:00:00.000Z');
    expect(cardClock({}, now)).toBeUndefined();
    expect(
      cardClock({ acceptedDate: '2026-03-02T00:00:00.000Z', decisionDate: '2026-03-10T00:00:00.000Z' }, now),
    ).toBeUndefined();
    expect(cardClock({ acceptedDate: '2026-03-02T00:00:00.000Z' }, now)).toEqual({
      used: 9,
      total: 20,
      state: 'Running',
    });
  });

  it('opens a draft in the form and a menu item navigates', async () => {
    const { router } = renderPage(
      i18n,
      <ApplicationCards
        label="Cards"
        items={[listItem({ status: 'Submitted', isEditable: false, isDeletable: false })]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Actions for / }));
    const texts = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(texts).toEqual([
      'View submitted form',
      'Preview summary PDFThe summary PDF is not available yet',
      'Download summary PDFThe summary PDF is not available yet',
      'Notification level',
      'Duplicate',
      'Save as Template',
      'Archive',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'View submitted form' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/application-details/101?section=Forms',
    );
  });

  it('Archive sends the preference and refetches the badges; a failure shows the spec toast', async () => {
    api.setHidden.mockResolvedValueOnce(undefined);
    renderPage(i18n, <ApplicationCards label="Cards" items={[listItem()]} />);
    const archive = async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Actions for / }));
      await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Archive' })));
    };
    await archive();
    expect(api.setHidden).toHaveBeenCalledWith('101', true);
    expect(await screen.findAllByText('Application archived')).not.toHaveLength(0);

    api.setHidden.mockRejectedValueOnce(new Error('boom'));
    await archive();
    expect(await screen.findAllByText('Failed to archive application')).not.toHaveLength(0);
  });
});
