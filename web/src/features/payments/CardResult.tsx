import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaymentSessionResponse } from '../../../../shared/schemas/payments';
import { cardResultText, gatewayReason } from '../../../../shared/domain/plain-labels';

/** What the gateway said about the card payment the payer came back from (useCardReturn). */
export function CardResult({ query }: { query: UseQueryResult<PaymentSessionResponse> }) {
  const { t } = useTranslation();
  if (query.isPending) return <Alert type="info">{t('payments.card.checking')}</Alert>;
  if (query.isError) return <Alert type="error">{t('payments.card.unknown')}</Alert>;
  const { result, message } = query.data;
  if (result === 'Approved')
    return (
      <Alert type="success" header={t('payments.card.approved')}>
        {cardResultText(result).explanation}
      </Alert>
    );
  if (result === 'Pending')
    return (
      <Alert type="info" header={t('payments.card.processing')}>
        {t('payments.card.processingBody')}
      </Alert>
    );
  // The gateway's own words only when they add something ("Insufficient funds"), never its code.
  const reason = gatewayReason(message, result);
  return (
    <Alert type="error" header={t('payments.card.notPaid')}>
      {cardResultText(result).explanation}
      {reason && ` ${t('payments.card.reason', { reason })}`}
    </Alert>
  );
}
