import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { formatNzd } from '../../../../shared/domain/payments';
import type { PaymentDto } from '../../../../shared/schemas/payments';
import { formatDate } from '../../lib/dates';
import { receiptOf } from './paymentView';
import './receipt.css';
import { Token } from '../../components/Token';

/**
 * A paid invoice's receipt: what was paid, how, when, with the references to quote; printed (or
 * saved as PDF) with the browser's print, which lays out the receipt alone (print.css rules below).
 */
export function ReceiptPanel({
  payment,
  payee,
  context,
}: {
  payment: PaymentDto;
  /** The council paid. */
  payee: string;
  /** The application the invoice is for: its number and address. */
  context: string;
}) {
  const { t } = useTranslation();
  const receipt = receiptOf(payment);
  if (!receipt) return null;
  return (
    <div className="payment-receipt">
      <Container
        header={
          <Header
            variant="h2"
            description={t('payments.receipt.for', { what: context })}
            actions={
              <Button iconName="file" onClick={() => window.print()}>
                {t('payments.receipt.print')}
              </Button>
            }
          >
            {t('payments.receipt.title')}
          </Header>
        }
      >
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('payments.receipt.payee'), value: payee },
            { label: t('payments.invoice'), value: payment.description },
            { label: t('payments.reference'), value: <Token>{receipt.reference}</Token> },
            { label: t('payments.receipt.paidOn'), value: formatDate(receipt.date) },
            { label: t('payments.receipt.method'), value: t(`payments.methods.${receipt.method}`) },
            { label: t('payments.receipt.amount'), value: formatNzd(receipt.amountCents) },
            ...(receipt.surchargeCents > 0
              ? [{ label: t('payments.receipt.surcharge'), value: formatNzd(receipt.surchargeCents) }]
              : []),
            ...(receipt.transactionId
              ? [{ label: t('payments.receipt.transaction'), value: <Token>{receipt.transactionId}</Token> }]
              : []),
          ]}
        />
      </Container>
    </div>
  );
}
