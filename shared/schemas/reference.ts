import * as z from 'zod';
import { AccessLevel, Address } from './common.js';
import { FormioName } from './formio-names.js';

/**
 * Reference data (docs/reference-data.md): the shapes of the reviewed JSON in
 * shared/reference/ and of the public/user reference DTOs built from it.
 */

const RefId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Ids are lower-case words joined by hyphens');

export const StepType = z.enum([
  'Formio',
  'DocumentUpload',
  'ApplicationReview',
  'Contact',
  'TemplateDetails',
]);
export type StepType = z.infer<typeof StepType>;

export const FormSeries = z.enum(['bc', 'bc-sfh', 'bca', 'bca-sfh', 'ccc', 'eot', 'amendment', 'cpu']);
export type FormSeries = z.infer<typeof FormSeries>;

export const FormCategory = z.enum(['Standalone', 'Amendment', 'Supporting']);
export type FormCategory = z.infer<typeof FormCategory>;

export const ParticipantNumber = z.enum(['Unrestricted', 'ExactlyOne', 'MinimumOne', 'MaximumOne']);
export type ParticipantNumber = z.infer<typeof ParticipantNumber>;

/** The Form.io definitions the Formio steps name (written under shared/reference/formio/). */
export { FormioName, formioNames } from './formio-names.js';

export const Jurisdiction = z.object({
  id: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  isHidden: z.boolean().default(false),
});
export type Jurisdiction = z.infer<typeof Jurisdiction>;

/** An authority's conventions of the statutory clock (docs/statutory-clock.md "Counting"). */
export const StatutoryClockConventions = z
  .object({
    /** The day a request for information is sent uses a working day (default true). */
    rfiSentDayCounts: z.boolean().optional(),
    /** The day the information is received uses a working day (default false). */
    rfiAnsweredDayCounts: z.boolean().optional(),
  })
  .strict();
export type StatutoryClockConventions = z.infer<typeof StatutoryClockConventions>;

export const Authority = z.object({
  id: RefId,
  jurisdictionId: RefId,
  imageId: RefId.optional(),
  name: z.string().min(1),
  abbr: z.string().min(1),
  displayName: z.string().min(1),
  /** Contact details only where checked against the council's own site (docs/reference-data.md). */
  phone: z.string().min(1).optional(),
  email: z.email().optional(),
  /** The council's own site: where an applicant goes while the council is not on the portal. */
  website: z.url(),
  postalAddress: Address.optional(),
  address: Address.optional(),
  /**
   * Accepts applications on the portal. The JSON value is only the first value of a new row: after
   * that, onboarding (`npm run council -- onboard`) sets it and revocation clears it; the loader
   * never overwrites a stored row's value (docs/reference-data.md).
   */
  serviceable: z.boolean(),
  enabledFormSeries: z.array(FormSeries),
  isIndependent: z.boolean().default(false),
  defaultIndependent: z.boolean().default(false),
  propertyLookupEnabled: z.boolean(),
  paymentsEnabled: z.boolean(),
  /** JPEG and PNG uploads are accepted and converted to PDF (docs/reference-data.md: the flag). */
  imageConversionEnabled: z.boolean().default(false),
  feesAndChargesUrl: z.url().optional(),
  hidden: z.boolean().default(false),
  /**
   * How this authority counts the statutory clock where councils differ (docs/statutory-clock.md);
   * absent: the common practice (`BUILDING_ACT_CLOCK`, shared/domain/statutory-clock.ts).
   */
  statutoryClock: StatutoryClockConventions.optional(),
  /** Detection (GET /public/authorities/detection): territorial-authority names or codes it serves. */
  territorialAuthorities: z.array(z.string().min(1)).default([]),
  /** Detection fallback: cities (case-insensitive) and postcode prefixes of its district. */
  cities: z.array(z.string().min(1)).default([]),
  postcodePrefixes: z.array(z.string().regex(/^\d{1,4}$/)).default([]),
  /** Detection by coordinates: a box around the district (checked after names, cities and postcodes). */
  bounds: z
    .object({
      minLatitude: z.number().min(-90).max(90),
      minLongitude: z.number().min(-180).max(180),
      maxLatitude: z.number().min(-90).max(90),
      maxLongitude: z.number().min(-180).max(180),
    })
    .refine((b) => b.minLatitude < b.maxLatitude && b.minLongitude < b.maxLongitude, 'Empty bounds')
    .optional(),
});
export type Authority = z.infer<typeof Authority>;

