import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '../../../../shared/schemas/organisations';
import { organisationKeys, organisationsApi } from '../../api/organisations';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { serverFieldErrors } from '../auth/forms';
import { useMessages } from '../auth/useMessages';
import { profileFormState, type ProfileValues } from './organisationModel';
import { errorText } from './queries';
import styles from './organisations.module.css';

const DEFAULT_COLOUR = '#0972d3';

/** The organisation's profile (portal-organisation §3 Organisation): name, colour and image; admins edit it. */
export function OrganisationProfile({ organisation, admin }: { organisation: Organisation; admin: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            admin && <Button onClick={() => setEditing(true)}>{t('organisation.profile.edit')}</Button>
          }
        >
          {t('organisation.profile.title')}
        </Header>
      }
    >
      <ColumnLayout columns={3} variant="text-grid">
        <div>
          <Box variant="awsui-key-label">{t('organisation.profile.name')}</Box>
          <div>{organisation.displayName}</div>
        </div>
        <div>
          <Box variant="awsui-key-label">{t('organisation.profile.colour')}</Box>
          {organisation.colour ? (
            <SpaceBetween direction="horizontal" size="xs">
              <span className={styles.swatch} style={{ background: organisation.colour }} aria-hidden />
              <span>{organisation.colour}</span>
            </SpaceBetween>
          ) : (
            <div>{t('organisation.profile.none')}</div>
          )}
        </div>
        <div>
          <Box variant="awsui-key-label">{t('organisation.profile.image')}</Box>
          {organisation.image ? (
            <img
              className={styles.image}
              src={organisation.image}
              alt={t('organisation.profile.imageAlt', { name: organisation.displayName })}
            />
          ) : (
            <div>{t('organisation.profile.none')}</div>
          )}
        </div>
      </ColumnLayout>
      {editing && <ProfileDialog organisation={organisation} onClose={() => setEditing(false)} />}
    </Container>
  );
}

function ProfileDialog({ organisation, onClose }: { organisation: Organisation; onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useMessages();
  const toasts = useToasts();
  const client = useQueryClient();
  const colourId = useId();
  const [initial] = useState<ProfileValues>(() => ({
    displayName: organisation.displayName,
    colour: organisation.colour ?? DEFAULT_COLOUR,
  }));
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const form = profileFormState(values, initial);
  const nameError = messages.validation(
    serverErrors.displayName ?? (touched ? form.errors.displayName : undefined),
  );

  const save = useMutation({
    mutationFn: () =>
      organisationsApi.update({
        displayName: values.displayName,
        colour: values.colour,
        ...(organisation.image ? { image: organisation.image } : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: organisationKeys.all });
      toasts.show({ type: 'success', content: t('organisation.profile.saved') });
      onClose();
    },
    onError: (err) => {
      const fieldErrors = isServiceError(err)
        ? serverFieldErrors(err.details, ['displayName', 'colour'] as const)
        : {};
      setServerErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) {
        toasts.show({ type: 'error', content: errorText(err, t('organisation.profile.failed')) });
      }
    },
  });

  return (
    <Modal
      visible
      onDismiss={() => !save.isPending && onClose()}
      header={t('organisation.profile.editTitle')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={save.isPending}>
              {t('organisation.actions.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!form.submittable}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('organisation.profile.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label={t('organisation.profile.name')} errorText={nameError}>
          <Input
            value={values.displayName}
            onChange={({ detail }) => {
              setValues((v) => ({ ...v, displayName: detail.value }));
              setServerErrors({});
            }}
            onBlur={() => setTouched(true)}
          />
        </FormField>
        <FormField label={t('organisation.profile.colour')} controlId={colourId}>
          <input
            id={colourId}
            type="color"
            className={styles.colour}
            value={values.colour}
            onChange={(e) => setValues((v) => ({ ...v, colour: e.target.value }))}
          />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
