import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { canEdit } from '../../../../shared/domain/applications';
import { paymentMessages } from '../../../../shared/domain/payments';
import { applicationKeys, applicationsApi } from '../../api/applications';
import { documentKeys, documentsApi } from '../../api/documents';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { RouterLink } from '../../components/RouterLink';
import { useToasts } from '../../components/toasts';
import { jurisdictionQuery } from '../new-application/reference';
import { ApplicationNumbers, numbersLine } from '../application-details/ApplicationNumbers';
import { CardResult } from './CardResult';
import { ClaimDepositForm } from './ClaimDepositForm';
import { HowToPay } from './HowToPay';
import { InvoiceSummary } from './InvoiceSummary';
import { ReceiptPanel } from './ReceiptPanel';
import { TransactionsTable } from './TransactionsTable';
import { useCardReturn } from './useCardReturn';
import { payActions, paymentsSectionHref } from './paymentView';
import { InvoiceDocumentLink } from './InvoiceDocumentLink';
import { InvitePayer } from './InvitePayer';

/**
 * /application-details/{id}/payment-details/{paymentId} (docs/payments.md): an invoice with its
 * amounts and card surcharge, how to pay it (card, direct deposit with the claim and its proof, the
 * council's portal), every transaction, the receipt once paid, and inviting someone else to pay.
 * Back from the gateway (`?sessionId=`), the server asks the gateway how it went and the page says so.
 */
export default function PaymentDetailsPage() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const params = useParams();
  const [search] = useSearchParams();
  const applicationId = params.applicationId ?? '';
  const paymentId = params.paymentId ?? '';
  const sessionId = search.get('sessionId') ?? undefined;
  const [claiming, setClaiming] = useState(false);

  const application = useQuery({
    queryKey: applicationKeys.detail(applicationId),
    queryFn: ({ signal }) => applicationsApi.get(applicationId, signal),
  });
  const payment = useQuery({
    queryKey: paymentKeys.detail(applicationId, paymentId),
    queryFn: ({ signal }) => paymentsApi.get(applicationId, paymentId, signal),
  });
  const documents = useQuery({
    queryKey: documentKeys.list(applicationId),
    queryFn: ({ signal }) => documentsApi.list(applicationId, signal),
    enabled: !!payment.data?.transactions.some((x) => x.proofDocumentName),
  });
  const app = application.data?.application;
  const jurisdiction = useQuery({ ...jurisdictionQuery(app?.jurisdictionId ?? ''), enabled: !!app });
  const authority = jurisdiction.data?.authorities.find((a) => a.id === app?.authorityId);
  useEffect(() => {
    if (payment.isError) toasts.show({ type: 'error', content: paymentMessages.fetchPayment });
  }, [payment.isError, toasts]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    ]);
  const cardReturn = useCardReturn(
    sessionId,
    (id) => paymentsApi.session(applicationId, paymentId, id),
    () => void refresh(),
  );
  const pay = useMutation({
    mutationFn: () => paymentsApi.session(applicationId, paymentId),
    onSuccess: (answer) => {
      if (answer.payUrl) window.location.assign(answer.payUrl);
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('payments.card.startFailed'), content: error.message }),
  });

  const data = payment.data;
  // The consent number and the application number the invoice's reference is made from, each named.
  const context = app ? <ApplicationNumbers app={app} address={app.address} /> : undefined;
  const actions =
    data && app ? payActions(data, canEdit(app.accessLevel), t('payments.needEdit')) : undefined;
  const fileName = (name: string) => documents.data?.find((d) => d.name === name)?.fileName ?? name;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={context}>
          {data?.description ?? t('payments.detailsTitle')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <RouterLink href={paymentsSectionHref(applicationId)}>{t('payments.back')}</RouterLink>
        {sessionId && <CardResult query={cardReturn} />}
        {payment.isPending ? (
          <StatusIndicator type="loading">{t('payments.loading')}</StatusIndicator>
        ) : payment.isError || !data ? (
          <Alert type="error">{paymentMessages.fetchPayment}</Alert>
        ) : (
          <>
            <Container header={<Header variant="h2">{t('payments.invoiceTitle')}</Header>}>
              <InvoiceSummary
                payment={data}
                document={
                  data.invoiceDocumentName ? (
                    <InvoiceDocumentLink applicationId={applicationId} name={data.invoiceDocumentName} />
                  ) : undefined
                }
              />
            </Container>
            <ReceiptPanel
              payment={data}
              payee={authority?.displayName ?? authority?.name ?? ''}
              context={app ? numbersLine(app, app.address, t) : ''}
            />
            {data.status !== 'Paid' && actions && (
              <HowToPay
                payment={data}
                actions={actions}
                onCard={() => pay.mutate()}
                cardPending={pay.isPending || pay.isSuccess}
                claiming={claiming}
                onClaim={() => setClaiming(true)}
                claimForm={
                  <ClaimDepositForm
                    proofOf={applicationId}
                    submit={async (body) => {
                      queryClient.setQueryData(
                        paymentKeys.detail(applicationId, paymentId),
                        await paymentsApi.claim(applicationId, paymentId, body),
                      );
                      await refresh();
                    }}
                    onDone={() => setClaiming(false)}
                  />
                }
              />
            )}
            {app && (
              <InvitePayer
                applicationId={applicationId}
                paymentId={paymentId}
                canInvite={canEdit(app.accessLevel) && data.status === 'AwaitingPayment'}
                refusal={actions?.reason}
                paymentMethod={data.status === 'Paid' ? data.paymentMethod : undefined}
              />
            )}
            <Container
              header={
                <Header
                  variant="h2"
                  actions={
                    <Button
                      iconName="refresh"
                      ariaLabel={t('payments.refresh')}
                      onClick={() => void refresh()}
                    />
                  }
                >
                  {t('payments.transactions.title')}
                </Header>
              }
            >
              <TransactionsTable payment={data} proofName={fileName} />
            </Container>
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
