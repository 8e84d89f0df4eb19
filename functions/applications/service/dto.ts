import type {
  ApplicationDto,
  ApplicationStatus,
  ApplicationType,
  RecordType,
  TemplateDto,
  WorkflowStage,
} from '../../../shared/schemas/applications.js';
import type { FormCategory, StatutoryClockConventions } from '../../../shared/schemas/reference.js';
import type { AccessLevel, Address, NotificationLevel } from '../../../shared/schemas/common.js';
import { initialStages } from '../../../shared/domain/applications.js';
import { fullAddressOf } from '../../../shared/domain/address.js';

/** The stored application fields the DTOs are built from (an application record satisfies it). */
export interface ApplicationSource {
  applicationId: string;
  name?: string | undefined;
  applicationNumber?: string | undefined;
  consentNumber?: string | undefined;
  parentApplicationId?: string | undefined;
  applicationType?: ApplicationType | undefined;
  recordType: RecordType;
  trackingNumber?: string | undefined;
  authorityId: string;
  jurisdictionId: string;
  formId: string;
  complexity?: string | undefined;
  complexityDescription?: string | undefined;
  status: ApplicationStatus;
  applicationStatusLabel?: string | undefined;
  userId: string;
  description?: string | undefined;
  address?: Partial<Address> | undefined;
  legalDescription?: string | undefined;
  etag: string;
  primaryContactId?: string | undefined;
  buildingPurposeDescription?: string | undefined;
  applicationFormPdf?: string | undefined;
  userSignature?: string | undefined;
  signedBy?: { userId: string; name: string } | undefined;
  signedAt?: string | undefined;
  declarationText?: string | undefined;
  closedReason?: string | undefined;
  acceptedDate?: string | undefined;
  clockSuspensions?: { from: string; to?: string | undefined }[] | undefined;
  decisionDate?: string | undefined;
  hasOutstandingPayments?: boolean | undefined;
  hasRFI?: boolean | undefined;
  useRequiredDocumentGroups?: boolean | undefined;
  hasOutstandingRFIs?: boolean | undefined;
  startedDate: string;
  submissionDate?: string | undefined;
  modifiedDate: string;
  modifiedBy?: string | undefined;
  /** Set by the council boundary or a migration, when present. */
  workflowStages?: WorkflowStage[] | undefined;
  migrationSource?: string | undefined;
}

/** The caller's own settings on the application (their access row). */
export interface CallerAccess {
  accessLevel: AccessLevel;
  notificationLevel?: NotificationLevel | undefined;
  visibility?: 'visible' | 'hidden' | undefined;
}

export interface DtoExtras {
  formDisplayName?: string | undefined;
  authorityDisplayName?: string | undefined;
  /** The authority's conventions of the statutory clock, given with its dates once accepted. */
  clockConventions?: StatutoryClockConventions | undefined;
  formCategory?: string | undefined;
  participants?: Record<string, unknown>[];
  isParticipant?: boolean;
}

const FORM_CATEGORIES = ['Standalone', 'Amendment', 'Supporting'];

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/** The stored address with its full address (built from the parts when absent). */
export function addressOf(address: Partial<Address> | undefined): ApplicationDto['address'] {
  if (!address) return undefined;
  const full = fullAddressOf(address);
  return defined({ ...address, ...(full ? { fullAddress: full } : {}) });
}

