import { useCallback, useState } from 'react';
import type { FormioForm } from '../../../../shared/schemas/formio';
import type { StepData } from './formio';

/** `validateStepData` of ./stepValidation.ts: the server's field errors of step data. */
export type ValidateStep = (form: FormioForm, data: StepData) => Record<string, string>;

let loaded: ValidateStep | undefined;
let loading: Promise<ValidateStep> | undefined;

/**
 * Loads the step validation (@formio/core, a chunk of its own) once per page load; a failed
 * download is tried again on the next call. The renderer calls it on the first focus, pointer
 * or key in the step and on a save attempt: until then no field shows an error, so the step's
 * first paint never waits for it (docs/performance.md, "The form page").
 */
export function loadStepValidation(): Promise<ValidateStep> {
  loading ??= import('./stepValidation').then(
    (m) => (loaded = m.validateStepData),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The step validation once loaded (undefined before), and `want`, which starts loading it (again
 * after a failed download); the caller re-renders when it arrives.
 */
export function useStepValidation(): { validate: ValidateStep | undefined; want: () => void } {
  const [validate, setValidate] = useState<ValidateStep | undefined>(() => loaded);
  const want = useCallback(() => {
    if (validate) return;
    loadStepValidation().then(
      (v) => setValidate(() => v),
      () => undefined, // tried again on the next interaction
    );
  }, [validate]);
  return { validate, want };
}
