import { startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/plain/page';
import type {
  FormioComponent,
  FormioDatagrid,
  FormioForm,
  FormioInput,
} from '../../../../shared/schemas/formio';
import {
  isComponentVisible,
  isRequired,
  joinDateTime,
  optionsOf,
  parseNumberText,
  shownError,
  splitDateTime,
  withValue,
  type StepData,
} from './formio';
import { useStepValidation } from './useStepValidation';
import {
  CheckboxInput,
  CheckboxInputs,
  PlainField,
  RadioInputs,
  SelectInput,
  TextArea,
  TextInput,
  type FieldIds,
  type LabelKind,
} from './fields';
import { AttributeEditorPart, ButtonPart, DatePickerPart, PopoverPart, TimeInputPart } from './formioParts';
import styles from './applicationForm.module.css';

/**
 * Our Form.io renderer (DESIGN §8): the allowed subset of Form.io components drawn in plain HTML
 * that looks like Cloudscape's (./fields.tsx: native inputs, select, radios and checkboxes); the
 * date picker, the datagrid's editor and the tooltip's popover are Cloudscape's, loaded only for a
 * definition that has them (./formioParts.tsx). Messages come from the same `validateFormio` the step handler runs, so the page and the
 * server never disagree; a field shows its error once it has been left (blur) or on a save attempt.
 * That validation (@formio/core) is a chunk of its own, loaded on the first focus, pointer or key in
 * the step or on a save attempt (./useStepValidation.ts), so the step draws without waiting for it.
 * The step's fields are drawn a few at a time, in definition order: the first ones (what a phone
 * shows) in the first commit, the rest in later ones (docs/performance.md, "The form page").
 */

/** The fields drawn in the first commit, and in each later one (a panel or fieldset draws with its first). */
export const FIELDS_PER_DRAW = 3;

/**
 * Each component's position in the definition, counted in fields (inputs and datagrids, in order):
 * a field's own, a panel's or fieldset's that of its first field; and how many fields there are.
 */
function fieldPositions(components: readonly FormioComponent[]) {
  const at = new Map<FormioComponent, number>();
  let count = 0;
  const walk = (list: readonly FormioComponent[]) => {
    for (const c of list) {
      at.set(c, count);
      if (c.type === 'panel' || c.type === 'fieldset') walk(c.components);
      else count++;
    }
  };
  walk(components);
  return { at, count };
}

/**
 * How many of the step's fields are drawn: FIELDS_PER_DRAW more after each commit, as a transition
 * (rendered in slices, yielding to typing), until all are. Each commit mounts a few Cloudscape form
 * fields, each of which measures itself (a forced layout) on mount: one long task for the whole step
 * otherwise, on a phone's CPU.
 */
function useDrawnFields(count: number): number {
  const [drawn, setDrawn] = useState(FIELDS_PER_DRAW);
  useEffect(() => {
    if (drawn < count) startTransition(() => setDrawn((n) => n + FIELDS_PER_DRAW));
  }, [drawn, count]);
  return drawn;
}

export interface FormioRendererProps {
  form: FormioForm;
  data: StepData;
  onChange: (data: StepData) => void;
  /**
   * Errors the server reported on the last save that the definition alone cannot find (its extra
   * date rules), by field; shown after the definition's own.
   */
  extraErrors?: Record<string, string>;
  /** Show every field's error (a save attempt), not only those of fields left. */
  showAllErrors?: boolean;
  readOnly?: boolean;
  /**
   * Drawn after the step's last field, once every field is (the step's Save button, which would
   * otherwise move down the page as the later fields arrive).
   */
  end?: ReactNode;
}

interface FieldContext {
  errors: Record<string, string>;
  touched: Record<string, boolean>;
  showAll: boolean;
  touch: (path: string) => void;
  readOnly: boolean;
  /** Each component's position in fields, and how many are drawn so far (useDrawnFields). */
  positions: Map<FormioComponent, number>;
  drawn: number;
}

export default function FormioRenderer({
  form,
  data,
  onChange,
  showAllErrors = false,
  readOnly = false,
  extraErrors,
  end,
}: FormioRendererProps) {
  const { validate, want } = useStepValidation();
  const errors = useMemo(
    () => ({ ...extraErrors, ...validate?.(form, data) }),
    [form, data, extraErrors, validate],
  );
  // A save attempt shows every error: the validation is needed now.
  useEffect(() => {
    if (showAllErrors) want();
  }, [showAllErrors, want]);
  // Working on the step (focus, pointer, key) loads the validation before any field is left.
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = area.current;
    if (validate || !element) return;
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const e of events) element.addEventListener(e, want);
    return () => {
      for (const e of events) element.removeEventListener(e, want);
    };
  }, [validate, want]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const positions = useMemo(() => fieldPositions(form.components), [form]);
  const drawn = useDrawnFields(positions.count);
  const ctx: FieldContext = {
    errors,
    touched,
    showAll: showAllErrors,
    touch: (path) => setTouched((t) => (t[path] ? t : { ...t, [path]: true })),
    readOnly,
    positions: positions.at,
    drawn,
  };
  return (
    <div ref={area} className={styles.stack}>
      <Components components={form.components} data={data} onChange={onChange} ctx={ctx} />
      {drawn >= positions.count && end}
    </div>
  );
}

