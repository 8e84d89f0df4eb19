import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactDto } from '../../../../shared/schemas/contacts';
import { normaliseEmail } from '../../../../shared/domain/validation';
import { contactKeys, contactsApi } from '../../api/contacts';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { ContactDetailsStep } from '../participants/ContactDetailsStep';
import { LicencesField } from '../participants/LicencesField';
import { participantName } from '../participants/ParticipantCard';
import {
  serverFieldErrors,
  visibleErrors,
  withoutLicenceErrors,
  type FieldErrors,
} from '../participants/participantForm';
import {
  contactBodyOf,
  contactFieldErrorsOf,
  contactPatchOf,
  contactValuesOf,
  type ContactFormValues,
} from './contactForm';

/**
 * Add or edit a library contact (docs/participants.md): the participant dialog's Contact
 * details and licence list (Cancel, Apply license; the LBP register's warnings come back from the
 * server) in one form. Field errors are the shared ContactInput schema's once a field is left, or a
 * server 400's on its field; Save waits for a valid, changed form.
 */
export function ContactDialog({ contact, onClose }: { contact?: ContactDto; onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const client = useQueryClient();
  const [initial] = useState(() => contactValuesOf(contact));
  const [values, setValues] = useState<ContactFormValues>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const schemaErrors = contactFieldErrorsOf(values);
  const errors = visibleErrors(schemaErrors, touched, serverErrors);
  const changed = JSON.stringify(contactBodyOf(values)) !== JSON.stringify(contactBodyOf(initial));

  const set = <K extends keyof ContactFormValues>(field: K, value: ContactFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const touch = (field: string) => {
    setTouched((s) => ({ ...s, [field]: true }));
    if (field === 'email') setValues((v) => ({ ...v, email: v.email.trim() ? normaliseEmail(v.email) : '' }));
  };

  const save = useMutation({
    mutationFn: () =>
      contact
        ? contactsApi.update(contact.id, contactPatchOf(values))
        : contactsApi.create(contactBodyOf(values)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: contactKeys.all });
      const name = participantName(saved);
      toasts.show({ type: 'success', content: t(contact ? 'contacts.updated' : 'contacts.added', { name }) });
      onClose();
    },
    onError: (err) => {
      const fields = isServiceError(err, 'ClientError') ? serverFieldErrors(err.details) : {};
      if (Object.keys(fields).length > 0) return setServerErrors(fields);
      toasts.show({
        type: 'error',
        content:
          isServiceError(err, 'ClientError') || isServiceError(err, 'ResourceNotFound')
            ? err.message
            : t('contacts.dialog.saveFailed'),
      });
    },
  });

  return (
    <Modal
      visible
      size="large"
      onDismiss={() => !save.isPending && onClose()}
      header={t(contact ? 'contacts.dialog.editTitle' : 'contacts.dialog.addTitle')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={save.isPending}>
              {t('contacts.dialog.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={save.isPending}
              disabled={!changed || Object.keys(schemaErrors).length > 0}
              onClick={() => save.mutate()}
            >
              {t('contacts.dialog.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="l">
        <Header variant="h2">{t('participants.dialog.steps.contact')}</Header>
        <ContactDetailsStep
          values={values}
          errors={errors}
          onText={(f, v) => set(f, v)}
          onBlur={touch}
          onPhoneCountry={(code) => set('phoneCountryCode', code)}
          onAddress={(a) => set('address', a)}
        />
        <Header variant="h2">{t('participants.dialog.steps.licences')}</Header>
        <LicencesField
          value={values.qualifications}
          serverErrors={serverErrors}
          onChange={(next) => {
            set('qualifications', next);
            setServerErrors(withoutLicenceErrors);
          }}
        />
      </SpaceBetween>
    </Modal>
  );
}
