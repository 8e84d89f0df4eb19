import { randomUUID } from 'node:crypto';
import { InvalidImage, makeThumbnail, THUMBNAIL_MESSAGE } from '../../platform/adapters/images.js';
import { deleteThumbnail, storeThumbnail, toTemplateDto } from '../repository/thumbnails.js';
import { entities } from '../../platform/data/service.js';
import { catalogue } from '../../reference/catalogue.js';
import { getUserProfile } from '../../accounts/service.js';
import {
  APPLICATION_NOT_FOUND,
  createApplication,
  deleteApplication,
  getAccess,
  getApplication,
  getTemplate,
  listChildren,
  listContextOf,
  listHistory,
  listParticipants,
  listSteps,
  nextApplicationId,
  nextApplicationNumber,
  setVisibility,
  updateApplication,
} from '../repository/applications.js';
import type {
  AccessRecord,
  ApplicationPatch,
  ApplicationRecord,
  NewAccessRow,
  NewApplication,
  NewParticipant,
  NewStep,
  ParticipantRecord,
  TemplateRecord,
} from '../repository/applications.js';
import { toApplicationDto, toParticipantView } from '../service/dto.js';
import { toListItem } from '../service/list-item.js';
import { actionItems } from '../service/action-items.js';
import {
  deltaOf,
  legalDescriptionOf,
  pageOf,
  SELF_APPLICANT_ROLES,
  siteAddressOf,
} from '../service/create.js';
import type { ListRowContext } from '../service/list-row.js';
import { independentAuthoritiesOf } from '../../reference/service.js';
import { CreateApplicationRequest } from '../../../shared/schemas/applications.js';
import type {
  ApplicationAddress,
  ApplicationListItem,
  CreateApplicationResponse,
  GetApplicationResponse,
  HistoryItem,
} from '../../../shared/schemas/applications.js';
import type { Authority, Form } from '../../../shared/schemas/reference.js';
import {
  accessRank,
  canManage,
  isDeletable,
  isEditableStatus,
  listRecordType,
} from '../../../shared/domain/applications.js';
import { applicationMessages } from '../../../shared/schemas/applications.js';
import { reply } from '../../platform/http/handler.js';
import type { Implementations } from '../../platform/http/handler.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import type { contract } from '../contract.js';
import { loadApplicationAccess } from '../../platform/access.js';
import { Forbidden, Invalid, NotFound } from '../../platform/errors.js';

/**
 * Applications core (portal-core §4, §6, §7): create (Create, Duplicate, CreateTemplate,
 * CreateFromTemplate), read, change, delete, archive, child applications, history, action items and
 * the rejected reason. Every protected call checks the caller's access row on the server.
 * Env: TABLE_NAME, UPLOADS_BUCKET.
 */

const LOCKED = applicationMessages.lockedTooltip;
const CONSENT_ONLY = 'Child applications can only be created for a consent';
const STANDALONE_ONLY = 'Only a standalone application can be duplicated or saved as a template';

const field = (name: string, reason: string, message?: string) =>
  new Invalid([{ field: `body.${name}`, reason }], message);

// ---- reference reads ----

async function authorityById(id: string): Promise<Authority | undefined> {
  return catalogue().authority(id);
}

async function formsOf(jurisdictionId: string): Promise<Form[]> {
  return catalogue().forms(jurisdictionId);
}

/**
 * The authority a caller may start an application with: it exists, is serviceable, and is either a
 * public authority (not hidden, not independent) or one of the caller's own independent authorities.
 */
async function usableAuthority(
  caller: Caller,
  authorityId: string,
  fieldName = 'authorityId',
): Promise<Authority> {
  const authority = await authorityById(authorityId);
  const notFound = field(fieldName, 'Authority not found');
  if (!authority) throw notFound;
  if (authority.isIndependent || authority.hidden) {
    const own = await independentAuthoritiesOf(caller.userId, caller.email);
    if (!own.some((a) => a.id === authority.id)) throw notFound;
  }
  if (!authority.serviceable) throw field(fieldName, 'Authority does not accept applications');
  return authority;
}

/** The form of the jurisdiction, not hidden, of an allowed category, whose series the authority enables. */
async function usableForm(
  authority: Authority,
  formId: string,
  categories: readonly string[],
  fieldName = 'formId',
): Promise<Form> {
  const form = (await formsOf(authority.jurisdictionId)).find((f) => f.id === formId);
  if (!form || form.isHidden) throw field(fieldName, 'Form not found');
  if (!categories.includes(form.category))
    throw field(fieldName, `Form must be of category ${categories.join(' or ')}`);
  if (!authority.enabledFormSeries.includes(form.series))
    throw field(fieldName, 'The authority does not accept this form');
  return form;
}

