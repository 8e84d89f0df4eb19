/** The applications services (create, change, read, delete, archive, children, history) over fake ports. */
import { describe, expect, it } from 'vitest';
import { applicationsService } from '../../../../functions/applications/service/applications.js';
import { draftsService } from '../../../../functions/applications/service/drafts.js';
import {
  CONSENT_ONLY,
  NOT_A_PARTICIPANT,
  NOT_DELETABLE,
  ONLY_TEMPLATES,
  STANDALONE_ONLY,
} from '../../../../functions/applications/service/core.js';
import {
  NO_AUTHORITY_SERVES,
  SELF_APPLICANT_ROLES,
} from '../../../../functions/applications/service/create.js';
import { Conflict, Forbidden, Invalid, Locked, NotFound } from '../../../../functions/platform/errors.js';
import {
  ApplicationListItem,
  applicationMessages,
  CreateApplicationRequest,
  CreateApplicationResponse,
  GetApplicationResponse,
  HistoryItem,
  HistoryQuery,
  PatchApplicationRequest,
} from '../../../../shared/schemas/applications.js';
import {
  THUMBNAIL_MESSAGE,
  THUMBNAIL_UPLOAD_NOT_FOUND,
  thumbnailUploadKey,
} from '../../../../shared/domain/applications.js';
import type { Form } from '../../../../shared/schemas/reference.js';
import { fakeWorld, NOW } from './fake-world.js';

const site = { address1: '  12 Queen Street ', city: 'Auckland', zipCode: '1010', country: 'New Zealand' };
/** A "PNG" for the fake scaler (its signature and a few bytes), and its "JPEG". */
const pngBytes = Buffer.from('\x89PNG\r\n\x1a\n image', 'latin1');
const scaled = Buffer.from(`jpeg:${pngBytes.length}`).toString('base64');
let uploadNo = 0;
/** Puts an image in `userId`'s thumbnail uploads; its key. */
function uploaded(w: ReturnType<typeof fakeWorld>, userId = 'ann', bytes: Uint8Array = pngBytes): string {
  const key = thumbnailUploadKey(userId, `11111111-1111-4111-8111-${String(++uploadNo).padStart(12, '0')}`);
  w.uploads.set(key, bytes);
  return key;
}

function setup() {
  const w = fakeWorld();
  const drafts = draftsService(w.ports);
  const apps = applicationsService(w.ports);
  const ann = w.user('ann');
  const create = async (body: Record<string, unknown>, caller = ann) =>
    CreateApplicationResponse.parse(await drafts.create(caller, CreateApplicationRequest.parse(body)));
  const draft = (over: Record<string, unknown> = {}, caller = ann) =>
    create({ operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site, ...over }, caller);
  return { w, drafts, apps, ann, create, draft };
}

/** The field issues of a domain error a promise rejects with. */
async function issuesOf(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Invalid);
  return (err as Invalid).details;
}

