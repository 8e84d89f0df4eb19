import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { isServiceError } from '../../api/errors';
import { RouterLink } from '../../components/RouterLink';
import { PageSpinner } from '../../components/PageSpinner';
import { applicationMessages, type Severity } from '../../../../shared/schemas/applications';
import { messages } from '../../../../shared/domain/validation';
import { profileFullName, signatureMatches } from '../../../../shared/domain/signature';
import { useCurrentUser } from '../shell/useCurrentUser';
import type { StepAutosave } from './autosave';
import { stepUrlById, submittedUrl, type FormModel } from './formModel';
import { groupResults, hasBlockingErrors, resultMessage } from './review';
import { ruleResultsQuery } from './queries';
import { CheckAnswers } from './CheckAnswers';
import styles from './applicationForm.module.css';

const SEVERITY_STATUS: Record<Severity, StatusIndicatorProps.Type> = {
  Error: 'error',
  Control: 'warning',
  Suggestion: 'info',
};

export interface ReviewStepProps {
  applicationId: string;
  model: FormModel;
  declarationText: string | undefined;
  readOnly: boolean;
  autosave: StepAutosave;
  /** The signature already on the application, if any. */
  signature?: string | undefined;
}

/**
 * Review and submit (docs/applications.md ruleresults?type=FULL, submission): the validation results by
 * severity with a link to the step that fixes each, "Check your answers" (every answer with a Change
 * link to its step), the form's declaration, the signer's full name,
 * and Submit — disabled while Errors remain. A submitted application goes to
 * /application-submitted/{id} without saving anything on the way.
 */
export default function ReviewStep({
  applicationId,
  model,
  declarationText,
  readOnly,
  autosave,
  signature: initialSignature,
}: ReviewStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const results = useQuery(ruleResultsQuery(applicationId));
  const [signature, setSignature] = useState(initialSignature ?? '');
  const [attempted, setAttempted] = useState(false);
  // The signature is the signer's full name as on their profile (the server checks the same rule).
  const fullName = profileFullName(useCurrentUser());
  const signatureError = !attempted
    ? undefined
    : signature.trim() === ''
      ? messages.required
      : signatureMatches(signature, fullName)
        ? undefined
        : t('applicationForm.review.signatureMismatch', { name: fullName });

  const submit = useMutation({
    mutationFn: () => applicationsApi.submit(applicationId, signature.trim()),
    onSuccess: async () => {
      autosave.suppress();
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      await navigate(submittedUrl(applicationId));
    },
  });

  if (results.isError) {
    return (
      <Alert type="error" header={applicationMessages.failedToFetchValidation}>
        {results.error.message}
      </Alert>
    );
  }
  if (!results.data) return <PageSpinner />;

  const groups = groupResults(results.data);
  const blocked = hasBlockingErrors(results.data);
  const submitError = submit.error;
  const details =
    submitError && isServiceError(submitError) && Array.isArray(submitError.details)
      ? (submitError.details as { field?: string; reason?: string }[])
      : [];

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('applicationForm.review.resultsTitle')}</Header>}>
        {groups.length === 0 ? (
          <StatusIndicator type="success">{t('applicationForm.review.noResults')}</StatusIndicator>
        ) : (
          <SpaceBetween size="l">
            {groups.map((group) => (
              <section key={group.severity} aria-labelledby={`review-${group.severity}`}>
                <SpaceBetween size="xs">
                  <Box variant="h3" id={`review-${group.severity}`}>
                    {t(`applicationForm.review.severity.${group.severity}`, { count: group.results.length })}
                  </Box>
                  <ul className={styles.stepList}>
                    {group.results.map((r, i) => {
                      const target = stepUrlById(applicationId, model, r.stepId);
                      return (
                        <li key={`${r.ruleId}-${i}`}>
                          <SpaceBetween size="xs" direction="horizontal">
                            <StatusIndicator type={SEVERITY_STATUS[r.severity]}>
                              {resultMessage(r)}
                            </StatusIndicator>
                            {target && (
                              <RouterLink href={target.href}>
                                {t('applicationForm.review.goToStep', { step: target.step.displayName })}
                              </RouterLink>
                            )}
                          </SpaceBetween>
                        </li>
                      );
                    })}
                  </ul>
                </SpaceBetween>
              </section>
            ))}
          </SpaceBetween>
        )}
      </Container>

      <CheckAnswers applicationId={applicationId} model={model} />

      <Container header={<Header variant="h2">{t('applicationForm.review.declarationTitle')}</Header>}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setAttempted(true);
            if (blocked || readOnly || !signatureMatches(signature, fullName)) return;
            submit.mutate();
          }}
        >
          <SpaceBetween size="l">
            {declarationText && <Box className={styles.declaration}>{declarationText}</Box>}
            <FormField
              label={t('applicationForm.review.signature')}
              description={t('applicationForm.review.signatureHint')}
              errorText={signatureError}
            >
              <Input
                value={signature}
                onChange={({ detail }) => setSignature(detail.value)}
                onBlur={() => setAttempted(true)}
                invalid={!!signatureError}
                readOnly={readOnly}
                ariaRequired
                autoComplete="name"
              />
            </FormField>
            {blocked && <Alert type="warning">{t('applicationForm.review.fixErrors')}</Alert>}
            {submitError && (
              <Alert type="error" header={t('applicationForm.review.submitFailed')}>
                {details.length ? (
                  <ul>
                    {details.map((d, i) => (
                      <li key={i}>{[d.field, d.reason].filter(Boolean).join(': ')}</li>
                    ))}
                  </ul>
                ) : (
                  submitError.message
                )}
              </Alert>
            )}
            <Button
              variant="primary"
              formAction="submit"
              disabled={blocked || readOnly}
              loading={submit.isPending}
            >
              {t('applicationForm.review.submit')}
            </Button>
          </SpaceBetween>
        </form>
      </Container>
    </SpaceBetween>
  );
}
