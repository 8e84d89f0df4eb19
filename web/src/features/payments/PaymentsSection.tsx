import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { formatNzd, paymentMessages } from '../../../../shared/domain/payments';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { formatDate } from '../../lib/dates';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { RouterLink } from '../../components/RouterLink';
import { Token } from '../../components/Token';
import { useToasts } from '../../components/toasts';
import { money, outstandingOf, paymentHref } from './paymentView';
import { PaymentStatusIndicator } from './PaymentStatusIndicator';

/**
 * The Payments section of /application-details (docs/payments.md): the council's invoices in
 * its order, each with its amount, card surcharge, due date and status, and a link to its page, where
 * it is paid. What is still owed is summed at the top.
 */
export default function PaymentsSection({ app }: { app: ApplicationDto }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const query = useQuery({
    queryKey: paymentKeys.list(app.id),
    queryFn: ({ signal }) => paymentsApi.list(app.id, signal),
  });
  useEffect(() => {
    if (query.isError) toasts.show({ type: 'error', content: paymentMessages.fetchPayments });
  }, [query.isError, toasts]);

  if (query.isPending) return <StatusIndicator type="loading">{t('payments.loading')}</StatusIndicator>;
  if (query.isError) return <Alert type="error">{paymentMessages.fetchPayments}</Alert>;
  const payments = query.data;
  const outstanding = outstandingOf(payments);

  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={payments.length ? `(${payments.length})` : undefined}
          description={
            payments.length === 0
              ? undefined
              : outstanding.count > 0
                ? t('payments.outstanding', {
                    count: outstanding.count,
                    total: formatNzd(outstanding.totalCents),
                  })
                : t('payments.allPaid')
          }
        >
          {t('payments.title')}
        </Header>
      }
    >
      {payments.length === 0 ? (
        <Box color="text-body-secondary">{t('payments.none')}</Box>
      ) : (
        <SpaceBetween size="s">
          <ResponsiveTable
            variant="embedded"
            trackBy="id"
            ariaLabels={{ tableLabel: t('payments.title') }}
            items={payments}
            columnDefinitions={[
              {
                id: 'description',
                header: t('payments.invoice'),
                cell: (p) => <RouterLink href={paymentHref(app.id, p.id)}>{p.description}</RouterLink>,
              },
              { id: 'reference', header: t('payments.reference'), cell: (p) => <Token>{p.reference}</Token> },
              {
                id: 'amount',
                header: t('payments.amount'),
                cell: (p) => <Token>{money(p.baseAmount)}</Token>,
              },
              {
                id: 'surcharge',
                header: t('payments.surcharge'),
                cell: (p) => (p.surchargeAmount > 0 ? <Token>{money(p.surchargeAmount)}</Token> : '-'),
              },
              {
                id: 'due',
                header: t('payments.due'),
                cell: (p) => (p.dueDate ? formatDate(p.dueDate) : '-'),
              },
              {
                id: 'status',
                header: t('payments.status'),
                cell: (p) => <PaymentStatusIndicator status={p.status} />,
              },
            ]}
          />
        </SpaceBetween>
      )}
    </Container>
  );
}
