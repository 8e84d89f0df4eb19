import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { isServiceError } from '../../api/errors';
import {
  PageHeader,
  Panel,
  PlainAlert,
  PlainButton,
  PlainLink,
  StatusText,
} from '../../components/plain/page';
import { PageSpinner } from '../../components/PageSpinner';
import { ROUTE_FOCUS_PENDING } from '../../lib/useRouteFocus';
import { useToasts } from '../../components/toasts';
import type { GetApplicationResponse } from '../../../../shared/schemas/applications';
import { applicationMessages } from '../../../../shared/domain/application-messages';
import { isEditable } from '../../../../shared/domain/applications';
import { StepAutosave, type SaveStatus } from './autosave';
import DocumentStep, { requiredContainerIds, requiredContainers } from './DocumentStep';
import FormioStep from './FormioStep';
import { buildFormModel, crumbUrl, resolveStep, stepUrl, type FormModel, type FormStep } from './formModel';
import type { StepData } from './formio';
import {
  applicationQuery,
  enabledStepsQuery,
  jurisdictionQuery,
  prefetchFormioStep,
  type PortalForm,
} from './queries';
import { WithCurrentUser } from '../shell/useCurrentUser';
import styles from './applicationForm.module.css';
import { ApplicationNumbers } from '../application-details/ApplicationNumbers';

// The other kinds of step load with their step, so a Formio step (most of the form) does not wait
// for the participants, review or template code (docs/performance.md, "The form page").
const ContactStep = lazy(() => import('./ContactStep'));
const ReviewStep = lazy(() => import('./ReviewStep'));
const TemplateStep = lazy(() => import('./TemplateStep'));

/** The unsaved data of this tab lives in sessionStorage (absent in some sandboxes). */
function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One autosave per application page, saving through POST .../steps/{stepId}. */
function useAutosave(applicationId: string) {
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Record<string, SaveStatus>>({});
  const autosave = useMemo(
    () =>
      new StepAutosave({
        applicationId,
        storage: sessionStore(),
        save: (stepId, data: StepData) => applicationsApi.saveStep(applicationId, stepId, data),
        onStatus: (stepId, s) => setStatus((all) => ({ ...all, [stepId]: s })),
        onSaved: (stepId, result) => {
          if (result && typeof result === 'object') {
            queryClient.setQueryData(applicationKeys.step(applicationId, stepId), result as never);
          }
          void queryClient.invalidateQueries({ queryKey: applicationKeys.enabledSteps(applicationId) });
          void queryClient.invalidateQueries({ queryKey: applicationKeys.ruleResults(applicationId) });
        },
        onError: (_stepId, error) =>
          toasts.show({
            type: 'error',
            header: applicationMessages.cannotSaveStep,
            content: error instanceof Error ? error.message : undefined,
          }),
      }),
    // The toasts and query client are app-wide singletons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [applicationId],
  );
  // Leaving the page (another page, the browser's back) saves; closing the tab keeps it in sessionStorage.
  useEffect(() => {
    const onHide = () => void autosave.flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void autosave.leave(window.location.pathname);
    };
  }, [autosave]);
  return { autosave, status };
}

function SaveState({ status }: { status: SaveStatus | undefined }) {
  const { t } = useTranslation();
  switch (status) {
    case 'saving':
      return <StatusText type="in-progress">{t('applicationForm.save.saving')}</StatusText>;
    case 'saved':
      return <StatusText type="success">{t('applicationForm.save.saved')}</StatusText>;
    case 'unsaved':
      return <StatusText type="pending">{t('applicationForm.save.unsaved')}</StatusText>;
    case 'failed':
      return <StatusText type="error">{t('applicationForm.save.failed')}</StatusText>;
    default:
      return null;
  }
}

