import { useRouteError } from 'react-router';
import { useTranslation } from '../i18n/translate';
import { Notice, plainStyles } from '../components/plain/controls';
import { isChunkLoadError, reloadOnceForChunkError } from './chunkError';

/** A route that failed to draw (plain markup: the signed-out routes load no Cloudscape). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    reloadOnceForChunkError(window.sessionStorage, () => window.location.reload());
    return null;
  }
  return (
    <div className={plainStyles.padded}>
      <Notice type="error" iconLabel={t('shell.error')}>
        {t('errors.ServerError')}
      </Notice>
    </div>
  );
}