export const Form = z.object({
  id: RefId,
  jurisdictionId: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  description: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
  imageId: RefId.optional(),
  category: FormCategory,
  series: FormSeries,
  isHidden: z.boolean().default(false),
  declarationText: z.string().min(1),
  /** Document containers that need at least one Completed document before submission (rule results). */
  requiredDocumentContainers: z.array(RefId).optional(),
});
export type Form = z.infer<typeof Form>;

export const Breadcrumb = z.object({
  id: RefId,
  formId: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
});
export type Breadcrumb = z.infer<typeof Breadcrumb>;

export const Step = z
  .object({
    id: RefId,
    breadcrumbId: RefId,
    name: z.string().min(1),
    displayName: z.string().min(1),
    displayOrder: z.number().int().nonnegative(),
    type: StepType,
    formioName: FormioName.optional(),
    minimumAccessLevel: AccessLevel,
  })
  .refine((s) => (s.type === 'Formio') === (s.formioName !== undefined), {
    message: 'A Formio step names its Form.io definition; other steps have none',
    path: ['formioName'],
  });
export type Step = z.infer<typeof Step>;

export const ParticipantType = z.object({
  id: RefId,
  name: z.string().regex(/^[A-Za-z]+$/),
  displayName: z.string().min(1),
  /**
   * What the role means, in one plain line (docs/reference-data.md; docs/content-guide.md): shown next
   * to the role in the participant dialog. Optional: a type without one shows its name alone.
   */
  description: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[^\n]*$/, 'One line')
    .optional(),
  displayOrder: z.number().int().nonnegative(),
  required: z.boolean(),
  mandatory: z.boolean(),
  mustInvite: z.boolean(),
  validationRequired: z.boolean(),
  number: ParticipantNumber,
  minimumAccessLevel: AccessLevel,
  enableGroups: z.boolean(),
  /** Names of the types that mask this one (a holder of a masking type hides it). */
  maskedBy: z.array(z.string()),
  /** Names of the types whose holders may set this one. */
  managedBy: z.array(z.string()),
});
export type ParticipantType = z.infer<typeof ParticipantType>;

export const QualificationClass = z.object({
  id: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
});
export type QualificationClass = z.infer<typeof QualificationClass>;

export const QualificationType = z.object({
  id: RefId,
  name: z.enum(['LBP', 'LDGP', 'Other']),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
  regex: z
    .string()
    .refine((s) => {
      try {
        new RegExp(s);
        return true;
      } catch {
        return false;
      }
    }, 'Not a valid regular expression')
    .optional(),
  validationErrorMessage: z.string().min(1).optional(),
  classes: z.array(QualificationClass),
});
export type QualificationType = z.infer<typeof QualificationType>;

export const DocumentContainer = z.object({
  id: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  description: z.string().min(1),
  mergedFileName: z.string().min(1).optional(),
  displayOrder: z.number().int().nonnegative(),
  containerType: z.enum(['Standard', 'ProofOfOwnership', 'ProjectInformationMemorandum', 'RFIDocument']),
});
export type DocumentContainer = z.infer<typeof DocumentContainer>;

export const DocumentCategory = z.object({
  id: RefId,
  jurisdictionId: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
  identifier: z.string().min(1),
});
export type DocumentCategory = z.infer<typeof DocumentCategory>;

