import { useQueries } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { RouterLink } from '../../components/RouterLink';
import { formioQuery } from '../new-application/reference';
import { genericFields, readOnlyFields } from '../application-details/details';
import { flattenAnswers } from './checkAnswers';
import { stepUrl, type FormModel, type FormStep } from './formModel';
import styles from './applicationForm.module.css';

/** The steps whose answers are typed in (Form.io steps); people and documents have their own steps. */
const answered = (s: FormStep) => s.enabled && s.type === 'Formio';

/**
 * "Check your answers" (docs/applications.md; the GOV.UK pattern) before the declaration: every
 * answer of every form step, under its step's name, each with a Change link to that step.
 */
export function CheckAnswers({ applicationId, model }: { applicationId: string; model: FormModel }) {
  const { t } = useTranslation();
  const steps = model.steps.filter(answered);
  const data = useQueries({
    queries: steps.map((s) => ({
      queryKey: applicationKeys.step(applicationId, s.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => applicationsApi.step(applicationId, s.id, signal),
    })),
  });
  const definitions = useQueries({
    queries: steps.map((s) => ({ ...formioQuery(s.formioName ?? ''), enabled: !!s.formioName })),
  });
  return (
    <Container
      header={
        <Header variant="h2" description={t('applicationForm.check.description')}>
          {t('applicationForm.check.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {steps.map((step, i) => {
          const saved = data[i];
          const definition = definitions[i];
          const href = stepUrl(applicationId, step);
          const headingId = `check-${step.id}`;
          if (!saved || saved.isPending || (step.formioName && definition?.isPending))
            return (
              <StatusIndicator key={step.id} type="loading">
                {step.displayName}
              </StatusIndicator>
            );
          const answers = saved.isError
            ? []
            : flattenAnswers(
                definition?.data
                  ? readOnlyFields(definition.data, saved.data.data)
                  : genericFields(saved.data.data),
              );
          return (
            <section key={step.id} aria-labelledby={headingId}>
              <SpaceBetween size="xs">
                <Box variant="h3" id={headingId}>
                  {step.displayName}
                </Box>
                {answers.length === 0 ? (
                  <SpaceBetween size="xs" direction="horizontal">
                    <Box color="text-body-secondary">{t('applicationForm.check.noAnswers')}</Box>
                    <RouterLink
                      href={href}
                      ariaLabel={t('applicationForm.check.changeStep', { step: step.displayName })}
                    >
                      {t('applicationForm.check.change')}
                    </RouterLink>
                  </SpaceBetween>
                ) : (
                  <dl className={styles.summaryList}>
                    {answers.map((a) => (
                      <div key={a.key} className={styles.summaryRow}>
                        <dt>{a.label}</dt>
                        <dd>{a.value}</dd>
                        <dd>
                          <RouterLink
                            href={href}
                            ariaLabel={t('applicationForm.check.changeAnswer', { answer: a.label })}
                          >
                            {t('applicationForm.check.change')}
                          </RouterLink>
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </SpaceBetween>
            </section>
          );
        })}
      </SpaceBetween>
    </Container>
  );
}
