/**
 * Applications core against the local stack (docs/applications.md): create by every operation,
 * read, etag-guarded change, delete rules, archive, child applications, history, action items and
 * the participant notification level, for each access level of a second user (none, ReadOnly, Edit,
 * Manage). Other users' access is written through the applications repository (the participants
 * issue adds the routes later).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { Jimp } from '../../functions/platform/adapters/images.js';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, localRepositories } from '../support/accounts';
import { uploadThumbnail } from '../support/thumbnails';
import { waitFor } from '../support/wait';
import type {
  ActionItem,
  ApplicationListItem,
  CreateApplicationResponse,
  GetApplicationResponse,
  HistoryItem,
} from '../../shared/schemas/applications';
import type { AccessLevel } from '../../shared/schemas/common';

const o = readOutputs();
const demo = (email: string) => {
  const u = o.DemoUsers.find((d) => d.email === email);
  if (!u) throw new Error(`no demo user ${email}`);
  return u;
};

let owner: string; // applicant@ (creates everything, Manage)
let other: string; // agent@ (given each access level in turn)
let otherId: string;
let repo: typeof import('../../functions/applications/repository/applications');

const sub = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

const site = {
  address1: `${Math.floor(Math.random() * 900) + 10} Queen Street`,
  city: 'Auckland',
  zipCode: '1010',
  country: 'NZ',
  lotNumber: '12',
  dpNumber: '34567',
};

async function create(token: string, body: Record<string, unknown> = {}) {
  return api(
    'POST',
    '/user/applications',
    { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site, ...body },
    { token },
  ) as Promise<{ status: number; body: CreateApplicationResponse & { message?: string; details?: unknown } }>;
}
const get = (token: string, id: string) =>
  api('GET', `/user/applications/${id}`, undefined, { token }) as Promise<{
    status: number;
    body: GetApplicationResponse;
  }>;

/** Gives `userId` an access level on the application (participant + access row, as the participants issue will). */
async function grant(applicationId: string, userId: string, accessLevel: AccessLevel) {
  const { entities } = await import('../../functions/platform/data/service');
  const application = (await repo.getApplication(applicationId))!;
  await entities.participant
    .put({
      applicationId,
      participantId: `p-${userId}`,
      loginUserId: userId,
      firstName: 'Tom',
      lastName: 'Whitfield',
      email: demo('agent@demo.consent.nz').email,
      participantTypes: ['Agent'],
      accessLevel,
      modifiedDate: new Date().toISOString(),
    })
    .go();
  if (accessLevel === 'None') {
    await entities.applicationAccess.delete({ applicationId, userId }).go();
    return;
  }
  const { listRowFields } = await import('../../functions/applications/model/list-row');
  const { catalogue } = await import('../../functions/reference/catalogue');
  await entities.applicationAccess
    .put({
      ...listRowFields(application, catalogue().names(application)),
      applicationId,
      userId,
      accessLevel,
      notificationLevel: 'Normal',
      isOwner: false,
      visibility: 'visible',
    })
    .go();
}

/** Sets council-side fields (status, consent number) as the council boundary would. */
async function councilSets(id: string, patch: Parameters<typeof repo.updateApplication>[2]) {
  return repo.updateApplication(id, undefined, patch, 'council');
}

beforeAll(async () => {
  await localRepositories(o);
  repo = await import('../../functions/applications/repository/applications');
  const [a, b] = await Promise.all([
    signIn('applicant@demo.consent.nz', demo('applicant@demo.consent.nz').password, o),
    signIn('agent@demo.consent.nz', demo('agent@demo.consent.nz').password, o),
  ]);
  owner = a.IdToken;
  other = b.IdToken;
  otherId = sub(other);
});

