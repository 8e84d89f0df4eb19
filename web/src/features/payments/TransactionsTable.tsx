import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { PaymentDto, PaymentTransactionDto } from '../../../../shared/schemas/payments';
import { formatDate } from '../../lib/dates';
import { money } from './paymentView';
import { cardResultText, gatewayReason } from '../../../../shared/domain/plain-labels';

const RESULT = { Approved: 'success', Declined: 'error', Error: 'error' } as const;

/**
 * Every attempt and claim on an invoice (docs/payments.md), newest
 * first: card payments with the gateway's result and message, deposits claimed with their proof.
 */
export function TransactionsTable({
  payment,
  proofName = (name) => name,
}: {
  payment: PaymentDto;
  /** The file name a proof document shows as. */
  proofName?: (documentName: string) => string;
}) {
  const { t } = useTranslation();
  const items = [...payment.transactions].reverse();
  return (
    <Table<PaymentTransactionDto>
      variant="embedded"
      trackBy="transactionId"
      ariaLabels={{ tableLabel: t('payments.transactions.title') }}
      items={items}
      empty={<Box color="text-body-secondary">{t('payments.transactions.none')}</Box>}
      columnDefinitions={[
        { id: 'date', header: t('payments.transactions.date'), cell: (x) => formatDate(x.transactionDate) },
        {
          id: 'method',
          header: t('payments.transactions.method'),
          cell: (x) => t(`payments.methods.${x.paymentMethod}`),
        },
        {
          id: 'result',
          header: t('payments.transactions.result'),
          cell: (x) =>
            x.result ? (
              <StatusIndicator type={RESULT[x.result]}>
                {[cardResultText(x.result).label, gatewayReason(x.message, x.result)]
                  .filter(Boolean)
                  .join(': ')}
              </StatusIndicator>
            ) : (
              t('payments.transactions.claimed')
            ),
        },
        { id: 'amount', header: t('payments.transactions.amount'), cell: (x) => money(x.amount) },
        {
          id: 'surcharge',
          header: t('payments.transactions.surcharge'),
          cell: (x) => (x.surchargePaid > 0 ? money(x.surchargePaid) : '-'),
        },
        {
          id: 'proof',
          header: t('payments.transactions.proof'),
          cell: (x) => (x.proofDocumentName ? proofName(x.proofDocumentName) : '-'),
        },
      ]}
    />
  );
}
