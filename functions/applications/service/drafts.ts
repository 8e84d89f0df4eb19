import type {
  CreateApplicationResponse,
  GetApplicationResponse,
} from '../../../shared/schemas/applications.js';
import { applicationMessages } from '../../../shared/schemas/applications.js';
import { canManage, isEditableStatus } from '../../../shared/domain/applications.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller as Caller } from '../../platform/caller.js';
import { Forbidden, Invalid, Locked } from '../../platform/errors.js';
import type { ApplicationPatch, ApplicationRecord } from '../repository/applications.js';
import {
  copyAuthorityId,
  deltaOf,
  legalDescriptionOf,
  NO_AUTHORITY_SERVES,
  siteAddressOf,
} from './create.js';
import type { DraftPorts, TemplatePatch } from './ports.js';
import {
  STANDALONE_ONLY,
  ONLY_TEMPLATES,
  NOT_A_PARTICIPANT,
  TEMPLATE_FIELDS,
  PATCH_FIELDS,
  field,
  visible,
  core,
} from './core.js';
import type { CreateBody, PatchBody } from './core.js';

/**
 * Creating and changing drafts and templates (docs/applications.md): Create, Duplicate,
 * CreateFromTemplate, CreateTemplate and PATCH, with the thumbnails they scale (DraftPorts).
 */
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
