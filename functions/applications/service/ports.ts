import type { AccessLevel, Address, NotificationLevel } from '../../../shared/schemas/common.js';
import type { Authority, Form } from '../../../shared/schemas/reference.js';
import type { RequiredDocument } from '../../../shared/schemas/applications.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type {
  AccessRecord,
  ApplicationChildRecord,
  ApplicationPatch,
  ApplicationRecord,
  ApplicationStepRecord,
  CreateApplicationInput,
  HistoryRecord,
  ParticipantRecord,
  TemplateRecord,
  UpdateOptions,
} from '../repository/applications.js';
import type { ListRowContext } from '../model/list-row.js';
import type { ThumbnailsService } from './thumbnails.js';

/** The profile details a new application copies into its creator's participant. */
export interface CreatorProfile {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneCountryCode?: string;
  contactNumber?: string;
  address?: Partial<Address>;
  defaultApplicationNotificationLevel?: NotificationLevel;
}

/** The template fields a change of a template may set, written with the change. */
export type TemplatePatch = Partial<
  Pick<TemplateRecord, 'displayName' | 'description' | 'thumbnailJpeg' | 'thumbnailName'>
>;

/**
 * What the applications services need from the world (functions/applications/ports.ts wires the
 * table, the catalogue and the accounts feature; the unit tests wire memory).
 */
export interface ApplicationPorts {
  applications: {
    nextId(): Promise<string>;
    /** `BLD-<YYYY>-<5 digits>`: the authority's next number in the year of `date`. */
    nextNumber(authorityId: string, date: Date): Promise<string>;
    /** Writes the application with everything it starts with, in one transaction (with its event). */
    create(input: CreateApplicationInput): Promise<ApplicationRecord>;
    get(id: string): Promise<ApplicationRecord | undefined>;
    /** The patch (conditional on the etag when given), its event and history, and a template patch, in one transaction. */
    update(
      id: string,
      expectedEtag: string | undefined,
      patch: ApplicationPatch,
      actor: string,
      options?: UpdateOptions & { template?: TemplatePatch },
    ): Promise<ApplicationRecord>;
    remove(id: string, actor: string): Promise<unknown>;
    setVisibility(id: string, userId: string, hidden: boolean): Promise<void>;
    access(id: string, userId: string): Promise<AccessRecord | undefined>;
    participants(id: string): Promise<ParticipantRecord[]>;
    steps(id: string): Promise<ApplicationStepRecord[]>;
    children(id: string): Promise<ApplicationChildRecord[]>;
    template(id: string): Promise<TemplateRecord | undefined>;
    history(
      id: string,
      options: { entityType?: string; entityId?: string; order?: 'asc' | 'desc' },
    ): Promise<HistoryRecord[]>;
    /** Each container's merge status (docs/documents.md "Merge"); none written: NotMerged. */
    mergeStatuses?(id: string): Promise<Record<string, RequiredDocument['containerMergeStatus']>>;
  };
  /** The one access check, for an application a request names in its body (a duplicate's source, a template). */
  access: {
    require(applicationId: string, userId: string, minimum: AccessLevel): Promise<ApplicationGrant>;
  };
  /** The reference catalogue (functions/reference/catalogue.ts). */
  reference: {
    authority(id: string): Authority | undefined;
    /** The authority serving an address, detected as the new-application flow does (none: undefined). */
    detectAuthority(jurisdictionId: string, address: Partial<Address>): Authority | undefined;
    forms(jurisdictionId: string): Form[];
    names(application: Pick<ApplicationRecord, 'jurisdictionId' | 'formId' | 'authorityId'>): ListRowContext;
    requiredDocuments(formId: string): RequiredDocument[];
    /**
     * Whether the authority accepts applications now: its stored row's `serviceable`, which council
     * onboarding sets and revocation clears (not the bundled reference data's first value).
     */
    serviceable(authorityId: string): Promise<boolean>;
    /** The independent (and hidden) authorities a user may apply to. */
    ownAuthorities(userId: string, email: string | undefined): Promise<readonly { id: string }[]>;
  };
  /** People (the accounts feature). */
  people: { profile(userId: string): Promise<CreatorProfile | undefined> };
  /** The time (tests fix it). */
  now?: () => Date;
}

/**
 * Creating and changing drafts also takes template thumbnails (jimp, S3): only the Lambda that
 * serves those routes wires it (functions/applications/form.ts), so the others do not bundle it.
 */
export interface DraftPorts extends ApplicationPorts {
  /** The caller's thumbnail uploads (./thumbnails.ts). */
  thumbnails: Pick<ThumbnailsService, 'scale' | 'discard'>;
}
