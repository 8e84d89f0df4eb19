import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useTranslation } from 'react-i18next';
import type { TemplateDto } from '../../../../shared/schemas/applications';

/** The TemplateDetails step: the template's name and description (Template records). */
export default function TemplateStep({ template }: { template: TemplateDto | null }) {
  const { t } = useTranslation();
  if (!template) return <Box color="text-status-inactive">{t('applicationForm.template.none')}</Box>;
  return (
    <KeyValuePairs
      columns={1}
      items={[
        { label: t('applicationForm.template.name'), value: template.displayName },
        { label: t('applicationForm.template.description'), value: template.description || '—' },
        {
          label: t('applicationForm.template.documents'),
          value: String(template.numOfDocuments),
        },
      ]}
    />
  );
}
