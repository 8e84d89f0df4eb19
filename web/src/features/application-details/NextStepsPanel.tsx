import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { statusExplanation } from '../../../../shared/domain/applications';
import type { NextStep } from '../../../../shared/domain/next-steps';

function StepRow({ step, primary }: { step: NextStep; primary: boolean }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <li data-testid={`next-step-${step.kind}`} style={{ marginBottom: 12 }}>
      <SpaceBetween size="xs">
        <Box
          id={id}
          fontWeight="bold"
          color={step.kind === 'pay' && step.overdue ? 'text-status-error' : undefined}
        >
          {step.text}
        </Box>
        <Button
          variant={primary ? 'primary' : 'normal'}
          href={step.href}
          ariaDescribedby={id}
          onFollow={(event) => {
            event.preventDefault();
            void navigate(step.href);
          }}
        >
          {step.action}
        </Button>
      </SpaceBetween>
    </li>
  );
}

/**
 * "What you need to do" at the top of the Overview (docs/applications.md): each thing the application
 * asks of the applicant (shared/domain/next-steps.ts), with the one button that does it; when
 * nothing is asked, where the application stands (a suspended one says the council waits for them).
 */
export function NextStepsPanel({
  app,
  steps,
  pending,
  failed,
}: {
  app: ApplicationDto;
  steps: readonly NextStep[];
  pending: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={app.status === 'VRFISuspended' ? statusExplanation(app.status) : undefined}
        >
          {t('applicationDetails.nextSteps.title')}
        </Header>
      }
    >
      {pending ? (
        <StatusIndicator type="loading">{t('applicationDetails.nextSteps.loading')}</StatusIndicator>
      ) : failed ? (
        <Alert type="warning">{t('applicationDetails.nextSteps.failed')}</Alert>
      ) : steps.length === 0 ? (
        <Box>
          {t('applicationDetails.nextSteps.nothing')} {statusExplanation(app.status)}
        </Box>
      ) : (
        <ul aria-label={t('applicationDetails.nextSteps.title')} style={{ margin: 0, paddingLeft: 20 }}>
          {steps.map((step, i) => (
            <StepRow key={step.key} step={step} primary={i === 0} />
          ))}
        </ul>
      )}
    </Container>
  );
}
