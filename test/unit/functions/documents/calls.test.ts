import { describe, expect, it } from 'vitest';
import { containersService } from '../../../../functions/documents/service/containers.js';
import { documentChangesService } from '../../../../functions/documents/service/changes.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents.js';
import type { ApplicationGrant } from '../../../../functions/platform/access.js';
import type { UserCaller } from '../../../../functions/platform/caller.js';
import type { DocumentContainer, DocumentTag, DocumentType } from '../../../../shared/schemas/reference.js';

const container = (
  id: string,
  containerType: DocumentContainer['containerType'] = 'Standard',
): DocumentContainer => ({
  id,
  name: id,
  displayName: id,
  description: id,
  displayOrder: 1,
  containerType,
});

/** Fake ports over in-memory documents and relations; the caller u1 at `accessLevel`. */
function world(accessLevel: 'Edit' | 'Manage' = 'Manage') {
  const docs = new Map<string, ApplicationDocumentRecord>();
  const relations = new Map<string, string[]>();
  const events: string[] = [];
  const deleted: string[] = [];
  const add = (documentName: string, documentContainerId: string, createdBy = 'u1') =>
    docs.set(documentName, {
      applicationId: 'a1',
      documentName,
      documentContainerId,
      createdBy,
      objectKey: `incoming/a1/${documentName}`,
      fileName: documentName,
      fileType: 'application/pdf',
      fileSize: 7000,
      uploadStatus: 'Completed',
      order: docs.size,
      createdAt: new Date().toISOString(),
    } as unknown as ApplicationDocumentRecord);
  const tags: DocumentTag[] = [
    { id: 'fire', name: 'Fire', displayName: 'Fire', displayOrder: 2, userId: '0' },
    { id: 'arch', name: 'Arch', displayName: 'Arch', displayOrder: 1, userId: '0' },
  ];
  const types: DocumentType[] = [
    {
      id: 'sup',
      jurisdictionId: 'nz',
      scope: 'all',
      name: 'Supporting',
      displayName: 'S',
      displayOrder: 1,
      description: 'd',
    },
    {
      id: 'other-form',
      jurisdictionId: 'nz',
      scope: 'ccc',
      name: 'Amendment',
      displayName: 'A',
      displayOrder: 1,
      description: 'd',
    },
  ];
  const containers = containersService({
    list: async () => [...docs.values()],
    remove: async (_a, names) => {
      names.forEach((n) => docs.delete(n));
      events.push(`DocumentRemoved ${names.join(',')}`);
      return true;
    },
    reorder: async (_a, _c, names) => {
      names.forEach((n, i) => docs.set(n, { ...docs.get(n)!, order: i }));
      events.push('DocumentsReordered');
      return true;
    },
    relations: async () => [],
    setMergeStatus: async (_a, c, s) => {
      events.push(`ContainerMergeStatusChanged ${c} ${s}`);
    },
    deleteObject: async (k) => {
      deleted.push(k);
    },
    documentContainers: () => [
      { ...container('plans'), mergedFileName: 'plans.pdf' },
      // "other" never merges, even with a merged file name; a container without one does not merge.
      { ...container('other'), mergedFileName: 'other.pdf' },
      container('specs'),
      container('rfi', 'RFIDocument'),
    ],
    requiredDocuments: () => [
      { id: 'plans', name: 'Plans', status: 'Required', documentContainerId: 'plans' },
      { id: 'other', name: 'Other', status: 'Required', documentContainerId: 'other' },
      { id: 'specs', name: 'Specs', status: 'Required', documentContainerId: 'specs' },
    ],
  });
  const changes = documentChangesService({
    get: async (_a, n) => docs.get(n),
    setStatus: async ({ documentName }, status) => {
      docs.set(documentName, { ...docs.get(documentName)!, status });
      return true;
    },
    relationIds: async (kind, { documentName }) => relations.get(`${kind}/${documentName}`) ?? [],
    setRelations: async (kind, { documentName }, _b, after) => {
      relations.set(`${kind}/${documentName}`, [...after]);
      events.push(`${kind} ${after.join(',')}`);
      return true;
    },
    tagsOf: async () => tags,
    documentTypes: () => types,
  });
  const grant = {
    application: { applicationId: 'a1', jurisdictionId: 'nz', formId: 'bc', status: 'Draft' },
    access: { applicationId: 'a1', userId: 'u1', accessLevel },
  } as unknown as ApplicationGrant;
  const caller: UserCaller = { kind: 'user', userId: 'u1' };
  return { docs, relations, events, deleted, add, containers, changes, grant, caller };
}

