import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { confirmPasswordReset, resetEmailFromState } from './flows';
import { loadAmplifyAuth } from '../../lib/amplify';
import { PASSWORD_RESET_NOTICE } from './resetNotice';
import { resetPasswordFormState, type ResetPasswordValues } from './forms';
import type { IdentityMessage } from './identityErrors';
import { useMessages } from './useMessages';

/**
 * `/reset-password`: email (read-only, passed from /forgot-password), verification code and new
 * password → Amplify confirmResetPassword → sign-in with a success message. The route guard in
 * routes/signedOut.tsx sends visits without an email to /forgot-password.
 */
export default function ResetPasswordPage() {
  const location = useLocation();
  const email = resetEmailFromState(location.state);
  if (!email) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordForm email={email} />;
}

function ResetPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useMessages();
  const [values, setValues] = useState<ResetPasswordValues>({ email, code: '', password: '' });
  const [touched, setTouched] = useState({ code: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<IdentityMessage | null>(null);
  const form = resetPasswordFormState(values);
  const errorOf = (key: 'code' | 'password') =>
    touched[key] ? messages.validation(form.errors[key]) : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submittable || submitting) return;
    setSubmitting(true);
    setFailure(null);
    const outcome = await confirmPasswordReset(
      { confirmResetPassword: async (input) => (await loadAmplifyAuth()).confirmResetPassword(input) },
      values,
    );
    if (outcome.ok) {
      void navigate('/', { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
      return;
    }
    setFailure(outcome.message);
    setSubmitting(false);
  }

  return (
    <div className={styles.form}>
      <Container>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="reset-password-title">
          <Form
            header={
              <Box variant="h1" fontSize="heading-l" id="reset-password-title">
                {t('auth.resetPassword.title')}
              </Box>
            }
            actions={
              <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                <RouterLink href="/">{t('auth.resetPassword.backToSignIn')}</RouterLink>
                <Button
                  variant="primary"
                  formAction="submit"
                  loading={submitting}
                  disabled={!form.submittable}
                >
                  {t('auth.resetPassword.submit')}
                </Button>
              </SpaceBetween>
            }
            errorText={failure ? messages.identity(failure) : undefined}
            errorIconAriaLabel={t('shell.error')}
          >
            <SpaceBetween size="l">
              <Box variant="p">{t('auth.resetPassword.intro')}</Box>
              <FormField label={t('auth.resetPassword.email')}>
                <Input
                  type="email"
                  value={values.email}
                  readOnly
                  autoComplete="username"
                  onChange={() => {}}
                />
              </FormField>
              <FormField label={t('auth.resetPassword.code')} errorText={errorOf('code')}>
                <Input
                  value={values.code}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  onChange={({ detail }) => setValues((v) => ({ ...v, code: detail.value }))}
                  onBlur={() => setTouched((v) => ({ ...v, code: true }))}
                  ariaRequired
                  invalid={!!errorOf('code')}
                />
              </FormField>
              <FormField
                label={t('auth.resetPassword.password')}
                errorText={errorOf('password')}
                constraintText={t('accountPages.registration.passwordHint')}
              >
                <Input
                  type="password"
                  value={values.password}
                  autoComplete="new-password"
                  onChange={({ detail }) => setValues((v) => ({ ...v, password: detail.value }))}
                  onBlur={() => setTouched((v) => ({ ...v, password: true }))}
                  ariaRequired
                  invalid={!!errorOf('password')}
                />
              </FormField>
            </SpaceBetween>
          </Form>
        </form>
      </Container>
    </div>
  );
}
