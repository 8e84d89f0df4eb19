import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { claimDateProblem, paymentMessages } from '../../../../shared/domain/payments';
import { PAYMENT_PROOFS_CONTAINER_ID } from '../../../../shared/domain/documents';
import type { ClaimPayment } from '../../../../shared/schemas/payments';
import { documentKeys, documentsApi } from '../../api/documents';
import { useToasts } from '../../components/toasts';
import DocumentUploadStep from '../documents/DocumentUploadStep';
import { isSettledDoc, stepContainerOf, type StepContainer } from '../documents/documents';
import { nzToday } from './paymentView';

const NONE = '';

/**
 * The proof of a deposit (optional): uploaded into the application's proofs-of-payment container
 * with the documents' upload queue; one uploaded while the form is open is chosen once scanned.
 */
function ProofPicker({
  applicationId,
  proof,
  setProof,
}: {
  applicationId: string;
  proof: string;
  setProof: (name: string) => void;
}) {
  const { t } = useTranslation();
  const containers = useQuery({
    queryKey: documentKeys.containers(applicationId),
    queryFn: ({ signal }) => documentsApi.containers(applicationId, signal),
  });
  const documents = useQuery({
    queryKey: documentKeys.list(applicationId),
    queryFn: ({ signal }) => documentsApi.list(applicationId, signal),
  });
  const proofContainer: StepContainer[] = useMemo(
    () => (containers.data ?? []).filter((c) => c.id === PAYMENT_PROOFS_CONTAINER_ID).map(stepContainerOf),
    [containers.data],
  );
  const proofs = useMemo(
    () =>
      (documents.data ?? []).filter(
        (d) => d.documentContainerId === PAYMENT_PROOFS_CONTAINER_ID && isSettledDoc(d),
      ),
    [documents.data],
  );
  // A proof uploaded while the form is open is chosen once it has been scanned.
  const seen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!documents.data) return;
    if (!seen.current) {
      seen.current = new Set(proofs.map((d) => d.name));
      return;
    }
    const fresh = proofs.filter((d) => !seen.current!.has(d.name));
    for (const d of fresh) seen.current.add(d.name);
    if (fresh.length) setProof(fresh[fresh.length - 1]!.name);
  }, [documents.data, proofs, setProof]);

  return (
    <FormField label={t('payments.claim.proof')} description={t('payments.claim.proofHint')}>
      {containers.isPending || documents.isPending ? (
        <StatusIndicator type="loading">{t('payments.loading')}</StatusIndicator>
      ) : containers.isError || documents.isError || proofContainer.length === 0 ? (
        <Alert type="error">{t('payments.claim.proofUnavailable')}</Alert>
      ) : (
        <SpaceBetween size="m">
          <DocumentUploadStep applicationId={applicationId} containers={proofContainer} />
          {proofs.length > 0 && (
            <RadioGroup
              ariaLabel={t('payments.claim.proofChoice')}
              value={proof}
              onChange={({ detail }) => setProof(detail.value)}
              items={[
                { value: NONE, label: t('payments.claim.noProof') },
                ...proofs.map((d) => ({ value: d.name, label: d.fileName })),
              ]}
            />
          )}
        </SpaceBetween>
      )}
    </FormField>
  );
}

/**
 * "I have paid by direct deposit" (docs/payments.md; the payer's
 * PATCH on their link): the date the deposit was made (not after today in New Zealand: the shared
 * rule) and, for a participant, optionally a proof of payment (`proofOf`: the application to upload
 * it to). The council then confirms it.
 */
export function ClaimDepositForm({
  proofOf,
  submit,
  onDone,
}: {
  proofOf?: string | undefined;
  submit: (body: ClaimPayment) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [date, setDate] = useState('');
  const [touched, setTouched] = useState(false);
  const [proof, setProof] = useState<string>(NONE);

  const today = nzToday();
  const dateError = !date ? t('payments.claim.dateRequired') : claimDateProblem(date, today);
  const claim = useMutation({
    mutationFn: () =>
      submit({
        paymentMethod: 'Deposit',
        transactionDate: date,
        ...(proof ? { proofDocumentName: proof } : {}),
      }),
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('payments.claim.claimed') });
      onDone();
    },
    onError: (error: Error) =>
      toasts.show({ type: 'error', header: paymentMessages.claimFailed, content: error.message }),
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!dateError) claim.mutate();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" onClick={onDone}>
              {t('payments.claim.cancel')}
            </Button>
            <Button variant="primary" loading={claim.isPending}>
              {t('payments.claim.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          <FormField
            label={t('payments.claim.date')}
            description={t('payments.claim.dateHint')}
            errorText={touched ? dateError : undefined}
          >
            <DatePicker
              value={date}
              onChange={({ detail }) => setDate(detail.value)}
              placeholder="YYYY/MM/DD"
              isDateEnabled={(d) => d.toLocaleDateString('en-CA') <= today}
              openCalendarAriaLabel={(selected) =>
                selected ? t('payments.claim.changeDate', { date: selected }) : t('payments.claim.chooseDate')
              }
              ariaLabel={t('payments.claim.date')}
            />
          </FormField>
          {proofOf && <ProofPicker applicationId={proofOf} proof={proof} setProof={setProof} />}
          <Box color="text-body-secondary">{t('payments.claim.afterwards')}</Box>
        </SpaceBetween>
      </Form>
    </form>
  );
}
