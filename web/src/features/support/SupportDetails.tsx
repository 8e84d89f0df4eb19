import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../lib/config';

/** Support contact (from config.json `support`) and the help centre hours. */
export function SupportDetails() {
  const { t } = useTranslation();
  const support = getConfig().support ?? {};
  const missing = <Box color="text-status-inactive">{t('support.notConfigured')}</Box>;
  return (
    <KeyValuePairs
      columns={1}
      items={[
        {
          label: t('support.email'),
          value: support.email ? <Link href={`mailto:${support.email}`}>{support.email}</Link> : missing,
        },
        {
          label: t('support.phone'),
          value: support.phone ? (
            <Link href={`tel:${support.phone.replace(/\s+/g, '')}`}>{support.phone}</Link>
          ) : (
            missing
          ),
        },
        {
          label: t('support.website'),
          value: support.website ? (
            <Link href={support.website} external externalIconAriaLabel={t('shell.externalLink')}>
              {support.website}
            </Link>
          ) : (
            missing
          ),
        },
        { label: t('support.hoursLabel'), value: t('support.hours') },
      ]}
    />
  );
}