/** Application (full) of the spec (docs/applications.md), as the caller sees it. */
export function toApplicationDto(
  app: ApplicationSource,
  access: CallerAccess,
  extras: DtoExtras = {},
): ApplicationDto {
  const stages = app.workflowStages && app.workflowStages.length > 0 ? app.workflowStages : initialStages();
  const formCategory =
    extras.formCategory && FORM_CATEGORIES.includes(extras.formCategory)
      ? (extras.formCategory as FormCategory)
      : undefined;
  return defined({
    id: app.applicationId,
    name: app.name,
    consentNumber: app.consentNumber,
    parentApplicationId: app.parentApplicationId,
    applicationType: app.applicationType ?? 'Standalone',
    recordType: app.recordType,
    trackingNumber: app.trackingNumber,
    authorityId: app.authorityId,
    authorityDisplayName: extras.authorityDisplayName,
    jurisdictionId: app.jurisdictionId,
    complexity: app.complexity,
    complexityDescription: app.complexityDescription,
    startedDate: app.startedDate,
    submissionDate: app.submissionDate,
    modifiedDate: app.modifiedDate,
    modifiedBy: app.modifiedBy,
    applicationNumber: app.applicationNumber,
    applicationFormPdf: app.applicationFormPdf,
    applicationStatusLabel: app.applicationStatusLabel,
    userId: app.userId,
    status: app.status,
    participants: extras.participants ?? [],
    formId: app.formId,
    formCategory,
    description: app.description,
    address: addressOf(app.address),
    legalDescription: app.legalDescription,
    etag: app.etag,
    formDisplayName: extras.formDisplayName,
    accessLevel: access.accessLevel,
    notificationLevel: access.notificationLevel ?? 'Normal',
    primaryContactId: app.primaryContactId,
    isParticipant: extras.isParticipant ?? false,
    buildingPurposeDescription: app.buildingPurposeDescription,
    workflowStages: stages,
    hasRFI: !!app.hasRFI || !!app.hasOutstandingRFIs,
    hasOutstandingRFIs: !!app.hasOutstandingRFIs,
    isHidden: access.visibility === 'hidden',
    hasOutstandingPayments: !!app.hasOutstandingPayments,
    userSignature: app.userSignature,
    signedBy: app.signedBy,
    signedAt: app.signedAt,
    declarationText: app.declarationText,
    closedReason: app.closedReason,
    acceptedDate: app.acceptedDate,
    clockSuspensions: app.clockSuspensions,
    decisionDate: app.decisionDate,
    clockConventions: app.acceptedDate ? extras.clockConventions : undefined,
    migrationSource: app.migrationSource,
    useRequiredDocumentGroups: !!app.useRequiredDocumentGroups,
    // A point's response takes several documents (docs/rfis.md).
    useMultipleRfiDocuments: true,
  }) as ApplicationDto;
}

/** A participant as the application shows it (deleted participants are left out by the caller). */
export function toParticipantView(p: {
  participantId: string;
  loginUserId?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  groupName?: string | undefined;
  organisation?: string | undefined;
  email?: string | undefined;
  phoneCountryCode?: string | undefined;
  phone?: string | undefined;
  address?: Partial<Address> | undefined;
  participantTypes?: string[] | undefined;
  accessLevel: AccessLevel;
  invitation?: string | undefined;
  primaryContact?: boolean | undefined;
  qualifications?: unknown;
}): Record<string, unknown> {
  return defined({
    id: p.participantId,
    loginUserId: p.loginUserId,
    firstName: p.firstName,
    lastName: p.lastName,
    groupName: p.groupName,
    organisation: p.organisation,
    email: p.email,
    phoneCountryCode: p.phoneCountryCode,
    phone: p.phone,
    address: addressOf(p.address),
    participantTypes: p.participantTypes ?? [],
    accessLevel: p.accessLevel,
    invitation: p.invitation ?? 'None',
    primaryContact: p.primaryContact ?? false,
    qualifications: p.qualifications ?? [],
  });
}

/** The template details a Template DTO is made of (the template item). */
export interface TemplateSource {
  applicationId: string;
  displayName: string;
  description?: string | undefined;
  numOfDocuments?: number | undefined;
  thumbnailJpeg?: string | undefined;
  thumbnailName?: string | undefined;
}

/** The Template DTO (docs/applications.md): its details and its thumbnail as a JPEG data URL. */
export function toTemplateDto(t: TemplateSource): TemplateDto {
  const dto: TemplateDto = {
    applicationId: t.applicationId,
    displayName: t.displayName,
    numOfDocuments: t.numOfDocuments ?? 0,
  };
  if (t.description) dto.description = t.description;
  if (t.thumbnailJpeg)
    dto.thumbnail = {
      image: `data:image/jpeg;base64,${t.thumbnailJpeg}`,
      name: t.thumbnailName ?? 'thumbnail.jpg',
    };
  return dto;
}
