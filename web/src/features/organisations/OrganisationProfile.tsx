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
import { putFile } from '../../api/documents';
import { ImageUploadField } from '../../components/ImageUploadField';
import { thumbnailContentType, type ScaledThumbnail } from '../../components/thumbnail';
import { isServiceError } from '../../api/errors';
import { useToasts } from '../../components/toasts';
import { serverFieldErrors } from '../auth/forms';
import { useMessages } from '../auth/useMessages';
import { profileFormState, type ProfileValues } from './organisationModel';
import { errorText } from './queries';
import styles from './organisations.module.css';

const DEFAULT_COLOUR = '#0972d3';

/** Uploads the chosen image with a presigned PUT; the key PATCH /user/organisation names. */
async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  const contentType = thumbnailContentType(file);
  const upload = await organisationsApi.imageUpload({ contentType, contentLength: file.size });
  await putFile(upload.presignedUrl, file, { contentType, onProgress });
  return upload.key;
}

/** The organisation's profile (docs/organisations.md): name, colour and image; admins edit it. */
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
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ProfileValues | 'image', string>>>(
    {},
  );
  const form = profileFormState(values, initial);
  /** A new image (scaled for the preview), or the stored one removed. */
  const [image, setImage] = useState<ScaledThumbnail | undefined>();
  const [removed, setRemoved] = useState(false);
  const [imageState, setImageState] = useState({ error: false, reading: false });
  const [progress, setProgress] = useState<number | undefined>();
  const imageChanged = !!image || (removed && !!organisation.image);
  const submittable =
    form.valid && !imageState.error && !imageState.reading && (form.submittable || imageChanged);
  const preview = image?.dataUrl ?? (removed ? undefined : organisation.image);
  const nameError = messages.validation(
    serverErrors.displayName ?? (touched ? form.errors.displayName : undefined),
  );

  const save = useMutation({
    mutationFn: async () =>
      organisationsApi.update({
        displayName: values.displayName,
        colour: values.colour,
        ...(image
          ? { image: await uploadImage(image.file, setProgress) }
          : removed && organisation.image
            ? { image: null }
            : {}),
      }),
    onSettled: () => setProgress(undefined),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: organisationKeys.all });
      toasts.show({ type: 'success', content: t('organisation.profile.saved') });
      onClose();
    },
    onError: (err) => {
      const fieldErrors = isServiceError(err)
        ? serverFieldErrors(err.details, ['displayName', 'colour', 'image'] as const)
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
              disabled={!submittable}
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
        <ImageUploadField
          text={{
            label: t('organisation.profile.image'),
            hint: t('organisation.profile.imageHint'),
            dropzone: t('organisation.profile.imageDropzone'),
            choose: t('organisation.profile.imageChoose'),
            remove: t('organisation.profile.imageRemove'),
            uploading: t('organisation.profile.imageUploading'),
            refused: (problem, name) => t(`organisation.profile.imageRefused.${problem}`, { name }),
          }}
          value={image}
          onChange={(next) => {
            setImage(next);
            setServerErrors({});
          }}
          onState={setImageState}
          progress={progress}
          removable={!!preview}
          onRemove={() => setRemoved(true)}
        />
        {serverErrors.image && <Box color="text-status-error">{serverErrors.image}</Box>}
        {preview && (
          <img
            className={styles.image}
            src={preview}
            alt={t('organisation.profile.imageAlt', { name: values.displayName })}
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
