import FormField from '@cloudscape-design/components/form-field';
import { useTranslation } from 'react-i18next';
import { Captcha } from './Captcha';
import { useMessages } from './useMessages';

/**
 * The captcha as a form field, the one way a form asks for it (registration, organisation
 * invitations): its label, the widget, and its message. The server's refusal shows at once; the
 * form's own "complete the challenge" message only once every other field is valid, so it does not
 * shout before the person reaches it. `resetKey` changes after each submission: a payload is
 * single-use, so a fresh challenge is solved before trying again.
 */
export function CaptchaField({
  onChange,
  resetKey,
  serverError,
  formError,
  othersValid,
}: {
  onChange: (payload: string) => void;
  resetKey: number;
  /** The server's message for the captcha token (a 400 on it), if any. */
  serverError?: string;
  /** The form's own message for the captcha token (not solved yet), if any. */
  formError?: string;
  /** Whether every other field of the form is valid. */
  othersValid: boolean;
}) {
  const { t } = useTranslation();
  const messages = useMessages();
  const error =
    messages.validation(serverError) ??
    (othersValid && formError ? messages.validation(formError) : undefined);
  return (
    <FormField label={t('accountPages.registration.captcha')} errorText={error}>
      <Captcha onChange={onChange} resetKey={resetKey} invalid={!!error} />
    </FormField>
  );
}