describe('documents calls (fake ports)', () => {
  it('remove all is all or nothing: one document the caller may not remove refuses the call', async () => {
    const w = world('Edit');
    w.add('mine.pdf', 'plans');
    w.add('theirs.pdf', 'plans', 'u2');
    w.add('spec.pdf', 'other');
    await expect(w.containers.removeAll(w.caller, w.grant, 'plans')).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(w.docs.size).toBe(3);
    expect(w.events).toEqual([]);

    const m = world('Manage');
    m.add('mine.pdf', 'plans');
    m.add('theirs.pdf', 'plans', 'u2');
    m.add('spec.pdf', 'other');
    await m.containers.removeAll(m.caller, m.grant, 'plans');
    expect([...m.docs.keys()]).toEqual(['spec.pdf']);
    expect(m.deleted).toEqual(['incoming/a1/mine.pdf', 'incoming/a1/theirs.pdf']);
    await expect(m.containers.removeAll(m.caller, m.grant, 'nope')).rejects.toMatchObject({
      kind: 'notFound',
    });
  });

  it('order must name every document of the container once', async () => {
    const w = world();
    w.add('a.pdf', 'plans');
    w.add('b.pdf', 'plans');
    w.add('c.pdf', 'other');
    for (const names of [['a.pdf'], ['a.pdf', 'c.pdf'], ['a.pdf', 'a.pdf'], ['a.pdf', 'b.pdf', 'c.pdf']])
      await expect(w.containers.reorder(w.caller, w.grant, 'plans', names)).rejects.toMatchObject({
        kind: 'invalid',
        details: [{ field: 'body.documents', reason: 'Must name every document of the container once' }],
      });
    const res = await w.containers.reorder(w.caller, w.grant, 'plans', ['b.pdf', 'a.pdf']);
    expect(res.map((d) => [d.name, d.order])).toEqual([
      ['b.pdf', 0],
      ['a.pdf', 1],
    ]);
  });

  it('merge status: a required document of the form, never the "other" container', async () => {
    const w = world();
    expect(await w.containers.setMergeStatus(w.caller, w.grant, 'plans', 'InProgress')).toMatchObject({
      containerMergeStatus: 'InProgress',
    });
    await expect(w.containers.setMergeStatus(w.caller, w.grant, 'other', 'InProgress')).rejects.toMatchObject(
      {
        kind: 'invalid',
        message: 'Documents of this container are not merged',
      },
    );
    await expect(w.containers.setMergeStatus(w.caller, w.grant, 'specs', 'InProgress')).rejects.toMatchObject(
      { kind: 'invalid', message: 'Documents of this container are not merged' },
    );
    await expect(w.containers.setMergeStatus(w.caller, w.grant, 'rfi', 'InProgress')).rejects.toMatchObject({
      kind: 'notFound',
    });
    expect(w.events).toEqual(['ContainerMergeStatusChanged plans InProgress']);
  });

  it('tags: add keeps, replace replaces, unknown ids are 400; another user’s document needs Manage', async () => {
    const w = world('Edit');
    w.add('a.pdf', 'plans');
    w.add('theirs.pdf', 'plans', 'u2');
    expect(
      (await w.changes.changeTags(w.caller, w.grant, 'a.pdf', ['fire'], 'add')).map((t) => t.id),
    ).toEqual(['fire']);
    expect(
      (await w.changes.changeTags(w.caller, w.grant, 'a.pdf', ['arch'], 'add')).map((t) => t.id),
    ).toEqual(['arch', 'fire']);
    expect(
      (await w.changes.changeTags(w.caller, w.grant, 'a.pdf', ['arch'], 'replace')).map((t) => t.id),
    ).toEqual(['arch']);
    await expect(w.changes.changeTags(w.caller, w.grant, 'a.pdf', ['x'], 'add')).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ field: 'body.documentTagIds', reason: "Unknown document tag 'x'" }],
    });
    await expect(
      w.changes.changeTags(w.caller, w.grant, 'theirs.pdf', ['arch'], 'add'),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(
      w.changes.patchStatus(w.caller, w.grant, 'theirs.pdf', { status: 'Withdrawn' }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect(w.relations.get('tags/theirs.pdf')).toBeUndefined();
  });

  it("types: only the application's (its jurisdiction's, for every form or its form); unknown stored ones read Amendment", async () => {
    const w = world();
    w.add('a.pdf', 'plans');
    await expect(
      w.changes.changeTypes(w.caller, w.grant, 'a.pdf', ['other-form'], 'add'),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect(await w.changes.changeTypes(w.caller, w.grant, 'a.pdf', ['sup'], 'add')).toEqual([
      expect.objectContaining({ id: 'sup', name: 'Supporting' }),
    ]);
    w.relations.set('types/a.pdf', ['sup', 'gone']);
    expect((await w.changes.listTypes(w.grant, 'a.pdf')).map((t) => [t.id, t.name])).toEqual([
      ['sup', 'Supporting'],
      ['gone', 'Amendment'],
    ]);
  });
});
