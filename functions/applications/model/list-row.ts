import type { StatutoryClockConventions } from '../../../shared/schemas/reference.js';
import type { ApplicationStatus, ApplicationType, RecordType } from '../../../shared/schemas/applications.js';
import { listRecordType } from '../../../shared/domain/applications.js';
import { fullAddressOf } from '../../../shared/domain/address.js';
import type { Address } from '../../../shared/schemas/common.js';
import { awaitsReplacement, type StoredDocumentGroup } from '../../../shared/domain/document-groups.js';

/** The application fields a list row is built from (an application record satisfies it). */
export interface ListRowSource {
  status: ApplicationStatus;
  recordType: RecordType;
  modifiedDate: string;
  authorityId: string;
  formId: string;
  applicationType?: ApplicationType | undefined;
  complexity?: string | undefined;
  parentApplicationId?: string | undefined;
  applicationNumber?: string | undefined;
  consentNumber?: string | undefined;
  name?: string | undefined;
  address?: Partial<Address> | undefined;
  hasOutstandingPayments?: boolean | undefined;
  hasOutstandingRFIs?: boolean | undefined;
  /** The council's required document groups (a rejected upload to replace is an outstanding action). */
  requiredDocumentGroups?: unknown;
}

/** What the application record does not hold: the display names of its form and authority. */
export interface ListRowContext {
  formDisplayName?: string | undefined;
  authorityDisplayName?: string | undefined;
  formCategory?: string | undefined;
  /** The authority's conventions of the statutory clock (the DTO's `clockConventions`). */
  clockConventions?: StatutoryClockConventions | undefined;
}

/** The denormalised list fields of an applicationAccess row (everything but the row's own settings). */
export interface ListRowFields {
  status: ApplicationStatus;
  recordType: RecordType;
  modifiedDate: string;
  authorityId: string;
  formId: string;
  formCategory?: string;
  applicationType: ApplicationType;
  complexity?: string;
  parentApplicationId?: string;
  applicationNumber?: string;
  consentNumber?: string;
  fullAddress?: string;
  searchText: string;
  hasOutstandingPayments: boolean;
  hasOutstandingRFIs: boolean;
  hasOutstandingDocuments: boolean;
  hasOutstandingActions: boolean;
}

/** Trimmed, lower-cased, runs of white space as one space. */
export const normaliseSearch = (s: string | undefined): string =>
  (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The search text a list filter matches (`contains`): application number, consent number, full
 * address, form display name, authority display name and name, each normalised, joined by ' | '.
 */
export function searchTextOf(parts: readonly (string | undefined)[]): string {
  return parts.map(normaliseSearch).join(' | ');
}

/** The list fields an application may lose (a row keeps none of them once the application has none). */
export const LIST_FIELDS_REMOVABLE = [
  'formCategory',
  'complexity',
  'parentApplicationId',
  'applicationNumber',
  'consentNumber',
  'fullAddress',
] as const;

/** The list fields of an application's access rows (record type as the V3 list shows it). */
export function listRowFields(application: ListRowSource, ctx: ListRowContext): ListRowFields {
  const fullAddress = fullAddressOf(application.address);
  const hasOutstandingPayments = !!application.hasOutstandingPayments;
  const hasOutstandingRFIs = !!application.hasOutstandingRFIs;
  const hasOutstandingDocuments = awaitsReplacement(
    application.requiredDocumentGroups as StoredDocumentGroup[] | undefined,
  );
  const fields: ListRowFields = {
    status: application.status,
    recordType: listRecordType(application),
    modifiedDate: application.modifiedDate,
    authorityId: application.authorityId,
    formId: application.formId,
    applicationType: application.applicationType ?? 'Standalone',
    searchText: searchTextOf([
      application.applicationNumber,
      application.consentNumber,
      fullAddress,
      ctx.formDisplayName,
      ctx.authorityDisplayName,
      application.name,
    ]),
    hasOutstandingPayments,
    hasOutstandingRFIs,
    hasOutstandingDocuments,
    hasOutstandingActions: hasOutstandingPayments || hasOutstandingRFIs || hasOutstandingDocuments,
  };
  if (ctx.formCategory) fields.formCategory = ctx.formCategory;
  if (application.complexity) fields.complexity = application.complexity;
  if (application.parentApplicationId) fields.parentApplicationId = application.parentApplicationId;
  if (application.applicationNumber) fields.applicationNumber = application.applicationNumber;
  if (application.consentNumber) fields.consentNumber = application.consentNumber;
  if (fullAddress) fields.fullAddress = fullAddress;
  return fields;
}
