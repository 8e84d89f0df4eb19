import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_VALIDITY_DAYS } from '../../../../shared/domain/organisations';
import { normaliseEmail } from '../../../../shared/domain/validation';
import { organisationKeys, organisationsApi } from '../../api/organisations';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { CaptchaField } from '../auth/CaptchaField';
import { serverFieldErrors } from '../auth/forms';
import { useMessages } from '../auth/useMessages';
import { INITIAL_INVITE, inviteFormState, type InviteValues } from './organisationModel';
import { errorText } from './queries';

type Field = keyof InviteValues;
const FIELDS: readonly Field[] = ['email', 'firstName', 'lastName', 'captchaToken'];

/**
 * Invite a person to the organisation by email (POST /user/organisation/invitations), with the
 * captcha as the registration uses it. Fields are checked by the shared InviteMemberRequest schema;
 * a server 400 shows on its field and a fresh captcha is solved before trying again.
 */
export function InviteMemberDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useMessages();
  const toasts = useToasts();
  const client = useQueryClient();
  const [values, setValues] = useState<InviteValues>(INITIAL_INVITE);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [captchaReset, setCaptchaReset] = useState(0);
  const form = inviteFormState(values);

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (key: Field) =>
    messages.validation(serverErrors[key] ?? (touched[key] ? form.errors[key] : undefined));
  const othersValid = (['email', 'firstName', 'lastName'] as const).every((k) => !form.errors[k]);

  const invite = useMutation({
    mutationFn: () => organisationsApi.invite(values),
    onSuccess: (sent) => {
      void client.invalidateQueries({ queryKey: organisationKeys.sentInvitations() });
      toasts.show({ type: 'success', content: t('organisation.invite.sent', { email: sent.email }) });
      onClose();
    },
    onError: (err) => {
      const fieldErrors = isServiceError(err) ? serverFieldErrors(err.details, FIELDS) : {};
      setServerErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) {
        toasts.show({ type: 'error', content: errorText(err, t('organisation.invite.failed')) });
      }
      // A captcha payload is single-use.
      setCaptchaReset((n) => n + 1);
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (form.valid && !invite.isPending) invite.mutate();
  };

  const text = (key: Exclude<Field, 'captchaToken'>, autoComplete: string) => (
    <FormField label={t(`organisation.invite.${key}`)} errorText={errorOf(key)}>
      <Input
        value={values[key]}
        type={key === 'email' ? 'email' : 'text'}
        autoComplete={autoComplete}
        onChange={({ detail }) => set(key, detail.value)}
        onBlur={() => {
          setTouched((s) => ({ ...s, [key]: true }));
          if (key === 'email') setValues((v) => ({ ...v, email: normaliseEmail(v.email) }));
        }}
      />
    </FormField>
  );

  return (
    <Modal
      visible
      onDismiss={() => !invite.isPending && onClose()}
      header={t('organisation.invite.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={invite.isPending}>
              {t('organisation.actions.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!form.valid}
              loading={invite.isPending}
              onClick={() => submit()}
            >
              {t('organisation.invite.submit')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate>
        <Form>
          <SpaceBetween size="m">
            <Box variant="p">{t('organisation.invite.intro', { count: INVITATION_VALIDITY_DAYS })}</Box>
            {text('email', 'off')}
            {text('firstName', 'off')}
            {text('lastName', 'off')}
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
    </Modal>
  );
}
