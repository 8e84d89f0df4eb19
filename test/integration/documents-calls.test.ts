/**
 * The documents calls of docs/documents.md on the local stack (docs/documents.md; the rules
 * listed in docs/documents.md): one document, its status, tags and types, the containers, remove
 * all, order, a required document's merge status, the required document groups and the user-level
 * documents. Each change is checked in the table, with its domain event written in the same
 * transaction, and each refusal changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { pointAtStack, seedDraft, subOf } from '../support/documents';
import { domainEventItems } from '../support/events';
import { waitFor } from '../support/wait';
import type {
  ApplicationDocumentDto,
  CreateDocumentResponse,
  DocumentContainerDto,
  DocumentTagDto,
  DocumentTypeOfDocumentDto,
  RequiredDocumentGroupDto,
} from '../../shared/schemas/documents';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');

interface Caller {
  token: string;
  userId: string;
}
let owner: Caller;
let editor: Caller;

beforeAll(async () => {
  const [applicant, agent] = o.DemoUsers;
  const [a, b] = await Promise.all([
    signIn(applicant!.email, applicant!.password, o),
    signIn(agent!.email, agent!.password, o),
  ]);
  owner = { token: a.IdToken, userId: subOf(a.IdToken) };
  editor = { token: b.IdToken, userId: subOf(b.IdToken) };
});

/** A Draft of form bc with the owner at Manage and the editor at Edit. */
const seedApplication = () =>
  seedDraft(owner.userId, [{ userId: editor.userId, accessLevel: 'Edit' }], 'calls');

/** A scanned document of the owner's in `containerId`. */
async function seedDocument(applicationId: string, documentName: string, containerId = 'plans', order = 0) {
  await entities.applicationDocument
    .put({
      applicationId,
      documentName,
      objectKey: `incoming/${applicationId}/${randomUUID()}`,
      storedKey: `documents/${applicationId}/${randomUUID()}`,
      fileName: documentName,
      fileType: 'application/pdf',
      fileSize: 7000,
      uploadStatus: 'Completed',
      documentContainerId: containerId,
      order,
      createdBy: owner.userId,
    })
    .go();
}

const base = (id: string) => `/user/applications/${encodeURIComponent(id)}`;
const docPath = (id: string, name: string) => `${base(id)}/documents/${encodeURIComponent(name)}`;
const call = (method: string, path: string, body?: unknown, who: Caller = owner) =>
  api(method, path, body, { token: who.token, outputs: o });

const stored = async (applicationId: string, documentName: string) =>
  (await entities.applicationDocument.get({ applicationId, documentName }).go()).data;

/** The types of the domain events of an aggregate in the table's outbox. */
async function eventTypes(aggregateId: string): Promise<string[]> {
  return (await domainEventItems(o, aggregateId)).map((i) => String(i.type)).sort();
}

describe('one document and its status', () => {
  test('GET returns the document; an unknown name is 404', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'site plan.pdf');
    const res = await call('GET', docPath(id, 'site plan.pdf'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'site plan.pdf',
      uploadStatus: 'Completed',
      documentContainerId: 'plans',
      isEditable: true,
    });
    expect((await call('GET', docPath(id, 'nope.pdf'))).status).toBe(404);
  });

  test('PATCH status WITHDRAWN (sent upper-case) withdraws it; other statuses are 400 and change nothing', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf');
    const res = await call('PATCH', docPath(id, 'a.pdf'), { status: 'WITHDRAWN' });
    expect(res.status).toBe(200);
    expect((res.body as ApplicationDocumentDto).status).toBe('Withdrawn');
    expect((await stored(id, 'a.pdf'))?.status).toBe('Withdrawn');
    expect(await eventTypes(id)).toEqual(['DocumentStatusChanged']);

    await seedDocument(id, 'b.pdf');
    const refused = await call('PATCH', docPath(id, 'b.pdf'), { status: 'ACCEPTED' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ details: [{ field: 'body.status', reason: 'Must be WITHDRAWN' }] });
    expect((await stored(id, 'b.pdf'))?.status).toBeUndefined();
  });

  test("an Edit participant cannot change the owner's document (403, nothing changes)", async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf');
    const res = await call('PATCH', docPath(id, 'a.pdf'), { status: 'WITHDRAWN' }, editor);
    expect(res.status).toBe(403);
    expect((await stored(id, 'a.pdf'))?.status).toBeUndefined();
    expect(
      (await call('POST', `${docPath(id, 'a.pdf')}/tags`, { documentTagIds: ['fire'] }, editor)).status,
    ).toBe(403);
    expect(await eventTypes(id)).toEqual([]);
  });
});

