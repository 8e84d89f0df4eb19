import { useTranslation } from '../i18n/translate';
import { Spinner } from './plain/controls';

/** The whole-page loading state (plain markup: it shows before any Cloudscape chunk loads). */
export function PageSpinner() {
  const { t } = useTranslation();
  return <Spinner label={t('app.loading')} />;
}
