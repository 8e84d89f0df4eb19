import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { PaymentRequestCreate, type PaymentRequestDto } from '../../../../shared/schemas/payment-requests';
import { requestStatusText, type PaymentRequestStatus } from '../../../../shared/domain/payment-requests';
import { paymentKeys, paymentRequestsApi } from '../../api/payments';
import { formatDate } from '../../lib/dates';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { useToasts } from '../../components/toasts';

const STATUS: Record<PaymentRequestStatus, 'in-progress' | 'success' | 'stopped'> = {
  Open: 'in-progress',
  Paid: 'success',
  Expired: 'stopped',
  Cancelled: 'stopped',
};

type Fields = { payerName: string; payerEmail: string; message: string };
const EMPTY: Fields = { payerName: '', payerEmail: '', message: '' };

/** Field errors from the shared schema the server parses with (the first issue of each field). */
function errorsOf(v: Fields): Partial<Record<keyof Fields, string>> {
  const parsed = PaymentRequestCreate.safeParse({ ...v, message: v.message || undefined });
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Fields] ??= issue.message;
  return errors;
}

/**
 * Invite a payer (docs/payments.md "Invite to pay"): someone else (the owner, the
 * invoice payer) is sent a link by email that shows this invoice only and lets them pay it without an
 * account. The requests sent, their status and expiry; an open one can be withdrawn (its link stops
 * working), and sending again to the same email sends a fresh link.
 */
export function InvitePayer({
  applicationId,
  paymentId,
  canInvite,
  paymentMethod,
  refusal,
}: {
  applicationId: string;
  paymentId: string;
  /** How the invoice was paid, once it is (a closed invitation says so). */
  paymentMethod?: string | undefined;
  /** Edit access, and the invoice is awaiting payment. */
  canInvite: boolean;
  /** Why no one can be invited (the invoice's pay rule or the access), said beside the disabled button. */
  refusal?: string | undefined;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [touched, setTouched] = useState(false);
  const key = paymentKeys.requests(applicationId, paymentId);
  const requests = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => paymentRequestsApi.list(applicationId, paymentId, signal),
  });
  const send = useMutation({
    mutationFn: () =>
      paymentRequestsApi.create(applicationId, paymentId, {
        payerName: fields.payerName,
        payerEmail: fields.payerEmail,
        ...(fields.message.trim() ? { message: fields.message } : {}),
      }),
    onSuccess: async (sent) => {
      setOpen(false);
      setFields(EMPTY);
      setTouched(false);
      toasts.show({ type: 'success', content: t('payments.invite.sent', { email: sent.payerEmail }) });
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('payments.invite.failed'), content: error.message }),
  });
  const cancel = useMutation({
    mutationFn: (r: PaymentRequestDto) => paymentRequestsApi.cancel(applicationId, paymentId, r.requestId),
    onSuccess: async (_v, r) => {
      toasts.show({ type: 'success', content: t('payments.invite.withdrawn', { email: r.payerEmail }) });
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: t('payments.invite.withdrawFailed'), content: error.message }),
  });
  const errors = touched ? errorsOf(fields) : {};
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('payments.invite.description')}
          actions={
            <Button disabled={!canInvite} onClick={() => setOpen(true)}>
              {t('payments.invite.open')}
            </Button>
          }
        >
          {t('payments.invite.title')}
        </Header>
      }
    >
      {!canInvite && refusal && (
        <Box color="text-body-secondary" margin={{ bottom: 's' }}>
          {t('payments.invite.closed', { reason: refusal.replace(/\.$/, '') })}
        </Box>
      )}
      {requests.isPending ? (
        <StatusIndicator type="loading">{t('payments.loading')}</StatusIndicator>
      ) : requests.isError ? (
        <StatusIndicator type="error">{t('payments.invite.listFailed')}</StatusIndicator>
      ) : (
        // On a phone the requests are cards: every column in view (the table cut off "Link expires").
        <ResponsiveTable<PaymentRequestDto>
          variant="embedded"
          trackBy="requestId"
          ariaLabels={{ tableLabel: t('payments.invite.title') }}
          items={requests.data}
          empty={<Box color="text-body-secondary">{t('payments.invite.none')}</Box>}
          columnDefinitions={[
            {
              id: 'payer',
              header: t('payments.invite.payer'),
              cell: (r) => `${r.payerName} <${r.payerEmail}>`,
            },
            {
              id: 'status',
              header: t('payments.status'),
              cell: (r) => (
                <StatusIndicator type={STATUS[r.status]}>
                  {requestStatusText(r.status, { paymentMethod })}
                </StatusIndicator>
              ),
            },
            { id: 'sent', header: t('payments.invite.sentOn'), cell: (r) => formatDate(r.sentAt) },
            { id: 'expires', header: t('payments.invite.expires'), cell: (r) => formatDate(r.expiresAt) },
            {
              id: 'actions',
              header: t('payments.invite.actions'),
              cell: (r) =>
                r.status === 'Open' && canInvite ? (
                  <Button
                    variant="inline-link"
                    loading={cancel.isPending && cancel.variables?.requestId === r.requestId}
                    onClick={() => cancel.mutate(r)}
                    ariaLabel={t('payments.invite.withdrawAria', { email: r.payerEmail })}
                  >
                    {t('payments.invite.withdraw')}
                  </Button>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        closeAriaLabel={t('payments.claim.cancel')}
        header={t('payments.invite.title')}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setOpen(false)}>
                {t('payments.claim.cancel')}
              </Button>
              <Button
                variant="primary"
                loading={send.isPending}
                onClick={() => {
                  setTouched(true);
                  if (Object.keys(errorsOf(fields)).length === 0) send.mutate();
                }}
              >
                {t('payments.invite.send')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <Form>
          <SpaceBetween size="m">
            <Box>{t('payments.invite.body')}</Box>
            <FormField label={t('payments.invite.name')} errorText={errors.payerName}>
              <Input value={fields.payerName} onChange={({ detail }) => set('payerName')(detail.value)} />
            </FormField>
            <FormField label={t('payments.invite.email')} errorText={errors.payerEmail}>
              <Input
                type="email"
                value={fields.payerEmail}
                onChange={({ detail }) => set('payerEmail')(detail.value)}
              />
            </FormField>
            <FormField label={t('payments.invite.message')} errorText={errors.message}>
              <Textarea value={fields.message} onChange={({ detail }) => set('message')(detail.value)} />
            </FormField>
          </SpaceBetween>
        </Form>
      </Modal>
    </Container>
  );
}
