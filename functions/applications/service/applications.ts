import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type {
  ApplicationAddress,
  ApplicationListItem,
  CreateApplicationRequest,
  CreateApplicationResponse,
  GetApplicationResponse,
  HistoryItem,
  HistoryQuery,
  PatchApplicationRequest,
} from '../../../shared/schemas/applications.js';
import { applicationMessages } from '../../../shared/schemas/applications.js';
import type { ActionItem, RequiredInspection } from '../../../shared/schemas/applications.js';
import type { Authority, Form } from '../../../shared/schemas/reference.js';
import {
  accessRank,
  canManage,
  isDeletable,
  isConsent,
  isEditableStatus,
  listRecordType,
  SUBMITTED_NOT_DELETABLE,
} from '../../../shared/domain/applications.js';
import { APPLICATION_NOT_FOUND } from '../../platform/access.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import { Forbidden, Invalid, Locked, NotFound } from '../../platform/errors.js';
import type {
  ApplicationPatch,
  ApplicationRecord,
  ApplicationStepRecord,
  NewAccessRow,
  NewApplication,
  NewHistory,
  NewParticipant,
  NewStep,
  ParticipantRecord,
} from '../repository/applications.js';
import { actionItems } from './action-items.js';
import {
  copyAuthorityId,
  deltaOf,
  legalDescriptionOf,
  NO_AUTHORITY_SERVES,
  pageOf,
  SELF_APPLICANT_ROLES,
  siteAddressOf,
} from './create.js';
import { toApplicationDto, toParticipantView, toTemplateDto } from './dto.js';
import { toListItem } from './list-item.js';
import type { ListRowContext } from './list-row.js';
import type { ApplicationPorts, DraftPorts, TemplatePatch } from './ports.js';

/**
 * Applications (portal-core §4, §6, §7): create (Create, Duplicate, CreateTemplate,
 * CreateFromTemplate), read, change, delete, archive, child applications, history, action items and
 * the rejected reason. Every rule of those calls is here, over ports (./ports.ts); the handlers only
 * parse and map. The route's access policy has already checked the caller's access to the
 * application in the path (functions/platform/access.ts); an application named in the body is
 * checked here through the same policy (`ports.access.require`).
 */

export const CONSENT_ONLY = 'Child applications can only be created for a consent';
export const STANDALONE_ONLY = 'Only a standalone application can be duplicated or saved as a template';
export const NOT_DELETABLE = 'The application cannot be deleted';
export const ONLY_TEMPLATES = 'Only a template has template details';
export const NOT_A_PARTICIPANT = 'Not a participant of this application';

type CreateBody = z.output<typeof CreateApplicationRequest>;
type PatchBody = z.output<typeof PatchApplicationRequest>;
type HistoryParams = z.output<typeof HistoryQuery>;

const field = (name: string, reason: string, message?: string) =>
  new Invalid([{ field: `body.${name}`, reason }], message);

const visible = (ps: ParticipantRecord[]) => ps.filter((p) => !p.isDeleted);

const TEMPLATE_FIELDS = [
  'templateName',
  'templateDescription',
  'templateThumbnail',
  'templateThumbnailName',
] as const;

const PATCH_FIELDS = [
  'name',
  'description',
  'address',
  'legalDescription',
  'primaryContactId',
  'buildingPurposeDescription',
] as const;

/** What a new draft is made of (every create operation and child applications). */
interface DraftInput {
  authority: Authority;
  form: Form;
  address: ApplicationAddress | Partial<ApplicationAddress>;
  legalDescription?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  steps?: ApplicationStepRecord[];
  participants?: ParticipantRecord[];
  parentApplicationId?: string;
  historyData?: Record<string, unknown>;
}

