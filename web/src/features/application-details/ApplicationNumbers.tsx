import { Fragment } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Token } from '../../components/Token';
import { fullAddressOf } from '../../../../shared/domain/address';

export interface NumberedApplication {
  id: string;
  consentNumber?: string | undefined;
  applicationNumber?: string | undefined;
}

/**
 * The numbers a job goes by, each named (docs/applications.md): before the grant its application
 * number; after it the council's consent number and the application number the invoices carry
 * ("Consent number WCC-BC-2026-0001 · Application number BLD-2026-00006"), never one alone unnamed.
 */
export function numbersOf(
  app: NumberedApplication,
): { key: 'consentNumber' | 'applicationNumber'; value: string }[] {
  const numbers: { key: 'consentNumber' | 'applicationNumber'; value: string }[] = [];
  if (app.consentNumber) numbers.push({ key: 'consentNumber', value: app.consentNumber });
  numbers.push({ key: 'applicationNumber', value: app.applicationNumber ?? app.id });
  return numbers;
}

/** The same as one line of text (a receipt's "for …"). */
export function numbersLine(
  app: NumberedApplication,
  address: Parameters<typeof fullAddressOf>[0],
  t: TFunction,
): string {
  return [
    ...numbersOf(app).map((n) => `${t(`applicationDetails.overview.${n.key}`)} ${n.value}`),
    fullAddressOf(address),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A page header's description: the named numbers, then the address; each number on one line. */
export function ApplicationNumbers({
  app,
  address,
}: {
  app: NumberedApplication;
  address?: Parameters<typeof fullAddressOf>[0];
}) {
  const { t } = useTranslation();
  const where = fullAddressOf(address);
  return (
    <span data-testid="application-numbers">
      {numbersOf(app).map((n, i) => (
        <Fragment key={n.key}>
          {i > 0 && ' · '}
          {t(`applicationDetails.overview.${n.key}`)} <Token>{n.value}</Token>
        </Fragment>
      ))}
      {where && ` · ${where}`}
    </span>
  );
}
