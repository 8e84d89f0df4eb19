import { validateFormio } from '../../../../shared/formio/validate';
import type { FormioForm } from '../../../../shared/schemas/formio';
import { errorsByField, type StepData } from './formio';

/**
 * The field errors of step data, exactly as the server computes them (`validateFormio`, with
 * @formio/core). A chunk of its own, loaded by ./useStepValidation.ts when the person first works
 * on a step: the step draws without it (docs/performance.md, "The form page").
 */
export function validateStepData(form: FormioForm, data: StepData): Record<string, string> {
  return errorsByField(validateFormio(form, data).errors);
}