describe('tags and types', () => {
  test('POST adds, PUT replaces, DELETE removes a tag; an unknown tag is 400 and changes nothing', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf');
    const tags = `${docPath(id, 'a.pdf')}/tags`;
    const ids = (b: unknown) => (b as DocumentTagDto[]).map((t) => t.id);

    const added = await call('POST', tags, { documentTagIds: ['architectural'] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([expect.objectContaining({ id: 'architectural', userId: '0' })]);
    expect(ids((await call('POST', tags, { documentTagIds: ['structural'] })).body)).toEqual([
      'architectural',
      'structural',
    ]);
    expect(ids((await call('PUT', tags, { documentTagIds: ['fire', 'structural'] })).body)).toEqual([
      'structural',
      'fire',
    ]);
    expect((await call('DELETE', `${tags}/structural`)).status).toBe(204);
    expect(ids((await call('GET', tags)).body)).toEqual(['fire']);

    const bad = await call('PUT', tags, { documentTagIds: ['fire', 'nope'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: [{ field: 'body.documentTagIds', reason: "Unknown document tag 'nope'" }],
    });
    expect(ids((await call('GET', tags)).body)).toEqual(['fire']);
  });

  test('types of the form: Amendment or Supporting; a stored type no longer known reads Amendment', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf');
    const types = `${docPath(id, 'a.pdf')}/types`;
    const added = await call('POST', types, { documentTypeIds: ['supporting'] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([expect.objectContaining({ id: 'supporting', name: 'Supporting' })]);
    // A type of another form is not one of this application's.
    const bad = await call('PUT', types, { documentTypeIds: ['amendment-form-amendment'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ field: 'body.documentTypeIds' }] });

    await entities.documentTypeRelation
      .put({ applicationId: id, documentName: 'a.pdf', documentTypeId: 'retired-type' })
      .go();
    const read = (await call('GET', types)).body as DocumentTypeOfDocumentDto[];
    expect(read.map((t) => [t.id, t.name])).toEqual([
      ['retired-type', 'Amendment'],
      ['supporting', 'Supporting'],
    ]);
  });
});

describe('containers', () => {
  test('GET lists the containers with their merge status; PATCH a required document sets it', async () => {
    const id = await seedApplication();
    const list = async () =>
      (await call('GET', `${base(id)}/document-containers`)).body as DocumentContainerDto[];
    const plans = (await list()).find((c) => c.id === 'plans');
    expect(plans).toMatchObject({ containerType: 'Standard', containerMergeStatus: 'NotMerged' });
    expect((await list()).find((c) => c.id === 'rfi-documents')?.containerType).toBe('RFIDocument');

    const res = await call('PATCH', `${base(id)}/required-documents/plans`, {
      containerMergeStatus: 'InProgress',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'plans', containerMergeStatus: 'InProgress' });
    // The merge consumer (documents-merge.test.ts) then finds the container empty: Error.
    await waitFor(
      'the merge to end',
      async () => (await list()).find((c) => c.id === 'plans')?.containerMergeStatus === 'Error',
    );
    expect(await eventTypes(id)).toEqual(['ContainerMergeStatusChanged', 'ContainerMergeStatusChanged']);

    const merged = await call('PATCH', `${base(id)}/required-documents/plans`, {
      containerMergeStatus: 'Merged',
    });
    expect(merged.status).toBe(400);
    expect(
      (
        await call('PATCH', `${base(id)}/required-documents/calculations`, {
          containerMergeStatus: 'InProgress',
        })
      ).status,
    ).toBe(404);
    expect((await list()).find((c) => c.id === 'plans')?.containerMergeStatus).toBe('Error');
  });

  test('order: the container documents in the given order; a list that is not the container is 400', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf', 'plans', 0);
    await seedDocument(id, 'b.pdf', 'plans', 1);
    await seedDocument(id, 'c.pdf', 'plans', 2);
    await seedDocument(id, 's.pdf', 'specifications', 0);
    const order = `${base(id)}/document-containers/plans/documents/order`;
    const res = await call('PATCH', order, { documents: ['c.pdf', 'a.pdf', 'b.pdf'] });
    expect(res.status).toBe(200);
    const listed = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    expect(listed.filter((d) => d.documentContainerId === 'plans').map((d) => d.name)).toEqual([
      'c.pdf',
      'a.pdf',
      'b.pdf',
    ]);
    expect(await eventTypes(id)).toEqual(['DocumentsReordered']);

    for (const documents of [
      ['a.pdf', 'b.pdf'],
      ['a.pdf', 'b.pdf', 's.pdf'],
      ['a.pdf', 'a.pdf', 'b.pdf', 'c.pdf'],
    ]) {
      const bad = await call('PATCH', order, { documents });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ details: [{ field: 'body.documents' }] });
    }
    expect((await stored(id, 'c.pdf'))?.order).toBe(0);
  });

  test('remove all: every document of the container and its tags go, others stay; refused for an Edit participant', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf');
    await seedDocument(id, 'b.pdf');
    await seedDocument(id, 's.pdf', 'specifications');
    await call('POST', `${docPath(id, 'a.pdf')}/tags`, { documentTagIds: ['fire'] });
    const all = `${base(id)}/document-containers/plans/documents`;

    expect((await call('DELETE', all, undefined, editor)).status).toBe(403);
    expect(await stored(id, 'a.pdf')).toBeTruthy();

    expect((await call('DELETE', all)).status).toBe(204);
    const listed = (await call('GET', `${base(id)}/documents`)).body as ApplicationDocumentDto[];
    expect(listed.map((d) => d.name)).toEqual(['s.pdf']);
    const { data: tagRows } = await entities.documentTagRelation.query
      .byDocument({ applicationId: id, documentName: 'a.pdf' })
      .go();
    expect(tagRows).toEqual([]);
    expect(await eventTypes(id)).toEqual(['DocumentRemoved', 'DocumentTagsChanged']);
  });

  test('required document groups: one per required document of the form, with its uploads', async () => {
    const id = await seedApplication();
    await seedDocument(id, 'a.pdf', 'plans');
    const res = await call('GET', `${base(id)}/required-document-groups`);
    expect(res.status).toBe(200);
    const groups = res.body as RequiredDocumentGroupDto[];
    expect(groups.map((g) => [g.documentContainerId, g.status])).toEqual([
      ['plans', 'Received'],
      ['specifications', 'Required'],
      ['proof-of-ownership', 'Required'],
    ]);
    expect(groups[0]!.requiredDocumentUploads).toEqual([
      expect.objectContaining({
        name: 'a.pdf',
        fileName: 'a.pdf',
        fileSize: 7000,
        mimeType: 'application/pdf',
      }),
    ]);
  });
});

