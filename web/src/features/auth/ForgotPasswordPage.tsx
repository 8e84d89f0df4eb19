import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { normaliseEmail } from '../../../../shared/domain/validation';
import { requestPasswordReset, resetEmailFromState } from './flows';
import { loadAmplifyAuth } from '../../lib/amplify';
import { forgotPasswordFormState } from './forms';
import type { IdentityMessage } from './identityErrors';
import { useMessages } from './useMessages';

/**
 * `/forgot-password`: email (required, the email pattern) → Amplify resetPassword → /reset-password
 * with the email in router state.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const messages = useMessages();
  const [email, setEmail] = useState(() => resetEmailFromState(location.state) ?? '');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<IdentityMessage | null>(null);
  const form = forgotPasswordFormState({ email });
  const emailError = touched ? messages.validation(form.errors.email) : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.valid || submitting) return;
    setSubmitting(true);
    setFailure(null);
    const outcome = await requestPasswordReset(
      { resetPassword: async (input) => (await loadAmplifyAuth()).resetPassword(input) },
      email,
    );
    if (outcome.ok) {
      void navigate('/reset-password', { state: { email: outcome.email } });
      return;
    }
    setFailure(outcome.message);
    setSubmitting(false);
  }

  return (
    <div className={styles.form}>
      <Container>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="forgot-password-title">
          <Form
            header={
              <Box variant="h1" fontSize="heading-l" id="forgot-password-title">
                {t('auth.forgotPassword.title')}
              </Box>
            }
            actions={
              <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                <RouterLink href="/">{t('auth.forgotPassword.backToSignIn')}</RouterLink>
                <Button
                  variant="primary"
                  formAction="submit"
                  loading={submitting}
                  disabled={!form.submittable}
                >
                  {t('auth.forgotPassword.submit')}
                </Button>
              </SpaceBetween>
            }
            errorText={failure ? messages.identity(failure) : undefined}
            errorIconAriaLabel={t('shell.error')}
          >
            <SpaceBetween size="l">
              <Box variant="p">{t('auth.forgotPassword.intro')}</Box>
              <FormField label={t('auth.forgotPassword.email')} errorText={emailError}>
                <Input
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={({ detail }) => setEmail(detail.value)}
                  onBlur={() => {
                    setEmail((value) => normaliseEmail(value));
                    setTouched(true);
                  }}
                  ariaRequired
                  invalid={!!emailError}
                />
              </FormField>
            </SpaceBetween>
          </Form>
        </form>
      </Container>
    </div>
  );
}
