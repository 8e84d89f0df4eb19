import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { paymentRequestMessages } from '../../../../shared/domain/payment-requests';
import { paymentMessages } from '../../../../shared/domain/payments';
import { paymentKeys, payerApi } from '../../api/payments';
import { ServiceError } from '../../api/errors';
import { formatDate } from '../../lib/dates';
import { useToasts } from '../../components/toasts';
import { CardResult } from './CardResult';
import { ClaimDepositForm } from './ClaimDepositForm';
import { HowToPay } from './HowToPay';
import { InvoiceSummary } from './InvoiceSummary';
import { ReceiptPanel } from './ReceiptPanel';
import { useCardReturn } from './useCardReturn';
import { payActions } from './paymentView';
import { useLinkToken } from '../../lib/fragment-token';

/** Where this tab keeps the payer's link token (web/src/lib/fragment-token.ts). */
export const PAYER_LINK_KEY = 'payer-link';

/**
 * /pay#token=…: the page an invited payer opens from their email (docs/payments.md), signed in or
 * not. It shows that invoice only, with the address and the application number, and pays it by
 * card or direct deposit with the link as credential; back from the gateway (`/pay?sessionId=`) it
 * says how the payment went, and a paid invoice shows its receipt. A link that no longer works says so.
 *
 * The token comes in the URL fragment and goes to the API in POST bodies only (docs/payments.md);
 * this tab keeps it for reloads and the gateway's return, whose address carries no token. A link
 * mailed before (`/pay/{token}`) is taken once and rewritten to `/pay`.
 */
export default function PayerPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const token = useLinkToken({ storageKey: PAYER_LINK_KEY, legacy: useParams().token, path: '/pay' }) ?? '';
  const [search] = useSearchParams();
  const sessionId = search.get('sessionId') ?? undefined;
  const [claiming, setClaiming] = useState(false);
  const key = paymentKeys.payer(token);
  const view = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => payerApi.view(token, signal),
    enabled: token !== '',
    retry: (count, error) => !(error instanceof ServiceError && error.status === 404) && count < 2,
  });
  const cardReturn = useCardReturn(
    token ? sessionId : undefined,
    (id) => payerApi.session(token, id),
    () => void queryClient.invalidateQueries({ queryKey: key }),
  );
  const pay = useMutation({
    mutationFn: () => payerApi.session(token),
    onSuccess: (answer) => {
      if (answer.payUrl) window.location.assign(answer.payUrl);
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('payments.card.startFailed'), content: error.message }),
  });

  const data = view.data;
  const what = data ? [data.consentNumber ?? data.applicationNumber, data.address].join(' · ') : '';
  // No token at all (not in the link, not kept by this tab) reads as a link that does not work.
  const gone = !token || (view.error instanceof ServiceError && view.error.status === 404);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={data ? t('payer.for', { authority: data.authorityName, what }) : undefined}
        >
          {data?.payment.description ?? t('payer.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {token && sessionId && <CardResult query={cardReturn} />}
        {gone ? (
          <Alert type="warning" header={paymentRequestMessages.linkInvalid}>
            {t('payer.invalidBody')}
          </Alert>
        ) : view.isPending ? (
          <StatusIndicator type="loading">{t('payer.loading')}</StatusIndicator>
        ) : view.isError || !data ? (
          <Alert type="error">{paymentMessages.fetchPayment}</Alert>
        ) : (
          <>
            <Box>
              {data.payment.status === 'Paid'
                ? t('payer.paid')
                : `${t('payer.hello', { name: data.payerName })} ${t('payer.expires', { date: formatDate(data.expiresAt) })}`}
            </Box>
            {data.message && <ApplicantMessage view={data} />}
            <Container header={<Header variant="h2">{t('payments.invoiceTitle')}</Header>}>
              <InvoiceSummary payment={data.payment} />
            </Container>
            <ReceiptPanel payment={data.payment} payee={data.authorityName} context={what} />
            {data.payment.status !== 'Paid' && (
              <HowToPay
                payment={data.payment}
                actions={payActions(data.payment, true, '')}
                onCard={() => pay.mutate()}
                cardPending={pay.isPending || pay.isSuccess}
                claiming={claiming}
                onClaim={() => setClaiming(true)}
                claimForm={
                  <ClaimDepositForm
                    submit={async (body) => queryClient.setQueryData(key, await payerApi.claim(token, body))}
                    onDone={() => setClaiming(false)}
                  />
                }
              />
            )}
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * The applicant's message to the payer (docs/payments.md): quoted and attributed to them, never as
 * the council's words; plain text (React escapes it, and nothing turns its URLs into links).
 */
function ApplicantMessage({
  view,
}: {
  view: { message?: string; requestedBy: string; authorityName: string };
}) {
  const { t } = useTranslation();
  const title = t('payer.messageFrom', { name: view.requestedBy });
  return (
    <section aria-label={title}>
      <Container
        header={
          <Header variant="h2" description={t('payer.messageNote', { authority: view.authorityName })}>
            {title}
          </Header>
        }
      >
        <blockquote
          style={{ margin: 0, paddingLeft: 12, borderLeft: '3px solid #8c8c8c', whiteSpace: 'pre-wrap' }}
        >
          {view.message}
        </blockquote>
      </Container>
    </section>
  );
}
