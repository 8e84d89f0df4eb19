import { documentClient } from '../adapters/aws/dynamodb.js';
import { lazyService } from './lazy.js';
import { SERVICE } from './entities/common.js';
import { accessRequest, accessRequestActive } from './entities/access-requests.js';
import {
  application,
  applicationAccess,
  applicationChild,
  applicationConstraint,
  applicationContribution,
  applicationListSummary,
  applicationSearch,
  applicationSnapshot,
  applicationStep,
  counter,
  history,
  participant,
  payment,
  paymentSession,
  rfiPoint,
  template,
} from './entities/application.js';
import { contact, contactEmail } from './entities/contacts.js';
import { paymentRequest } from './entities/payment-requests.js';
import {
  councilClient,
  councilDelivery,
  councilFeedEntry,
  councilIdempotency,
  councilLodgement,
  councilWebhook,
} from './entities/council.js';
import { consumedEvent, domainEvent } from './entities/events.js';
import {
  applicationDocument,
  documentContainerRelation,
  documentGuard,
  documentTag,
  documentTagRelation,
  documentTypeRelation,
  userDocument,
} from './entities/documents.js';
import {
  notification,
  notificationDigestEntry,
  notificationDigestSent,
  notificationProfile,
  unsubscribeToken,
} from './entities/notifications.js';
import {
  membershipHistory,
  mergeInvitation,
  organisation,
  organisationInvitation,
  organisationInvitationGuard,
  organisationInvitationToken,
  organisationMember,
  registeredApplicantInvitation,
} from './entities/organisation.js';
import {
  authority,
  breadcrumb,
  country,
  documentCategory,
  documentContainer,
  documentType,
  form,
  jurisdiction,
  participantType,
  qualificationType,
  step,
} from './entities/reference.js';
import { confirmedCode, rateBucket, rateCounter } from './entities/abuse.js';
import { captchaUse, siteSetting } from './entities/site.js';
import { user, userAuthority, userProperty } from './entities/user.js';

/**
 * Every entity of the single table in one ElectroDB service, bound to TABLE_NAME and the module-scope
 * DocumentClient. Collections: `application` (an application with its items), `organisation`,
 * `jurisdiction`, `form`. Each entity is built and joined on first use (lazy.ts): a function pays
 * for the entities its requests use, not for all of them (docs/architecture.md).
 */
export const service = lazyService(
  SERVICE,
  {
    user,
    userAuthority,
    userProperty,
    organisation,
    organisationMember,
    organisationInvitation,
    mergeInvitation,
    organisationInvitationGuard,
    organisationInvitationToken,
    membershipHistory,
    registeredApplicantInvitation,
    councilClient,
    councilWebhook,
    councilDelivery,
    councilIdempotency,
    councilLodgement,
    councilFeedEntry,
    contact,
    contactEmail,
    application,
    applicationAccess,
    applicationChild,
    applicationSearch,
    applicationConstraint,
    applicationContribution,
    applicationListSummary,
    applicationStep,
    applicationSnapshot,
    counter,
    participant,
    history,
    template,
    rfiPoint,
    payment,
    paymentSession,
    paymentRequest,
    applicationDocument,
    documentGuard,
    userDocument,
    documentContainerRelation,
    documentTag,
    documentTagRelation,
    documentTypeRelation,
    accessRequest,
    accessRequestActive,
    notification,
    notificationProfile,
    notificationDigestEntry,
    notificationDigestSent,
    unsubscribeToken,
    country,
    jurisdiction,
    form,
    breadcrumb,
    step,
    authority,
    qualificationType,
    participantType,
    documentContainer,
    documentCategory,
    documentType,
    siteSetting,
    captchaUse,
    rateCounter,
    rateBucket,
    confirmedCode,
    domainEvent,
    consumedEvent,
  },
  { client: documentClient(), table: process.env.TABLE_NAME },
  'domainEvent',
);

export const entities = service.entities;
export type Entities = typeof entities;
