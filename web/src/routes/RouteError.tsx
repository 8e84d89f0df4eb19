import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadOnceForChunkError } from './chunkError';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    reloadOnceForChunkError(window.sessionStorage, () => window.location.reload());
    return null;
  }
  return (
    <Box padding="l">
      <Alert type="error">{t('errors.ServerError')}</Alert>
    </Box>
  );
}
