import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/translate';
import { useAuth } from './AuthProvider';
import { getConfig } from '../../lib/config';
import {
  ExternalLink,
  FormError,
  Notice,
  PlainRouterLink,
  PrimaryButton,
  TextField,
  plainStyles,
} from '../../components/plain/controls';
import { PageSpinner } from '../../components/PageSpinner';
import styles from '../../components/signed-out.module.css';
import { ApplicantGuide } from './ApplicantGuide';
import { AuthTabs } from './AuthTabs';
import { normaliseEmail } from './signInFlow';
import { loginFormState } from './loginForm';
import { PASSWORD_RESET_NOTICE } from './resetNotice';
import { loadI18next } from '../../i18n/load';

// Cloudscape-drawn parts shown only after a password: their chunks (and i18next, which they
// translate with) load then, not with the page.
const TotpSignInStep = lazy(async () => ({
  default: (await Promise.all([import('./TotpSignInStep'), loadI18next()]))[0].TotpSignInStep,
}));
const ResendVerification = lazy(async () => ({
  default: (await Promise.all([import('./ResendVerification'), loadI18next()]))[0].ResendVerification,
}));

/**
 * `/` when signed out: applicant guide panel, the auth tabs and the sign-in form (about 500 px).
 * Plain markup styled like Cloudscape (components/plain): the first page of a new visitor on a
 * phone loads no Cloudscape; the signed-in app starts loading while the person types.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const config = getConfig();
  const location = useLocation();
  const passwordReset =
    typeof location.state === 'object' &&
    location.state !== null &&
    (location.state as { notice?: unknown }).notice === PASSWORD_RESET_NOTICE;
  // `/?email=` (the confirmation page's sign-in): the address just confirmed, filled in.
  const [email, setEmail] = useState(() =>
    normaliseEmail(new URLSearchParams(location.search).get('email') ?? ''),
  );
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
            <Suspense fallback={<PageSpinner />}>
              <TotpSignInStep
                onRestart={(reason) => {
                  setStep('password');
                  setPassword('');
                  setTouched({ email: true, password: false });
                  setSessionExpired(reason === 'expired');
                }}
              />
            </Suspense>
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="sign-in-title">
              <div className={plainStyles.stack}>
                <h1 className={plainStyles.title} id="sign-in-title">
                  {t('auth.signIn.title')}
                </h1>
                {passwordReset && !failure ? (
                  <Notice type="success" iconLabel={t('auth.status.success')}>
                    {t('auth.resetPassword.success')}
                  </Notice>
                ) : null}
                {sessionExpired && !failure ? (
                  <Notice type="warning" iconLabel={t('auth.status.info')}>
                    {t('auth.totp.expired')}
                  </Notice>
                ) : null}
                {failure === 'UserNotActive' ? (
                  <Suspense fallback={null}>
                    <ResendVerification email={failedEmail} />
                  </Suspense>
                ) : null}
                <TextField
                  label={t('auth.signIn.email')}
                  type="email"
                  inputMode="email"
                  autoComplete="username"
                  value={email}
                  onChange={(value) => {
                    setEmail(value);
                    auth.signInStarted();
                  }}
                  onBlur={() => {
                    setEmail((value) => normaliseEmail(value));
                    setTouched((value) => ({ ...value, email: true }));
                  }}
                  error={touched.email && form.errors.email ? t('auth.validation.required') : undefined}
                  errorIconLabel={t('shell.error')}
                />
                <TextField
                  label={t('auth.signIn.password')}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(value) => {
                    setPassword(value);
                    auth.signInStarted();
                  }}
                  onBlur={() => setTouched((value) => ({ ...value, password: true }))}
                  error={touched.password && form.errors.password ? t('auth.validation.required') : undefined}
                  errorIconLabel={t('shell.error')}
                />
                <p className={plainStyles.text}>
                  {t('auth.signIn.forgotPasswordPrompt')}{' '}
                  <PlainRouterLink to="/forgot-password">{t('auth.signIn.forgotPassword')}</PlainRouterLink>
                </p>
                <FormError iconLabel={t('shell.error')}>
                  {failure
                    ? t(failure === 'UserNotActive' ? 'errors.UserNotActive' : 'auth.signIn.failed')
                    : null}
                </FormError>
                <div className={plainStyles.actions}>
                  <PrimaryButton loading={submitting} disabled={!form.submittable}>
                    {t('auth.signIn.submit')}
                  </PrimaryButton>
                </div>
              </div>
            </form>
          )}
        </AuthTabs>
        <div className={`${styles.links} ${plainStyles.below}`}>
          {config.termsUrl ? (
            <ExternalLink href={config.termsUrl} label={t('shell.externalLink')}>
              {t('auth.signIn.terms')}
            </ExternalLink>
          ) : null}
          {config.privacyUrl ? (
            <ExternalLink href={config.privacyUrl} label={t('shell.externalLink')}>
              {t('auth.signIn.privacy')}
            </ExternalLink>
          ) : null}
          <PlainRouterLink to="/support">{t('auth.signIn.getSupport')}</PlainRouterLink>
        </div>
      </div>
    </>
  );
}
