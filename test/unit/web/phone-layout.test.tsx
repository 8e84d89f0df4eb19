// @vitest-environment jsdom
/**
 * On a phone (docs/architecture.md; docs/content-guide.md "On a phone"): tables become stacked cards
 * that keep every column, the selected tab is scrolled into view, tokens never break.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { ResponsiveTable } from '../../../web/src/components/ResponsiveTable';
import Tabs from '../../../web/src/components/Tabs';
import { Token, WholeTokens } from '../../../web/src/components/Token';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The viewport's width, for min-width media queries. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= width,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
}

type Invoice = { id: string; description: string; amount: string; status: string };
const invoices: Invoice[] = [
  { id: 'p1', description: 'Building consent lodgement fee', amount: '$1,265.00', status: 'Paid' },
  {
    id: 'p2',
    description: 'Building consent processing fee',
    amount: '$2,847.50',
    status: 'Awaiting payment',
  },
];
const table = (
  <ResponsiveTable<Invoice>
    trackBy="id"
    ariaLabels={{ tableLabel: 'Payments' }}
    items={invoices}
    columnDefinitions={[
      { id: 'description', header: 'Invoice', cell: (p) => p.description },
      { id: 'amount', header: 'Amount', cell: (p) => <Token>{p.amount}</Token> },
      { id: 'status', header: 'Status', cell: (p) => p.status },
    ]}
  />
);

describe('ResponsiveTable', () => {
  it('on a phone (390 px) each row is a card with every column, the amount and status included', () => {
    viewport(390);
    render(table);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'InvoiceBuilding consent lodgement feeAmount$1,265.00StatusPaid',
      'InvoiceBuilding consent processing feeAmount$2,847.50StatusAwaiting payment',
    ]);
    expect(within(cards[1]!).getByText('$2,847.50').hasAttribute('data-token')).toBe(true);
  });

  it('on a desktop (1440 px) it is a table', () => {
    viewport(1440);
    render(table);
    expect(screen.getByRole('table', { name: 'Payments' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });
});

describe('Tabs', () => {
  it('scrolls the selected tab into view, sideways only', () => {
    const scrolled: string[] = [];
    const spy = vi.fn(function (this: HTMLElement, options?: ScrollIntoViewOptions) {
      scrolled.push(`${this.textContent}:${options?.block}/${options?.inline}`);
    });
    Element.prototype.scrollIntoView = spy;
    const tabs = ['Overview', 'Applications', 'Forms', 'RFIs', 'Payments'].map((id) => ({
      id,
      label: id,
      content: id,
    }));
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Tabs activeTabId="Payments" tabs={tabs} />
      </I18nextProvider>,
    );
    expect(scrolled).toEqual(['Payments:nearest/nearest']);
    rerender(
      <I18nextProvider i18n={i18n}>
        <Tabs activeTabId="RFIs" tabs={tabs} />
      </I18nextProvider>,
    );
    expect(scrolled.at(-1)).toBe('RFIs:nearest/nearest');
  });
});

describe('WholeTokens', () => {
  it("keeps each number and amount of a server's sentence whole (a notification's title)", () => {
    const { container } = render(
      <p>
        <WholeTokens text="Invoice issued: Building consent lodgement fee ($1,265.00) · WCC-BC-2026-1000011 and BLD-2026-00011-1 at 83 Cuba Street" />
      </p>,
    );
    expect(container.textContent).toBe(
      'Invoice issued: Building consent lodgement fee ($1,265.00) · WCC-BC-2026-1000011 and BLD-2026-00011-1 at 83 Cuba Street',
    );
    expect([...container.querySelectorAll('[data-token]')].map((e) => e.textContent)).toEqual([
      '$1,265.00',
      'WCC-BC-2026-1000011',
      'BLD-2026-00011-1',
    ]);
  });
});