/** The rules every applications call shares: eligibility, new records, the full view. */
function core(ports: ApplicationPorts) {
  const now = () => (ports.now ? ports.now() : new Date());

  /**
   * The authority a caller may start an application with: it exists, is serviceable, and is either
   * a public authority (not hidden, not independent) or one of the caller's own independent ones.
   */
  async function usableAuthority(caller: Caller, authorityId: string, fieldName = 'authorityId') {
    const authority = ports.reference.authority(authorityId);
    const notFound = field(fieldName, 'Authority not found');
    if (!authority) throw notFound;
    if (authority.isIndependent || authority.hidden) {
      const own = await ports.reference.ownAuthorities(caller.userId, caller.email);
      if (!own.some((a) => a.id === authority.id)) throw notFound;
    }
    if (!(await ports.reference.serviceable(authority.id)))
      throw field(fieldName, 'Authority does not accept applications');
    return authority;
  }

  /** The form of the jurisdiction, not hidden, of an allowed category, whose series the authority enables. */
  function usableForm(
    authority: Authority,
    formId: string,
    categories: readonly string[],
    fieldName = 'formId',
  ) {
    const form = ports.reference.forms(authority.jurisdictionId).find((f) => f.id === formId);
    if (!form || form.isHidden) throw field(fieldName, 'Form not found');
    if (!categories.includes(form.category))
      throw field(fieldName, `Form must be of category ${categories.join(' or ')}`);
    if (!authority.enabledFormSeries.includes(form.series))
      throw field(fieldName, 'The authority does not accept this form');
    return form;
  }

  /** The creator as a participant (profile details, the self-applying owner's roles, Manage) and their row. */
  async function creatorOf(caller: Caller, applicationId: string, at: string) {
    const user = await ports.people.profile(caller.userId);
    if (!user) throw new NotFound('User not found');
    const participant: NewParticipant = {
      applicationId,
      participantId: randomUUID(),
      loginUserId: caller.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneCountryCode: user.phoneCountryCode,
      phone: user.contactNumber,
      address: user.address,
      participantTypes: [...SELF_APPLICANT_ROLES],
      accessLevel: 'Manage',
      invitation: 'Accepted',
      primaryContact: true,
      modifiedDate: at,
      modifiedBy: caller.userId,
    } as NewParticipant;
    const access: NewAccessRow = {
      userId: caller.userId,
      accessLevel: 'Manage',
      isOwner: true,
      notificationLevel: user.defaultApplicationNotificationLevel ?? 'Normal',
    };
    return { participant, access };
  }

  /** Copies of participants for a new application (new ids), with access rows for those who sign in. */
  function copyParticipants(source: ParticipantRecord[], applicationId: string, caller: Caller, at: string) {
    const participants: NewParticipant[] = [];
    const accessRows: NewAccessRow[] = [];
    for (const p of visible(source)) {
      const { createdAt: _c, updatedAt: _u, ...rest } = p;
      const copy: NewParticipant = {
        ...rest,
        applicationId,
        participantId: randomUUID(),
        modifiedDate: at,
        modifiedBy: caller.userId,
      };
      if (p.loginUserId === caller.userId) copy.accessLevel = 'Manage';
      participants.push(copy);
      if (
        p.loginUserId &&
        accessRank(copy.accessLevel) >= 1 &&
        !accessRows.some((r) => r.userId === p.loginUserId)
      )
        accessRows.push({
          userId: p.loginUserId,
          accessLevel: copy.accessLevel,
          isOwner: p.loginUserId === caller.userId,
        });
    }
    return { participants, accessRows };
  }

  /**
   * The people of a new draft: the creator alone, or the copied participants with the creator among
   * them (Manage, their own notification level); a copied participant with the creator's e-mail gives
   * way to the creator.
   */
  async function peopleOf(caller: Caller, id: string, at: string, source: ParticipantRecord[] | undefined) {
    const creator = await creatorOf(caller, id, at);
    if (!source) return { participants: [creator.participant], accessRows: [creator.access] };
    const copied = copyParticipants(source, id, caller, at);
    if (copied.participants.some((p) => p.loginUserId === caller.userId))
      return {
        participants: copied.participants,
        accessRows: copied.accessRows.map((r) =>
          r.userId === caller.userId
            ? { ...creator.access, ...r, notificationLevel: creator.access.notificationLevel }
            : r,
        ),
      };
    const email = creator.participant.email?.toLowerCase();
    return {
      participants: [
        creator.participant,
        ...copied.participants.filter((p) => p.email?.toLowerCase() !== email),
      ],
      accessRows: [creator.access, ...copied.accessRows.filter((r) => r.userId !== caller.userId)],
    };
  }

  const copySteps = (steps: ApplicationStepRecord[], caller: Caller, at: string): NewStep[] =>
    steps.map((s) => ({
      stepId: s.stepId,
      breadcrumbId: s.breadcrumbId,
      data: s.data,
      valid: s.valid ?? false,
      modifiedDate: at,
      modifiedBy: caller.userId,
    }));

  function newRecord(
    id: string,
    caller: Caller,
    at: string,
    fields: Omit<
      NewApplication,
      'applicationId' | 'userId' | 'etag' | 'startedDate' | 'modifiedDate' | 'status'
    >,
  ): NewApplication {
    const rec = {
      status: 'Draft' as const,
      ...fields,
      applicationId: id,
      userId: caller.userId,
      etag: randomUUID(),
      startedDate: at,
      modifiedDate: at,
      modifiedBy: caller.userId,
    };
    return Object.fromEntries(Object.entries(rec).filter(([, v]) => v !== undefined)) as NewApplication;
  }

  const historyItem = (
    eventType: string,
    caller: Caller,
    id: string,
    eventData: Record<string, unknown> = {},
  ): NewHistory => ({
    eventType,
    eventSource: 'Portal',
    entityType: 'APPLICATION',
    entityId: id,
    modifiedBy: caller.userId,
    eventData: { entityId: id, ...eventData },
  });

  const contextOf = (form: Form, authority: Authority): ListRowContext => ({
    formDisplayName: form.displayName,
    formCategory: form.category,
    authorityDisplayName: authority.displayName,
  });

  /** A new draft: number, creator, copied people and steps, child link, history, in one write. */
  async function newDraft(caller: Caller, input: DraftInput): Promise<ApplicationRecord> {
    const date = now();
    const at = date.toISOString();
    const id = await ports.applications.nextId();
    const applicationNumber = await ports.applications.nextNumber(input.authority.id, date);
    const people = await peopleOf(caller, id, at, input.participants);
    const category = input.form.category;
    return ports.applications.create({
      application: newRecord(id, caller, at, {
        name: input.name,
        description: input.description,
        applicationNumber,
        recordType: 'Draft',
        applicationType: category,
        authorityId: input.authority.id,
        jurisdictionId: input.authority.jurisdictionId,
        formId: input.form.id,
        address: siteAddressOf(input.address),
        legalDescription: input.legalDescription ?? legalDescriptionOf(input.address),
        parentApplicationId: input.parentApplicationId,
      }),
      ...people,
      ...(input.parentApplicationId && category !== 'Standalone'
        ? {
            child: {
              parentApplicationId: input.parentApplicationId,
              applicationType: category,
              formId: input.form.id,
            },
          }
        : {}),
      ...(input.steps ? { steps: copySteps(input.steps, caller, at) } : {}),
      history: [historyItem('ApplicationCreated', caller, id, input.historyData)],
      listContext: contextOf(input.form, input.authority),
      actor: caller.userId,
    });
  }

  /** The application as GET /user/applications/{id} shows it to the caller. */
  async function view(grant: ApplicationGrant, caller: Caller): Promise<GetApplicationResponse> {
    const { application, access } = grant;
    const [participants, template, mergeStatuses] = await Promise.all([
      ports.applications.participants(application.applicationId),
      application.recordType === 'Template'
        ? ports.applications.template(application.applicationId)
        : undefined,
      ports.applications.mergeStatuses?.(application.applicationId),
    ]);
    const shown = visible(participants);
    return {
      application: toApplicationDto(application, access, {
        ...ports.reference.names(application),
        participants: shown.map(toParticipantView),
        isParticipant: shown.some((p) => p.loginUserId === caller.userId),
      }),
      requiredDocuments: ports.reference.requiredDocuments(application.formId).map((r) => ({
        ...r,
        containerMergeStatus: mergeStatuses?.[r.documentContainerId] ?? 'NotMerged',
      })),
      requiredInspections: (application.requiredInspections as RequiredInspection[] | undefined) ?? [],
      template: template ? toTemplateDto(template) : null,
    };
  }

  /** The 201 body of every create: the new id and the application as its creator sees it. */
  async function created(application: ApplicationRecord, caller: Caller): Promise<CreateApplicationResponse> {
    const access = await ports.applications.access(application.applicationId, caller.userId);
    if (!access) throw new NotFound(APPLICATION_NOT_FOUND);
    const { application: dto } = await view({ application, access }, caller);
    return { id: application.applicationId, application: dto };
  }

  return {
    now,
    usableAuthority,
    usableForm,
    creatorOf,
    copySteps,
    newRecord,
    historyItem,
    newDraft,
    view,
    created,
  };
}

