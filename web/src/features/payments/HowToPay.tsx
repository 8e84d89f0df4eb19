import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatNzd } from '../../../../shared/domain/payments';
import type { PaymentDto } from '../../../../shared/schemas/payments';
import { Token } from '../../components/Token';
import { cardTotalCents, depositAccountOf, money, optionOf, type PayActions } from './paymentView';

/**
 * The invoice's payment options by type (docs/payments.md): by card through the gateway (what
 * it comes to with the surcharge), by direct deposit (the council's bank details, the reference to
 * quote, and the claim once paid), at the council's own payment portal. Only the options the council
 * offered on this invoice show; what the viewer may not do says why.
 */
export function HowToPay({
  payment,
  actions,
  onCard,
  cardPending,
  claiming,
  onClaim,
  claimForm,
}: {
  payment: PaymentDto;
  actions: PayActions;
  onCard: () => void;
  cardPending: boolean;
  /** Whether the deposit claim form is open (then `claimForm` shows in place of its button). */
  claiming: boolean;
  onClaim: () => void;
  claimForm: ReactNode;
}) {
  const { t } = useTranslation();
  const gateway = optionOf(payment, 'Gateway');
  const deposit = optionOf(payment, 'Deposit');
  const council = optionOf(payment, 'Council');
  const account = deposit && depositAccountOf(deposit);
  const surcharged = !!gateway?.surchargeFlag && payment.surchargeAmount > 0;
  return (
    <Container
      header={
        <Header variant="h2" description={actions.reason}>
          {t('payments.howToPay')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={[gateway, council].filter(Boolean).length || 1} borders="vertical">
          {gateway && (
            <SpaceBetween size="s">
              <Box variant="h3">{gateway.displayName}</Box>
              <Box>
                {surcharged
                  ? t('payments.card.surcharged', {
                      surcharge: money(payment.surchargeAmount),
                      total: formatNzd(cardTotalCents(payment)),
                    })
                  : t('payments.card.noSurcharge')}
              </Box>
              <Button
                variant="primary"
                disabled={!actions.card}
                loading={cardPending}
                onClick={onCard}
                ariaLabel={t('payments.card.payAria', { total: formatNzd(cardTotalCents(payment)) })}
              >
                {t('payments.card.pay', { total: formatNzd(cardTotalCents(payment)) })}
              </Button>
            </SpaceBetween>
          )}
          {council && (
            <SpaceBetween size="s">
              <Box variant="h3">{council.displayName}</Box>
              <Box>{t('payments.council.body', { reference: payment.reference })}</Box>
              {actions.council ? (
                <Link href={council.link} external externalIconAriaLabel={t('payments.newTab')}>
                  {t('payments.council.go')}
                </Link>
              ) : null}
            </SpaceBetween>
          )}
        </ColumnLayout>
        {deposit && account && (
          <SpaceBetween size="s">
            <Box variant="h3">{deposit.displayName}</Box>
            <KeyValuePairs
              columns={4}
              items={[
                ...(account.bankName ? [{ label: t('payments.deposit.bank'), value: account.bankName }] : []),
                { label: t('payments.deposit.accountName'), value: deposit.accountName },
                {
                  label: t('payments.deposit.accountNumber'),
                  value: (
                    <CopyToClipboard
                      variant="inline"
                      wrapText={false}
                      textToCopy={account.accountNumber}
                      textToDisplay={<Token>{account.accountNumber}</Token>}
                      copyButtonAriaLabel={t('payments.deposit.copyAccount')}
                      copySuccessText={t('payments.deposit.copied')}
                      copyErrorText={t('payments.deposit.copyFailed')}
                    />
                  ),
                },
                {
                  label: t('payments.deposit.reference'),
                  value: (
                    <CopyToClipboard
                      variant="inline"
                      wrapText={false}
                      textToCopy={payment.reference}
                      copyButtonAriaLabel={t('payments.deposit.copyReference')}
                      copySuccessText={t('payments.deposit.copied')}
                      copyErrorText={t('payments.deposit.copyFailed')}
                    />
                  ),
                },
              ]}
            />
            <Box>{deposit.paymentInstruction}</Box>
            {claiming ? (
              claimForm
            ) : (
              <Box>
                <Button disabled={!actions.deposit} onClick={onClaim}>
                  {t('payments.deposit.claim', { amount: money(payment.baseAmount) })}
                </Button>
              </Box>
            )}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
