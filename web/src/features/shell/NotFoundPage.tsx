import { useTranslation } from 'react-i18next';
import { PageHeader, Paragraph, PlainLink, Stack } from '../../components/plain/page';

/**
 * A signed-in address that is no page (docs/features.md): say so, and offer the way back,
 * rather than silently landing on the dashboard (which reads as if the link had worked).
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader>{t('notFound.title')}</PageHeader>
      <Stack size="s">
        <Paragraph>{t('notFound.body')}</Paragraph>
        <PlainLink to="/" variant="primary">
          {t('notFound.back')}
        </PlainLink>
      </Stack>
    </>
  );
}
