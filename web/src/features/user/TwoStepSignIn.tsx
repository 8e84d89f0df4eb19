import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/OneTimeCodeField';
import { useToasts } from '../../components/toasts';
import { totpCodeOf } from '../auth/signInFlow';
import { userKeys } from './queries';
import {
  amplifyTwoStepDeps,
  groupedSecret,
  isTotpOn,
  totpSetupUri,
  verifyFailure,
  type TwoStepDeps,
} from './twoStepRules';

const mfaKey = [...userKeys.all, 'mfa'] as const;

interface Setup {
  secret: string;
  qr: string;
}

/** Scan (or type the key), then the first code: verified, TOTP becomes the preferred second step. */
function SetUpForm({
  setup,
  email,
  deps,
  onDone,
  onCancel,
}: {
  setup: Setup;
  email: string;
  deps: () => Promise<TwoStepDeps>;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const code = totpCodeOf(text);
  const verify = useMutation({
    mutationFn: async (value: string) => {
      const d = await deps();
      await d.verifyTOTPSetup({ code: value });
      await d.updateMFAPreference({ totp: 'PREFERRED' });
    },
    onSuccess: onDone,
    onError: () => setText(''),
  });
  const failure = verify.error ? verifyFailure(verify.error) : null;
  const invalid = touched && !code;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (code && !verify.isPending) verify.mutate(code);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('profile.twoStep.title')}>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel}>
              {t('profile.twoStep.cancel')}
            </Button>
            <Button variant="primary" formAction="submit" loading={verify.isPending}>
              {t('profile.twoStep.verify')}
            </Button>
          </SpaceBetween>
        }
        errorText={
          failure
            ? t(failure === 'CodeMismatch' ? 'profile.twoStep.mismatch' : 'profile.twoStep.changeFailed')
            : undefined
        }
        errorIconAriaLabel={t('shell.error')}
      >
        <SpaceBetween size="l">
          <SpaceBetween size="s">
            <Box variant="p">{t('profile.twoStep.scan')}</Box>
            <img src={setup.qr} width={192} height={192} alt={t('profile.twoStep.qrAlt', { email })} />
            <Box variant="p">{t('profile.twoStep.manual')}</Box>
            <SpaceBetween direction="horizontal" size="xs" alignItems="end">
              <FormField label={t('profile.twoStep.secret')}>
                <Input value={groupedSecret(setup.secret)} readOnly autoComplete={false} spellcheck={false} />
              </FormField>
              <CopyToClipboard
                variant="icon"
                textToCopy={setup.secret}
                copyButtonAriaLabel={t('profile.twoStep.copy')}
                copySuccessText={t('profile.twoStep.copied')}
                copyErrorText={t('profile.twoStep.changeFailed')}
              />
            </SpaceBetween>
          </SpaceBetween>
          <OneTimeCodeField
            label={t('profile.twoStep.enterCode')}
            description={t('profile.twoStep.codeHint')}
            errorText={invalid ? t('profile.twoStep.invalid') : undefined}
            value={text}
            onChange={setText}
            onBlur={() => setTouched(true)}
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * Profile → "Two-step sign-in": optional TOTP with an authenticator app (ASVS L2 2.8). Off: set it
 * up (QR code and the key as text, then the first code). On: turn it off after a confirmation.
 */
export default function TwoStepSignIn({
  email,
  deps = amplifyTwoStepDeps,
}: {
  email: string;
  deps?: () => Promise<TwoStepDeps>;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preference = useQuery({
    queryKey: mfaKey,
    queryFn: async () => (await deps()).fetchMFAPreference(),
    retry: false,
  });
  const setOn = (on: boolean) =>
    queryClient.setQueryData(mfaKey, on ? { enabled: ['TOTP'], preferred: 'TOTP' } : { enabled: [] });

  const start = useMutation({
    mutationFn: async (): Promise<Setup> => {
      const { sharedSecret } = await (await deps()).setUpTOTP();
      const uri = totpSetupUri({ issuer: t('app.name'), account: email, secret: sharedSecret });
      const QRCode = await import('qrcode');
      const qr = await QRCode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' });
      return { secret: sharedSecret, qr };
    },
    onSuccess: setSetup,
  });
  const turnOff = useMutation({
    mutationFn: async () => (await deps()).updateMFAPreference({ totp: 'DISABLED' }),
    onSuccess: () => {
      setConfirming(false);
      setOn(false);
      toasts.show({ type: 'success', content: t('profile.twoStep.disabled') });
    },
    onError: () => {
      setConfirming(false);
      toasts.show({ type: 'error', content: t('profile.twoStep.changeFailed') });
    },
  });

  const on = preference.data ? isTotpOn(preference.data) : false;
  let body;
  if (preference.isPending) {
    body = <StatusIndicator type="loading">{t('profile.twoStep.loading')}</StatusIndicator>;
  } else if (preference.isError) {
    body = <StatusIndicator type="error">{t('profile.twoStep.loadFailed')}</StatusIndicator>;
  } else if (setup) {
    body = (
      <SetUpForm
        setup={setup}
        email={email}
        deps={deps}
        onCancel={() => setSetup(null)}
        onDone={() => {
          setSetup(null);
          setOn(true);
          toasts.show({ type: 'success', content: t('profile.twoStep.enabled') });
        }}
      />
    );
  } else {
    body = (
      <SpaceBetween size="m">
        <div role="status">
          <StatusIndicator type={on ? 'success' : 'stopped'}>
            {t(on ? 'profile.twoStep.on' : 'profile.twoStep.off')}
          </StatusIndicator>
        </div>
        {start.isError ? (
          <StatusIndicator type="error">{t('profile.twoStep.setUpFailed')}</StatusIndicator>
        ) : null}
        <Box>
          {on ? (
            <Button onClick={() => setConfirming(true)}>{t('profile.twoStep.turnOff')}</Button>
          ) : (
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {t('profile.twoStep.setUp')}
            </Button>
          )}
        </Box>
      </SpaceBetween>
    );
  }

  return (
    <section aria-label={t('profile.twoStep.title')}>
      <Container
        header={
          <Header variant="h2" description={t('profile.twoStep.description')}>
            {t('profile.twoStep.title')}
          </Header>
        }
      >
        {body}
        <Modal
          visible={confirming}
          onDismiss={() => setConfirming(false)}
          header={t('profile.twoStep.confirmTitle')}
          closeAriaLabel={t('profile.twoStep.cancel')}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setConfirming(false)}>
                  {t('profile.twoStep.cancel')}
                </Button>
                <Button variant="primary" loading={turnOff.isPending} onClick={() => turnOff.mutate()}>
                  {t('profile.twoStep.confirmTurnOff')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {t('profile.twoStep.confirmText')}
        </Modal>
      </Container>
    </section>
  );
}