function Components({
  components,
  data,
  onChange,
  ctx,
}: {
  components: readonly FormioComponent[];
  data: StepData;
  onChange: (data: StepData) => void;
  ctx: FieldContext;
}) {
  return (
    <>
      {components
        .filter((c) => (ctx.positions.get(c) ?? 0) < ctx.drawn && isComponentVisible(c, data))
        .map((c) => (
          <ComponentView key={c.key} component={c} data={data} onChange={onChange} ctx={ctx} />
        ))}
    </>
  );
}

function ComponentView({
  component: c,
  data,
  onChange,
  ctx,
}: {
  component: FormioComponent;
  data: StepData;
  onChange: (data: StepData) => void;
  ctx: FieldContext;
}) {
  if (c.type === 'panel') {
    return (
      <Panel title={c.title}>
        <div className={styles.stack}>
          <Components components={c.components} data={data} onChange={onChange} ctx={ctx} />
        </div>
      </Panel>
    );
  }
  if (c.type === 'fieldset') {
    return (
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{c.legend}</legend>
        <div className={styles.stack}>
          <Components components={c.components} data={data} onChange={onChange} ctx={ctx} />
        </div>
      </fieldset>
    );
  }
  const error = ctx.showAll || ctx.touched[c.key] ? shownError(c, data[c.key], ctx.errors[c.key]) : undefined;
  const set = (value: unknown) => onChange(withValue(data, c.key, value));
  if (c.type === 'datagrid') {
    return <DataGrid component={c} value={data[c.key]} onChange={set} ctx={ctx} error={error} />;
  }
  return (
    <Field component={c} error={error}>
      {(ids) => (
        <Control
          component={c}
          value={data[c.key]}
          onChange={set}
          onBlur={() => ctx.touch(c.key)}
          invalid={!!error}
          readOnly={ctx.readOnly}
          labelled={c.type === 'checkbox'}
          ids={ids}
        />
      )}
    </Field>
  );
}