export const DocumentTag = z.object({
  id: RefId,
  name: z.string().min(1),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
  /** '0' for system tags. */
  userId: z.string().min(1),
  description: z.string().optional(),
});
export type DocumentTag = z.infer<typeof DocumentTag>;

export const DocumentType = z.object({
  id: RefId,
  jurisdictionId: RefId,
  /** 'all' (every form of the jurisdiction) or the id of the one form it applies to. */
  scope: z.string().min(1),
  name: z.enum(['Amendment', 'Supporting']),
  displayName: z.string().min(1),
  displayOrder: z.number().int().nonnegative(),
  description: z.string().min(1),
});
export type DocumentType = z.infer<typeof DocumentType>;

/** A user-authority relation granted to an e-mail address (linked to the account with that e-mail). */
export const UserAuthorityGrant = z.object({
  email: z.email(),
  authorityId: RefId,
  defaultIndependent: z.boolean(),
});
export type UserAuthorityGrant = z.infer<typeof UserAuthorityGrant>;

/** An image served by GET /public/images/{id}: a file in shared/reference/images/. */
export const ReferenceImage = z.object({
  id: RefId,
  file: z.string().regex(/^[a-z0-9-]+\.(svg|png)$/),
  contentType: z.enum(['image/svg+xml', 'image/png']),
  alt: z.string().min(1),
});
export type ReferenceImage = z.infer<typeof ReferenceImage>;

// ---- DTOs ----

/** An authority as the public jurisdiction shows it (without the detection fields). */
export const AuthorityDto = Authority.omit({
  territorialAuthorities: true,
  cities: true,
  postcodePrefixes: true,
  bounds: true,
});
export type AuthorityDto = z.infer<typeof AuthorityDto>;
export const StepDto = Step;
export type StepDto = Step;
export const BreadcrumbDto = Breadcrumb.extend({ steps: z.array(StepDto) });
export type BreadcrumbDto = z.infer<typeof BreadcrumbDto>;
export const FormDto = Form.extend({ breadcrumbs: z.array(BreadcrumbDto) });
export type FormDto = z.infer<typeof FormDto>;

/** GET /public/jurisdictions/{id}. */
export const JurisdictionDto = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  etag: z.string(),
  forms: z.array(FormDto),
  /** Every breadcrumb of every form with its form id (docs/reference-data.md: jurisdictionFormId, displayOrder). */
  breadcrumbs: z.array(BreadcrumbDto.extend({ jurisdictionFormId: z.string() })),
  authorities: z.array(AuthorityDto),
  documentCategories: z.array(DocumentCategory),
});
export type JurisdictionDto = z.infer<typeof JurisdictionDto>;

export const DocumentTypeDto = DocumentType.omit({ jurisdictionId: true, scope: true });
export type DocumentTypeDto = z.infer<typeof DocumentTypeDto>;

/** GET /public/authorities/detection. */
export const AuthorityDetectionResponse = z.object({ authorityId: z.string() });
export type AuthorityDetectionResponse = z.infer<typeof AuthorityDetectionResponse>;

/** GET /public/authorities/detection query. */
export const AuthorityDetectionQuery = z
  .object({
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    city: z.string().trim().max(100).optional(),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Postcode must be four digits')
      .optional(),
    territorialAuthority: z.string().trim().max(100).optional(),
  })
  .refine(
    (q) =>
      q.city ||
      q.postcode ||
      q.territorialAuthority ||
      (q.latitude !== undefined && q.longitude !== undefined),
    {
      message: 'Give a territorial authority, a city, a postcode or a latitude and longitude',
    },
  );
export type AuthorityDetectionQuery = z.infer<typeof AuthorityDetectionQuery>;

export const UserPropertyDto = z.object({
  id: z.string(),
  address: Address.optional(),
  postcode: z.string().optional(),
  legalDescription: z.string().optional(),
  longitude: z.number().optional(),
  latitude: z.number().optional(),
  parcelId: z.string().optional(),
});
export type UserPropertyDto = z.infer<typeof UserPropertyDto>;
