import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import { useAuth } from './AuthProvider';
import { totpCodeOf } from './signInFlow';

/**
 * The second step of sign-in when two-step sign-in is on (Cognito's SOFTWARE_TOKEN_MFA challenge):
 * the 6-digit code from the authenticator app. A wrong code can be tried again; an expired sign-in
 * session sends the person back to the password (`onRestart('expired')`).
 */
export function TotpSignInStep({ onRestart }: { onRestart(reason: 'expired' | 'cancelled'): void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<'CodeMismatch' | 'LoginFailed' | null>(null);
  const code = totpCodeOf(text);
  const invalid = touched && !code;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!code || submitting) return;
    setSubmitting(true);
    setFailure(null);
    const result = await auth.confirmTotp(code);
    // On success the signed-in router replaces this page.
    if (result.ok) return;
    setSubmitting(false);
    if (result.reason === 'SessionExpired') {
      onRestart('expired');
      return;
    }
    setFailure(result.reason);
    setText('');
    setTouched(false);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="totp-title">
      <Form
        header={
          <SpaceBetween size="xs">
            <Box variant="h1" fontSize="heading-l" id="totp-title">
              {t('auth.totp.title')}
            </Box>
            <Box variant="p" color="text-body-secondary">
              {t('auth.totp.description', { appName: t('app.name') })}
            </Box>
          </SpaceBetween>
        }
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={() => onRestart('cancelled')}>
              {t('auth.totp.back')}
            </Button>
            <Button variant="primary" formAction="submit" loading={submitting}>
              {t('auth.totp.submit')}
            </Button>
          </SpaceBetween>
        }
        errorText={
          failure ? t(failure === 'CodeMismatch' ? 'auth.totp.mismatch' : 'auth.totp.failed') : undefined
        }
        errorIconAriaLabel={t('shell.error')}
      >
        <OneTimeCodeField
          label={t('auth.totp.code')}
          description={t('auth.totp.codeHint')}
          errorText={invalid ? t('auth.totp.invalid') : undefined}
          value={text}
          onChange={setText}
          onBlur={() => setTouched(true)}
        />
      </Form>
    </form>
  );
}
