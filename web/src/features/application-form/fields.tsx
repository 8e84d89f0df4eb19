import { useId, type ChangeEvent, type ReactNode } from 'react';
import styles from './fields.module.css';

/**
 * The step's form field and its controls in plain HTML, drawn to match Cloudscape's visual refresh:
 * native inputs, a native select (a phone's own picker), radios and checkboxes, each named by its
 * label and described by its description, error and constraint. Cloudscape's FormField, Input,
 * Select, RadioGroup, Checkbox and Textarea each load their own files and measure themselves on
 * mount: a step's fields were most of the form page's main-thread work on a phone
 * (docs/performance.md, "The form page").
 */

/** What a field gives its control: the control's id, the label's id and the ids that describe it. */
export interface FieldIds {
  controlId: string;
  labelId: string;
  describedBy: string | undefined;
}

/** How the field's label names its control: a `<label for>`, a group's label, or none (a checkbox). */
export type LabelKind = 'control' | 'group' | 'none';

/**
 * The error icon, drawn inline (16 px, currentColor), as Cloudscape's. A copy of the plain controls'
 * on purpose: importing components/plain/controls here makes the build move those controls into
 * the entry chunk with two runtime chunks, which put the sign-in first load over its 120 KB
 * (docs/performance.md, "The form page").
 */
function ErrorIcon({ label }: { label: string }) {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 16 16"
      fill="currentColor"
      focusable="false"
      role="img"
      aria-label={label}
    >
      <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.9 3h1.8v5H7.1V4Zm0 6.5h1.8v1.8H7.1v-1.8Z" />
    </svg>
  );
}

export function PlainField({
  label,
  labelKind,
  info,
  description,
  error,
  errorIconLabel,
  constraint,
  children,
}: {
  label: ReactNode;
  labelKind: LabelKind;
  /** Beside the label (a tooltip's button). */
  info?: ReactNode;
  description?: string | undefined;
  error?: string | undefined;
  errorIconLabel: string;
  constraint?: string | undefined;
  children: (ids: FieldIds) => ReactNode;
}) {
  const id = useId();
  const ids = {
    controlId: `${id}c`,
    labelId: `${id}l`,
    description: `${id}d`,
    error: `${id}e`,
    constraint: `${id}k`,
  };
  const describedBy =
    [description && ids.description, error && ids.error, constraint && ids.constraint]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={styles.field} data-field="">
      {(labelKind !== 'none' || info) && (
        <div className={styles.labelRow}>
          {labelKind === 'none' ? null : labelKind === 'control' ? (
            <label className={styles.label} id={ids.labelId} htmlFor={ids.controlId} data-field-label="">
              {label}
            </label>
          ) : (
            <span className={styles.label} id={ids.labelId} data-field-label="">
              {label}
            </span>
          )}
          {info}
        </div>
      )}
      {description && (
        <div className={styles.description} id={ids.description} data-field-description="">
          {description}
        </div>
      )}
      {children({ controlId: ids.controlId, labelId: ids.labelId, describedBy })}
      {error && (
        <div className={styles.error} id={ids.error} data-field-error="">
          <ErrorIcon label={errorIconLabel} />
          <span>{error}</span>
        </div>
      )}
      {constraint && (
        <div className={styles.description} id={ids.constraint} data-field-constraint="">
          {constraint}
        </div>
      )}
    </div>
  );
}

/** What every control takes: its ids (in a field) or its own name (a grid's cell), and its state. */
interface ControlBase {
  ids?: FieldIds | undefined;
  ariaLabel?: string | undefined;
  invalid: boolean;
  readOnly: boolean;
  required: boolean;
  onBlur: () => void;
}

const aria = ({ ids, ariaLabel, invalid, required }: ControlBase) => ({
  id: ariaLabel ? undefined : ids?.controlId,
  'aria-label': ariaLabel,
  'aria-describedby': ariaLabel ? undefined : ids?.describedBy,
  'aria-invalid': invalid || undefined,
  'aria-required': required || undefined,
});

