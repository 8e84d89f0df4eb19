import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { resendRegistration } from '../../api/accounts';
import { resendVerification, type ResendOutcome } from './flows';

/**
 * The resend-verification button (sign-in for an unconfirmed user, the registration "check your
 * email" state and a failed confirmation), with the spec's success and failure messages.
 */
export function ResendVerification({
  email,
  prompt,
  returnTo,
}: {
  email: string;
  prompt?: string;
  /** Carried into the new confirmation mail's link (shared/domain/returnPath.ts). */
  returnTo?: string | undefined;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);

  async function onResend() {
    setSending(true);
    setOutcome(null);
    setOutcome(
      await resendVerification((body) => resendRegistration(returnTo ? { ...body, returnTo } : body), email),
    );
    setSending(false);
  }

  return (
    <SpaceBetween size="s">
      <SpaceBetween size="xs" direction="horizontal" alignItems="center">
        {prompt ? <span>{prompt}</span> : null}
        <Button
          formAction="none"
          onClick={() => void onResend()}
          loading={sending}
          data-testid="resend-verification"
        >
          {t('accountPages.resend.button')}
        </Button>
      </SpaceBetween>
      <div aria-live="polite">
        {outcome === 'sent' ? (
          <Alert type="success" statusIconAriaLabel={t('auth.status.success')}>
            {t('accountPages.resend.sent')}
          </Alert>
        ) : null}
        {outcome === 'failed' ? (
          <Alert type="error" statusIconAriaLabel={t('shell.error')}>
            {t('accountPages.resend.failed')}
          </Alert>
        ) : null}
      </div>
    </SpaceBetween>
  );
}
