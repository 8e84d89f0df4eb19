import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { FormDto } from '../../../../shared/schemas/reference';
import { imageUrl } from './reference';
import styles from './newApplication.module.css';

/** A form's card body: its image (decorative: the card's header names the form) and description. */
export function FormCard({ form }: { form: Pick<FormDto, 'imageId' | 'description'> }) {
  return (
    <SpaceBetween size="s">
      {form.imageId && <img className={styles.formImage} src={imageUrl(form.imageId)} alt="" />}
      <Box variant="p">{form.description}</Box>
    </SpaceBetween>
  );
}
