import Spinner from '@cloudscape-design/components/spinner';
import { useTranslation } from 'react-i18next';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spinner size="large" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('app.loading')}
      </span>
    </div>
  );
}