describe('POST /user/applications: Create', () => {
  test('a new Draft: numeric id, BLD number, the creator as owner participant with Manage, history', async () => {
    const res = await create(owner);
    expect(res.status).toBe(201);
    const app = res.body.application;
    expect(res.body.id).toMatch(/^\d{7,}$/);
    expect(Number(res.body.id)).toBeGreaterThanOrEqual(1000001);
    expect(app).toMatchObject({
      id: res.body.id,
      status: 'Draft',
      recordType: 'Draft',
      applicationType: 'Standalone',
      authorityId: 'akl',
      authorityDisplayName: 'Auckland Council',
      jurisdictionId: 'nz',
      formId: 'bc',
      formDisplayName: 'Building consent',
      accessLevel: 'Manage',
      isParticipant: true,
      isHidden: false,
      legalDescription: 'Lot 12 DP 34567',
      address: { fullAddress: `${site.address1}, Auckland 1010` },
    });
    expect(app.applicationNumber).toMatch(new RegExp(`^BLD-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(app.workflowStages.map((s) => s.stageName)).toEqual([
      'Lodgement',
      'Assessment',
      'Inspections',
      'Certificates',
    ]);
    expect(app.participants).toHaveLength(1);
    expect(app.participants[0]).toMatchObject({
      email: 'applicant@demo.consent.nz',
      accessLevel: 'Manage',
      participantTypes: ['RegisteredOwner', 'Owner', 'OwnerContact', 'InvoicePayer'],
    });
    // Two creations get distinct ids and numbers.
    const second = await create(owner);
    expect(second.body.id).not.toBe(res.body.id);
    expect(second.body.application.applicationNumber).not.toBe(app.applicationNumber);

    const history = await api('GET', `/user/applications/${res.body.id}/history`, undefined, {
      token: owner,
    });
    expect(history.status).toBe(200);
    expect((history.body as HistoryItem[]).map((h) => h.eventType)).toEqual(['ApplicationCreated']);

    // The owner's list row exists with the list fields.
    const row = await repo.getAccess(res.body.id, sub(owner));
    expect(row).toMatchObject({
      accessLevel: 'Manage',
      isOwner: true,
      recordType: 'Draft',
      visibility: 'visible',
    });
    expect(row?.searchText).toContain('auckland council');
  });

  test('400 with field and reason for bad input; independent authorities only for their users', async () => {
    const missing = await api('POST', '/user/applications', { operationName: 'Create' }, { token: owner });
    expect(missing.status).toBe(400);
    expect((missing.body as { details: { field: string }[] }).details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['body.address', 'body.authorityId', 'body.formId']),
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [{ authorityId: 'nowhere' }, 'body.authorityId', 'Authority not found'],
      [{ authorityId: 'dcc' }, 'body.authorityId', 'Authority does not accept applications'],
      [{ formId: 'nope' }, 'body.formId', 'Form not found'],
      [{ formId: 'ccc' }, 'body.formId', 'Form must be of category Standalone'],
      [{ authorityId: 'demo-ibca', formId: 'bca' }, 'body.formId', 'The authority does not accept this form'],
      [{ address: { city: 'Auckland' } }, 'body.address.fullAddress', 'Required'],
    ];
    for (const [body, fieldName, reason] of cases) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toEqual(
        expect.arrayContaining([{ field: fieldName, reason: expect.any(String) }]),
      );
      expect((res.body.details as { reason: string }[])[0]!.reason).toBe(reason);
    }
    // An independent authority is usable only by its own users (the applicant holds the demo grant).
    const foreignIbca = await create(other, { authorityId: 'demo-ibca' });
    expect(foreignIbca.status).toBe(400);
    expect(foreignIbca.body.details).toEqual([{ field: 'body.authorityId', reason: 'Authority not found' }]);
    expect((await create(owner, { authorityId: 'demo-ibca' })).status).toBe(201);
    const unknownOp = await api('POST', '/user/applications', { operationName: 'Nope' }, { token: owner });
    expect(unknownOp.status).toBe(400);
  });
});

describe('access levels', () => {
  test('none: every call is 404 (existence never shown)', async () => {
    const { body } = await create(owner);
    const id = body.id;
    expect((await get(other, id)).status).toBe(404);
    expect(
      (
        await api(
          'PATCH',
          `/user/applications/${id}`,
          { etag: body.application.etag, name: 'x' },
          { token: other },
        )
      ).status,
    ).toBe(404);
    expect((await api('DELETE', `/user/applications/${id}`, undefined, { token: other })).status).toBe(404);
    expect(
      (await api('PATCH', `/user/applications/${id}/preferences`, { isHidden: true }, { token: other }))
        .status,
    ).toBe(404);
    expect((await api('GET', `/user/applications/${id}/history`, undefined, { token: other })).status).toBe(
      404,
    );
    expect(
      (await api('GET', `/user/applicationsV3/${id}/action-items`, undefined, { token: other })).status,
    ).toBe(404);
    expect(
      (
        await api(
          'POST',
          '/user/applications',
          { operationName: 'Duplicate', applicationId: id },
          { token: other },
        )
      ).status,
    ).toBe(404);
    expect((await get(owner, '99999999999')).status).toBe(404);
    expect((await get(owner, 'abc')).status).toBe(404);
    // A None participant row still hides it.
    await grant(id, otherId, 'None');
    expect((await get(other, id)).status).toBe(404);
  });

  test('ReadOnly: reads, archives for themselves only; may not change, delete, duplicate', async () => {
    const { body } = await create(owner);
    const id = body.id;
    await grant(id, otherId, 'ReadOnly');
    const read = await get(other, id);
    expect(read.status).toBe(200);
    expect(read.body.application).toMatchObject({ accessLevel: 'ReadOnly', isParticipant: true });
    expect(read.body.template).toBeNull();
    expect(read.body.requiredInspections).toEqual([]);

    const patch = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: read.body.application.etag, name: 'Mine' },
      { token: other },
    );
    expect(patch.status).toBe(403);
    expect((await api('DELETE', `/user/applications/${id}`, undefined, { token: other })).status).toBe(403);
    expect(
      (
        await api(
          'POST',
          '/user/applications',
          { operationName: 'Duplicate', applicationId: id },
          { token: other },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api(
          'POST',
          `/user/applications/${id}/child-applications`,
          { formId: 'amendment' },
          { token: other },
        )
      ).status,
    ).toBe(403);
    expect(
      (await api('GET', `/user/applicationsV3/${id}/action-items`, undefined, { token: other })).body,
    ).toEqual([]);

    const archive = await api(
      'PATCH',
      `/user/applications/${id}/preferences`,
      { isHidden: true },
      { token: other },
    );
    expect(archive.status).toBe(204);
    expect((await get(other, id)).body.application.isHidden).toBe(true);
    expect((await get(owner, id)).body.application.isHidden).toBe(false);
    expect((await repo.getAccess(id, otherId))?.visibility).toBe('hidden');
    const bad = await api(
      'PATCH',
      `/user/applications/${id}/preferences`,
      { isHidden: 'yes' },
      { token: other },
    );
    expect(bad.status).toBe(400);
    expect((bad.body as { details: { field: string }[] }).details[0]!.field).toBe('body.isHidden');
    await api('PATCH', `/user/applications/${id}/preferences`, { isHidden: false }, { token: other });
    expect((await get(other, id)).body.application.isHidden).toBe(false);
  });

  test('Edit: changes with the current etag; a stale etag is 409 and nothing is overwritten; no delete', async () => {
    const { body } = await create(owner);
    const id = body.id;
    await grant(id, otherId, 'Edit');
    const first = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: body.application.etag, name: 'Garage', description: 'A new garage' },
      { token: other },
    );
    expect(first.status).toBe(200);
    const changed = (first.body as GetApplicationResponse).application;
    expect(changed).toMatchObject({ name: 'Garage', description: 'A new garage', accessLevel: 'Edit' });
    expect(changed.etag).not.toBe(body.application.etag);

    const stale = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: body.application.etag, name: 'Shed' },
      { token: owner },
    );
    expect(stale.status).toBe(409);
    expect((stale.body as { message: string }).message).toBe(
      'The application has been changed by someone else; reload it',
    );
    expect((await get(owner, id)).body.application).toMatchObject({ name: 'Garage', etag: changed.etag });

    // The list rows of both users follow the change (the ApplicationUpdated consumer, a moment later).
    await waitFor('the owner’s list row', async () =>
      (await repo.getAccess(id, sub(owner)))?.searchText?.includes('garage'),
    );
    await waitFor(
      'the other user’s list row',
      async () => (await repo.getAccess(id, otherId))?.modifiedDate === changed.modifiedDate,
    );

    const history = (await api('GET', `/user/applications/${id}/history`, undefined, { token: other }))
      .body as HistoryItem[];
    expect(history.map((h) => h.eventType)).toEqual(['ApplicationUpdated', 'ApplicationCreated']);
    expect(history[0]!.delta).toMatchObject({ name: [null, 'Garage'] });
    const oldestFirst = (
      await api('GET', `/user/applications/${id}/history?sortDirection=ASC&pageSize=1`, undefined, {
        token: other,
      })
    ).body as HistoryItem[];
    expect(oldestFirst.map((h) => h.eventType)).toEqual(['ApplicationCreated']);
    const byEntity = (
      await api('GET', `/user/applications/${id}/history?entity=APPLICATION&id=${id}`, undefined, {
        token: other,
      })
    ).body as HistoryItem[];
    expect(byEntity).toHaveLength(2);
    const badQuery = await api('GET', `/user/applications/${id}/history?pageSize=1000`, undefined, {
      token: other,
    });
    expect(badQuery.status).toBe(400);
    expect((badQuery.body as { details: { field: string }[] }).details[0]!.field).toBe('query.pageSize');

    const badPatch = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: changed.etag, templateName: 'T' },
      { token: other },
    );
    expect(badPatch.status).toBe(400);
    expect((badPatch.body as { details: { field: string }[] }).details[0]!.field).toBe('body.templateName');
    const unknownField = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: changed.etag, status: 'Completed' },
      { token: other },
    );
    expect(unknownField.status).toBe(400);
    const noEtag = await api('PATCH', `/user/applications/${id}`, { name: 'x' }, { token: other });
    expect(noEtag.status).toBe(400);
    expect((noEtag.body as { details: { field: string; reason: string }[] }).details).toEqual([
      { field: 'body.etag', reason: 'Required' },
    ]);

    expect((await api('DELETE', `/user/applications/${id}`, undefined, { token: other })).status).toBe(403);

    // Locked once submitted.
    await councilSets(id, { status: 'Submitted' });
    const locked = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag: (await get(owner, id)).body.application.etag, name: 'x' },
      { token: other },
    );
    expect(locked.status).toBe(403);
    expect((locked.body as { message: string }).message).toBe(
      'Application is currently locked from further changes',
    );
  });

  test('Manage: deletes a Draft (everything goes), not a VRFISuspended one, not a Consent', async () => {
    const { body } = await create(owner);
    const id = body.id;
    await grant(id, otherId, 'Manage');
    expect((await api('DELETE', `/user/applications/${id}`, undefined, { token: other })).status).toBe(204);
    expect((await get(owner, id)).status).toBe(404);
    expect(await repo.getAccess(id, sub(owner))).toBeUndefined();
    expect(await repo.getApplication(id)).toBeUndefined();
    const { service } = await import('../../functions/platform/data/service');
    const { data: partition } = await service.collections
      .application({ applicationId: id })
      .go({ pages: 'all' });
    expect(partition).toMatchObject({ participant: [], applicationAccess: [], applicationStep: [] });

    const suspended = (await create(owner)).body.id;
    await councilSets(suspended, { status: 'VRFISuspended' });
    expect((await api('DELETE', `/user/applications/${suspended}`, undefined, { token: owner })).status).toBe(
      403,
    );

    // Submitted, no consent number yet (it still lists as record type Draft): the council is
    // processing it, so it is never deleted.
    const lodged = (await create(owner)).body.id;
    await councilSets(lodged, { status: 'Submitted' });
    const refused = await api('DELETE', `/user/applications/${lodged}`, undefined, { token: owner });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'ClientError',
      message: 'The application cannot be deleted',
      description: 'A submitted application cannot be deleted: the council is processing it',
    });
    expect((await repo.getApplication(lodged))?.status).toBe('Submitted');
    expect(await repo.getAccess(lodged, sub(owner))).toBeDefined();

    const consent = (await create(owner)).body.id;
    await councilSets(consent, { status: 'InProgress', consentNumber: `BC-${randomUUID().slice(0, 6)}` });
    expect((await api('DELETE', `/user/applications/${consent}`, undefined, { token: owner })).status).toBe(
      403,
    );
  });
});

describe('Duplicate, templates', () => {
  test('Duplicate copies form, authority, steps and participants under a new id and number', async () => {
    const { entities } = await import('../../functions/platform/data/service');
    const src = (await create(owner)).body;
    await api(
      'PATCH',
      `/user/applications/${src.id}`,
      { etag: src.application.etag, name: 'House' },
      { token: owner },
    );
    await entities.applicationStep
      .put({
        applicationId: src.id,
        stepId: 'project-details',
        breadcrumbId: 'project',
        data: { value: 42 },
        modifiedDate: 'x',
      })
      .go();
    await grant(src.id, otherId, 'Edit');
    const dup = await api(
      'POST',
      '/user/applications',
      { operationName: 'Duplicate', applicationId: src.id },
      { token: owner },
    );
    expect(dup.status).toBe(201);
    const copy = (dup.body as CreateApplicationResponse).application;
    expect(copy).toMatchObject({
      name: 'House',
      formId: 'bc',
      authorityId: 'akl',
      status: 'Draft',
      accessLevel: 'Manage',
    });
    expect(copy.id).not.toBe(src.id);
    expect(copy.applicationNumber).not.toBe(src.application.applicationNumber);
    expect(copy.participants.map((p) => p.email).sort()).toEqual([
      'agent@demo.consent.nz',
      'applicant@demo.consent.nz',
    ]);
    expect((await repo.listSteps(copy.id)).map((s) => s.data)).toEqual([{ value: 42 }]);
    expect((await get(other, copy.id)).body.application.accessLevel).toBe('Edit');

    const elsewhere = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'Duplicate',
        applicationId: src.id,
        authorityId: 'wcc',
        address: { fullAddress: '1 Lambton Quay, Wellington' },
      },
      { token: owner },
    );
    expect(elsewhere.status).toBe(201);
    expect((elsewhere.body as CreateApplicationResponse).application).toMatchObject({
      authorityId: 'wcc',
      address: { fullAddress: '1 Lambton Quay, Wellington' },
    });
  });

  test('Duplicate to another address without an authority detects it; the source’s holds for its own site only', async () => {
    // At an Auckland site, an authority its site would not detect: only that site keeps it.
    const src = (await create(owner, { authorityId: 'hcc' })).body;
    expect(src.application.authorityId).toBe('hcc');
    const duplicate = (body: Record<string, unknown>) =>
      api(
        'POST',
        '/user/applications',
        { operationName: 'Duplicate', applicationId: src.id, ...body },
        { token: owner },
      ) as Promise<{ status: number; body: CreateApplicationResponse & { details?: unknown } }>;
    const wellington = { address1: '1 Lambton Quay', city: 'Wellington', zipCode: '6011', country: 'NZ' };

    const moved = await duplicate({ address: wellington });
    expect(moved.status).toBe(201);
    expect(moved.body.application).toMatchObject({
      authorityId: 'wcc',
      address: { fullAddress: '1 Lambton Quay, Wellington 6011' },
    });
    // The source's own site (spacing and case forgiven) keeps the source's authority.
    const same = await duplicate({ address: { ...site, city: ' auckland ' } });
    expect(same.status).toBe(201);
    expect(same.body.application.authorityId).toBe('hcc');
    // An authority asked for stays.
    const chosen = await duplicate({ address: wellington, authorityId: 'akl' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.application.authorityId).toBe('akl');
    // A site no authority serves: the caller must choose one.
    const nowhere = await duplicate({ address: { address1: '1 Main Road', city: 'Nowhere', country: 'NZ' } });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.details).toEqual([
      {
        field: 'body.authorityId',
        reason: 'No building consent authority serves this address: choose one',
      },
    ]);
  });

  test('CreateTemplate scales the thumbnail to fit 250x150 as JPEG; CreateFromTemplate starts a Draft from it', async () => {
    const src = (await create(owner)).body;
    const png = await new Jimp({ width: 1000, height: 300, color: 0x3366ccff }).getBuffer('image/png');
    const res = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'CreateTemplate',
        applicationId: src.id,
        templateName: 'My house template',
        templateDescription: 'Three bedrooms',
        templateThumbnail: await uploadThumbnail(owner, png),
        templateThumbnailName: 'house.png',
      },
      { token: owner },
    );
    expect(res.status).toBe(201);
    const templateId = (res.body as CreateApplicationResponse).id;
    expect((res.body as CreateApplicationResponse).application).toMatchObject({
      recordType: 'Template',
      name: 'My house template',
    });
    expect((res.body as CreateApplicationResponse).application.applicationNumber).toBeUndefined();
    const read = await get(owner, templateId);
    expect(read.body.template).toMatchObject({
      applicationId: templateId,
      displayName: 'My house template',
      description: 'Three bedrooms',
      numOfDocuments: 0,
    });
    const image = read.body.template!.thumbnail!.image;
    expect(image.startsWith('data:image/jpeg;base64,')).toBe(true);
    const thumb = await Jimp.read(Buffer.from(image.split(',')[1]!, 'base64'));
    expect([thumb.width, thumb.height]).toEqual([250, 75]);

    const tooBig = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'CreateTemplate',
        applicationId: src.id,
        templateName: 'x',
        templateThumbnail: await uploadThumbnail(owner, Buffer.from('not an image')),
      },
      { token: owner },
    );
    expect(tooBig.status).toBe(400);
    expect((tooBig.body as { details: { field: string; reason: string }[] }).details).toEqual([
      {
        field: 'body.templateThumbnail',
        reason: 'Thumbnail must be a JPG, JPEG, PNG or GIF image of at most 26214400 bytes',
      },
    ]);
    const noName = await api(
      'POST',
      '/user/applications',
      { operationName: 'CreateTemplate', applicationId: src.id, templateName: ' ' },
      { token: owner },
    );
    expect(noName.status).toBe(400);
    expect((noName.body as { details: { field: string }[] }).details[0]!.field).toBe('body.templateName');

    // Template details change only on templates.
    const renamed = await api(
      'PATCH',
      `/user/applications/${templateId}`,
      { etag: read.body.application.etag, templateName: 'Renamed' },
      { token: owner },
    );
    expect(renamed.status).toBe(200);
    expect((renamed.body as GetApplicationResponse).template?.displayName).toBe('Renamed');

    const fromTemplate = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'CreateFromTemplate',
        applicationId: templateId,
        authorityId: 'wcc',
        address: { fullAddress: '2 Willis Street, Wellington' },
      },
      { token: owner },
    );
    expect(fromTemplate.status).toBe(201);
    expect((fromTemplate.body as CreateApplicationResponse).application).toMatchObject({
      recordType: 'Draft',
      formId: 'bc',
      authorityId: 'wcc',
      address: { fullAddress: '2 Willis Street, Wellington' },
    });
    // Not a template → 400; another user's template → 404.
    const notTemplate = await api(
      'POST',
      '/user/applications',
      { operationName: 'CreateFromTemplate', applicationId: src.id, authorityId: 'akl', address: site },
      { token: owner },
    );
    expect(notTemplate.status).toBe(400);
    const foreign = await api(
      'POST',
      '/user/applications',
      { operationName: 'CreateFromTemplate', applicationId: templateId, authorityId: 'akl', address: site },
      { token: other },
    );
    expect(foreign.status).toBe(404);

    // Templates are deleted by Manage (dialog 'Delete Template').
    expect(
      (await api('DELETE', `/user/applications/${templateId}`, undefined, { token: owner })).status,
    ).toBe(204);
    expect((await get(owner, templateId)).status).toBe(404);
  });
});

describe('consents: child applications, action items, rejected reason, notification level', () => {
  test('a child is created for a consent only, from an Amendment or Supporting form, and listed under it', async () => {
    const parent = (await create(owner)).body;
    expect(
      (
        await api(
          'POST',
          `/user/applications/${parent.id}/child-applications`,
          { formId: 'amendment' },
          { token: owner },
        )
      ).status,
    ).toBe(403);
    const draftItems = (
      await api('GET', `/user/applicationsV3/${parent.id}/action-items`, undefined, { token: owner })
    ).body as ActionItem[];
    expect(draftItems.map((i) => i.itemType)).toEqual(['SaveAsTemplate']);

    await councilSets(parent.id, { status: 'InProgress', consentNumber: `BC-${randomUUID().slice(0, 8)}` });
    await grant(parent.id, otherId, 'Edit');
    const items = (
      await api('GET', `/user/applicationsV3/${parent.id}/action-items`, undefined, { token: owner })
    ).body as ActionItem[];
    expect(items.map((i) => [i.itemType, i.formId ?? null])).toEqual([
      ['SaveAsTemplate', null],
      ['CreateChildApplication', 'amendment'],
      ['CreateChildApplication', 'ccc'],
      ['CreateChildApplication', 'eot'],
      ['CreateChildApplication', 'cpu'],
    ]);
    expect(items.map((i) => i.displayOrder)).toEqual([0, 1, 2, 3, 4]);
    const editItems = (
      await api('GET', `/user/applicationsV3/${parent.id}/action-items`, undefined, { token: other })
    ).body as ActionItem[];
    expect(editItems.map((i) => i.itemType)).not.toContain('SaveAsTemplate');

    const wrongForm = await api(
      'POST',
      `/user/applications/${parent.id}/child-applications`,
      { formId: 'bc' },
      { token: owner },
    );
    expect(wrongForm.status).toBe(400);
    expect((wrongForm.body as { details: { field: string }[] }).details[0]!.field).toBe('body.formId');
    const noForm = await api(
      'POST',
      `/user/applications/${parent.id}/child-applications`,
      {},
      { token: owner },
    );
    expect(noForm.status).toBe(400);

    const child = await api(
      'POST',
      `/user/applications/${parent.id}/child-applications`,
      { formId: 'amendment' },
      { token: other },
    );
    expect(child.status).toBe(201);
    const c = (child.body as CreateApplicationResponse).application;
    expect(c).toMatchObject({
      parentApplicationId: parent.id,
      applicationType: 'Amendment',
      formId: 'amendment',
      status: 'Draft',
      authorityId: 'akl',
      legalDescription: 'Lot 12 DP 34567',
      address: { fullAddress: parent.application.address!.fullAddress },
    });
    // The participants (and their access) came along.
    expect((await get(owner, c.id)).body.application.accessLevel).toBe('Manage');
    expect((await get(other, c.id)).body.application.accessLevel).toBe('Manage');

    const list = (
      await api('GET', `/user/applicationsV3/${parent.id}/child-applications`, undefined, { token: owner })
    ).body as ApplicationListItem[];
    expect(list.map((i) => i.id)).toEqual([c.id]);
    expect(list[0]).toMatchObject({
      isEditable: true,
      isDeletable: true,
      isArchived: false,
      currentStatusLabel: 'Draft',
      recordType: 'Draft',
      isMigrated: false,
      hasChildApplications: false,
    });
    // The parent lists as having children (the count kept with the link).
    const parentItem = async () =>
      (
        (
          await api('GET', '/user/applicationsV3?recordType=Consent&pageSize=100', undefined, {
            token: owner,
          })
        ).body as { items: ApplicationListItem[] }
      ).items.find((i) => i.id === parent.id);
    expect((await parentItem())?.hasChildApplications).toBe(true);

    // Deleting the child removes its link under the parent.
    expect((await api('DELETE', `/user/applications/${c.id}`, undefined, { token: owner })).status).toBe(204);
    expect(
      (await api('GET', `/user/applicationsV3/${parent.id}/child-applications`, undefined, { token: owner }))
        .body,
    ).toEqual([]);
    expect((await parentItem())?.hasChildApplications).toBe(false);

    // The CCC issued (Completed): no follow-on application is offered, and the server refuses saying
    // why (shared followOnOffer, docs/applications.md).
    await councilSets(parent.id, { status: 'Completed' });
    const completedItems = (
      await api('GET', `/user/applicationsV3/${parent.id}/action-items`, undefined, { token: owner })
    ).body as ActionItem[];
    expect(completedItems.map((i) => i.itemType)).toEqual(['SaveAsTemplate']);
    const refused = await api(
      'POST',
      `/user/applications/${parent.id}/child-applications`,
      { formId: 'ccc' },
      { token: owner },
    );
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toContain(
      'the code compliance certificate has been issued',
    );
  });

  test('rejected reason: the closed reason when Rejected or Refused, else null', async () => {
    const { id } = (await create(owner)).body;
    expect(
      (await api('GET', `/user/applications/${id}/rejected-reason`, undefined, { token: owner })).body,
    ).toEqual({ reason: null });
    await councilSets(id, { status: 'Rejected', closedReason: 'Incomplete plans' });
    expect(
      (await api('GET', `/user/applications/${id}/rejected-reason`, undefined, { token: owner })).body,
    ).toEqual({
      reason: 'Incomplete plans',
    });
  });

  test('notification level: own participant only, mirrored on the access row', async () => {
    const { id, application } = (await create(owner)).body;
    const mine = application.participants[0]!.id as string;
    await grant(id, otherId, 'ReadOnly');
    const url = (p: string) => `/user/applications/${id}/participants/${p}/notification-level`;
    expect((await api('PATCH', url(mine), { notificationLevel: 'Watching' }, { token: owner })).status).toBe(
      204,
    );
    expect((await get(owner, id)).body.application.notificationLevel).toBe('Watching');
    expect((await repo.getAccess(id, sub(owner)))?.notificationLevel).toBe('Watching');
    // ReadOnly may not set the owner's level, but may set their own.
    expect((await api('PATCH', url(mine), { notificationLevel: 'Muted' }, { token: other })).status).toBe(
      403,
    );
    expect(
      (await api('PATCH', url(`p-${otherId}`), { notificationLevel: 'Muted' }, { token: other })).status,
    ).toBe(204);
    expect((await get(other, id)).body.application.notificationLevel).toBe('Muted');
    // Nor may the owner (Manage) set the other participant's.
    expect(
      (await api('PATCH', url(`p-${otherId}`), { notificationLevel: 'Watching' }, { token: owner })).status,
    ).toBe(403);
    expect((await get(other, id)).body.application.notificationLevel).toBe('Muted');
    const bad = await api('PATCH', url(mine), { notificationLevel: 'Loud' }, { token: owner });
    expect(bad.status).toBe(400);
    expect((bad.body as { details: { field: string }[] }).details[0]!.field).toBe('body.notificationLevel');
    expect((await api('PATCH', url('nobody'), { notificationLevel: 'Muted' }, { token: owner })).status).toBe(
      404,
    );
  });
});
