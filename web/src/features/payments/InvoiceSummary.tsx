import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { formatNzd } from '../../../../shared/domain/payments';
import type { PaymentDto } from '../../../../shared/schemas/payments';
import { formatDate } from '../../lib/dates';
import { PaymentStatusIndicator } from './PaymentStatusIndicator';
import { cardTotalCents, money, optionOf } from './paymentView';
import { Token } from '../../components/Token';

/**
 * An invoice's facts (docs/payments.md): status, reference, dates, the amount, and
 * the card surcharge on its own line with what a card payment comes to. `document` is the invoice
 * PDF's link, when the council attached one.
 */
export function InvoiceSummary({ payment, document }: { payment: PaymentDto; document?: ReactNode }) {
  const { t } = useTranslation();
  const gateway = optionOf(payment, 'Gateway');
  const surcharged = !!gateway?.surchargeFlag && payment.surchargeAmount > 0;
  return (
    <KeyValuePairs
      columns={3}
      items={[
        { label: t('payments.status'), value: <PaymentStatusIndicator status={payment.status} /> },
        { label: t('payments.reference'), value: <Token>{payment.reference}</Token> },
        { label: t('payments.issued'), value: formatDate(payment.issuedDate) },
        { label: t('payments.due'), value: payment.dueDate ? formatDate(payment.dueDate) : '-' },
        { label: t('payments.amount'), value: money(payment.baseAmount) },
        ...(surcharged
          ? [
              { label: t('payments.cardSurcharge'), value: money(payment.surchargeAmount) },
              { label: t('payments.cardTotal'), value: formatNzd(cardTotalCents(payment)) },
            ]
          : []),
        ...(payment.paymentDate
          ? [{ label: t('payments.paidOn'), value: formatDate(payment.paymentDate) }]
          : []),
        ...(document ? [{ label: t('payments.invoiceDocument'), value: document }] : []),
      ]}
    />
  );
}
