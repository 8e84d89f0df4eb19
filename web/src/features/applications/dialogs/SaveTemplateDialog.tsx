import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useTranslation } from 'react-i18next';
import { CreateApplicationRequest } from '../../../../../shared/schemas/applications';
import { useCreateTemplate } from '../mutations';
import type { ScaledThumbnail } from '../../../components/thumbnail';
import { ImageUploadField } from '../../../components/ImageUploadField';
import { TemplatePreviewCard } from '../../templates/TemplatePreviewCard';

export interface TemplateFormValues {
  name: string;
  description: string;
  thumbnail: ScaledThumbnail | undefined;
}

/** The field's refusals (docs/applications.md). */
const REFUSED = {
  type: 'applications.dialogs.template.thumbnailType',
  size: 'applications.dialogs.template.thumbnailSize',
  count: 'applications.dialogs.template.thumbnailOne',
  pixels: 'applications.dialogs.template.thumbnailPixels',
  unreadable: 'applications.dialogs.template.thumbnailUnreadable',
} as const;

const EMPTY: TemplateFormValues = { name: '', description: '', thumbnail: undefined };

/**
 * The template form's state (docs/applications.md): name required, description
 * optional; Save disabled while submitting, without an application id, when unchanged or invalid.
 * Validated with the shared CreateTemplate schema the server parses.
 */
export function templateFormState(
  values: TemplateFormValues,
  ctx: { applicationId: string | undefined; submitting: boolean; thumbnailError: boolean },
) {
  const parsed = CreateApplicationRequest.safeParse({
    operationName: 'CreateTemplate',
    applicationId: ctx.applicationId ?? '',
    templateName: values.name,
    templateDescription: values.description.trim() || undefined,
    templateThumbnailName: values.thumbnail?.name,
  });
  const nameIssue = parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'templateName')?.message;
  const changed =
    values.name !== EMPTY.name || values.description !== EMPTY.description || values.thumbnail !== undefined;
  const valid = parsed.success && !ctx.thumbnailError;
  return {
    nameError: nameIssue,
    valid,
    canSave: !ctx.submitting && !!ctx.applicationId && changed && valid,
  };
}

/** Save a new template from an application: name, description, thumbnail with a preview card. */
export function SaveTemplateDialog({
  target,
  onClose,
}: {
  target: { id: string; label: string } | undefined;
  onClose: () => void;
}) {
  return target ? <TemplateModal key={target.id} target={target} onClose={onClose} /> : null;
}

function TemplateModal({ target, onClose }: { target: { id: string; label: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TemplateFormValues>(EMPTY);
  const [nameTouched, setNameTouched] = useState(false);
  const [thumbnailError, setThumbnailError] = useState(false);
  const [reading, setReading] = useState(false);
  /** The thumbnail's upload progress while saving (0 to 1), shown under the field. */
  const [progress, setProgress] = useState<number | undefined>();
  const create = useCreateTemplate();
  const state = templateFormState(values, {
    applicationId: target.id,
    submitting: create.isPending || reading,
    thumbnailError,
  });

  const submit = () => {
    setNameTouched(true);
    if (!state.canSave) return;
    create.mutate(
      {
        applicationId: target.id,
        name: values.name,
        description: values.description,
        thumbnail: values.thumbnail,
        onProgress: setProgress,
      },
      { onSuccess: onClose, onSettled: () => setProgress(undefined) },
    );
  };

  return (
    <Modal
      visible
      size="medium"
      onDismiss={() => !create.isPending && onClose()}
      header={t('applications.dialogs.template.title')}
      closeAriaLabel={t('applications.dialogs.close')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={create.isPending}>
              {t('applications.dialogs.cancel')}
            </Button>
            <Button variant="primary" onClick={submit} loading={create.isPending} disabled={!state.canSave}>
              {t('applications.dialogs.template.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Form>
          <SpaceBetween size="l">
            <Box variant="p">{t('applications.dialogs.template.description', { id: target.label })}</Box>
            <FormField
              label={t('applications.dialogs.template.name')}
              errorText={nameTouched ? state.nameError : undefined}
            >
              <Input
                value={values.name}
                onChange={({ detail }) => setValues((v) => ({ ...v, name: detail.value }))}
                onBlur={() => setNameTouched(true)}
                ariaRequired
                invalid={nameTouched && !!state.nameError}
              />
            </FormField>
            <FormField
              label={t('applications.dialogs.template.descriptionLabel')}
              constraintText={t('applications.dialogs.template.descriptionHint')}
            >
              <Textarea
                value={values.description}
                rows={3}
                onChange={({ detail }) => setValues((v) => ({ ...v, description: detail.value }))}
              />
            </FormField>
            <ImageUploadField
              text={{
                label: t('applications.dialogs.template.thumbnail'),
                hint: t('applications.dialogs.template.thumbnailHint'),
                dropzone: t('applications.dialogs.template.dropzone'),
                choose: t('applications.dialogs.template.choose'),
                remove: t('applications.dialogs.template.removeThumbnail'),
                uploading: t('applications.dialogs.template.uploading'),
                refused: (problem, name) => t(REFUSED[problem], { name }),
              }}
              value={values.thumbnail}
              onChange={(thumbnail) => setValues((v) => ({ ...v, thumbnail }))}
              onState={({ error, reading: busy }) => {
                setThumbnailError(error);
                setReading(busy);
              }}
              progress={progress}
            />
            <FormField label={t('applications.dialogs.template.preview')}>
              <TemplatePreviewCard
                name={values.name.trim() || t('applications.dialogs.template.untitled')}
                description={values.description.trim() || undefined}
                image={values.thumbnail?.dataUrl}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
