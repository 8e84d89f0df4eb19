import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner';
import { PlainAlert, PlainButton } from '../../components/plain/page';
import type { StepAutosave } from './autosave';
import type { FormStep } from './formModel';
import type { FormioForm } from '../../../../shared/schemas/formio';
import type { StepData } from './formio';
import { formioQuery, loadFormioRenderer, stepQuery } from './queries';
import { preloadParts } from './formioParts';

/** The renderer loads as its own chunk (the validation, @formio/core, is another: ./useStepValidation.ts). */
const loadRenderer = loadFormioRenderer;
const FormioRenderer = lazy(loadRenderer);
/** A read-only step (its datagrids are tables) loads the view instead. */
const StepView = lazy(() => import('./StepView'));

export interface FormioStepProps {
  applicationId: string;
  step: FormStep;
  readOnly: boolean;
  autosave: StepAutosave;
}

/**
 * A Formio step: the step's saved data (or what was typed and not saved yet) drawn by the renderer.
 * Every change is kept by the autosave; leaving the step (unmount) saves it.
 */
export default function FormioStep({ applicationId, step, readOnly, autosave }: FormioStepProps) {
  const { t } = useTranslation();
  const saved = useQuery(stepQuery(applicationId, step.id));
  const definition = useQuery({ ...formioQuery(step.formioName ?? ''), enabled: !!step.formioName });
  // The step's fields draw as a transition (rendered in slices, not one long task) when the last
  // answer arrives (docs/performance.md, "The form page").
  const definitionData = useDeferredValue(definition.data);
  const savedData = useDeferredValue(saved.data);

  // Leaving the step saves what is unsaved (not when the move is to /application-submitted).
  useEffect(() => () => void autosave.leave(window.location.pathname), [autosave]);
  // An editable step's renderer downloads beside the step's data and definition, not after them.
  useEffect(() => {
    if (!readOnly) loadRenderer().catch(() => undefined);
  }, [readOnly]);
  // The controls only some definitions draw (dates, datagrids, tooltips) as soon as it is in.
  useEffect(() => {
    if (!readOnly && definition.data) preloadParts(definition.data).catch(() => undefined);
  }, [readOnly, definition.data]);

  if (saved.isError) {
    return (
      <PlainAlert type="error" header={t('applicationForm.step.loadFailed')}>
        {saved.error.message}
      </PlainAlert>
    );
  }
  if (definition.isError) {
    return (
      <PlainAlert type="error" header={t('applicationForm.step.definitionFailed')}>
        {definition.error.message}
      </PlainAlert>
    );
  }
  if (!definitionData || !savedData) return <PageSpinner />;
  if (readOnly || savedData.readOnly) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <StepView form={definitionData} data={savedData.data} />
      </Suspense>
    );
  }
  return (
    <StepEditor
      applicationId={applicationId}
      form={definitionData}
      stepId={step.id}
      saved={savedData.data}
      autosave={autosave}
    />
  );
}

/** The server's errors of the last save for fields whose value has not changed since. */
function currentServerErrors(saved: unknown, data: StepData): Record<string, string> | undefined {
  if (typeof saved !== 'object' || saved === null) return undefined;
  const { errors, data: savedData } = saved as { errors?: unknown; data?: StepData };
  if (!Array.isArray(errors) || !savedData) return undefined;
  const out: Record<string, string> = {};
  for (const e of errors as { field?: unknown; reason?: unknown }[]) {
    if (typeof e.field !== 'string' || typeof e.reason !== 'string' || e.field in out) continue;
    if (e.field in data && JSON.stringify(data[e.field]) === JSON.stringify(savedData[e.field])) {
      out[e.field] = e.reason;
    }
  }
  return out;
}

/** Memoised: a redraw of the step for a query's fetch status does not redraw every field. */
const StepEditor = memo(function StepEditor({
  applicationId,
  form,
  stepId,
  saved,
  autosave,
}: {
  applicationId: string;
  form: FormioForm;
  stepId: string;
  saved: StepData;
  autosave: StepAutosave;
}) {
  const { t } = useTranslation();
  // What was typed and not saved yet (a failed save, a reload) wins over the server's copy.
  const [unsaved] = useState(() => autosave.unsaved(stepId));
  const [data, setData] = useState<StepData>(() => unsaved ?? saved);
  const [showAllErrors, setShowAllErrors] = useState(false);
  // The last save's answer (the page puts it in the step's query), with the server's errors: read
  // from the cache only, not fetched again when the fields mount (FormioStep has just fetched it).
  const lastSave = useQuery({ ...stepQuery(applicationId, stepId), enabled: false });
  const extraErrors = useMemo(() => currentServerErrors(lastSave.data, data), [lastSave.data, data]);

  // Data typed earlier and never saved is saved again.
  useEffect(() => {
    if (unsaved) autosave.change(stepId, unsaved);
  }, [unsaved, autosave, stepId]);

  // The Save button draws with the fields, not under the spinner before them, and after the last of
  // them (FormioRenderer's `end`): it would move down the page as they arrive (a layout shift).
  return (
    <Suspense fallback={<PageSpinner />}>
      <FormioRenderer
        form={form}
        data={data}
        showAllErrors={showAllErrors}
        extraErrors={extraErrors}
        onChange={(next) => {
          setData(next);
          autosave.change(stepId, next);
        }}
        end={
          <div>
            <PlainButton
              onClick={() => {
                setShowAllErrors(true);
                autosave.change(stepId, data);
                void autosave.flush(stepId);
              }}
            >
              {t('applicationForm.step.save')}
            </PlainButton>
          </div>
        }
      />
    </Suspense>
  );
});