/** The form's sections as a breadcrumb bar; choosing one opens its first step. */
function SectionBar({
  applicationId,
  model,
  current,
}: {
  applicationId: string;
  model: FormModel;
  current: FormStep;
}) {
  const { t } = useTranslation();
  const crumbs = model.crumbs.filter((c) => c.steps.some((s) => s.enabled));
  return (
    <nav aria-label={t('applicationForm.sections')}>
      <ol className={styles.sectionBar}>
        {crumbs.map((crumb) => (
          <li key={crumb.id}>
            {crumb.position === current.breadcrumbPosition ? (
              <span aria-current="step" className={styles.currentSection}>
                {crumb.displayName}
              </span>
            ) : (
              <PlainLink to={crumbUrl(applicationId, crumb)}>{crumb.displayName}</PlainLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The steps of the current section with their completion marks. */
function StepList({
  applicationId,
  model,
  current,
}: {
  applicationId: string;
  model: FormModel;
  current: FormStep;
}) {
  const { t } = useTranslation();
  const crumb = model.crumbs.find((c) => c.position === current.breadcrumbPosition);
  const steps = (crumb?.steps ?? []).filter((s) => s.enabled);
  return (
    <nav aria-label={t('applicationForm.steps')}>
      <Panel title={crumb?.displayName}>
        <ol className={styles.stepList}>
          {steps.map((step) => (
            <li key={step.id} className={styles.boxes}>
              {step.id === current.id ? (
                <strong aria-current="step">{step.displayName}</strong>
              ) : (
                <PlainLink to={stepUrl(applicationId, step)}>{step.displayName}</PlainLink>
              )}
              <span>
                {step.complete ? (
                  <StatusText type="success">{t('applicationForm.complete')}</StatusText>
                ) : (
                  <StatusText type="pending">{t('applicationForm.incomplete')}</StatusText>
                )}
              </span>
            </li>
          ))}
        </ol>
      </Panel>
    </nav>
  );
}

/**
 * The step (most of the page's elements): memoised, so a redraw of the page that changes nothing it
 * shows (a query's fetch status, the save status) does not redraw every field.
 */
const StepBody = memo(function StepBody({
  applicationId,
  step,
  model,
  form,
  response,
  readOnly,
  imagesEnabled,
  autosave,
}: {
  applicationId: string;
  step: FormStep;
  model: FormModel;
  form: PortalForm;
  response: GetApplicationResponse;
  readOnly: boolean;
  /** The application's authority converts JPEG and PNG uploads to PDF. */
  imagesEnabled: boolean;
  autosave: StepAutosave;
}) {
  switch (step.type) {
    case 'Formio':
      return (
        <FormioStep
          key={step.id}
          applicationId={applicationId}
          step={step}
          readOnly={readOnly}
          autosave={autosave}
        />
      );
    case 'Contact':
      return (
        <ContactStep
          applicationId={applicationId}
          accessLevel={response.application.accessLevel}
          isDraft={response.application.status === 'Draft'}
        />
      );
    case 'DocumentUpload':
      return (
        <DocumentStep
          applicationId={applicationId}
          containers={requiredContainers(
            requiredContainerIds(form.requiredDocumentContainers, response.requiredDocuments),
          )}
          readOnly={readOnly}
          imagesEnabled={imagesEnabled}
        />
      );
    case 'TemplateDetails':
      return <TemplateStep template={response.template} />;
    case 'ApplicationReview':
      return (
        <WithCurrentUser>
          <ReviewStep
            applicationId={applicationId}
            model={model}
            declarationText={form.declarationText}
            readOnly={readOnly}
            autosave={autosave}
            signature={response.application.userSignature}
          />
        </WithCurrentUser>
      );
  }
});

/**
 * The step the page will draw, its GETs and renderer started as soon as the page's three answers are
 * in, before the page is drawn with them (a transition: below): once per step.
 */
function usePrefetchedStep(
  applicationId: string,
  { breadcrumbId, stepId }: { breadcrumbId?: string | undefined; stepId?: string | undefined },
  application: GetApplicationResponse | undefined,
  jurisdiction: { forms: PortalForm[] } | undefined,
  enabled: Parameters<typeof buildFormModel>[1] | undefined,
) {
  const queryClient = useQueryClient();
  const prefetched = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!application || !jurisdiction || !enabled) return;
    const app = application.application;
    const form = jurisdiction.forms.find((f) => f.id === app.formId);
    const step = form && resolveStep(buildFormModel(form, enabled, app.recordType), { breadcrumbId, stepId });
    if (step?.type !== 'Formio' || prefetched.current === step.id) return;
    prefetched.current = step.id;
    prefetchFormioStep(queryClient, applicationId, step, !isEditable(app));
  }, [queryClient, applicationId, breadcrumbId, stepId, application, jurisdiction, enabled]);
}

/** An error in place of the page: its title and the alert. */
function Failed({ title, header, children }: { title: string; header: string; children?: ReactNode }) {
  return (
    <div className={styles.stack}>
      <PageHeader>{title}</PageHeader>
      <PlainAlert type="error" header={header}>
        {children}
      </PlainAlert>
    </div>
  );
}

/**
 * /application-form/{applicationId}[/breadcrumb/{n}][/step/{n}] (docs/applications.md):
 * the application's form with its sections, steps and completion marks; the URL's step, else the
 * first enabled step (of the URL's section). Not editable (status not Draft/VRFISuspended, or less
 * than Edit access): every step reads only.
 */
export default function ApplicationFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const applicationId = params.applicationId ?? '';
  const application = useQuery(applicationQuery(applicationId));
  const jurisdiction = useQuery(jurisdictionQuery());
  const enabled = useQuery(enabledStepsQuery(applicationId));
  const { autosave, status } = useAutosave(applicationId);
  usePrefetchedStep(applicationId, params, application.data, jurisdiction.data, enabled.data);
  // An answer arriving redraws the page as a transition, which React renders in slices of a few
  // milliseconds, not as one long task that holds a phone's main thread (an answer is a synchronous
  // update otherwise; docs/performance.md, "The form page").
  const applicationData = useDeferredValue(application.data);
  const jurisdictionData = useDeferredValue(jurisdiction.data);
  const enabledData = useDeferredValue(enabled.data);

  const form = jurisdictionData?.forms.find((f) => f.id === applicationData?.application.formId) as
    PortalForm | undefined;
  const recordType = applicationData?.application.recordType;
  const model = useMemo(
    () => (form && enabledData ? buildFormModel(form, enabledData, recordType) : undefined),
    [form, enabledData, recordType],
  );
  const step = model && resolveStep(model, params);

  if (application.isError) {
    // One the user cannot see (or that is gone): the server's 'Application not found', no raw id.
    const notFound = isServiceError(application.error, 'ResourceNotFound');
    return (
      <Failed
        title={t('applicationForm.title')}
        header={
          notFound
            ? application.error.message
            : applicationMessages.failToFetchApplication.replace('{{id}}', applicationId)
        }
      >
        {notFound ? undefined : application.error.message}
      </Failed>
    );
  }
  if (enabled.isError) {
    return (
      <Failed title={t('applicationForm.title')} header={applicationMessages.failedToFetchEnabledSteps}>
        {enabled.error.message}
      </Failed>
    );
  }
  if (jurisdiction.isError) {
    return (
      <Failed title={t('applicationForm.title')} header={t('applicationForm.formFailed')}>
        {jurisdiction.error.message}
      </Failed>
    );
  }
  if (!applicationData) return <PageSpinner />;
  const app = applicationData.application;
  // The header (the page's largest text: the job's numbers and address) is drawn as soon as the
  // application is in, before the form's definition and enabled steps (the 64 KB jurisdiction among
  // them) and the step: a phone sees whose application this is first (docs/performance.md, "The form page").
  const header = (title: string) => (
    <PageHeader
      // The job's numbers, each named and never broken on a phone, then the address (docs/applications.md
      // findings 6 and 12: "BLD-2026-|00011" split under the header on a phone).
      description={<ApplicationNumbers app={app} address={app.address} />}
      actions={step && status[step.id] ? <SaveState status={status[step.id]} /> : undefined}
    >
      {title}
    </PageHeader>
  );
  if (!jurisdictionData || !enabledData) {
    // Its title is the form's own name when the application carries one; else it waits for the form.
    if (!app.formDisplayName) return <PageSpinner />;
    return (
      <div className={styles.stack}>
        {header(app.formDisplayName)}
        {/* A page change moves focus to the step's title once it is drawn, not to this header. */}
        <div {...{ [ROUTE_FOCUS_PENDING]: '' }}>
          <PageSpinner />
        </div>
      </div>
    );
  }

  const readOnly = !isEditable(app);
  const title = app.formDisplayName ?? form?.displayName ?? t('applicationForm.title');

  const index = step && model ? model.steps.filter((s) => s.enabled).findIndex((s) => s.id === step.id) : -1;
  const enabledSteps = model?.steps.filter((s) => s.enabled) ?? [];
  const previous = index > 0 ? enabledSteps[index - 1] : undefined;
  const next = index >= 0 ? enabledSteps[index + 1] : undefined;

  return (
    <div className={styles.stack}>
      {header(title)}
      {readOnly && (
        <PlainAlert type="info" header={applicationMessages.editingLocked}>
          {applicationMessages.lockedTooltip}
        </PlainAlert>
      )}
      {!form || !model || !step ? (
        <PlainAlert type="warning">{t('applicationForm.noSteps')}</PlainAlert>
      ) : (
        <>
          <SectionBar applicationId={applicationId} model={model} current={step} />
          <div className={styles.layout}>
            <div className={styles.columns}>
              <StepList applicationId={applicationId} model={model} current={step} />
              <section aria-labelledby="application-step-title" className={styles.stack}>
                <h2 className={styles.stepTitle}>
                  {/* A step change moves focus here, to the start of the step (lib/useRouteFocus.ts). */}
                  <span id="application-step-title" data-route-focus>
                    {step.displayName}
                  </span>
                </h2>
                <Suspense fallback={<PageSpinner />}>
                  <StepBody
                    applicationId={applicationId}
                    step={step}
                    model={model}
                    form={form}
                    response={applicationData}
                    readOnly={readOnly}
                    imagesEnabled={
                      jurisdictionData.authorities.find((a) => a.id === app.authorityId)
                        ?.imageConversionEnabled ?? false
                    }
                    autosave={autosave}
                  />
                </Suspense>
                <div className={styles.stepNav}>
                  {previous && (
                    <PlainButton onClick={() => void navigate(stepUrl(applicationId, previous))}>
                      {t('applicationForm.previous')}
                    </PlainButton>
                  )}
                  {next && (
                    <PlainButton onClick={() => void navigate(stepUrl(applicationId, next))}>
                      {t('applicationForm.next', { step: next.displayName })}
                    </PlainButton>
                  )}
                </div>
              </section>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
