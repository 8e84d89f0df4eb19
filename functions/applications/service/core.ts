import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type {
  ApplicationAddress,
  CreateApplicationRequest,
  CreateApplicationResponse,
  GetApplicationResponse,
  HistoryQuery,
  PatchApplicationRequest,
} from '../../../shared/schemas/applications.js';
import type { RequiredInspection } from '../../../shared/schemas/applications.js';
import type { Authority, Form } from '../../../shared/schemas/reference.js';
import { accessRank } from '../../../shared/domain/applications.js';
import { APPLICATION_NOT_FOUND } from '../../platform/access.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import type {
  ApplicationRecord,
  ApplicationStepRecord,
  NewAccessRow,
  NewApplication,
  NewHistory,
  NewParticipant,
  NewStep,
  ParticipantRecord,
} from '../repository/applications.js';
import { legalDescriptionOf, SELF_APPLICANT_ROLES, siteAddressOf } from './create.js';
import { toApplicationDto, toParticipantView, toTemplateDto } from './dto.js';
import type { ListRowContext } from '../model/list-row.js';
import type { ApplicationPorts } from './ports.js';

/**
 * The rules the applications calls share (./applications.ts, ./drafts.ts): eligibility of an
 * authority and form, new drafts and their records, the full view; the messages and field lists
 * of those calls.
 */
export { CONSENT_ONLY } from '../../../shared/domain/offers.js';
export const STANDALONE_ONLY = 'Only a standalone application can be duplicated or saved as a template';
export const NOT_DELETABLE = 'The application cannot be deleted';
export const ONLY_TEMPLATES = 'Only a template has template details';
export const NOT_A_PARTICIPANT = 'Not a participant of this application';

export type CreateBody = z.output<typeof CreateApplicationRequest>;
export type PatchBody = z.output<typeof PatchApplicationRequest>;
export type HistoryParams = z.output<typeof HistoryQuery>;

export const field = (name: string, reason: string, message?: string) =>
  new Invalid([{ field: `body.${name}`, reason }], message);

export const visible = (ps: ParticipantRecord[]) => ps.filter((p) => !p.isDeleted);

export const TEMPLATE_FIELDS = [
  'templateName',
  'templateDescription',
  'templateThumbnail',
  'templateThumbnailName',
] as const;

export const PATCH_FIELDS = [
  'name',
  'description',
  'address',
  'legalDescription',
  'primaryContactId',
  'buildingPurposeDescription',
] as const;

/** What a new draft is made of (every create operation and child applications). */
export interface DraftInput {
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
export function core(ports: ApplicationPorts) {
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
