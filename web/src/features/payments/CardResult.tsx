import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaymentSessionResponse } from '../../../../shared/schemas/payments';

/** What the gateway said about the card payment the payer came back from (useCardReturn). */
export function CardResult({ query }: { query: UseQueryResult<PaymentSessionResponse> }) {
  const { t } = useTranslation();
  if (query.isPending) return <Alert type="info">{t('payments.card.checking')}</Alert>;
  if (query.isError) return <Alert type="error">{t('payments.card.unknown')}</Alert>;
  const { result, message } = query.data;
  if (result === 'Approved')
    return (
      <Alert type="success" header={t('payments.card.approved')}>
        {message}
      </Alert>
    );
  if (result === 'Pending')
    return (
      <Alert type="info" header={t('payments.card.processing')}>
        {t('payments.card.processingBody')}
      </Alert>
    );
  return (
    <Alert type="error" header={t('payments.card.notPaid')}>
      {message}
    </Alert>
  );
}