export function TextInput(
  props: ControlBase & {
    value: string;
    onChange: (value: string) => void;
    placeholder?: string | undefined;
    inputMode?: 'decimal' | undefined;
  },
) {
  return (
    <input
      {...aria(props)}
      className={styles.input}
      type="text"
      inputMode={props.inputMode}
      value={props.value}
      placeholder={props.placeholder}
      readOnly={props.readOnly}
      onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
    />
  );
}

export function TextArea(
  props: ControlBase & {
    value: string;
    onChange: (value: string) => void;
    placeholder?: string | undefined;
    rows: number;
  },
) {
  return (
    <textarea
      {...aria(props)}
      className={`${styles.input} ${styles.textarea}`}
      rows={props.rows}
      value={props.value}
      placeholder={props.placeholder}
      readOnly={props.readOnly}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
    />
  );
}

/** A native select: the empty first option is the placeholder (choosing it again clears the answer). */
export function SelectInput(
  props: ControlBase & {
    value: string | undefined;
    options: readonly { value: string; label: string }[];
    onChange: (value: string | undefined) => void;
    placeholder: string;
  },
) {
  return (
    <select
      {...aria(props)}
      className={`${styles.input} ${styles.select}`}
      value={props.value ?? ''}
      disabled={props.readOnly}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={props.onBlur}
    >
      <option value="">{props.placeholder}</option>
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Radios in a radiogroup named by the field's label (or the cell's own name). */
export function RadioInputs(
  props: ControlBase & {
    value: string | undefined;
    options: readonly { value: string; label: string }[];
    onChange: (value: string) => void;
  },
) {
  const { ids, ariaLabel } = props;
  const name = useId();
  return (
    <div
      role="radiogroup"
      className={styles.choices}
      aria-labelledby={ariaLabel ? undefined : ids?.labelId}
      aria-label={ariaLabel}
      aria-describedby={ariaLabel ? undefined : ids?.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      onBlur={props.onBlur}
    >
      {props.options.map((o) => (
        <label key={o.value} className={styles.choice}>
          <input
            className={styles.box}
            type="radio"
            name={name}
            value={o.value}
            checked={props.value === o.value}
            disabled={props.readOnly}
            onChange={() => props.onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** Checkboxes of several options in a group named by the field's label. */
export function CheckboxInputs(
  props: ControlBase & {
    ticked: Record<string, unknown>;
    options: readonly { value: string; label: string }[];
    inline: boolean;
    onChange: (value: string, checked: boolean) => void;
  },
) {
  const { ids, ariaLabel } = props;
  return (
    <div
      role="group"
      className={props.inline ? styles.choicesInline : styles.choices}
      aria-labelledby={ariaLabel ? undefined : ids?.labelId}
      aria-label={ariaLabel}
      aria-describedby={ariaLabel ? undefined : ids?.describedBy}
      onBlur={props.onBlur}
    >
      {props.options.map((o) => (
        <label key={o.value} className={styles.choice}>
          <input
            className={styles.box}
            type="checkbox"
            checked={props.ticked[o.value] === true}
            disabled={props.readOnly}
            aria-invalid={props.invalid || undefined}
            onChange={(e) => props.onChange(o.value, e.target.checked)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** One checkbox; its label is its own (children), or its name in a grid's cell. */
export function CheckboxInput(
  props: ControlBase & { checked: boolean; onChange: (checked: boolean) => void; children?: ReactNode },
) {
  const box = (
    <input
      className={styles.box}
      type="checkbox"
      checked={props.checked}
      disabled={props.readOnly}
      aria-label={props.children ? undefined : props.ariaLabel}
      aria-describedby={props.ids?.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={props.required || undefined}
      onChange={(e) => props.onChange(e.target.checked)}
      onBlur={props.onBlur}
    />
  );
  if (!props.children) return box;
  return (
    <label className={styles.choice}>
      {box}
      <span>{props.children}</span>
    </label>
  );
}