const contextOf = (form: Form, authority: Authority): ListRowContext => ({
  formDisplayName: form.displayName,
  formCategory: form.category,
  authorityDisplayName: authority.displayName,
});

// ---- new records ----

interface Creator {
  participant: NewParticipant;
  access: NewAccessRow;
}

/** The creator as a participant (profile details, the self-applying owner's roles, Manage) and their row. */
async function creatorOf(caller: Caller, applicationId: string, now: string): Promise<Creator> {
  const user = await getUserProfile(caller.userId);
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
    modifiedDate: now,
    modifiedBy: caller.userId,
  };
  return {
    participant,
    access: {
      userId: caller.userId,
      accessLevel: 'Manage',
      isOwner: true,
      notificationLevel: user.defaultApplicationNotificationLevel ?? 'Normal',
    },
  };
}

/** Copies of participants for a new application (new ids), with access rows for those who sign in. */
function copyParticipants(
  source: ParticipantRecord[],
  applicationId: string,
  caller: Caller,
  now: string,
): { participants: NewParticipant[]; accessRows: NewAccessRow[] } {
  const participants: NewParticipant[] = [];
  const accessRows: NewAccessRow[] = [];
  for (const p of source) {
    if (p.isDeleted) continue;
    const { createdAt: _c, updatedAt: _u, ...rest } = p;
    const copy: NewParticipant = {
      ...rest,
      applicationId,
      participantId: randomUUID(),
      modifiedDate: now,
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

function copySteps(
  steps: { stepId: string; breadcrumbId?: string; data?: unknown; valid?: boolean }[],
  caller: Caller,
  now: string,
): NewStep[] {
  return steps.map((s) => ({
    stepId: s.stepId,
    breadcrumbId: s.breadcrumbId,
    data: s.data,
    valid: s.valid ?? false,
    modifiedDate: now,
    modifiedBy: caller.userId,
  }));
}

function baseRecord(
  id: string,
  caller: Caller,
  now: string,
  fields: Omit<
    NewApplication,
    'applicationId' | 'userId' | 'etag' | 'startedDate' | 'modifiedDate' | 'status'
  > &
    Partial<Pick<NewApplication, 'status'>>,
): NewApplication {
  const rec = {
    status: 'Draft' as const,
    ...fields,
    applicationId: id,
    userId: caller.userId,
    etag: randomUUID(),
    startedDate: now,
    modifiedDate: now,
    modifiedBy: caller.userId,
  };
  return Object.fromEntries(Object.entries(rec).filter(([, v]) => v !== undefined)) as NewApplication;
}

const created = (eventType: string, caller: Caller, id: string, eventData: Record<string, unknown> = {}) => ({
  eventType,
  eventSource: 'Portal',
  entityType: 'APPLICATION',
  entityId: id,
  modifiedBy: caller.userId,
  eventData: { entityId: id, ...eventData },
});

// ---- thumbnails ----

async function scaledThumbnail(input: string | undefined): Promise<Buffer | undefined> {
  if (input === undefined || input.trim() === '') return undefined;
  try {
    return (await makeThumbnail(input)).jpeg;
  } catch (err) {
    if (err instanceof InvalidImage) throw field('templateThumbnail', THUMBNAIL_MESSAGE, THUMBNAIL_MESSAGE);
    throw err;
  }
}

// ---- read models ----

const visibleParticipants = (ps: ParticipantRecord[]) => ps.filter((p) => !p.isDeleted);

async function applicationView(
  application: ApplicationRecord,
  access: AccessRecord,
  caller: Caller,
): Promise<GetApplicationResponse> {
  const [participants, ctx, template] = await Promise.all([
    listParticipants(application.applicationId),
    listContextOf(application),
    application.recordType === 'Template' ? getTemplate(application.applicationId) : undefined,
  ]);
  const shown = visibleParticipants(participants);
  return {
    application: toApplicationDto(application, access, {
      ...ctx,
      participants: shown.map(toParticipantView),
      isParticipant: shown.some((p) => p.loginUserId === caller.userId),
    }),
    requiredDocuments: catalogue().requiredDocuments(application.formId),
    requiredInspections: [],
    template: template ? await toTemplateDto(template) : null,
  };
}

async function createdResponse(application: ApplicationRecord, caller: Caller) {
  const access = await getAccess(application.applicationId, caller.userId);
  if (!access) throw new NotFound(APPLICATION_NOT_FOUND);
  const view = await applicationView(application, access, caller);
  const body: CreateApplicationResponse = { id: application.applicationId, application: view.application };
  return reply(201, body);
}

// ---- operations ----

type CreateBody = Extract<import('zod').infer<typeof CreateApplicationRequest>, { operationName: string }>;

async function createFromScratch(caller: Caller, body: Extract<CreateBody, { operationName: 'Create' }>) {
  const authority = await usableAuthority(caller, body.authorityId);
  const form = await usableForm(authority, body.formId, ['Standalone']);
  return newDraft(caller, {
    authority,
    form,
    address: body.address,
    history: 'ApplicationCreated',
  });
}

interface DraftInput {
  authority: Authority;
  form: Form;
  address: ApplicationAddress | Partial<ApplicationAddress>;
  legalDescription?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  steps?: NewStep[];
  participants?: ParticipantRecord[];
  parentApplicationId?: string;
  history: string;
  historyData?: Record<string, unknown>;
}

async function newDraft(caller: Caller, input: DraftInput): Promise<ApplicationRecord> {
  const now = new Date();
  const nowIso = now.toISOString();
  const id = await nextApplicationId();
  const applicationNumber = await nextApplicationNumber(input.authority.abbr, input.authority.id, now);
  const creator = await creatorOf(caller, id, nowIso);
  let participants: NewParticipant[] = [creator.participant];
  let accessRows: NewAccessRow[] = [creator.access];
  if (input.participants) {
    const copied = copyParticipants(input.participants, id, caller, nowIso);
    if (copied.participants.some((p) => p.loginUserId === caller.userId)) {
      participants = copied.participants;
      accessRows = copied.accessRows.map((r) =>
        r.userId === caller.userId
          ? { ...creator.access, ...r, notificationLevel: creator.access.notificationLevel }
          : r,
      );
    } else {
      // The caller is not among the copied participants: add them as the creator.
      participants = [
        creator.participant,
        ...copied.participants.filter(
          (p) => p.email?.toLowerCase() !== creator.participant.email?.toLowerCase(),
        ),
      ];
      accessRows = [creator.access, ...copied.accessRows.filter((r) => r.userId !== caller.userId)];
    }
  }
  const category = input.form.category;
  const application = baseRecord(id, caller, nowIso, {
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
  });
  const stored = await createApplication({
    application,
    participants,
    accessRows,
    ...(input.parentApplicationId && category !== 'Standalone'
      ? {
          child: {
            parentApplicationId: input.parentApplicationId,
            applicationType: category,
            formId: input.form.id,
          },
        }
      : {}),
    ...(input.steps ? { steps: input.steps } : {}),
    history: [created(input.history, caller, id, input.historyData)],
    listContext: contextOf(input.form, input.authority),
    actor: caller.userId,
  });
  // Its search entries follow from its ApplicationCreated event (consumers.ts).
  return stored;
}

/** A standalone application the caller manages (Duplicate, CreateTemplate). */
async function manageableStandalone(caller: Caller, id: string): Promise<ApplicationRecord> {
  const { application } = await loadApplicationAccess(id, caller.userId, 'Manage');
  if ((application.applicationType ?? 'Standalone') !== 'Standalone' || application.recordType === 'Template')
    throw new Forbidden(STANDALONE_ONLY);
  return application;
}

async function formOfApplication(application: ApplicationRecord): Promise<Form> {
  const form = (await formsOf(application.jurisdictionId)).find((f) => f.id === application.formId);
  if (!form) throw new NotFound('Form not found');
  return form;
}

async function duplicate(caller: Caller, body: Extract<CreateBody, { operationName: 'Duplicate' }>) {
  const source = await manageableStandalone(caller, body.applicationId);
  const authority = body.authorityId
    ? await usableAuthority(caller, body.authorityId)
    : ((await authorityById(source.authorityId)) ?? (await usableAuthority(caller, source.authorityId)));
  const form = body.authorityId
    ? await usableForm(authority, source.formId, ['Standalone'])
    : await formOfApplication(source);
  const now = new Date().toISOString();
  const [steps, participants] = await Promise.all([
    listSteps(source.applicationId),
    listParticipants(source.applicationId),
  ]);
  return newDraft(caller, {
    authority,
    form,
    address: body.address ?? source.address ?? {},
    legalDescription: body.address ? legalDescriptionOf(body.address) : source.legalDescription,
    name: source.name,
    description: source.description,
    steps: copySteps(steps, caller, now),
    participants,
    history: 'ApplicationCreated',
    historyData: { operationName: 'Duplicate', sourceApplicationId: source.applicationId },
  });
}

async function createFromTemplate(
  caller: Caller,
  body: Extract<CreateBody, { operationName: 'CreateFromTemplate' }>,
) {
  const { application: template } = await loadApplicationAccess(
    body.applicationId,
    caller.userId,
    'ReadOnly',
  );
  if (template.recordType !== 'Template') throw field('applicationId', 'Not a template');
  const authority = await usableAuthority(caller, body.authorityId);
  const form = await usableForm(authority, template.formId, ['Standalone'], 'authorityId');
  const steps = await listSteps(template.applicationId);
  return newDraft(caller, {
    authority,
    form,
    address: body.address,
    description: template.description,
    steps: copySteps(steps, caller, new Date().toISOString()),
    history: 'ApplicationCreated',
    historyData: { operationName: 'CreateFromTemplate', templateId: template.applicationId },
  });
}

async function createTemplate(
  caller: Caller,
  body: Extract<CreateBody, { operationName: 'CreateTemplate' }>,
) {
  const source = await manageableStandalone(caller, body.applicationId);
  const jpeg = await scaledThumbnail(body.templateThumbnail);
  const nowIso = new Date().toISOString();
  const id = await nextApplicationId();
  const [steps, creator, ctx] = await Promise.all([
    listSteps(source.applicationId),
    creatorOf(caller, id, nowIso),
    listContextOf(source),
  ]);
  const thumbnail = jpeg ? await storeThumbnail(id, jpeg) : undefined;
  const application = baseRecord(id, caller, nowIso, {
    name: body.templateName,
    description: body.templateDescription,
    recordType: 'Template',
    applicationType: 'Standalone',
    authorityId: source.authorityId,
    jurisdictionId: source.jurisdictionId,
    formId: source.formId,
    address: source.address,
    legalDescription: source.legalDescription,
  });
  return createApplication({
    application,
    participants: [creator.participant],
    accessRows: [creator.access],
    template: {
      displayName: body.templateName,
      ...(body.templateDescription ? { description: body.templateDescription } : {}),
      ...(thumbnail
        ? { thumbnailKey: thumbnail, thumbnailName: body.templateThumbnailName ?? 'thumbnail.jpg' }
        : {}),
      numOfDocuments: 0,
    },
    steps: copySteps(steps, caller, nowIso),
    history: [created('TemplateCreated', caller, id, { sourceApplicationId: source.applicationId })],
    listContext: ctx,
    actor: caller.userId,
  });
}

// ---- routes ----

const PATCH_FIELDS = [
  'name',
  'description',
  'address',
  'legalDescription',
  'primaryContactId',
  'buildingPurposeDescription',
] as const;

export const coreRoutes = {
  'POST /user/applications': async ({ caller, body }) => {
    switch (body.operationName) {
      case 'Create':
        return createdResponse(await createFromScratch(caller, body), caller);
      case 'Duplicate':
        return createdResponse(await duplicate(caller, body), caller);
      case 'CreateFromTemplate':
        return createdResponse(await createFromTemplate(caller, body), caller);
      case 'CreateTemplate':
        return createdResponse(await createTemplate(caller, body), caller);
    }
  },

  'GET /user/applications/{id}': async ({ caller, application, access }) => {
    return applicationView(application, access, caller);
  },

  'PATCH /user/applications/{id}': async ({ caller, body, application, access }) => {
    const isTemplate = application.recordType === 'Template';
    const templateFields = (
      ['templateName', 'templateDescription', 'templateThumbnail', 'templateThumbnailName'] as const
    ).filter((k) => body[k] !== undefined);
    if (!isTemplate && templateFields.length > 0)
      throw new Invalid(
        templateFields.map((k) => ({ field: `body.${k}`, reason: 'Only a template has template details' })),
      );
    if (isTemplate && !canManage(access.accessLevel)) throw new Forbidden();
    if (!isEditableStatus(application.status)) throw new Forbidden(LOCKED);
    const jpeg = isTemplate ? await scaledThumbnail(body.templateThumbnail) : undefined;

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

    // The history item is the record of the change: written in its transaction, with its event.
    const delta = deltaOf(
      application as unknown as Record<string, unknown>,
      { ...application, ...patch } as unknown as Record<string, unknown>,
      PATCH_FIELDS,
    );
    const updated = await updateApplication(application.applicationId, body.etag, patch, caller.userId, {
      previous: application,
      history: {
        ...created(isTemplate ? 'TemplateUpdated' : 'ApplicationUpdated', caller, application.applicationId),
        delta,
      },
    });
    if (isTemplate && templateFields.length > 0) {
      const set: Partial<TemplateRecord> = {};
      if (body.templateName !== undefined) set.displayName = body.templateName;
      if (body.templateDescription !== undefined) set.description = body.templateDescription;
      if (jpeg) {
        set.thumbnailKey = await storeThumbnail(application.applicationId, jpeg);
        set.thumbnailName = body.templateThumbnailName ?? 'thumbnail.jpg';
      }
      if (Object.keys(set).length > 0)
        await entities.template
          .patch({ applicationId: application.applicationId })
          .set(set as { displayName?: string })
          .go({ response: 'none' });
    }
    return applicationView(updated, access, caller);
  },

  'DELETE /user/applications/{id}': async ({ caller, application, access }) => {
    const allowed = isDeletable({
      status: application.status,
      accessLevel: access.accessLevel,
      recordType: listRecordType(application),
    });
    if (!allowed) throw new Forbidden('The application cannot be deleted');
    const template =
      application.recordType === 'Template' ? await getTemplate(application.applicationId) : undefined;
    await deleteApplication(application.applicationId, caller.userId);
    if (template?.thumbnailKey) await deleteThumbnail(template.thumbnailKey);
    return reply(204);
  },

  'PATCH /user/applications/{id}/preferences': async ({ caller, params, body }) => {
    await setVisibility(params.id, caller.userId, body.isHidden);
    return reply(204);
  },

  'POST /user/applications/{id}/child-applications': async ({ caller, body, application: parent }) => {
    const isConsent =
      !!parent.consentNumber || (parent.recordType !== 'Template' && parent.status !== 'Draft');
    if (!isConsent) throw new Forbidden(CONSENT_ONLY);
    const authority = await authorityById(parent.authorityId);
    if (!authority) throw new NotFound('Authority not found');
    const form = await usableForm(authority, body.formId, ['Amendment', 'Supporting']);
    const participants = await listParticipants(parent.applicationId);
    const child = await newDraft(caller, {
      authority,
      form,
      address: parent.address ?? {},
      legalDescription: parent.legalDescription,
      participants,
      parentApplicationId: parent.applicationId,
      history: 'ApplicationCreated',
      historyData: { operationName: 'CreateChildApplication', parentApplicationId: parent.applicationId },
    });
    return createdResponse(child, caller);
  },

  'GET /user/applications/{id}/history': async ({ params, query }) => {
    const entityType = query.entity;
    const entityId = entityType === 'APPLICATION' ? (query.id ?? params.id) : query.id;
    const items = await listHistory(params.id, {
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
      if (h.delta && Object.keys(h.delta as object).length > 0) item.delta = h.delta as HistoryItem['delta'];
      return item;
    });
  },

  'GET /user/applicationsV3/{id}/child-applications': async ({ caller, params }) => {
    const links = await listChildren(params.id);
    const rows = await Promise.all(
      links.map(async (l) => {
        const [application, access] = await Promise.all([
          getApplication(l.childApplicationId),
          getAccess(l.childApplicationId, caller.userId),
        ]);
        if (!application || !access || accessRank(access.accessLevel) < 1) return undefined;
        const ctx = await listContextOf(application);
        return toListItem(application, access, {
          ...ctx,
          hasChildApplications: (application.childCount ?? 0) > 0,
        });
      }),
    );
    return rows
      .filter((r): r is ApplicationListItem => r !== undefined)
      .sort((a, b) => b.modifiedDate.localeCompare(a.modifiedDate));
  },

  'GET /user/applicationsV3/{id}/action-items': async ({ application, access }) => {
    const [forms, authority] = await Promise.all([
      formsOf(application.jurisdictionId),
      authorityById(application.authorityId),
    ]);
    return actionItems({
      application,
      accessLevel: access.accessLevel,
      forms,
      enabledFormSeries: authority?.enabledFormSeries ?? [],
    });
  },

  'GET /user/applications/{id}/rejected-reason': async ({ application }) => {
    const closed = application.status === 'Rejected' || application.status === 'Refused';
    return { reason: closed ? (application.closedReason ?? null) : null };
  },
} satisfies Partial<Implementations<typeof contract>>;