/** Every applications call but those that scale thumbnails (./ports.ts DraftPorts). */
export function applicationsService(ports: ApplicationPorts) {
  const c = core(ports);

  return {
    view: c.view,

    /** A child application (Amendment or Supporting) of a consent, with the parent's participants. */
    async createChild(
      caller: Caller,
      parent: ApplicationRecord,
      formId: string,
    ): Promise<CreateApplicationResponse> {
      if (!isConsent(parent)) throw new Forbidden(CONSENT_ONLY);
      const authority = ports.reference.authority(parent.authorityId);
      if (!authority) throw new NotFound('Authority not found');
      const form = c.usableForm(authority, formId, ['Amendment', 'Supporting']);
      const child = await c.newDraft(caller, {
        authority,
        form,
        address: parent.address ?? {},
        legalDescription: parent.legalDescription,
        participants: await ports.applications.participants(parent.applicationId),
        parentApplicationId: parent.applicationId,
        historyData: { operationName: 'CreateChildApplication', parentApplicationId: parent.applicationId },
      });
      return c.created(child, caller);
    },

    /**
     * Deletes a deletable application (never lodged, or a template; Manage) with everything in its
     * partition; a submitted one is refused (403) and nothing changes.
     */
    async remove(caller: Caller, { application, access }: ApplicationGrant): Promise<void> {
      const recordType = listRecordType(application);
      if (!isDeletable({ status: application.status, accessLevel: access.accessLevel, recordType }))
        throw recordType !== 'Template' && application.status !== 'Draft'
          ? new Forbidden(NOT_DELETABLE, 'ClientError', SUBMITTED_NOT_DELETABLE)
          : new Forbidden(NOT_DELETABLE);
      await ports.applications.remove(application.applicationId, caller.userId);
    },

    /** Archive (hidden) or unarchive for the caller only. */
    async setHidden(caller: Caller, applicationId: string, hidden: boolean): Promise<void> {
      await ports.applications.setVisibility(applicationId, caller.userId, hidden);
    },

    /** The history of the application, or of one entity of it; paged. */
    async history(applicationId: string, query: HistoryParams): Promise<HistoryItem[]> {
      const entityType = query.entity;
      const entityId = entityType === 'APPLICATION' ? (query.id ?? applicationId) : query.id;
      const items = await ports.applications.history(applicationId, {
        ...(entityType ? { entityType } : {}),
        ...(entityType && entityId ? { entityId } : {}),
        order: query.sortDirection,
      });
      return pageOf(items, {
        direction: query.sortDirection,
        page: query.page,
        pageSize: query.pageSize,
      }).map((h) => {
        const item: HistoryItem = {
          id: h.historyId,
          eventType: h.eventType,
          eventData: {
            entityId: h.entityId,
            entityType: h.entityType,
            ...((h.eventData as Record<string, unknown>) ?? {}),
          },
          timestamp: h.timestamp,
        };
        if (h.eventSource) item.eventSource = h.eventSource;
        if (h.modifiedBy) item.modifiedBy = h.modifiedBy;
        if (h.delta && Object.keys(h.delta as object).length > 0)
          item.delta = h.delta as HistoryItem['delta'];
        return item;
      });
    },

    /** The child applications the caller may see, newest change first. */
    async children(caller: Caller, applicationId: string): Promise<ApplicationListItem[]> {
      const links = await ports.applications.children(applicationId);
      const rows = await Promise.all(
        links.map(async (l) => {
          const [application, access] = await Promise.all([
            ports.applications.get(l.childApplicationId),
            ports.applications.access(l.childApplicationId, caller.userId),
          ]);
          if (!application || !access || accessRank(access.accessLevel) < 1) return undefined;
          return toListItem(application, access, {
            ...ports.reference.names(application),
            hasChildApplications: (application.childCount ?? 0) > 0,
          });
        }),
      );
      return rows
        .filter((r): r is ApplicationListItem => r !== undefined)
        .sort((a, b) => b.modifiedDate.localeCompare(a.modifiedDate));
    },

    /** The actions the caller may take on the application (Save as Template, child applications). */
    actionItems({ application, access }: ApplicationGrant): ActionItem[] {
      return actionItems({
        application,
        accessLevel: access.accessLevel,
        forms: ports.reference.forms(application.jurisdictionId),
        enabledFormSeries: ports.reference.authority(application.authorityId)?.enabledFormSeries ?? [],
      });
    },

    /** Why a rejected or refused application was closed; null otherwise. */
    rejectedReason(application: ApplicationRecord): { reason: string | null } {
      const closed = application.status === 'Rejected' || application.status === 'Refused';
      return { reason: closed ? (application.closedReason ?? null) : null };
    },
  };
}

