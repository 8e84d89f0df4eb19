import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../i18n/translate';
import { Notice, plainStyles } from '../components/plain/controls';
import { isChunkLoadError, reloadOnceForChunkError } from './chunkError';

/** A route that failed to draw (plain markup: the signed-out routes load no Cloudscape). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  // A route's error is caught here, not by the window: reported as an uncaught one would be
  // (browser error reporting listens to the window's error events, docs/browser-errors.md).
  useEffect(() => {
    if (!chunk) window.reportError?.(error);
  }, [chunk, error]);
  if (chunk) {
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
