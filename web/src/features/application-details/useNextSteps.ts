import { useQuery } from '@tanstack/react-query';
import type { ApplicationDto } from '../../../../shared/schemas/applications';
import { nextSteps, type NextStep } from '../../../../shared/domain/next-steps';
import { paymentKeys, paymentsApi } from '../../api/payments';
import { rfiKeys, rfisApi } from '../../api/rfis';
import { documentKeys, documentsApi } from '../../api/documents';

/**
 * What the applicant has to do on this application (shared/domain/next-steps.ts), from the invoices
 * and RFI points the Payments and RFIs sections read (the same queries, so one answer serves both).
 * They are read only when the application's flags say something is outstanding; the council's
 * required document groups (a rejected upload to replace) when the council uses them.
 */
export function useNextSteps(app: ApplicationDto | undefined): {
  steps: NextStep[];
  pending: boolean;
  failed: boolean;
} {
  const id = app?.id ?? '';
  const payments = useQuery({
    queryKey: paymentKeys.list(id),
    queryFn: ({ signal }) => paymentsApi.list(id, signal),
    enabled: !!app?.hasOutstandingPayments,
  });
  const rfis = useQuery({
    queryKey: rfiKeys.list(id),
    queryFn: ({ signal }) => rfisApi.list(id, signal),
    enabled: !!app?.hasOutstandingRFIs,
  });
  const groups = useQuery({
    queryKey: documentKeys.groups(id),
    queryFn: ({ signal }) => documentsApi.groups(id, signal),
    enabled: !!app?.useRequiredDocumentGroups,
  });
  if (!app) return { steps: [], pending: true, failed: false };
  const pending =
    (app.hasOutstandingPayments && payments.isPending) ||
    (app.hasOutstandingRFIs && rfis.isPending) ||
    (app.useRequiredDocumentGroups && groups.isPending);
  return {
    steps: nextSteps({
      application: app,
      payments: app.hasOutstandingPayments ? payments.data : [],
      rfiPoints: app.hasOutstandingRFIs ? rfis.data : [],
      documentGroups: app.useRequiredDocumentGroups ? groups.data : [],
    }),
    pending,
    failed: payments.isError || rfis.isError || groups.isError,
  };
}
