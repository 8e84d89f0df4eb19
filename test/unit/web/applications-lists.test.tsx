// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { applicationsApi } from '../../../web/src/api/applications';
import { ApplicationListPage } from '../../../web/src/features/applications/ApplicationListPage';
import ApplicationTemplatesPage from '../../../web/src/features/templates/ApplicationTemplatesPage';
import { RecentApplications } from '../../../web/src/features/dashboard/RecentApplications';
import { recentParams } from '../../../web/src/features/dashboard/recent';
import { StartApplicationCards } from '../../../web/src/features/dashboard/StartApplicationCards';
import {
  effectiveSearch,
  listParams,
  matchesNothing,
  openingTab,
  tabCount,
  tabOf,
} from '../../../web/src/features/applications/listModel';
import { applicationStatuses, type ApplicationPage } from '../../../shared/schemas/applications';
import { listItem, renderPage } from './applications-support';

vi.mock('../../../web/src/api/applications', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../web/src/api/applications')>();
  return {
    ...actual,
    applicationsApi: Object.fromEntries(Object.keys(actual.applicationsApi).map((k) => [k, vi.fn()])),
  };
});
const api = vi.mocked(applicationsApi);

const BADGES = {
  recentApplications: 3,
  allApplications: 7,
  submittedApplications: 2,
  archivedApplications: 3,
  recentConsents: 2,
  currentConsents: 2,
  archivedConsents: 1,
};
const page = (items: ApplicationPage['items'], pageIndex = 1, hasMore = false): ApplicationPage => ({
  items,
  pageIndex,
  pageSize: 10,
  hasMore,
});

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
});
beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.badges.mockResolvedValue(BADGES);
  api.filters.mockResolvedValue({
    forms: [{ id: 'bc', name: 'Building consent' }],
    authorities: [{ id: 'auckland', name: 'Auckland Council' }],
    statuses: [{ id: 'Draft', name: 'Draft' }],
    complexities: [],
    outstandingActions: [{ id: 'RFI', name: 'RFI' }],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('list rules', () => {
  it('tabs from ?tab, case-insensitive, else the first tab', () => {
    expect(tabOf('projects', new URLSearchParams('tab=archived'))).toBe('Archived');
    expect(tabOf('applications', new URLSearchParams('tab=SUBMITTED'))).toBe('Submitted');
    expect(tabOf('applications', new URLSearchParams('tab=nope'))).toBe('Draft');
    expect(tabOf('consents', new URLSearchParams())).toBe('Current');
  });

  it('V3 queries: Draft vs Consent by record type, archived by isArchived, Submitted = drafts not Draft', () => {
    expect(listParams('applications', 'Draft', undefined, {})).toMatchObject({
      recordType: 'Draft',
      isArchived: false,
      status: ['Draft'],
      pageSize: 10,
      sortBy: 'modifiedDate',
      sortDirection: 'desc',
    });
    const submitted = listParams('applications', 'Submitted', undefined, {});
    expect(submitted.status).toEqual(applicationStatuses.filter((s) => s !== 'Draft'));
    expect(listParams('applications', 'Archived', 'queen', {})).toMatchObject({
      recordType: 'Draft',
      isArchived: true,
      searchText: 'queen',
      status: undefined,
    });
    expect(
      listParams('consents', 'Current', undefined, { BCA: ['auckland'], OutstandingAction: ['RFI'] }),
    ).toMatchObject({
      recordType: 'Consent',
      isArchived: false,
      authority: ['auckland'],
      outstandingActions: ['RFI'],
    });
    expect(listParams('projects', 'All', undefined, {}).recordType).toBeUndefined();
    expect(matchesNothing(listParams('applications', 'Draft', undefined, { Status: ['Submitted'] }))).toBe(
      true,
    );
  });

  it('opening tab: ?tab wins; else the first with a count; the first when all are empty or failed', () => {
    const none = new URLSearchParams();
    const counts = { ...BADGES, allApplications: 3, submittedApplications: 3, currentConsents: 0 };
    expect(openingTab('applications', none, { data: counts, failed: false })).toBe('Submitted');
    expect(
      openingTab('applications', new URLSearchParams('tab=draft'), { data: counts, failed: false }),
    ).toBe('Draft');
    expect(openingTab('applications', none, { data: undefined, failed: false })).toBeUndefined();
    expect(openingTab('applications', none, { data: undefined, failed: true })).toBe('Draft');
    const empty = Object.fromEntries(Object.keys(BADGES).map((k) => [k, 0])) as typeof BADGES;
    expect(openingTab('consents', none, { data: empty, failed: false })).toBe('Current');
    expect(openingTab('projects', none, { data: undefined, failed: false })).toBe('All');
  });

  it('search from 2 characters; tab counts from the badges', () => {
    expect(effectiveSearch(' a ')).toBeUndefined();
    expect(effectiveSearch(' ab ')).toBe('ab');
    expect(tabCount('projects', 'All', BADGES)).toBe(7);
    expect(tabCount('applications', 'Draft', BADGES)).toBe(3);
    expect(tabCount('applications', 'Submitted', BADGES)).toBe(2);
    expect(tabCount('applications', 'Archived', BADGES)).toBe(2);
    expect(tabCount('consents', 'Current', BADGES)).toBe(2);
    expect(tabCount('consents', 'Archived', BADGES)).toBe(1);
  });
});

describe('/applications', () => {
  it('lists the Draft tab with counts, loads more, and searches after 1000 ms from 2 characters', async () => {
    api.listV3.mockImplementation(async (params) =>
      params.pageIndex === 1
        ? page([listItem({ id: '1', applicationNumber: 'BLD-1' })], 1, true)
        : page([listItem({ id: '2', applicationNumber: 'BLD-2' })], 2, false),
    );
    renderPage(i18n, <ApplicationListPage kind="applications" />, { path: '/applications' });
    expect(await screen.findByText('BLD-1')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Draft (3)' })).toBeTruthy();
    expect(api.listV3.mock.calls[0]![0]).toMatchObject({
      pageIndex: 1,
      recordType: 'Draft',
      status: ['Draft'],
    });

    await act(async () => screen.getByRole('button', { name: 'Load more' }).click());
    expect(await screen.findByText('BLD-2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    vi.useFakeTimers();
    const search = createWrapper(document.body).findInput()!;
    await act(async () => search.setInputValue('q'));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(api.listV3.mock.calls.every(([p]) => p.searchText === undefined)).toBe(true);
    expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
    await act(async () => search.setInputValue('qu'));
    await act(async () => vi.advanceTimersByTime(999));
    expect(api.listV3.mock.calls.some(([p]) => p.searchText === 'qu')).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.listV3.mock.calls.some(([p]) => p.searchText === 'qu')).toBe(true);
  });

  it("the Submitted tab from ?tab; a failure shows 'Failed to fetch applications'", async () => {
    api.listV3.mockRejectedValue(new Error('down'));
    renderPage(i18n, <ApplicationListPage kind="applications" />, {
      path: '/applications',
      url: '/applications?tab=submitted',
    });
    expect((await screen.findAllByText('Failed to fetch applications')).length).toBeGreaterThan(0);
    expect(api.listV3.mock.calls[0]![0].status).not.toContain('Draft');
  });

  it('without ?tab, opens on the first tab that has something (the one submitted application)', async () => {
    api.badges.mockResolvedValue({
      ...BADGES,
      allApplications: 1,
      submittedApplications: 1,
      archivedApplications: 0,
      currentConsents: 0,
      archivedConsents: 0,
    });
    api.listV3.mockImplementation(async (params) =>
      params.status?.includes('Draft')
        ? page([])
        : page([listItem({ id: '7', applicationNumber: 'BLD-7', status: 'Submitted' })]),
    );
    renderPage(i18n, <ApplicationListPage kind="applications" />, { path: '/applications' });
    expect(await screen.findByText('BLD-7')).toBeTruthy();
    const selected = screen.getByRole('tab', { selected: true });
    expect(selected.textContent).toBe('Submitted (1)');
    expect(api.listV3.mock.calls.every(([p]) => !p.status?.includes('Draft'))).toBe(true);
  });

  it('an empty tab says so', async () => {
    api.listV3.mockResolvedValue(page([]));
    renderPage(i18n, <ApplicationListPage kind="consents" />, { path: '/consents' });
    expect(await screen.findByText('You have no consents yet.')).toBeTruthy();
  });
});

describe('/application-templates', () => {
  it('lists templates with thumbnail, name, description and number of documents; starts from one', async () => {
    api.listV2.mockResolvedValue(
      page([
        listItem({
          id: '900',
          recordType: 'Template',
          template: {
            applicationId: '900',
            displayName: 'Villa',
            description: 'Three bedrooms',
            thumbnail: { image: 'data:image/jpeg;base64,AAAA', name: 'villa.jpg' },
            numOfDocuments: 4,
          },
        }),
      ]),
    );
    const { router } = renderPage(i18n, <ApplicationTemplatesPage />, { path: '/application-templates' });
    expect(await screen.findByRole('heading', { name: 'Villa' })).toBeTruthy();
    expect(api.listV2).toHaveBeenCalledWith(
      { recordType: 'Template', pageSize: 1000, pageIndex: 1 },
      expect.anything(),
    );
    expect(screen.getByText('Three bedrooms')).toBeTruthy();
    expect(screen.getByText('4 documents')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Thumbnail of Villa' }).getAttribute('src')).toBe(
      'data:image/jpeg;base64,AAAA',
    );
    await act(async () =>
      screen.getByRole('button', { name: 'Start an application from this template' }).click(),
    );
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/new-application/address?intention=from-template&refApplicationId=900',
    );
  });

  it("a failure shows 'Failed to fetch application templates'", async () => {
    api.listV2.mockRejectedValue(new Error('down'));
    renderPage(i18n, <ApplicationTemplatesPage />, { path: '/application-templates' });
    expect((await screen.findAllByText('Failed to fetch application templates')).length).toBeGreaterThan(0);
  });
});

describe('dashboard', () => {
  it('three start cards', () => {
    renderPage(i18n, <StartApplicationCards />);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/new-application/intent-selection',
      '/new-application/child-application?type=amendment',
      '/new-application/child-application?type=supporting',
    ]);
  });

  it('recent applications and consents: page 1, 10 items, newest first, not archived; View all', async () => {
    expect(recentParams('applications')).toEqual({
      pageIndex: 1,
      pageSize: 10,
      sortBy: 'modifiedDate',
      sortDirection: 'desc',
      isArchived: false,
      recordType: 'Draft',
    });
    api.listV3.mockImplementation(async (params) =>
      page([
        params.recordType === 'Consent'
          ? listItem({ id: '5', consentNumber: 'BC-5', status: 'InProgress', isEditable: false })
          : listItem({ id: '4', applicationNumber: 'BLD-4' }),
      ]),
    );
    renderPage(i18n, <RecentApplications />);
    expect(await screen.findByText('BLD-4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all applications' }).getAttribute('href')).toBe(
      '/applications',
    );
    await act(async () => screen.getByRole('tab', { name: 'Consents' }).click());
    expect(await screen.findByText('BC-5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all consents' }).getAttribute('href')).toBe('/consents');
    const list = screen.getByRole('list', { name: 'Consents' });
    expect(within(list).getAllByRole('link', { name: /Open/ })).toHaveLength(1);
  });
});
