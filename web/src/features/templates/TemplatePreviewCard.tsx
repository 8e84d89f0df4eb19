import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import { useTranslation } from 'react-i18next';
import styles from './templates.module.css';

/** A template's thumbnail, name and description, as the templates page shows it. */
export function TemplateThumbnail({ name, image }: { name: string; image: string | undefined }) {
  const { t } = useTranslation();
  return image ? (
    <img className={styles.thumbnail} src={image} alt={t('templates.thumbnailAlt', { name })} />
  ) : (
    <div className={styles.noThumbnail}>
      <Box color="text-body-secondary">{t('templates.noThumbnail')}</Box>
    </div>
  );
}

/** The preview card of the Save a new template dialog. */
export function TemplatePreviewCard({
  name,
  description,
  image,
}: {
  name: string;
  description: string | undefined;
  image: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Container>
      <div className={styles.card}>
        <TemplateThumbnail name={name} image={image} />
        <Box variant="h3" tagOverride="p">
          {name}
        </Box>
        <Box color="text-body-secondary">{description ?? t('templates.noDescription')}</Box>
      </div>
    </Container>
  );
}
