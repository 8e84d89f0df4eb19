// @vitest-environment jsdom
/**
 * The details page's Inspections section (web/src/features/application-details/InspectionsSection.tsx):
 * locations with their inspection types in the council's order, the spec's status labels with their
 * icon and date, the history, and Book inspection from the server's action item.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { InspectionsSection } from '../../../web/src/features/application-details/InspectionsSection';
import type { RequiredInspection } from '../../../shared/schemas/applications';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  api.mockReset();
});

const DWELLING: RequiredInspection = {
  location: 'Dwelling',
  inspectionTypes: [
    {
      inspectionTypeId: 'framing',
      name: 'Framing',
      status: 'Fail',
      sequence: 2,
      inspectionsRequired: 1,
      history: [
        { date: '2026-11-09T01:00:00.000Z', name: 'Framing', result: 'Fail', notice: 'Nogs missing' },
      ],
    },
    {
      inspectionTypeId: 'foundations',
      name: 'Foundations',
      status: 'Completed',
      sequence: 1,
      inspectionsRequired: 1,
      history: [{ date: '2026-11-02T01:00:00.000Z', name: 'Foundations', result: 'Pass' }],
    },
    { inspectionTypeId: 'final', name: 'Final', status: 'NotStarted', sequence: 4, history: [] },
    {
      inspectionTypeId: 'preline',
      name: 'Pre-line',
      status: 'InProgress',
      sequence: 3,
      nextBookingDate: '2026-11-30T20:00:00.000Z',
      history: [],
    },
  ],
};

const renderSection = (inspections: RequiredInspection[]) =>
  renderPage(i18n, <InspectionsSection applicationId="55" inspections={inspections} />);

describe('the Inspections section', () => {
  it('lists each location’s types in order with the spec’s status labels, icons and dates', async () => {
    api.mockResolvedValue([]);
    renderSection([DWELLING]);
    const table = await screen.findByRole('table', { name: 'Dwelling' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Foundations',
      'Framing',
      'Pre-line',
      'Final',
    ]);
    expect(rows[0]!.textContent).toContain('Completed · 2 Nov 2026');
    expect(rows[1]!.textContent).toContain('Fail · 9 Nov 2026');
    expect(rows[2]!.textContent).toContain('In Progress');
    expect(rows[2]!.textContent).toContain('1 Dec 2026'); // next booking, NZ time
    expect(rows[3]!.textContent).toContain('Not started');
    expect(rows[0]!.querySelector('[class*="status-success"]')).toBeTruthy();
    expect(rows[1]!.querySelector('[class*="status-warning"]')).toBeTruthy();
  });

  it('shows the history, newest first, with the notices', async () => {
    api.mockResolvedValue([]);
    renderSection([DWELLING]);
    fireEvent.click(await screen.findByRole('button', { name: 'History at Dwelling' }));
    const history = screen.getByRole('table', { name: 'History at Dwelling' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('FramingFailNogs missing'),
      expect.stringContaining('FoundationsPass-'),
    ]);
  });

  it('offers Book inspection when the server gives the action, opening the council’s page', async () => {
    api.mockResolvedValue([
      {
        displayName: 'Book inspection',
        itemType: 'BookInspection',
        icon: 'calendar',
        displayOrder: 0,
        url: 'https://wellington.govt.nz/book',
        target: '_blank',
      },
    ]);
    renderSection([DWELLING]);
    const book = await screen.findByRole('link', { name: 'Book inspection' });
    expect(book.getAttribute('href')).toBe('https://wellington.govt.nz/book');
    expect(book.getAttribute('target')).toBe('_blank');
    expect(api).toHaveBeenCalledWith('/user/applicationsV3/55/action-items', expect.anything());
  });

  it('its heading says what it lists, not the tab’s name again (docs/statutory-clock.md)', async () => {
    api.mockResolvedValue([]);
    renderSection([DWELLING]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Required inspections' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Inspections' })).toBeNull();
  });

  it('says when the council has not set any', async () => {
    api.mockResolvedValue([]);
    renderSection([]);
    expect(await screen.findByText(/has not set any required inspections yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book inspection' })).toBeNull();
  });
});
