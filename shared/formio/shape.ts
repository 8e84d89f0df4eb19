import type { FormioComponent, FormioFieldError, FormioInput } from '../schemas/formio.js';
import { isCalendarDate } from '../domain/calendar-date.js';

type Data = Record<string, unknown>;
type Field = FormioInput | Extract<FormioComponent, { type: 'datagrid' }>;

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null || v === '';

/** The data-holding components of a level: panels and fieldsets do not nest data. */
function fieldsOf(components: readonly FormioComponent[]): Field[] {
  return components.flatMap((c) =>
    c.type === 'panel' || c.type === 'fieldset' ? fieldsOf(c.components) : [c],
  );
}

/**
 * Before @formio/core: an absent number or currency becomes null (its max rule otherwise logs
 * "Cannot validate value NaN" for an empty field). Returns a copy; the input is not changed.
 */
export function prepareData(components: readonly FormioComponent[], data: Data): Data {
  const out: Data = { ...data };
  for (const c of fieldsOf(components)) {
    if ((c.type === 'number' || c.type === 'currency') && out[c.key] === undefined) out[c.key] = null;
    if (c.type === 'datagrid' && Array.isArray(out[c.key])) {
      out[c.key] = (out[c.key] as unknown[]).map((row) =>
        isObject(row) ? prepareData(c.components, row) : row,
      );
    }
  }
  return out;
}

/**
 * After @formio/core (hidden fields already cleared from `data`; `raw` is what was submitted): keeps only the definition's keys, and checks
 * what @formio/core does not: that each value has its component's type (text, a finite number, one
 * of the options, true/false, a date, rows of objects). Absent values are left to `required`.
 */
export function shapeData(
  components: readonly FormioComponent[],
  data: Data,
  raw: Data = data,
  prefix = '',
): { data: Data; errors: FormioFieldError[] } {
  const out: Data = {};
  const errors: FormioFieldError[] = [];
  for (const c of fieldsOf(components)) {
    // Which fields count comes from @formio/core's result (hidden ones are gone); the value checked
    // is the one submitted, before @formio/core's normalising (it turns 42 into an empty selectboxes).
    if (absent(data[c.key])) continue;
    const value = raw[c.key] === undefined ? data[c.key] : raw[c.key];
    const field = `${prefix}${c.key}`;
    const invalid = (reason: string) => errors.push({ field, reason: `${c.label} ${reason}` });
    switch (c.type) {
      case 'textfield':
      case 'textarea':
        if (typeof value === 'string') out[c.key] = value;
        else invalid('must be text.');
        break;
      case 'number':
      case 'currency':
        if (typeof value !== 'number' || !Number.isFinite(value)) invalid('is not a valid number.');
        // decimalLimit is the renderer's input mask; the server holds the submission to it too.
        else if (c.decimalLimit === 0 && !Number.isInteger(value)) invalid('must be a whole number.');
        else if (c.decimalLimit !== undefined && Number(value.toFixed(c.decimalLimit)) !== value)
          invalid(`must have no more than ${c.decimalLimit} decimal places.`);
        else out[c.key] = value;
        break;
      case 'checkbox':
        if (typeof value === 'boolean') out[c.key] = value;
        else invalid('must be true or false.');
        break;
      case 'datetime':
        if (typeof value === 'string' && isCalendarDate(value)) out[c.key] = value;
        else invalid('is not a valid date');
        break;
      case 'select':
      case 'radio': {
        const options = c.type === 'select' ? c.data.values : c.values;
        if (typeof value === 'string' && options.some((o) => o.value === value)) out[c.key] = value;
        else invalid('is an invalid value.');
        break;
      }
      case 'selectboxes': {
        const keys = new Set(c.values.map((o) => o.value));
        if (
          isObject(value) &&
          Object.entries(value).every(([k, v]) => keys.has(k) && typeof v === 'boolean')
        ) {
          out[c.key] = Object.fromEntries(c.values.map((o) => [o.value, value[o.value] === true]));
        } else invalid('is an invalid value.');
        break;
      }
      case 'datagrid': {
        if (!Array.isArray(value) || !value.every(isObject)) {
          invalid('is an invalid value.');
          break;
        }
        out[c.key] = value.map((row, i) => {
          const r = shapeData(c.components, row, row, `${field}[${i}].`);
          errors.push(...r.errors);
          return r.data;
        });
        break;
      }
    }
  }
  return { data: out, errors };
}
