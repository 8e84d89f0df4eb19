import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FormioComponent, FormioForm, FormioInput } from '../../../../shared/schemas/formio';
import { DATE_FORMAT, DATE_TIME_SHORT_FORMAT, formatDate } from '../../lib/dates';
import { isComponentVisible, isEmptyValue, optionsOf, type StepData } from './formio';

/**
 * A Form.io step read-only: label/value pairs with option labels, panels and fieldsets as headed
 * groups, datagrids as tables. Used by the form page for read-only applications and by the View
 * submitted dialog.
 */

const NZD = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' });

/** The text a value reads as ('' when there is none). */
export function formatStepValue(c: FormioInput, value: unknown, t: TFunction): string {
  if (isEmptyValue(value) && c.type !== 'checkbox') return '';
  switch (c.type) {
    case 'select':
    case 'radio':
      return optionsOf(c).find((o) => o.value === value)?.label ?? String(value);
    case 'selectboxes': {
      const ticked = value as Record<string, unknown>;
      return optionsOf(c)
        .filter((o) => ticked[o.value] === true)
        .map((o) => o.label)
        .join(', ');
    }
    case 'checkbox':
      return value === true ? t('applicationForm.view.yes') : t('applicationForm.view.no');
    case 'currency':
      return typeof value === 'number' ? NZD.format(value) : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('en-NZ') : String(value);
    case 'datetime':
      return typeof value === 'string'
        ? formatDate(value, c.enableTime ? DATE_TIME_SHORT_FORMAT : DATE_FORMAT) || value
        : String(value);
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

export default function StepView({ form, data }: { form: FormioForm; data: StepData }) {
  return (
    <SpaceBetween size="l">
      <Group components={form.components} data={data} />
    </SpaceBetween>
  );
}

function Group({ components, data }: { components: readonly FormioComponent[]; data: StepData }) {
  const { t } = useTranslation();
  const visible = components.filter((c) => isComponentVisible(c, data));
  const out: React.ReactNode[] = [];
  let pairs: { label: string; value: React.ReactNode }[] = [];
  const flush = (key: string) => {
    if (pairs.length) out.push(<KeyValuePairs key={`pairs-${key}`} columns={2} items={pairs} />);
    pairs = [];
  };
  for (const c of visible) {
    if (c.type === 'panel' || c.type === 'fieldset') {
      flush(c.key);
      out.push(
        <section key={c.key} aria-label={c.type === 'panel' ? c.title : c.legend}>
          <SpaceBetween size="s">
            <Box variant="h3">{c.type === 'panel' ? c.title : c.legend}</Box>
            <Group components={c.components} data={data} />
          </SpaceBetween>
        </section>,
      );
    } else if (c.type === 'datagrid') {
      flush(c.key);
      const rows = (Array.isArray(data[c.key]) ? data[c.key] : []) as StepData[];
      out.push(
        <Table
          key={c.key}
          variant="embedded"
          header={<Box variant="h4">{c.label}</Box>}
          ariaLabels={{ tableLabel: c.label }}
          items={rows}
          empty={<Box color="text-status-inactive">{t('applicationForm.view.noRows')}</Box>}
          columnDefinitions={c.components.map((cell) => ({
            id: cell.key,
            header: cell.label,
            cell: (row: StepData) => formatStepValue(cell, row[cell.key], t) || '—',
          }))}
        />,
      );
    } else {
      const text = formatStepValue(c, data[c.key], t);
      pairs.push({
        label: c.label,
        value: text ? <span className="step-value">{text}</span> : <Box color="text-status-inactive">—</Box>,
      });
    }
  }
  flush('end');
  return <>{out}</>;
}
