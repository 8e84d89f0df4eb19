import { useTranslation } from 'react-i18next';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { PaymentStatus } from '../../../../shared/domain/payments';
import { STATUS_INDICATOR } from './paymentView';

/** An invoice's status as a chip: Awaiting payment, Deposit pending, Paid. */
export function PaymentStatusIndicator({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusIndicator type={STATUS_INDICATOR[status]}>{t(`payments.statuses.${status}`)}</StatusIndicator>
  );
}