describe('create from scratch', () => {
  it('makes a draft with its number, site address and its creator as the owning, managing participant', async () => {
    const { w, draft } = setup();
    const res = await draft();
    expect(res.id).toBe('1000001');
    expect(res.application).toMatchObject({
      id: '1000001',
      applicationNumber: `BLD-${NOW.getUTCFullYear()}-00001`,
      status: 'Draft',
      recordType: 'Draft',
      accessLevel: 'Manage',
      formId: 'bc',
      authorityId: 'akl',
      address: { address1: '12 Queen Street', city: 'Auckland' },
    });
    const [input] = w.creates;
    expect(input!.participants).toEqual([
      expect.objectContaining({
        loginUserId: 'ann',
        firstName: 'First-ann',
        email: 'ann@example.nz',
        phone: '211234567',
        participantTypes: [...SELF_APPLICANT_ROLES],
        accessLevel: 'Manage',
        invitation: 'Accepted',
        primaryContact: true,
      }),
    ]);
    // The creator's row: Manage, owner, their default notification level from the profile.
    expect(input!.accessRows).toEqual([
      { userId: 'ann', accessLevel: 'Manage', isOwner: true, notificationLevel: 'Watching' },
    ]);
    expect(input!.history).toEqual([
      expect.objectContaining({ eventType: 'ApplicationCreated', entityId: '1000001' }),
    ]);
    expect(input!.listContext).toMatchObject({ formCategory: 'Standalone' });
    expect((await draft()).application.applicationNumber).toBe(`BLD-${NOW.getUTCFullYear()}-00002`);
  });

  it('refuses an unknown authority, one that does not accept applications, and an independent one not the caller’s', async () => {
    const { w, draft, ann } = setup();
    expect(await issuesOf(draft({ authorityId: 'nowhere' }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority not found' },
    ]);
    expect(await issuesOf(draft({ authorityId: 'dcc' }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority does not accept applications' },
    ]);
    expect(await issuesOf(draft({ authorityId: 'demo-ibca' }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority not found' },
    ]);
    w.ownAuthorities.set(ann.userId, ['demo-ibca']);
    expect((await draft({ authorityId: 'demo-ibca' })).application.authorityId).toBe('demo-ibca');
    expect(w.creates).toHaveLength(1);
  });

  it('an authority accepts applications once onboarded and stops when revoked (its stored row, not the bundled data)', async () => {
    const { w, draft } = setup();
    expect(await issuesOf(draft({ authorityId: 'gore' }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority does not accept applications' },
    ]);
    w.serviceable.set('gore', true);
    expect((await draft({ authorityId: 'gore' })).application.authorityId).toBe('gore');
    w.serviceable.set('akl', false);
    expect(await issuesOf(draft({ authorityId: 'akl' }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority does not accept applications' },
    ]);
    expect(w.creates).toHaveLength(1);
  });

  it('takes only a visible standalone form whose series the authority enables', async () => {
    const { w, draft } = setup();
    w.extraForms.push({
      ...(w.ports.reference.forms('nz').find((f) => f.id === 'bc') as Form),
      id: 'old',
      isHidden: true,
    });
    expect(await issuesOf(draft({ formId: 'old' }))).toEqual([
      { field: 'body.formId', reason: 'Form not found' },
    ]);
    expect(await issuesOf(draft({ formId: 'amendment' }))).toEqual([
      { field: 'body.formId', reason: 'Form must be of category Standalone' },
    ]);
    // Hamilton does not enable the cpu series; dcc is not serviceable; bc-sfh everywhere.
    w.extraForms.push({
      ...(w.ports.reference.forms('nz').find((f) => f.id === 'bc') as Form),
      id: 'x',
      series: 'cpu',
    });
    expect(await issuesOf(draft({ authorityId: 'hcc', formId: 'x' }))).toEqual([
      { field: 'body.formId', reason: 'The authority does not accept this form' },
    ]);
    expect(w.creates).toHaveLength(0);
  });

  it('needs the caller’s profile', async () => {
    const { w, draft, ann } = setup();
    w.profiles.delete(ann.userId);
    await expect(draft()).rejects.toBeInstanceOf(NotFound);
  });
});

describe('duplicate', () => {
  async function withSource() {
    const s = setup();
    const source = await s.draft({ address: { ...site, lotNumber: '1', dpNumber: '123' } });
    const id = source.id;
    s.w.steps.push({
      applicationId: id,
      stepId: 'bc-project',
      breadcrumbId: 'b',
      data: { a: 1 },
      valid: true,
    } as never);
    s.w.steps.push({ applicationId: id, stepId: 'bc-building-code', breadcrumbId: 'b', data: {} } as never);
    // Bob signs in and edits; Carl was removed; Dora has no account.
    s.w.user('bob');
    s.w.grant(id, 'bob', 'Edit');
    const base = {
      applicationId: id,
      participantTypes: ['Designer'],
      modifiedDate: 'x',
      invitation: 'Accepted',
    };
    s.w.participants.push(
      {
        ...base,
        participantId: 'p-bob',
        loginUserId: 'bob',
        email: 'bob@example.nz',
        accessLevel: 'Edit',
      } as never,
      {
        ...base,
        participantId: 'p-carl',
        loginUserId: 'carl',
        email: 'carl@example.nz',
        accessLevel: 'Edit',
        isDeleted: true,
      } as never,
      { ...base, participantId: 'p-dora', email: 'dora@example.nz', accessLevel: 'None' } as never,
    );
    return { ...s, id };
  }

  it('copies the source’s details, steps and live participants with new ids; those who sign in get their rows', async () => {
    const { w, create, id } = await withSource();
    const copy = await create({ operationName: 'Duplicate', applicationId: id });
    expect(copy.id).not.toBe(id);
    const input = w.creates.at(-1)!;
    expect(input.application).toMatchObject({
      formId: 'bc',
      authorityId: 'akl',
      legalDescription: 'Lot 1 DP 123',
    });
    expect(input.steps!.map((s) => [s.stepId, s.valid, s.data])).toEqual([
      ['bc-project', true, { a: 1 }],
      ['bc-building-code', false, {}],
    ]);
    const emails = input.participants.map((p) => p.email).sort();
    expect(emails).toEqual(['ann@example.nz', 'bob@example.nz', 'dora@example.nz']);
    expect(input.participants.every((p) => !['p-bob', 'p-dora'].includes(p.participantId))).toBe(true);
    expect(input.accessRows.map((r) => [r.userId, r.accessLevel, r.isOwner])).toEqual([
      ['ann', 'Manage', true],
      ['bob', 'Edit', false],
    ]);
    expect(input.history![0]!.eventData).toMatchObject({
      operationName: 'Duplicate',
      sourceApplicationId: id,
    });
  });

  it('needs Manage on a standalone source; a template or a child application cannot be duplicated', async () => {
    const { w, create, id } = await withSource();
    const bob = { kind: 'user' as const, userId: 'bob', email: 'bob@example.nz' };
    await expect(create({ operationName: 'Duplicate', applicationId: id }, bob)).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(create({ operationName: 'Duplicate', applicationId: 'nope' })).rejects.toBeInstanceOf(
      NotFound,
    );
    w.setApplication(id, { applicationType: 'Amendment' });
    await expect(create({ operationName: 'Duplicate', applicationId: id })).rejects.toThrow(STANDALONE_ONLY);
  });

  it('without another authority: the source’s must still accept applications (and the form)', async () => {
    const { w, create, id } = await withSource();
    w.setApplication(id, { authorityId: 'dcc' });
    expect(await issuesOf(create({ operationName: 'Duplicate', applicationId: id }))).toEqual([
      { field: 'body.authorityId', reason: 'Authority does not accept applications' },
    ]);
    w.setApplication(id, { authorityId: 'hcc', formId: 'x' });
    w.extraForms.push({
      ...(w.ports.reference.forms('nz').find((f) => f.id === 'bc') as Form),
      id: 'x',
      series: 'cpu',
    });
    expect(await issuesOf(create({ operationName: 'Duplicate', applicationId: id }))).toEqual([
      { field: 'body.formId', reason: 'The authority does not accept this form' },
    ]);
  });

  it('to another authority: the form is checked against it; a new site replaces the source’s', async () => {
    const { w, create, id } = await withSource();
    await create({ operationName: 'Duplicate', applicationId: id, authorityId: 'wcc', address: site });
    expect(w.creates.at(-1)!.application).toMatchObject({
      authorityId: 'wcc',
      address: { address1: '12 Queen Street' },
    });
    expect(w.creates.at(-1)!.application.legalDescription).toBeUndefined();
    expect(
      await issuesOf(create({ operationName: 'Duplicate', applicationId: id, authorityId: 'dcc' })),
    ).toEqual([{ field: 'body.authorityId', reason: 'Authority does not accept applications' }]);
  });

  it('a new site without an authority: detected as the new-application flow does; the source’s own site keeps it', async () => {
    const { w, create, id } = await withSource();
    // The source's authority is not the one its site would detect: only its own site keeps it.
    w.setApplication(id, { authorityId: 'hcc' });
    const christchurch = {
      address1: '1 Cathedral Square',
      city: 'Christchurch',
      zipCode: '8011',
      country: 'NZ',
    };
    await create({ operationName: 'Duplicate', applicationId: id, address: christchurch });
    expect(w.creates.at(-1)!.application.authorityId).toBe('ccc');
    await create({ operationName: 'Duplicate', applicationId: id, address: site });
    expect(w.creates.at(-1)!.application.authorityId).toBe('hcc');
    expect(
      await issuesOf(
        create({
          operationName: 'Duplicate',
          applicationId: id,
          address: { address1: '1 Road', city: 'Nowhere' },
        }),
      ),
    ).toEqual([{ field: 'body.authorityId', reason: NO_AUTHORITY_SERVES }]);
  });
});

describe('templates', () => {
  it('CreateTemplate: a template of the source’s steps, with its scaled thumbnail; the creator alone', async () => {
    const { w, apps, ann, create, draft } = setup();
    const source = await draft();
    w.steps.push({
      applicationId: source.id,
      stepId: 'bc-project',
      breadcrumbId: 'b',
      data: { a: 1 },
      valid: true,
    } as never);
    const key = uploaded(w);
    const t = await create({
      operationName: 'CreateTemplate',
      applicationId: source.id,
      templateName: 'Garage',
      templateDescription: 'Single garage',
      templateThumbnail: key,
    });
    expect(t.application.recordType).toBe('Template');
    const input = w.creates.at(-1)!;
    expect(input.template).toEqual({
      displayName: 'Garage',
      description: 'Single garage',
      thumbnailJpeg: scaled,
      thumbnailName: 'thumbnail.jpg',
      numOfDocuments: 0,
    });
    // The template holds the JPEG: the upload is removed.
    expect(w.removed).toEqual([key]);
    expect(w.uploads.has(key)).toBe(false);
    expect(input.participants).toHaveLength(1);
    expect(input.steps!.map((s) => s.stepId)).toEqual(['bc-project']);
    expect(input.history![0]).toMatchObject({
      eventType: 'TemplateCreated',
      eventData: { sourceApplicationId: source.id },
    });
    // The view shows it as a JPEG data URL.
    expect(GetApplicationResponse.parse(await apps.view(w.grantOf(t.id, 'ann'), ann)).template).toMatchObject(
      {
        displayName: 'Garage',
        thumbnail: {
          image: `data:image/jpeg;base64,${scaled}`,
          name: 'thumbnail.jpg',
        },
      },
    );
  });

  it('CreateTemplate refuses a thumbnail that is not an image we take, before writing anything; the upload is removed', async () => {
    const { w, create, draft } = setup();
    const source = await draft();
    const before = w.creates.length;
    const key = uploaded(w, 'ann', Buffer.from('II*\0 a tiff'));
    const p = create({
      operationName: 'CreateTemplate',
      applicationId: source.id,
      templateName: 'G',
      templateThumbnail: key,
    });
    await expect(p).rejects.toThrow(THUMBNAIL_MESSAGE);
    expect(await issuesOf(p)).toEqual([{ field: 'body.templateThumbnail', reason: THUMBNAIL_MESSAGE }]);
    expect(w.creates).toHaveLength(before);
    expect(w.uploads.has(key)).toBe(false);
  });

  it('CreateTemplate takes only the caller’s own upload, and only one that is there; nothing written, nothing removed', async () => {
    const { w, create, draft } = setup();
    const source = await draft();
    w.user('bob');
    const bobs = uploaded(w, 'bob');
    const gone = thumbnailUploadKey('ann', '22222222-2222-4222-8222-222222222222');
    const before = w.creates.length;
    for (const key of [bobs, gone]) {
      const p = create({
        operationName: 'CreateTemplate',
        applicationId: source.id,
        templateName: 'G',
        templateThumbnail: key,
      });
      expect(await issuesOf(p)).toEqual([
        { field: 'body.templateThumbnail', reason: THUMBNAIL_UPLOAD_NOT_FOUND },
      ]);
    }
    expect(w.creates).toHaveLength(before);
    expect(w.uploads.has(bobs)).toBe(true);
    expect(w.removed).toEqual([]);
    // Not a key at all: the schema refuses it (a data URL is no longer taken).
    expect(() =>
      CreateApplicationRequest.parse({
        operationName: 'CreateTemplate',
        applicationId: source.id,
        templateName: 'G',
        templateThumbnail: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    ).toThrow(/key of an upload/);
  });

  it('CreateTemplate refuses an upload over 26214400 bytes by its size alone (nothing read) and removes it', async () => {
    const { w, create, draft } = setup();
    const source = await draft();
    const key = uploaded(w, 'ann', Buffer.alloc(26214401));
    const p = create({
      operationName: 'CreateTemplate',
      applicationId: source.id,
      templateName: 'G',
      templateThumbnail: key,
    });
    expect(await issuesOf(p)).toEqual([{ field: 'body.templateThumbnail', reason: THUMBNAIL_MESSAGE }]);
    expect(w.removed).toEqual([key]);
  });

  it('CreateFromTemplate: the template’s steps and description, at the new site, for an authority taking the form', async () => {
    const { w, create, draft } = setup();
    const source = await draft();
    w.steps.push({
      applicationId: source.id,
      stepId: 'bc-project',
      breadcrumbId: 'b',
      data: { a: 1 },
      valid: true,
    } as never);
    const t = await create({
      operationName: 'CreateTemplate',
      applicationId: source.id,
      templateName: 'G',
      templateDescription: 'D',
    });
    const made = await create({
      operationName: 'CreateFromTemplate',
      applicationId: t.id,
      authorityId: 'wcc',
      address: site,
    });
    expect(made.application).toMatchObject({ recordType: 'Draft', authorityId: 'wcc', description: 'D' });
    expect(w.creates.at(-1)!.steps!.map((s) => s.stepId)).toEqual(['bc-project']);
    expect(w.creates.at(-1)!.history![0]!.eventData).toMatchObject({
      operationName: 'CreateFromTemplate',
      templateId: t.id,
    });
    expect(
      await issuesOf(
        create({
          operationName: 'CreateFromTemplate',
          applicationId: source.id,
          authorityId: 'wcc',
          address: site,
        }),
      ),
    ).toEqual([{ field: 'body.applicationId', reason: 'Not a template' }]);
    // The template's form is checked against the authority asked for, and named on authorityId.
    w.setApplication(t.id, { formId: 'cpu' });
    expect(
      await issuesOf(
        create({
          operationName: 'CreateFromTemplate',
          applicationId: t.id,
          authorityId: 'hcc',
          address: site,
        }),
      ),
    ).toEqual([{ field: 'body.authorityId', reason: 'Form must be of category Standalone' }]);
  });
});

describe('change (PATCH)', () => {
  const patch = (body: Record<string, unknown>) => PatchApplicationRequest.parse(body);

  it('sets the details on the etag read, records the change with its delta, and shows the result', async () => {
    const { w, drafts, draft, ann } = setup();
    const { id, application } = await draft();
    const view = await drafts.change(
      ann,
      w.grantOf(id, 'ann'),
      patch({
        etag: application.etag,
        name: 'Garage',
        address: { ...site, lotNumber: '2', dpNumber: '9' },
      }),
    );
    expect(GetApplicationResponse.parse(view).application).toMatchObject({ name: 'Garage' });
    expect(w.applications.get(id)).toMatchObject({ name: 'Garage', legalDescription: 'Lot 2 DP 9' });
    const h = w.history.at(-1)!;
    expect(h.eventType).toBe('ApplicationUpdated');
    expect(Object.keys(h.delta as object)).toEqual(expect.arrayContaining(['name', 'legalDescription']));
    await expect(
      drafts.change(ann, w.grantOf(id, 'ann'), patch({ etag: 'stale', name: 'x' })),
    ).rejects.toBeInstanceOf(Conflict);
  });

  it('template details only on a template (each field named), by its manager, in the same write', async () => {
    const { w, drafts, draft, create, ann } = setup();
    const { id, application } = await draft();
    expect(
      await issuesOf(
        drafts.change(
          ann,
          w.grantOf(id, 'ann'),
          patch({ etag: application.etag, templateName: 'T', templateDescription: 'D' }),
        ),
      ),
    ).toEqual([
      { field: 'body.templateName', reason: ONLY_TEMPLATES },
      { field: 'body.templateDescription', reason: ONLY_TEMPLATES },
    ]);
    const t = await create({ operationName: 'CreateTemplate', applicationId: id, templateName: 'T' });
    const key = uploaded(w);
    await drafts.change(
      ann,
      w.grantOf(t.id, 'ann'),
      patch({
        etag: t.application.etag,
        templateName: 'T2',
        templateThumbnail: key,
        templateThumbnailName: 'g.png',
      }),
    );
    expect(w.templates.get(t.id)).toMatchObject({
      displayName: 'T2',
      thumbnailJpeg: scaled,
      thumbnailName: 'g.png',
    });
    expect(w.removed).toEqual([key]);
    expect(w.updates.at(-1)!.options).toMatchObject({ template: { displayName: 'T2' } });
    expect(w.history.at(-1)!.eventType).toBe('TemplateUpdated');
    w.user('bob');
    w.grant(t.id, 'bob', 'Edit');
    await expect(
      drafts.change(
        { kind: 'user', userId: 'bob' },
        w.grantOf(t.id, 'bob'),
        patch({ etag: 'x', templateName: 'B' }),
      ),
    ).rejects.toBeInstanceOf(Forbidden);
  });

  it('the primary contact must be one of the application’s participants (not a removed one, not another application’s)', async () => {
    const { w, drafts, draft, ann } = setup();
    const { id, application } = await draft();
    const other = await draft();
    const mine = w.participants.find((p) => p.applicationId === id)!.participantId;
    const theirs = w.participants.find((p) => p.applicationId === other.id)!.participantId;
    w.participants.push({ applicationId: id, participantId: 'removed', isDeleted: true } as never);
    for (const bad of [theirs, 'removed', 'nobody'])
      expect(
        await issuesOf(
          drafts.change(ann, w.grantOf(id, 'ann'), patch({ etag: application.etag, primaryContactId: bad })),
        ),
      ).toEqual([{ field: 'body.primaryContactId', reason: NOT_A_PARTICIPANT }]);
    expect(w.updates).toHaveLength(0);
    await drafts.change(ann, w.grantOf(id, 'ann'), patch({ etag: application.etag, primaryContactId: mine }));
    expect(w.applications.get(id)!.primaryContactId).toBe(mine);
  });

  it('is locked once submitted', async () => {
    const { w, drafts, draft, ann } = setup();
    const { id } = await draft();
    w.setApplication(id, { status: 'Submitted' });
    const p = drafts.change(ann, w.grantOf(id, 'ann'), patch({ etag: 'x', name: 'N' }));
    await expect(p).rejects.toBeInstanceOf(Locked);
    await expect(p).rejects.toThrow(applicationMessages.lockedTooltip);
  });
});

describe('child applications', () => {
  it('only for a consent: an Amendment or Supporting form, with the parent’s site and people, linked under it', async () => {
    const { w, apps, draft, ann } = setup();
    const parent = await draft({ address: { ...site, lotNumber: '3', dpNumber: '1' } });
    await expect(apps.createChild(ann, w.applications.get(parent.id)!, 'amendment')).rejects.toThrow(
      CONSENT_ONLY,
    );
    w.setApplication(parent.id, { status: 'InProgress', consentNumber: 'BC-1' });
    const parentRecord = w.applications.get(parent.id)!;
    expect(await issuesOf(apps.createChild(ann, parentRecord, 'bc'))).toEqual([
      { field: 'body.formId', reason: 'Form must be of category Amendment or Supporting' },
    ]);
    const child = CreateApplicationResponse.parse(await apps.createChild(ann, parentRecord, 'amendment'));
    expect(child.application).toMatchObject({ applicationType: 'Amendment', parentApplicationId: parent.id });
    expect(w.creates.at(-1)!.child).toEqual({
      parentApplicationId: parent.id,
      applicationType: 'Amendment',
      formId: 'amendment',
    });
    expect(w.creates.at(-1)!.application.legalDescription).toBe('Lot 3 DP 1');
    // The children list shows it; one the caller cannot see is left out.
    const other = await draft();
    w.children.push({ applicationId: parent.id, childApplicationId: other.id } as never);
    w.grant(other.id, 'ann', 'None');
    const list = await apps.children(ann, parent.id);
    expect(list.map((c) => ApplicationListItem.parse(c).id)).toEqual([child.id]);
  });
});

describe('delete, archive, history, rejected reason', () => {
  it('deletes a template or a draft its manager deletes; refuses a consent', async () => {
    const { w, apps, draft, create, ann } = setup();
    const { id } = await draft();
    const t = await create({
      operationName: 'CreateTemplate',
      applicationId: id,
      templateName: 'T',
      templateThumbnail: uploaded(w),
    });
    await apps.remove(ann, w.grantOf(t.id, 'ann'));
    expect(w.applications.has(t.id)).toBe(false);
    w.setApplication(id, { status: 'Submitted', consentNumber: 'BC-9' });
    await expect(apps.remove(ann, w.grantOf(id, 'ann'))).rejects.toThrow(NOT_DELETABLE);
    expect(w.applications.has(id)).toBe(true);
  });

  it('refuses to delete a submitted application without a consent number (403, nothing changes)', async () => {
    const { w, apps, draft, ann } = setup();
    const { id } = await draft();
    w.setApplication(id, { status: 'Submitted' });
    const refused = apps.remove(ann, w.grantOf(id, 'ann'));
    await expect(refused).rejects.toMatchObject({
      kind: 'forbidden',
      message: NOT_DELETABLE,
      description: 'A submitted application cannot be deleted: the council is processing it',
    });
    expect(w.applications.get(id)?.status).toBe('Submitted');
  });

  it('archives for the caller only', async () => {
    const { w, apps, draft, ann } = setup();
    const { id } = await draft();
    w.grant(id, 'bob', 'Edit');
    await apps.setHidden(ann, id, true);
    expect(w.access.get(`${id}/ann`)!.visibility).toBe('hidden');
    expect(w.access.get(`${id}/bob`)!.visibility).toBe('visible');
  });

  it('history: the application’s events with their entity, newest first, paged', async () => {
    const { w, apps, drafts, draft, ann } = setup();
    const { id, application } = await draft();
    await drafts.change(
      ann,
      w.grantOf(id, 'ann'),
      PatchApplicationRequest.parse({ etag: application.etag, name: 'N' }),
    );
    const all = await apps.history(id, HistoryQuery.parse({}));
    expect(all.map((h) => HistoryItem.parse(h).eventType)).toEqual([
      'ApplicationUpdated',
      'ApplicationCreated',
    ]);
    expect(all[0]).toMatchObject({
      eventSource: 'Portal',
      modifiedBy: 'ann',
      eventData: { entityType: 'APPLICATION', entityId: id },
      delta: { name: expect.anything() },
    });
    expect(await apps.history(id, HistoryQuery.parse({ pageSize: '1', page: '1' }))).toHaveLength(1);
    expect(await apps.history(id, HistoryQuery.parse({ entity: 'PARTICIPANT', id: 'p1' }))).toEqual([]);
  });

  it('the rejected reason only of a rejected or refused application', () => {
    const { apps } = setup();
    const base = { closedReason: 'Incomplete' } as never as Parameters<typeof apps.rejectedReason>[0];
    expect(apps.rejectedReason({ ...base, status: 'Rejected' })).toEqual({ reason: 'Incomplete' });
    expect(apps.rejectedReason({ ...base, status: 'Refused' })).toEqual({ reason: 'Incomplete' });
    expect(apps.rejectedReason({ ...base, status: 'InProgress' })).toEqual({ reason: null });
  });

  it('the full view: required documents of the form, visible participants, no template', async () => {
    const { w, apps, draft, ann } = setup();
    const { id } = await draft();
    w.participants.push({
      applicationId: id,
      participantId: 'gone',
      isDeleted: true,
      email: 'x@y.nz',
    } as never);
    const view = GetApplicationResponse.parse(await apps.view(w.grantOf(id, 'ann'), ann));
    expect(view.application.participants).toHaveLength(1);
    expect(view.requiredDocuments.map((d) => d.id)).toEqual(
      w.ports.reference.requiredDocuments('bc').map((d) => d.id),
    );
    expect(view.requiredDocuments.length).toBeGreaterThan(0);
    expect(view.template).toBeNull();
  });

  it('action items: Save as Template for its manager; child applications only once it is a consent (the rule createChild uses)', async () => {
    const { w, apps, draft } = setup();
    const { id } = await draft();
    expect(apps.actionItems(w.grantOf(id, 'ann')).map((a) => a.itemType)).toEqual(['SaveAsTemplate']);
    w.setApplication(id, { status: 'Submitted' });
    expect(apps.actionItems(w.grantOf(id, 'ann')).map((a) => a.itemType)).toEqual(['SaveAsTemplate']);
    await expect(apps.createChild(w.user('ann'), w.applications.get(id)!, 'amendment')).rejects.toThrow(
      CONSENT_ONLY,
    );
    w.setApplication(id, { status: 'InProgress', consentNumber: 'BC-7' });
    const items = apps.actionItems(w.grantOf(id, 'ann'));
    const children = items.filter((a) => a.itemType === 'CreateChildApplication').map((a) => a.formId);
    expect(children).toEqual(expect.arrayContaining(['amendment', 'ccc']));
    for (const formId of children)
      expect((await apps.createChild(w.user('ann'), w.applications.get(id)!, formId!)).id).toBeTruthy();
    // Once the CCC is issued (Completed) nothing is offered, and the server refuses saying why.
    w.setApplication(id, { status: 'Completed' });
    expect(apps.actionItems(w.grantOf(id, 'ann')).map((a) => a.itemType)).toEqual(['SaveAsTemplate']);
    await expect(apps.createChild(w.user('ann'), w.applications.get(id)!, 'ccc')).rejects.toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('the code compliance certificate has been issued'),
    });
  });
});