/** Creating applications (every operation) and changing one: the calls that may scale a thumbnail. */
export function draftsService(ports: DraftPorts) {
  const c = core(ports);

  /** The scaled JPEG of the caller's thumbnail upload named by the body, if any (./thumbnails.ts). */
  async function scaledThumbnail(caller: Caller, key: string | undefined): Promise<Buffer | undefined> {
    if (key === undefined || key === '') return undefined;
    return ports.thumbnails.scale(caller, key);
  }

  /** A standalone application the caller manages (Duplicate, CreateTemplate). */
  async function manageableStandalone(caller: Caller, id: string): Promise<ApplicationRecord> {
    const { application } = await ports.access.require(id, caller.userId, 'Manage');
    if (
      (application.applicationType ?? 'Standalone') !== 'Standalone' ||
      application.recordType === 'Template'
    )
      throw new Forbidden(STANDALONE_ONLY);
    return application;
  }

  async function createFromScratch(caller: Caller, body: Extract<CreateBody, { operationName: 'Create' }>) {
    const authority = await c.usableAuthority(caller, body.authorityId);
    const form = c.usableForm(authority, body.formId, ['Standalone']);
    return c.newDraft(caller, { authority, form, address: body.address });
  }

  async function duplicate(caller: Caller, body: Extract<CreateBody, { operationName: 'Duplicate' }>) {
    const source = await manageableStandalone(caller, body.applicationId);
    // The copy is a new application: the authority (the one asked for, else the source's for its
    // own site, else the one detected for the new site) must still accept applications, and the
    // form, as for any new one.
    const authorityId =
      body.authorityId ??
      copyAuthorityId(source, body.address, (a) => ports.reference.detectAuthority(source.jurisdictionId, a));
    if (!authorityId) throw field('authorityId', NO_AUTHORITY_SERVES);
    const authority = await c.usableAuthority(caller, authorityId);
    const form = c.usableForm(authority, source.formId, ['Standalone']);
    const [steps, participants] = await Promise.all([
      ports.applications.steps(source.applicationId),
      ports.applications.participants(source.applicationId),
    ]);
    return c.newDraft(caller, {
      authority,
      form,
      address: body.address ?? source.address ?? {},
      legalDescription: body.address ? legalDescriptionOf(body.address) : source.legalDescription,
      name: source.name,
      description: source.description,
      steps,
      participants,
      historyData: { operationName: 'Duplicate', sourceApplicationId: source.applicationId },
    });
  }

  async function createFromTemplate(
    caller: Caller,
    body: Extract<CreateBody, { operationName: 'CreateFromTemplate' }>,
  ) {
    const { application: template } = await ports.access.require(
      body.applicationId,
      caller.userId,
      'ReadOnly',
    );
    if (template.recordType !== 'Template') throw field('applicationId', 'Not a template');
    const authority = await c.usableAuthority(caller, body.authorityId);
    const form = c.usableForm(authority, template.formId, ['Standalone'], 'authorityId');
    return c.newDraft(caller, {
      authority,
      form,
      address: body.address,
      description: template.description,
      steps: await ports.applications.steps(template.applicationId),
      historyData: { operationName: 'CreateFromTemplate', templateId: template.applicationId },
    });
  }

  async function createTemplate(
    caller: Caller,
    body: Extract<CreateBody, { operationName: 'CreateTemplate' }>,
  ) {
    const source = await manageableStandalone(caller, body.applicationId);
    const jpeg = await scaledThumbnail(caller, body.templateThumbnail);
    const at = c.now().toISOString();
    const id = await ports.applications.nextId();
    const [steps, creator] = await Promise.all([
      ports.applications.steps(source.applicationId),
      c.creatorOf(caller, id, at),
    ]);
    const created = await ports.applications.create({
      application: c.newRecord(id, caller, at, {
        name: body.templateName,
        description: body.templateDescription,
        recordType: 'Template',
        applicationType: 'Standalone',
        authorityId: source.authorityId,
        jurisdictionId: source.jurisdictionId,
        formId: source.formId,
        address: source.address,
        legalDescription: source.legalDescription,
      }),
      participants: [creator.participant],
      accessRows: [creator.access],
      template: {
        displayName: body.templateName,
        ...(body.templateDescription ? { description: body.templateDescription } : {}),
        ...(jpeg
          ? {
              thumbnailJpeg: jpeg.toString('base64'),
              thumbnailName: body.templateThumbnailName ?? 'thumbnail.jpg',
            }
          : {}),
        numOfDocuments: 0,
      },
      steps: c.copySteps(steps, caller, at),
      history: [c.historyItem('TemplateCreated', caller, id, { sourceApplicationId: source.applicationId })],
      listContext: ports.reference.names(source),
      actor: caller.userId,
    });
    // The template holds the scaled JPEG: the upload has served.
    if (jpeg && body.templateThumbnail) await ports.thumbnails.discard(body.templateThumbnail);
    return created;
  }

  return {
    /** POST /user/applications: one of the four operations; the 201 body. */
    async create(caller: Caller, body: CreateBody): Promise<CreateApplicationResponse> {
      switch (body.operationName) {
        case 'Create':
          return c.created(await createFromScratch(caller, body), caller);
        case 'Duplicate':
          return c.created(await duplicate(caller, body), caller);
        case 'CreateFromTemplate':
          return c.created(await createFromTemplate(caller, body), caller);
        case 'CreateTemplate':
          return c.created(await createTemplate(caller, body), caller);
      }
    },

    /**
     * PATCH /user/applications/{id}: the application's details (and a template's), while editable,
     * conditional on the etag read; its history item and template details in the same transaction.
     */
    async change(caller: Caller, grant: ApplicationGrant, body: PatchBody): Promise<GetApplicationResponse> {
      const { application, access } = grant;
      const isTemplate = application.recordType === 'Template';
      const templateFields = TEMPLATE_FIELDS.filter((k) => body[k] !== undefined);
      if (!isTemplate && templateFields.length > 0)
        throw new Invalid(templateFields.map((k) => ({ field: `body.${k}`, reason: ONLY_TEMPLATES })));
      if (isTemplate && !canManage(access.accessLevel)) throw new Forbidden();
      if (!isEditableStatus(application.status)) throw new Locked(applicationMessages.lockedTooltip);
      if (body.primaryContactId !== undefined && body.primaryContactId !== '') {
        // The primary contact is one of the application's own (not removed) participants.
        const people = visible(await ports.applications.participants(application.applicationId));
        if (!people.some((p) => p.participantId === body.primaryContactId))
          throw field('primaryContactId', NOT_A_PARTICIPANT);
      }
      const jpeg = isTemplate ? await scaledThumbnail(caller, body.templateThumbnail) : undefined;

      const patch: ApplicationPatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.templateName !== undefined) patch.name = body.templateName;
      if (body.description !== undefined) patch.description = body.description;
      if (body.templateDescription !== undefined) patch.description = body.templateDescription;
      if (body.address !== undefined) {
        patch.address = siteAddressOf(body.address);
        const legal = legalDescriptionOf(body.address);
        if (legal !== undefined && body.legalDescription === undefined) patch.legalDescription = legal;
      }
      if (body.legalDescription !== undefined) patch.legalDescription = body.legalDescription;
      if (body.primaryContactId !== undefined) patch.primaryContactId = body.primaryContactId;
      if (body.buildingPurposeDescription !== undefined)
        patch.buildingPurposeDescription = body.buildingPurposeDescription;

      const template: TemplatePatch = {};
      if (isTemplate) {
        if (body.templateName !== undefined) template.displayName = body.templateName;
        if (body.templateDescription !== undefined) template.description = body.templateDescription;
        if (jpeg) {
          template.thumbnailJpeg = jpeg.toString('base64');
          template.thumbnailName = body.templateThumbnailName ?? 'thumbnail.jpg';
        }
      }
      const delta = deltaOf(
        application as unknown as Record<string, unknown>,
        { ...application, ...patch } as unknown as Record<string, unknown>,
        PATCH_FIELDS,
      );
      const updated = await ports.applications.update(
        application.applicationId,
        body.etag,
        patch,
        caller.userId,
        {
          previous: application,
          history: {
            ...c.historyItem(
              isTemplate ? 'TemplateUpdated' : 'ApplicationUpdated',
              caller,
              application.applicationId,
            ),
            delta,
          },
          ...(Object.keys(template).length > 0 ? { template } : {}),
        },
      );
      if (jpeg && body.templateThumbnail) await ports.thumbnails.discard(body.templateThumbnail);
      return c.view({ application: updated, access }, caller);
    },
  };
}
