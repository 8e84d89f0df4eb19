import type { FormioFieldError } from '../../../../shared/schemas/formio.js';
import type { Step } from '../../../../shared/schemas/reference.js';
import { getFormioDefinition } from '../../../../shared/formio/definitions.js';
import { nzCalendarDay } from '../../../../shared/domain/dates.js';
import { result } from './types.js';
import type { Rule } from './types.js';

/** The New Zealand calendar day (YYYY-MM-DD) of a form's date value, or undefined when it is not a date. */
export function formValueDay(value: unknown): string | undefined {
  return typeof value === 'string' || value instanceof Date ? nzCalendarDay(value) : undefined;
}

/**
 * The declarative rules of the definitions that Form.io cannot express (a field compared with another
 * field or with today), by definition name. Each returns the field errors of present values only
 * (absent values are left to `required`).
 */
export const extraStepRules: Record<
  string,
  (data: Record<string, unknown>, now: Date) => FormioFieldError[]
> = {
  // Certificate for public use: the period ends after it starts.
  'cpu-application': (data) => {
    const from = formValueDay(data.periodFrom);
    const to = formValueDay(data.periodTo);
    return from && to && to <= from
      ? [{ field: 'periodTo', reason: 'Public use until must be after Public use from' }]
      : [];
  },
  // Extension of time: the requested date is in the future.
  'eot-application': (data, now) => {
    const day = formValueDay(data.requestedNewDate);
    return day && day <= (formValueDay(now) as string)
      ? [{ field: 'requestedNewDate', reason: 'Requested new date must be in the future' }]
      : [];
  },
  // Code compliance certificate: the work was completed, so not in the future.
  'ccc-application': (data, now) => {
    const day = formValueDay(data.dateCompleted);
    return day && day > (formValueDay(now) as string)
      ? [
          {
            field: 'dateCompleted',
            reason: 'Date the building work was completed cannot be in the future',
          },
        ]
      : [];
  },
};

export interface StepValidation {
  /** The data to store: the definition's keys only, hidden fields removed. */
  data: Record<string, unknown>;
  /** Form.io's field errors, then the extra rules' (one per field). */
  errors: FormioFieldError[];
}

type ValidateFormio = typeof import('../../../../shared/formio/validate.js').validateFormio;
let validateFormio: ValidateFormio | undefined;

/**
 * Loads Form.io's validation (@formio/core) once. It is not part of module init: evaluating
 * @formio/core took ≈ 47 ms of every cold start of the form's function, whose step reads never
 * validate (docs/performance.md). The steps service awaits this before running the rules, which stay
 * synchronous; tests of the rules await it first.
 */
export async function loadFormValidation(): Promise<void> {
  validateFormio ??= (await import('../../../../shared/formio/validate.js')).validateFormio;
}

/**
 * A Formio step's data validated with its definition and the extra rules. Form.io must be loaded
 * ({@link loadFormValidation}).
 */
export function validateStepData(formioName: string, data: unknown, now: Date): StepValidation {
  const form = getFormioDefinition(formioName);
  if (!form) throw new Error(`No Form.io definition ${formioName}`);
  if (!validateFormio) throw new Error('Form.io validation is not loaded: await loadFormValidation() first');
  const { data: shaped, errors } = validateFormio(form, data);
  const seen = new Set(errors.map((e) => e.field));
  const extra = (extraStepRules[formioName]?.(shaped, now) ?? []).filter((e) => !seen.has(e.field));
  return { data: shaped, errors: [...errors, ...extra] };
}

export const STEP_INCOMPLETE_MESSAGE = '{step} is incomplete';
export const STEP_INVALID_MESSAGE = '{step} is incomplete: {error}';

/**
 * Every Formio step complete and valid (Form.io loaded: {@link loadFormValidation}): a step never saved → Error '{step} is incomplete'; a saved step
 * with field errors → Error '{step} is incomplete: {error}' naming the first field error.
 */
export const formStepRules: Rule = (input) =>
  input.reference.steps
    .filter((s): s is Step & { formioName: string } => s.type === 'Formio' && !!s.formioName)
    .flatMap((s) => {
      const saved = input.stepData[s.id];
      if (!saved) {
        return [
          result(input, {
            ruleId: `form-step:${s.id}`,
            ruleType: 'FormStep',
            severity: 'Error',
            message: STEP_INCOMPLETE_MESSAGE,
            messageParams: { step: s.displayName },
            stepId: s.id,
          }),
        ];
      }
      const first = validateStepData(s.formioName, saved.data, input.now).errors[0];
      if (!first) return [];
      return [
        result(input, {
          ruleId: `form-step:${s.id}`,
          ruleType: 'FormStep',
          severity: 'Error',
          message: STEP_INVALID_MESSAGE,
          messageParams: { step: s.displayName, error: first.reason },
          stepId: s.id,
          applicationFieldName: first.field,
        }),
      ];
    });

/** Building levies are charged on work of this estimated value or more (incl. GST). */
export const LEVY_THRESHOLD = 20000;
export const LEVY_MESSAGE =
  'The estimated value is over {threshold}: building levies will be added to the fees of this application';

/** Control: an estimated value over $20,000 needs the levy noted. */
export const estimatedValueControl: Rule = (input) =>
  input.reference.steps.flatMap((s) => {
    const value = input.stepData[s.id]?.data.estimatedValue;
    if (s.type !== 'Formio' || typeof value !== 'number' || value <= LEVY_THRESHOLD) return [];
    return [
      result(input, {
        ruleId: 'estimated-value-levy',
        ruleType: 'FormStep',
        severity: 'Control',
        message: LEVY_MESSAGE,
        messageParams: { threshold: '$20,000' },
        stepId: s.id,
        applicationFieldName: 'estimatedValue',
      }),
    ];
  });
