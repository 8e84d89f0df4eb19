import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { unsubscribeMessages } from '../../../../shared/domain/notifications';
import { notificationsApi } from '../../api/notifications';
import { ServiceError } from '../../api/errors';
import { useLinkToken } from '../../lib/fragment-token';

/**
 * /unsubscribe#token= (an email's "Stop these emails" link; docs/notifications.md "Unsubscribe"),
 * signed in or not. Nothing changes on opening it (a mail scanner follows links): the button asks
 * the server, which turns the link's user's notification emails off. Under the bell they still come.
 * The token comes in the URL fragment (no server log keeps it) and goes in the POST body; a link
 * mailed before (`?token=`) is taken once and rewritten to `/unsubscribe` (docs/notifications.md).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token =
    useLinkToken({ storageKey: 'unsubscribe-link', legacy: search.get('token'), path: '/unsubscribe' }) ?? '';
  const stop = useMutation({ mutationFn: () => notificationsApi.unsubscribe(token) });
  const gone =
    !token ||
    (stop.error instanceof ServiceError && (stop.error.status === 404 || stop.error.status === 400));
  return (
    <ContentLayout header={<Header variant="h1">{t('notifications.unsubscribe.title')}</Header>}>
      <Container>
        <SpaceBetween size="m">
          {stop.isSuccess ? (
            <Alert type="success" header={t('notifications.unsubscribe.done', { email: stop.data.email })}>
              {t('notifications.unsubscribe.doneBody')}
            </Alert>
          ) : gone ? (
            <Alert type="warning" header={unsubscribeMessages.linkInvalid}>
              {t('notifications.unsubscribe.invalidBody')}
            </Alert>
          ) : (
            <>
              <Box>{t('notifications.unsubscribe.body')}</Box>
              {stop.isError && <Alert type="error">{t('notifications.unsubscribe.failed')}</Alert>}
              <Box>
                <Button variant="primary" loading={stop.isPending} onClick={() => stop.mutate()}>
                  {t('notifications.unsubscribe.stop')}
                </Button>
              </Box>
            </>
          )}
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