describe('user-level documents', () => {
  test("create, read, withdraw; names unique per user; another user's document is 404; no link before the scan", async () => {
    const name = `licence-${randomUUID()}.pdf`;
    const created = await call('POST', '/user/documents', {
      fileName: name,
      mimeType: 'application/pdf',
      size: 7000,
    });
    expect(created.status).toBe(201);
    const { document, presignedUrl } = created.body as CreateDocumentResponse;
    expect(document).toMatchObject({ name, uploadStatus: 'Pending', isEditable: true });
    expect(new URL(presignedUrl).pathname).toContain(`/incoming/u-${owner.userId}/`);

    const again = await call('POST', '/user/documents', {
      fileName: name,
      mimeType: 'application/pdf',
      size: 7000,
    });
    expect(again.status).toBe(409);
    const tooSmall = await call('POST', '/user/documents', {
      fileName: 'x.pdf',
      mimeType: 'application/pdf',
      size: 10,
    });
    expect(tooSmall.status).toBe(400);

    const path = `/user/documents/${encodeURIComponent(name)}`;
    expect((await call('GET', path)).body).toMatchObject({ name, fileSize: 7000 });
    expect((await call('GET', path, undefined, editor)).status).toBe(404);
    expect((await call('GET', `${path}/download-link`)).status).toBe(409);

    const withdrawn = await call('PATCH', path, { status: 'WITHDRAWN' });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body as ApplicationDocumentDto).status).toBe('Withdrawn');
    expect((await call('PATCH', path, { status: 'REJECTED' })).status).toBe(400);
    expect((await call('GET', path)).body).toMatchObject({ status: 'Withdrawn' });
    expect(await eventTypes(owner.userId)).toEqual(
      expect.arrayContaining(['UserDocumentAdded', 'UserDocumentStatusChanged']),
    );
  });
});
