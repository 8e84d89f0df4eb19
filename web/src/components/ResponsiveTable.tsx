import type { ReactNode } from 'react';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useBreakpointUp } from '../lib/breakpoints';
import styles from './responsiveTable.module.css';

export type ResponsiveTableProps<T> = Pick<
  TableProps<T>,
  'items' | 'trackBy' | 'ariaLabels' | 'variant' | 'empty'
> & {
  columnDefinitions: readonly (TableProps.ColumnDefinition<T> & { id: string; header: ReactNode })[];
};

/**
 * A table that turns into stacked cards under the small breakpoint (docs/features.md; docs/
 * content-guide.md "On a phone"): on a phone a wide table hides the columns that matter (the amount
 * and status of an invoice, the status of an RFI point) behind a horizontal scroll. Each row becomes
 * a card listing every column as "header: value", in the table's order, so nothing is hidden.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const wide = useBreakpointUp('sm');
  if (wide) return <Table<T> {...props} columnDefinitions={[...props.columnDefinitions]} />;
  const keyOf = (item: T, index: number): string =>
    typeof props.trackBy === 'function'
      ? props.trackBy(item)
      : props.trackBy
        ? String(item[props.trackBy as keyof T])
        : String(index);
  if (props.items.length === 0 && props.empty) return <>{props.empty}</>;
  return (
    <ul className={styles.cards} aria-label={props.ariaLabels?.tableLabel} data-stacked-table="">
      {props.items.map((item, index) => (
        <li key={keyOf(item, index)} className={styles.card}>
          <dl className={styles.pairs}>
            {props.columnDefinitions.map((column) => (
              <div key={column.id} className={styles.pair}>
                <dt className={styles.label}>{column.header}</dt>
                <dd className={styles.value}>{column.cell(item)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
