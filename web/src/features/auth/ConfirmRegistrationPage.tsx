import { useEffect, useRef, useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { confirmRegistration } from '../../api/accounts';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { isValidEmail, normaliseEmail } from '../../../../shared/domain/validation';
import { RETURN_TO_PARAM, safeReturnPath, withReturnPath } from '../../../../shared/domain/returnPath';
import {
  confirmAccountOutcome,
  confirmationParams,
  type ConfirmationFailure,
  type ConfirmationState,
} from './flows';
import { ResendVerification } from './ResendVerification';

/**
 * `/confirm-registration?verification_code&email` (the link in the verification email): states
 * confirming → confirmed (offers sign-in) or failed (offers to resend the email). A safe `returnTo`
 * (an invitation's application) goes on to the sign-in, which lands there.
 */
export default function ConfirmRegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [state, setState] = useState<ConfirmationState>('confirming');
  const [why, setWhy] = useState<ConfirmationFailure | undefined>();
  const started = useRef(false);
  const params = confirmationParams(search);
  const email = normaliseEmail(search.get('email') ?? '');
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  // The sign-in after confirming has the email filled in (docs/accounts.md).
  const signIn = withReturnPath(isValidEmail(email) ? `/?email=${encodeURIComponent(email)}` : '/', returnTo);

  useEffect(() => {
    // Once per page: a code confirms only once (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void confirmAccountOutcome(confirmRegistration, params).then((outcome) => {
      if (outcome.state === 'failed') setWhy(outcome.why);
      setState(outcome.state);
    });
  }, [params]);

  return (
    <div className={styles.form}>
      <Container>
        <SpaceBetween size="l">
          <Box variant="h1" fontSize="heading-l">
            {t('accountPages.confirm.title')}
          </Box>
          <div aria-live="polite" data-testid="confirmation-state" data-state={state}>
            {state === 'confirming' ? (
              <StatusIndicator type="loading">{t('accountPages.confirm.confirming')}</StatusIndicator>
            ) : null}
            {state === 'confirmed' ? (
              <Alert type="success" statusIconAriaLabel={t('auth.status.success')}>
                {t('accountPages.confirm.confirmed')}
              </Alert>
            ) : null}
            {state === 'failed' ? (
              <Alert
                type="error"
                statusIconAriaLabel={t('shell.error')}
                header={t('accountPages.confirm.failed')}
              >
                {why ? t(`accountPages.confirm.why.${why}`) : null}
              </Alert>
            ) : null}
          </div>
          {state === 'confirmed' ? (
            <Button variant="primary" onClick={() => void navigate(signIn, { replace: true })}>
              {t('accountPages.confirm.signIn')}
            </Button>
          ) : null}
          {state === 'failed' ? (
            <SpaceBetween size="m">
              {isValidEmail(email) ? <ResendVerification email={email} returnTo={returnTo} /> : null}
              <RouterLink href={signIn}>{t('accountPages.registration.backToSignIn')}</RouterLink>
            </SpaceBetween>
          ) : null}
        </SpaceBetween>
      </Container>
    </div>
  );
}