/** A label with its required marker. */
function Label({ component }: { component: FormioInput | FormioDatagrid }) {
  const { t } = useTranslation();
  return (
    <>
      {component.label}
      {isRequired(component) && (
        <span className={styles.required} title={t('applicationForm.renderer.required')} aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
}

function Tooltip({ component }: { component: FormioInput | FormioDatagrid }) {
  const { t } = useTranslation();
  if (!component.tooltip) return null;
  return (
    <PopoverPart.Part
      content={component.tooltip}
      triggerType="custom"
      dismissAriaLabel={t('applicationForm.renderer.closeInfo')}
      size="medium"
    >
      <ButtonPart.Part
        variant="inline-icon"
        iconName="status-info"
        ariaLabel={t('applicationForm.renderer.moreInfo', { label: component.label })}
      />
    </PopoverPart.Part>
  );
}

/** How a component's label names its control. */
function labelKindOf(c: FormioInput | FormioDatagrid): LabelKind {
  // A checkbox carries its own label; radios, boxes and a grid's rows are a group the label names.
  if (c.type === 'checkbox') return 'none';
  if (c.type === 'radio' || c.type === 'selectboxes' || c.type === 'datagrid') return 'group';
  return 'control';
}

function Field({
  component: c,
  error,
  children,
}: {
  component: FormioInput | FormioDatagrid;
  error: string | undefined;
  children: (ids: FieldIds) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PlainField
      label={<Label component={c} />}
      labelKind={labelKindOf(c)}
      info={c.tooltip ? <Tooltip component={c} /> : undefined}
      description={c.description}
      error={error}
      errorIconLabel={t('shell.error')}
      constraint={c.type === 'currency' ? 'NZD' : undefined}
    >
      {children}
    </PlainField>
  );
}

interface ControlProps {
  component: FormioInput;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  readOnly: boolean;
  /** Whether the control shows the component's label itself (a checkbox). */
  labelled?: boolean;
  /** Accessible name when no visible label is associated (grid cells). */
  ariaLabel?: string;
  /** The field's ids (label, description, error) when the control is in one. */
  ids?: FieldIds;
}

/** The bare control of an input component (in a field, or in a datagrid cell). */
function Control(props: ControlProps) {
  const { component: c, value, onChange, onBlur, invalid, readOnly, ariaLabel, ids } = props;
  const { t } = useTranslation();
  const base = { ids, ariaLabel, invalid, readOnly, required: isRequired(c), onBlur };
  const text = typeof value === 'string' ? value : '';
  const orUndefined = (v: string) => (v === '' ? undefined : v);
  switch (c.type) {
    case 'textfield':
      return (
        <TextInput
          {...base}
          value={text}
          onChange={(v) => onChange(orUndefined(v))}
          placeholder={c.placeholder}
        />
      );
    case 'textarea':
      return (
        <TextArea
          {...base}
          value={text}
          onChange={(v) => onChange(orUndefined(v))}
          placeholder={c.placeholder}
          rows={c.rows ?? 3}
        />
      );
    case 'number':
    case 'currency':
      return <NumberControl {...props} />;
    case 'select': {
      const options = optionsOf(c);
      return (
        <SelectInput
          {...base}
          value={options.some((o) => o.value === value) ? (value as string) : undefined}
          options={options}
          onChange={onChange}
          placeholder={c.placeholder ?? t('applicationForm.renderer.choose')}
        />
      );
    }
    case 'radio':
      return (
        <RadioInputs
          {...base}
          value={typeof value === 'string' ? value : undefined}
          options={optionsOf(c)}
          onChange={onChange}
        />
      );
    case 'selectboxes': {
      const ticked = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      return (
        <CheckboxInputs
          {...base}
          ariaLabel={ariaLabel ?? (ids ? undefined : c.label)}
          ticked={ticked}
          options={optionsOf(c)}
          inline={!!c.inline}
          onChange={(changed, checked) => {
            const next = Object.fromEntries(
              optionsOf(c).map((x) => [x.value, x.value === changed ? checked : ticked[x.value] === true]),
            );
            onChange(Object.values(next).some(Boolean) ? next : undefined);
          }}
        />
      );
    }
    case 'checkbox':
      return (
        <CheckboxInput
          {...base}
          ariaLabel={props.labelled ? undefined : (ariaLabel ?? c.label)}
          checked={value === true}
          onChange={(checked) => onChange(checked ? true : c.validate?.required ? undefined : false)}
        >
          {props.labelled ? <Label component={c} /> : undefined}
        </CheckboxInput>
      );
    case 'datetime':
      return <DateTimeControl {...props} component={c} />;
  }
}

function NumberControl({
  component: c,
  value,
  onChange,
  onBlur,
  invalid,
  readOnly,
  ariaLabel,
  ids,
}: ControlProps) {
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  // The typed text is kept while it means the stored value (e.g. "1." while typing 1.5).
  const display = parseNumberText(text) === value || (text === '' && value === undefined) ? text : shown;
  return (
    <TextInput
      ids={ids}
      ariaLabel={ariaLabel}
      invalid={invalid}
      readOnly={readOnly}
      required={isRequired(c)}
      onBlur={onBlur}
      inputMode="decimal"
      value={display}
      onChange={(v) => {
        setText(v);
        onChange(parseNumberText(v));
      }}
      placeholder={c.placeholder}
    />
  );
}

function DateTimeControl({
  component: c,
  value,
  onChange,
  onBlur,
  invalid,
  readOnly,
  ariaLabel,
  ids,
}: ControlProps & { component: Extract<FormioInput, { type: 'datetime' }> }) {
  const { t } = useTranslation();
  const { date, time } = splitDateTime(value);
  return (
    <div className={styles.dateTime}>
      <DatePickerPart.Part
        value={date}
        onChange={({ detail }) => onChange(joinDateTime(detail.value, time, c.enableTime))}
        onBlur={onBlur}
        placeholder="YYYY/MM/DD"
        invalid={invalid}
        readOnly={readOnly}
        ariaRequired={isRequired(c)}
        ariaLabel={ariaLabel}
        controlId={ariaLabel ? undefined : ids?.controlId}
        ariaDescribedby={ariaLabel ? undefined : ids?.describedBy}
        openCalendarAriaLabel={(selected) =>
          selected
            ? t('applicationForm.renderer.changeDate', { date: selected })
            : t('applicationForm.renderer.chooseDate')
        }
      />
      {c.enableTime && (
        <TimeInputPart.Part
          value={time}
          format="hh:mm"
          placeholder="hh:mm"
          onChange={({ detail }) => onChange(joinDateTime(date, detail.value, true))}
          onBlur={onBlur}
          invalid={invalid}
          readOnly={readOnly || !date}
          ariaLabel={t('applicationForm.renderer.time', { label: c.label })}
        />
      )}
    </div>
  );
}

/** A datagrid: rows of cells drawn with AttributeEditor (add and remove rows). */
function DataGrid({
  component: c,
  value,
  onChange,
  ctx,
  error,
}: {
  component: FormioDatagrid;
  value: unknown;
  onChange: (value: unknown) => void;
  ctx: FieldContext;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  // Like Form.io, a grid without rows shows one empty row (the server validates that row too).
  const rows = (Array.isArray(value) && value.length > 0 ? value : [{}]) as StepData[];
  const setRow = (index: number, row: StepData) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const cellError = (index: number, key: string) => {
    const path = `${c.key}[${index}].${key}`;
    const cell = c.components.find((cc) => cc.key === key);
    const error = ctx.errors[path];
    return ctx.showAll || ctx.touched[path]
      ? cell
        ? shownError(cell, rows[index]?.[key], error)
        : error
      : undefined;
  };
  return (
    <Field component={c} error={error}>
      {(ids) => (
        <div role="group" aria-labelledby={ids.labelId} aria-describedby={ids.describedBy}>
          <AttributeEditorPart.Part
            items={rows}
            isItemRemovable={() => !ctx.readOnly && rows.length > 1}
            disableAddButton={ctx.readOnly}
            addButtonText={t('applicationForm.renderer.addRow')}
            removeButtonText={t('applicationForm.renderer.removeRow')}
            empty={t('applicationForm.renderer.noRows')}
            onAddButtonClick={() => onChange([...rows, {}])}
            onRemoveButtonClick={({ detail }) => {
              onChange(rows.filter((_, i) => i !== detail.itemIndex));
            }}
            definition={c.components.map((cell) => ({
              label: <Label component={cell} />,
              errorText: (_row: StepData, index: number) => cellError(index, cell.key),
              control: (row: StepData, index: number) => (
                <Control
                  component={cell}
                  value={row[cell.key]}
                  onChange={(v) => setRow(index, withValue(row, cell.key, v))}
                  onBlur={() => ctx.touch(`${c.key}[${index}].${cell.key}`)}
                  invalid={!!cellError(index, cell.key)}
                  readOnly={ctx.readOnly}
                  ariaLabel={t('applicationForm.renderer.cell', { label: cell.label, row: index + 1 })}
                  labelled={false}
                />
              ),
            }))}
          />
        </div>
      )}
    </Field>
  );
}
