import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileDropzone from '@cloudscape-design/components/file-dropzone';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TEMPLATE_THUMBNAIL } from '../../../shared/domain/applications';
import { scaleThumbnail, thumbnailProblem, TooManyPixels, type ScaledThumbnail } from './thumbnail';

/** The words of one use of the field (each from web/src/i18n/en.json, already translated). */
export interface ImageUploadFieldText {
  label: string;
  hint: string;
  dropzone: string;
  choose: string;
  remove: string;
  uploading: string;
  /** Why a choice is refused, for the file's name. */
  refused: (problem: 'type' | 'size' | 'count' | 'pixels' | 'unreadable', name: string) => string;
}

/**
 * One image chosen for a presigned upload (template thumbnails, the organisation's image: one JPG,
 * JPEG, PNG or GIF of at most 26214400 bytes, docs/documents-web.md): a dropzone and a file input, the
 * choice checked and scaled in the browser for the preview (./thumbnail.ts),
 * the upload's progress while saving, and Remove. `onChange` gets the scaled image or undefined;
 * `onState` whether a refusal is shown and whether a file is still being read.
 */
export function ImageUploadField({
  text,
  value,
  onChange,
  onState,
  progress,
  removable = false,
  onRemove,
}: {
  text: ImageUploadFieldText;
  value: ScaledThumbnail | undefined;
  onChange: (image: ScaledThumbnail | undefined) => void;
  onState?: (state: { error: boolean; reading: boolean }) => void;
  /** The upload's progress while saving (0 to 1). */
  progress?: number | undefined;
  /** Remove is offered even without a choice (an image already stored). */
  removable?: boolean;
  onRemove?: () => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();

  const report = (next: string | undefined, reading: boolean) => {
    setError(next);
    onState?.({ error: !!next, reading });
  };

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    onChange(undefined);
    const problem = thumbnailProblem(chosen);
    if (problem) return report(text.refused(problem.problem, problem.name), false);
    const file = chosen[0];
    if (!file) return report(undefined, false);
    report(undefined, true);
    try {
      onChange(await scaleThumbnail(file));
      report(undefined, false);
    } catch (err) {
      report(text.refused(err instanceof TooManyPixels ? 'pixels' : 'unreadable', file.name), false);
    }
  };

  const clear = () => {
    setFiles([]);
    report(undefined, false);
    onChange(undefined);
    onRemove?.();
  };

  return (
    <FormField label={text.label} constraintText={text.hint} errorText={error}>
      <SpaceBetween size="s">
        <FileDropzone onChange={({ detail }) => void choose(detail.value)}>
          <SpaceBetween size="xs" alignItems="center">
            <Box>{text.dropzone}</Box>
            <FileInput
              value={files}
              accept={[...TEMPLATE_THUMBNAIL.accept, ...TEMPLATE_THUMBNAIL.extensions].join(',')}
              onChange={({ detail }) => void choose(detail.value)}
              invalid={!!error}
            >
              {text.choose}
            </FileInput>
          </SpaceBetween>
        </FileDropzone>
        {progress !== undefined && (
          <ProgressBar value={Math.round(progress * 100)} label={text.uploading} ariaLabel={text.uploading} />
        )}
        {(value || error || removable) && (
          <Button variant="inline-link" onClick={clear}>
            {text.remove}
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}
