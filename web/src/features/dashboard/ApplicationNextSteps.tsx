import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApplicationListItem } from '../../../../shared/schemas/applications';
import { nextSteps, type NextStep } from '../../../../shared/domain/next-steps';
import { api } from '../../api/call';
import { Secondary } from '../../components/plain/page';
import styles from './nextSteps.module.css';

/**
 * The dashboard reads an application's invoices and RFI points with the routes the application's
 * tabs use (GET …/payments, GET …/rfi-points-v2), without zod: the dashboard draws before it loads
 * (test/unit/lint/dashboard-imports.test.ts). Its own keys: the tabs keep their parsed answers.
 */
export const dashboardStepKeys = {
  payments: (id: string) => ['dashboard', 'next-steps', id, 'payments'] as const,
  rfis: (id: string) => ['dashboard', 'next-steps', id, 'rfis'] as const,
  groups: (id: string) => ['dashboard', 'next-steps', id, 'required-document-groups'] as const,
};

function StepRow({ step }: { step: NextStep }) {
  const id = useId();
  return (
    <li className={styles.step} data-testid={`next-step-${step.kind}`}>
      <span id={id} className={`${styles.text} ${step.kind === 'pay' && step.overdue ? styles.overdue : ''}`}>
        {step.text}
      </span>
      <Link to={step.href} className={styles.action} aria-describedby={id}>
        {step.action}
      </Link>
    </li>
  );
}

/**
 * What an application on 'Actions to be taken' asks of the applicant, named as on its Overview
 * (shared/domain/next-steps.ts): "Pay $2,847.50 … by 19 Dec", "Answer 2 points from …", each with
 * the one button that does it.
 */
export function ApplicationNextSteps({ item }: { item: ApplicationListItem }) {
  const { t } = useTranslation();
  const payments = useQuery({
    queryKey: dashboardStepKeys.payments(item.id),
    queryFn: ({ signal }) => api('GET /user/applications/{id}/payments', { params: { id: item.id }, signal }),
    enabled: item.hasOutstandingPayments,
  });
  const rfis = useQuery({
    queryKey: dashboardStepKeys.rfis(item.id),
    queryFn: async ({ signal }) =>
      (await api('GET /user/applications/{id}/rfi-points-v2', { params: { id: item.id }, signal })).rfiPoints,
    enabled: item.hasOutstandingRFIs,
  });
  // The council's groups (a rejected document to replace), when the council uses them.
  const groups = useQuery({
    queryKey: dashboardStepKeys.groups(item.id),
    queryFn: ({ signal }) =>
      api('GET /user/applications/{id}/required-document-groups', { params: { id: item.id }, signal }),
    enabled: item.useRequiredDocumentGroups,
  });
  if (
    (item.hasOutstandingPayments && payments.isPending) ||
    (item.hasOutstandingRFIs && rfis.isPending) ||
    (item.useRequiredDocumentGroups && groups.isPending)
  )
    return <Secondary small>{t('dashboard.nextSteps.loading')}</Secondary>;
  const steps = nextSteps({
    application: item,
    payments: item.hasOutstandingPayments ? payments.data : [],
    rfiPoints: item.hasOutstandingRFIs ? rfis.data : [],
    documentGroups: item.useRequiredDocumentGroups ? groups.data : [],
  });
  if (payments.isError || rfis.isError || groups.isError)
    return <Secondary small>{t('dashboard.nextSteps.failed')}</Secondary>;
  if (steps.length === 0) return null;
  return (
    <ul className={styles.steps} aria-label={t('dashboard.nextSteps.label')}>
      {steps.map((step) => (
        <StepRow key={step.key} step={step} />
      ))}
    </ul>
  );
}
