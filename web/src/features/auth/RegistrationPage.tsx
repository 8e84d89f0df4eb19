import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerAccount } from '../../api/accounts';
import { getConfig } from '../../lib/config';
import { RouterLink } from '../../components/RouterLink';
import styles from '../../components/signed-out.module.css';
import { normaliseEmail } from '../../../../shared/domain/validation';
import { RETURN_TO_PARAM, safeReturnPath, withReturnPath } from '../../../../shared/domain/returnPath';
import { ApplicantGuide } from './ApplicantGuide';
import { AuthTabs } from './AuthTabs';
import { CaptchaField } from './CaptchaField';
import { submitRegistration } from './flows';
import {
  INITIAL_REGISTRATION,
  randomId,
  registrationFormState,
  type RegistrationField,
  type RegistrationValues,
} from './forms';
import { ResendVerification } from './ResendVerification';
import { useMessages } from './useMessages';

type TextField = 'email' | 'firstName' | 'lastName' | 'password';

/**
 * `/registration`: the Create Account tab (docs/accounts.md). The invitation mail's link
 * (`?email=&returnTo=`) fills the email and carries the application's page on to the confirmation
 * mail and the first sign-in (shared/domain/returnPath.ts).
 */
export default function RegistrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useMessages();
  const config = getConfig();
  const [search] = useSearchParams();
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  const signIn = withReturnPath('/', returnTo);
  const [ackId] = useState(() => randomId());
  const [reasonId] = useState(() => randomId());
  const [values, setValues] = useState<RegistrationValues>(() => ({
    ...INITIAL_REGISTRATION,
    email: normaliseEmail(search.get('email') ?? ''),
  }));
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [failure, setFailure] = useState<'exists' | 'failed' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const form = registrationFormState(values);
  const set = <K extends RegistrationField>(key: K, value: RegistrationValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => ({ ...current, [key]: undefined }));
  };
  const touch = (key: RegistrationField) => setTouched((current) => ({ ...current, [key]: true }));
  const errorOf = (key: RegistrationField) =>
    messages.validation(serverErrors[key] ?? (touched[key] ? form.errors[key] : undefined));

  const othersValid = (['email', 'firstName', 'lastName', 'password', 'acknowledgement'] as const).every(
    (key) => form.errors[key] === undefined,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.submittable || submitting) return;
    setSubmitting(true);
    setFailure(null);
    const outcome = await submitRegistration(
      (body) => registerAccount(returnTo ? { ...body, returnTo } : body),
      values,
    );
    setSubmitting(false);
    switch (outcome.kind) {
      case 'registered':
        setRegisteredEmail(outcome.email);
        return;
      case 'exists':
        setFailure('exists');
        break;
      case 'invalid':
        setServerErrors(outcome.errors);
        break;
      case 'failed':
        setFailure('failed');
        break;
    }
    // A captcha payload is single-use: solve a fresh challenge before trying again.
    setCaptchaReset((n) => n + 1);
  }

  if (registeredEmail) {
    return (
      <div className={styles.form}>
        <Container>
          <SpaceBetween size="l">
            <Box variant="h1" fontSize="heading-l">
              {t('accountPages.registration.checkEmailTitle')}
            </Box>
            <Box variant="p">{t('accountPages.registration.checkEmail', { email: registeredEmail })}</Box>
            <ResendVerification
              email={registeredEmail}
              prompt={t('accountPages.registration.notReceived')}
              returnTo={returnTo}
            />
            <RouterLink href={signIn}>{t('accountPages.registration.backToSignIn')}</RouterLink>
          </SpaceBetween>
        </Container>
      </div>
    );
  }

  const textField = (
    key: TextField,
    props: { type?: 'email' | 'password' | 'text'; autoComplete: string; constraint?: string },
  ) => (
    <FormField
      label={t(`accountPages.registration.${key}`)}
      // A field with a hint shows its error in the hint's place, in a slot two lines high: a message
      // appearing on blur moves nothing below it (the terms checkbox stays under the pointer).
      errorText={props.constraint ? undefined : errorOf(key)}
      constraintText={
        props.constraint ? (
          <div className={styles.messageSlot} data-testid={`${key}-message`}>
            {errorOf(key) ? (
              <Box color="text-status-error" fontSize="body-s">
                <span role="alert">{errorOf(key)}</span>
              </Box>
            ) : (
              props.constraint
            )}
          </div>
        ) : undefined
      }
    >
      <Input
        type={props.type ?? 'text'}
        inputMode={props.type === 'email' ? 'email' : undefined}
        autoComplete={props.autoComplete}
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        onBlur={() => {
          if (key === 'email') set('email', normaliseEmail(values.email));
          touch(key);
        }}
        ariaRequired
        invalid={!!errorOf(key)}
      />
    </FormField>
  );

  return (
    <>
      <ApplicantGuide />
      <div className={styles.form}>
        <AuthTabs active="create">
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="registration-title">
            <Form
              header={
                <Box variant="h1" fontSize="heading-l" id="registration-title">
                  {t('accountPages.registration.title')}
                </Box>
              }
              actions={
                <SpaceBetween size="xs" alignItems="end">
                  <Button
                    variant="primary"
                    formAction="submit"
                    loading={submitting}
                    disabled={!form.submittable}
                    ariaDescribedby={form.submittable ? undefined : reasonId}
                  >
                    {t('accountPages.registration.submit')}
                  </Button>
                  {/* Disabled says why (docs/accounts.md), on screen, not only on hover. */}
                  {!form.submittable && (
                    <Box id={reasonId} color="text-body-secondary" fontSize="body-s" textAlign="right">
                      {t('accountPages.registration.submitReason')}
                    </Box>
                  )}
                </SpaceBetween>
              }
              errorText={
                failure === 'exists' ? (
                  <SpaceBetween size="xxs">
                    <span data-testid="registration-exists">{t('accountPages.registration.exists')}</span>
                    <Link
                      href="/forgot-password"
                      onFollow={(event) => {
                        event.preventDefault();
                        void navigate('/forgot-password', { state: { email: normaliseEmail(values.email) } });
                      }}
                    >
                      {t('accountPages.registration.existsReset')}
                    </Link>
                  </SpaceBetween>
                ) : failure === 'failed' ? (
                  t('accountPages.registration.failed')
                ) : undefined
              }
              errorIconAriaLabel={t('shell.error')}
            >
              <SpaceBetween size="l">
                {textField('email', { type: 'email', autoComplete: 'email' })}
                {textField('firstName', { autoComplete: 'given-name' })}
                {textField('lastName', { autoComplete: 'family-name' })}
                {textField('password', {
                  type: 'password',
                  autoComplete: 'new-password',
                  constraint: t('accountPages.registration.passwordHint'),
                })}
                <FormField
                  label={t('accountPages.registration.acknowledgementLabel')}
                  errorText={errorOf('acknowledgement')}
                >
                  <Checkbox
                    controlId={ackId}
                    checked={values.acknowledgement}
                    onChange={({ detail }) => {
                      set('acknowledgement', detail.checked);
                      touch('acknowledgement');
                    }}
                    ariaRequired
                  >
                    {t('accountPages.registration.acknowledgement')}
                  </Checkbox>
                </FormField>
                {config.termsUrl || config.privacyUrl ? (
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
                  </div>
                ) : null}
                <CaptchaField
                  onChange={(payload) => set('captchaToken', payload)}
                  resetKey={captchaReset}
                  serverError={serverErrors.captchaToken}
                  formError={form.errors.captchaToken}
                  othersValid={othersValid}
                />
              </SpaceBetween>
            </Form>
          </form>
        </AuthTabs>
        <Box margin={{ top: 'l' }}>
          {t('accountPages.registration.haveAccount')}{' '}
          <RouterLink href={signIn}>{t('accountPages.registration.backToSignIn')}</RouterLink>
        </Box>
      </div>
    </>
  );
}
