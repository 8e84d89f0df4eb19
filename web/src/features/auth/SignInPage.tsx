import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth';
import { getConfig } from '../../app/config';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { ApplicantGuide } from './ApplicantGuide';
import { AuthTabs } from './AuthTabs';
import { normaliseEmail } from './signInFlow';
import { loginFormState } from './loginForm';
import { ResendVerification } from './ResendVerification';
import { TotpSignInStep } from './TotpSignInStep';
import { PASSWORD_RESET_NOTICE } from './resetNotice';

/** `/` when signed out: applicant guide panel, the auth tabs and the sign-in form (about 500 px). */
export default function SignInPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const config = getConfig();
  const location = useLocation();
  const passwordReset =
    typeof location.state === 'object' &&
    location.state !== null &&
    (location.state as { notice?: unknown }).notice === PASSWORD_RESET_NOTICE;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<'LoginFailed' | 'UserNotActive' | null>(null);
  const [failedEmail, setFailedEmail] = useState('');
  // Two-step sign-in: after the password, the code from the authenticator app.
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [sessionExpired, setSessionExpired] = useState(false);

  const form = loginFormState({ email, password });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (!form.valid || submitting) return;
    setSubmitting(true);
    setFailure(null);
    setSessionExpired(false);
    const result = await auth.signIn({ email: normaliseEmail(email), password });
    // On success the signed-in router replaces this page; only failures stay here.
    if (!result.ok && result.reason === 'TotpRequired') {
      setSubmitting(false);
      setStep('totp');
    } else if (!result.ok) {
      setFailure(result.reason);
      setFailedEmail(normaliseEmail(email));
      setSubmitting(false);
    }
  }

  return (
    <>
      <ApplicantGuide />
      <div className={styles.form}>
        <AuthTabs active="signin">
          {step === 'totp' ? (
            <TotpSignInStep
              onRestart={(reason) => {
                setStep('password');
                setPassword('');
                setTouched({ email: true, password: false });
                setSessionExpired(reason === 'expired');
              }}
            />
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="sign-in-title">
              <Form
                header={
                  <Box variant="h1" fontSize="heading-l" id="sign-in-title">
                    {t('auth.signIn.title')}
                  </Box>
                }
                actions={
                  <Button
                    variant="primary"
                    formAction="submit"
                    loading={submitting}
                    disabled={!form.submittable}
                  >
                    {t('auth.signIn.submit')}
                  </Button>
                }
                errorText={
                  failure
                    ? t(failure === 'UserNotActive' ? 'errors.UserNotActive' : 'auth.signIn.failed')
                    : undefined
                }
                errorIconAriaLabel={t('shell.error')}
              >
                <SpaceBetween size="l">
                  {passwordReset && !failure ? (
                    <Alert type="success" statusIconAriaLabel={t('auth.status.success')}>
                      {t('auth.resetPassword.success')}
                    </Alert>
                  ) : null}
                  {sessionExpired && !failure ? (
                    <Alert type="warning" statusIconAriaLabel={t('auth.status.info')}>
                      {t('auth.totp.expired')}
                    </Alert>
                  ) : null}
                  {failure === 'UserNotActive' ? <ResendVerification email={failedEmail} /> : null}
                  <FormField
                    label={t('auth.signIn.email')}
                    errorText={touched.email && form.errors.email ? t('auth.validation.required') : undefined}
                  >
                    <Input
                      type="email"
                      inputMode="email"
                      autoComplete="username"
                      value={email}
                      onChange={({ detail }) => setEmail(detail.value)}
                      onBlur={() => {
                        setEmail((value) => normaliseEmail(value));
                        setTouched((value) => ({ ...value, email: true }));
                      }}
                      ariaRequired
                      invalid={touched.email && !!form.errors.email}
                    />
                  </FormField>
                  <FormField
                    label={t('auth.signIn.password')}
                    errorText={
                      touched.password && form.errors.password ? t('auth.validation.required') : undefined
                    }
                  >
                    <Input
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={({ detail }) => setPassword(detail.value)}
                      onBlur={() => setTouched((value) => ({ ...value, password: true }))}
                      ariaRequired
                      invalid={touched.password && !!form.errors.password}
                    />
                  </FormField>
                  <Box>
                    {t('auth.signIn.forgotPasswordPrompt')}{' '}
                    <RouterLink href="/forgot-password">{t('auth.signIn.forgotPassword')}</RouterLink>
                  </Box>
                </SpaceBetween>
              </Form>
            </form>
          )}
        </AuthTabs>
        <Box margin={{ top: 'l' }}>
          <SpaceBetween size="s">
            <div className={styles.links}>
              {config.termsUrl ? (
                <Link href={config.termsUrl} external externalIconAriaLabel={t('shell.externalLink')}>
                  {t('auth.signIn.terms')}
                </Link>
              ) : null}
              {config.privacyUrl ? (
                <Link href={config.privacyUrl} external externalIconAriaLabel={t('shell.externalLink')}>
                  {t('auth.signIn.privacy')}
                </Link>
              ) : null}
              <RouterLink href="/support">{t('auth.signIn.getSupport')}</RouterLink>
            </div>
          </SpaceBetween>
        </Box>
      </div>
    </>
  );
}
