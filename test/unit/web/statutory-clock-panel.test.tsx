// @vitest-environment jsdom
/**
 * The statutory clock on the details Overview (web/src/features/application-details/
 * StatutoryClockPanel.tsx): what the applicant reads for a running, paused, decided and overdue
 * clock, counted by the shared rule (its worked cases are test/unit/shared/statutory-clock.test.ts).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { StatutoryClockPanel } from '../../../web/src/features/application-details/StatutoryClockPanel';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => cleanup());

// 1 pm in New Zealand (summer) on each day.
const at = (day: string) => `${day}T00:00:00.000Z`;
const renderPanel = (app: Parameters<typeof StatutoryClockPanel>[0]['app'], now: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <StatutoryClockPanel app={app} now={new Date(now)} />
    </I18nextProvider>,
  );
/** The text of a key-value pair: its label's nearest ancestor holding more than the label. */
const valueOf = (label: string) => {
  let el: HTMLElement = screen.getByText(label);
  while (el.textContent === label && el.parentElement) el = el.parentElement;
  return el.textContent;
};

describe('the statutory clock panel', () => {
  it('shows nothing before the council accepts the lodgement', () => {
    const { container } = renderPanel({}, at('2026-03-13'));
    expect(container.textContent).toBe('');
  });

  it('running: days used of 20, days left, the day a decision is due', () => {
    renderPanel({ acceptedDate: at('2026-03-02') }, at('2026-03-13'));
    expect(screen.getByRole('heading', { name: 'Statutory clock' })).toBeTruthy();
    expect(screen.getByText('9 of 20')).toBeTruthy();
    expect(valueOf('Working days left')).toContain('11');
    expect(valueOf('Decision due')).toContain('30 Mar 2026');
    expect(valueOf('Clock started')).toContain('2 Mar 2026');
  });

  it('paused while a request for information is open, with the suspension so far', () => {
    renderPanel(
      { acceptedDate: at('2026-03-02'), clockSuspensions: [{ from: at('2026-03-06') }] },
      at('2026-03-20'),
    );
    expect(screen.getByText('4 of 20')).toBeTruthy();
    expect(valueOf('Decision due')).toContain('Paused while a request for information is open');
    expect(screen.getByText('Since 6 Mar 2026: 10 working days so far')).toBeTruthy();
  });

  it('an answered request: its dates and the working days it held; the due day moves', () => {
    renderPanel(
      {
        acceptedDate: at('2026-03-02'),
        clockSuspensions: [{ from: at('2026-03-06'), to: at('2026-03-11') }],
      },
      at('2026-03-13'),
    );
    expect(screen.getByText('6 Mar 2026 to 11 Mar 2026: 3 working days')).toBeTruthy();
    expect(valueOf('Decision due')).toContain('2 Apr 2026');
  });

  it('counts by the authority’s conventions when it has its own', () => {
    // The day sent not counted (6 Mar held too): due 7 Apr instead of 2 Apr.
    renderPanel(
      {
        acceptedDate: at('2026-03-02'),
        clockSuspensions: [{ from: at('2026-03-06'), to: at('2026-03-11') }],
        clockConventions: { rfiSentDayCounts: false },
      },
      at('2026-03-13'),
    );
    expect(valueOf('Decision due')).toContain('7 Apr 2026');
    expect(screen.getByText('6 Mar 2026 to 11 Mar 2026: 4 working days')).toBeTruthy();
  });

  it('decided: the decision date; overdue: the working days over', () => {
    renderPanel({ acceptedDate: at('2026-03-02'), decisionDate: at('2026-03-20') }, at('2026-06-01'));
    // After the decision, how long it took: no count still running beside it (docs/statutory-clock.md).
    expect(valueOf('Decision')).toContain('Decided on 20 Mar 2026');
    expect(valueOf('Working days it took')).toContain('14 of 20');
    expect(screen.queryByText('Working days left')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    cleanup();
    renderPanel({ acceptedDate: at('2026-03-02') }, at('2026-03-31'));
    expect(screen.getByText('21 of 20')).toBeTruthy();
    expect(screen.getByText('1 working day over')).toBeTruthy();
  });
});
