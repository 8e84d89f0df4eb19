import { describe, expect, it } from 'vitest';
import { documentsService } from '../../../../functions/documents/service/documents.js';
import type { DocumentPorts } from '../../../../functions/documents/service/documents.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents.js';
import type { ApplicationGrant } from '../../../../functions/platform/access.js';
import type { UserCaller } from '../../../../functions/platform/caller.js';
import { documentMessages } from '../../../../shared/schemas/documents.js';
import type { DocumentContainer } from '../../../../shared/schemas/reference.js';

/** The documents service with fake ports: an in-memory table and bucket, fixed reference data. */
function world(
  opts: {
    status?: string;
    accessLevel?: 'ReadOnly' | 'Edit' | 'Manage';
    staleList?: boolean;
    /** The caller (the grant's access row); u1 by default. */
    userId?: string;
    authorityId?: string;
  } = {},
) {
  let uploads = 0;
  let version: number | undefined;
  const events: string[] = [];
  const rows = new Map<string, ApplicationDocumentRecord>();
  const deleted: string[] = [];
  /** Container relations by container id (merge status, merged file name). */
  const relations = new Map<string, { containerMergeStatus: string; mergedFileName?: string }>();
  const containers: DocumentContainer[] = [
    {
      id: 'plans',
      name: 'Plans',
      displayName: 'Plans',
      description: 'Drawings',
      displayOrder: 1,
      containerType: 'Standard',
    },
  ];
  const ports: DocumentPorts = {
    documents: {
      list: async (id) => (opts.staleList ? [] : [...rows.values()].filter((r) => r.applicationId === id)),
      get: async (id, name) => rows.get(`${id}/${name}`),
      snapshot: async (id) => {
        // Read as a request reads: the version and the documents at this moment, then a tick.
        const documents = opts.staleList ? [] : [...rows.values()].filter((r) => r.applicationId === id);
        const at = version;
        await Promise.resolve();
        return { documents, version: at };
      },
      // One transaction: the name must be free and the guard unmoved, or nothing is written.
      add: async (doc, expected) => {
        const key = `${doc.applicationId}/${doc.documentName}`;
        if (rows.has(key)) return { ok: false, reason: 'nameTaken' } as const;
        if (expected !== version) return { ok: false, reason: 'moved' } as const;
        version = (version ?? 0) + 1;
        const now = new Date().toISOString();
        const record = {
          ...doc,
          objectKey: `incoming/${doc.applicationId}/upload-${++uploads}`,
          uploadStatus: 'Pending',
          createdAt: now,
          updatedAt: now,
        } as unknown as ApplicationDocumentRecord;
        rows.set(key, record);
        events.push(`DocumentAdded ${doc.documentName}`);
        return { ok: true, record } as const;
      },
      // One transaction: every document there and, with `unmerge`, the status still as read.
      remove: async (applicationId, names, _actor, _container, unmerge) => {
        for (const name of names) if (!rows.has(`${applicationId}/${name}`)) return false;
        const rel = unmerge && relations.get(unmerge.documentContainerId);
        if (unmerge && rel?.containerMergeStatus !== unmerge.from) return false;
        for (const name of names) rows.delete(`${applicationId}/${name}`);
        events.push(`DocumentRemoved ${names.join(',')}`);
        if (unmerge) {
          relations.set(unmerge.documentContainerId, { containerMergeStatus: 'NotMerged' });
          events.push(`ContainerMergeStatusChanged ${unmerge.documentContainerId} NotMerged`);
        }
        return true;
      },
      relation: async (applicationId, containerId) => {
        const rel = relations.get(containerId);
        return rel ? ({ applicationId, documentContainerId: containerId, ...rel } as never) : undefined;
      },
    },
    storage: {
      presignedPut: async (key, o) => `https://put/${key}?type=${o.contentType}&len=${o.contentLength}`,
      presignedDownload: async (key, fileName, _expires, versionId) =>
        `https://get/${key}?as=${fileName}${versionId ? `&version=${versionId}` : ''}`,
      deleteObject: async (key) => {
        deleted.push(key);
      },
    },
    reference: {
      documentContainers: () => containers,
      documentCategoryIds: () => ['cat-1'],
      imageConversionEnabled: (authorityId) => authorityId === 'converts',
    },
  };
  const grant = {
    application: {
      applicationId: '1000001',
      jurisdictionId: 'nz',
      status: opts.status ?? 'Draft',
      authorityId: opts.authorityId ?? 'akl',
    },
    access: {
      applicationId: '1000001',
      userId: opts.userId ?? 'u1',
      accessLevel: opts.accessLevel ?? 'Edit',
    },
  } as unknown as ApplicationGrant;
  const caller: UserCaller = { kind: 'user', userId: opts.userId ?? 'u1' };
  return { service: documentsService(ports), rows, deleted, grant, caller, events, relations };
}

const pdf = { fileName: 'plan.pdf', mimeType: 'application/pdf', size: 100_000, containerId: 'plans' };

/** Settles plan.pdf as the scanner would: Completed with its scanned copy. */
function completed(w: ReturnType<typeof world>, storedKey: string, storedVersionId?: string) {
  const row = w.rows.get('1000001/plan.pdf')!;
  w.rows.set('1000001/plan.pdf', {
    ...row,
    uploadStatus: 'Completed',
    storedKey,
    storedETag: '"e"',
    ...(storedVersionId ? { storedVersionId } : {}),
  });
}

describe('documents service (fake ports)', () => {
  it('creates a Pending record and a presigned PUT signed for its type and size', async () => {
    const w = world();
    const res = await w.service.createDocument(w.caller, w.grant, pdf);
    expect(res.presignedUrl).toBe('https://put/incoming/1000001/upload-1?type=application/pdf&len=100000');
    expect(res.document).toMatchObject({
      name: 'plan.pdf',
      fileName: 'plan.pdf',
      documentContainerId: 'plans',
      isEditable: true,
      isDeletable: true,
    });
    expect(w.rows.get('1000001/plan.pdf')).toMatchObject({ createdBy: 'u1', fileSize: 100_000 });
  });

  it('a JPEG is accepted where the authority converts images to PDF, refused with the spec message elsewhere', async () => {
    const photo = { fileName: 'site.jpg', mimeType: 'image/jpeg', size: 100_000, containerId: 'plans' };
    const converting = world({ authorityId: 'converts' });
    await expect(
      converting.service.createDocument(converting.caller, converting.grant, photo),
    ).resolves.toMatchObject({ document: { name: 'site.jpg' } });
    const plain = world();
    await expect(plain.service.createDocument(plain.caller, plain.grant, photo)).rejects.toMatchObject({
      details: [
        { field: 'body.mimeType', reason: 'File "site.jpg" is not acceptable, we only accept PDF files.' },
      ],
    });
    expect(plain.rows.size).toBe(0);
  });

  it('concurrent creates at the container limit: exactly one is written, the other gets the spec message', async () => {
    const w = world();
    for (let i = 0; i < 49; i++)
      await w.service.createDocument(w.caller, w.grant, { ...pdf, fileName: `p${i}.pdf` });
    const answers = await Promise.allSettled([
      w.service.createDocument(w.caller, w.grant, { ...pdf, fileName: 'a.pdf' }),
      w.service.createDocument(w.caller, w.grant, { ...pdf, fileName: 'b.pdf' }),
    ]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const refused = answers.find((a) => a.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      kind: 'invalid',
      message: 'Max file numbers is 50 per container',
    });
    expect(w.rows.size).toBe(50);
    expect(w.events.filter((e) => e.startsWith('DocumentAdded'))).toHaveLength(50);
  });

  it('an unknown container or category is a 400 with the field; nothing is written', async () => {
    const w = world();
    await expect(
      w.service.createDocument(w.caller, w.grant, { ...pdf, containerId: 'nope' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(
      w.service.createDocument(w.caller, w.grant, { ...pdf, categoryId: 'unknown' }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    expect(w.rows.size).toBe(0);
  });

  it('a name taken between the read and the write is a Conflict with the spec message', async () => {
    // The plan renames a duplicate it can see; one written after the read makes the write a conflict.
    const w = world({ staleList: true });
    await w.service.createDocument(w.caller, w.grant, pdf);
    await expect(w.service.createDocument(w.caller, w.grant, pdf)).rejects.toMatchObject({
      kind: 'conflict',
      message: documentMessages.nameTaken('plan.pdf'),
    });
    expect(w.rows.size).toBe(1);
  });

  it('ReadOnly access or a locked application cannot change documents', async () => {
    const reader = world({ accessLevel: 'ReadOnly' });
    await expect(reader.service.createDocument(reader.caller, reader.grant, pdf)).rejects.toMatchObject({
      kind: 'forbidden',
    });
    const locked = world({ status: 'Submitted' });
    await expect(locked.service.createDocument(locked.caller, locked.grant, pdf)).rejects.toMatchObject({
      kind: 'forbidden',
      // The spec's message, then why (shared uploadOffer).
      message: `${documentMessages.locked}: the council is checking it. You can add documents again if the council asks for more information.`,
    });
    await expect(
      locked.service.removeDocument(locked.caller, locked.grant, 'plan.pdf'),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('remove deletes the record and every object of it (upload, scanned copy, its text); an unknown name is NotFound', async () => {
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    await w.service.removeDocument(w.caller, w.grant, 'plan.pdf');
    expect(w.rows.size).toBe(0);
    expect(w.deleted).toEqual(['incoming/1000001/upload-1']);
    await expect(w.service.removeDocument(w.caller, w.grant, 'plan.pdf')).rejects.toMatchObject({
      kind: 'notFound',
    });

    await w.service.createDocument(w.caller, w.grant, pdf);
    completed(w, 'documents/1000001/f-2');
    await w.service.removeDocument(w.caller, w.grant, 'plan.pdf');
    expect(w.deleted.slice(1)).toEqual([
      'incoming/1000001/upload-2',
      'documents/1000001/f-2',
      'extracted/documents/1000001/f-2.txt',
    ]);
  });

  it('a download link only once the scan has passed, of the scanned copy (at its version) and never of the upload', async () => {
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    await expect(w.service.downloadLink(w.grant, 'plan.pdf')).rejects.toMatchObject({
      kind: 'conflict',
      message: documentMessages.notReady,
    });
    // Completed without a scanned copy (cannot happen through the scanner): the upload is never served.
    w.rows.set('1000001/plan.pdf', { ...w.rows.get('1000001/plan.pdf')!, uploadStatus: 'Completed' });
    await expect(w.service.downloadLink(w.grant, 'plan.pdf')).rejects.toMatchObject({ kind: 'conflict' });
    completed(w, 'documents/1000001/f-1', 'v7');
    expect(await w.service.downloadLink(w.grant, 'plan.pdf')).toEqual({
      presignedUrl: 'https://get/documents/1000001/f-1?as=plan.pdf&version=v7',
      fileName: 'plan.pdf',
    });
  });

  it('records of the old layout are still served from their key', async () => {
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    const row = w.rows.get('1000001/plan.pdf')!;
    w.rows.set('1000001/plan.pdf', {
      ...row,
      objectKey: 'documents/1000001/plan.pdf',
      uploadStatus: 'Completed',
    });
    expect((await w.service.downloadLink(w.grant, 'plan.pdf')).presignedUrl).toBe(
      'https://get/documents/1000001/plan.pdf?as=plan.pdf',
    );
  });

  it('a name the summary PDF could take, or the summary container, is a 400 naming the field; nothing is written', async () => {
    const w = world();
    await expect(
      w.service.createDocument(w.caller, w.grant, { ...pdf, fileName: 'Summary-BC123.PDF' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ field: 'body.fileName', reason: documentMessages.reservedName('Summary-BC123.PDF') }],
    });
    await expect(
      w.service.createDocument(w.caller, w.grant, { ...pdf, name: 'summary-1000001.pdf' }),
    ).rejects.toMatchObject({ kind: 'invalid', details: [{ field: 'body.name' }] });
    expect(w.rows.size).toBe(0);
  });

  it('the summary PDF is served as stored, never built here: its record missing is a 404', async () => {
    const w = world();
    const grant = {
      ...w.grant,
      application: { ...w.grant.application, applicationFormPdf: 'summary-BLD.pdf' },
    } as ApplicationGrant;
    await expect(w.service.downloadLink(grant, 'summary-BLD.pdf')).rejects.toMatchObject({
      kind: 'notFound',
    });
    w.rows.set('1000001/summary-BLD.pdf', {
      applicationId: '1000001',
      documentName: 'summary-BLD.pdf',
      fileName: 'summary-BLD.pdf',
      objectKey: 'generated/1000001/summary-BLD.pdf',
      storedKey: 'generated/1000001/summary-BLD.pdf',
      documentContainerId: 'application-summary',
      uploadStatus: 'Completed',
    } as never);
    await expect(w.service.downloadLink(grant, 'summary-BLD.pdf')).resolves.toMatchObject({
      fileName: 'summary-BLD.pdf',
    });
  });

  it('only the uploader (at Edit) or a Manage participant may remove a document; the DTO says so for each caller', async () => {
    // u1 uploads at Edit; u2 is another participant.
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    completed(w, 'documents/1000001/f-1');
    const as = (userId: string, accessLevel: 'ReadOnly' | 'Edit' | 'Manage', status = 'Draft') => {
      const g = world({ userId, accessLevel, status }).grant;
      return g;
    };
    const flags = async (g: ApplicationGrant) => {
      const [d] = await w.service.listDocuments(g);
      return [d!.isEditable, d!.isDeletable];
    };
    expect(await flags(as('u1', 'Edit'))).toEqual([true, true]);
    expect(await flags(as('u2', 'Edit'))).toEqual([false, false]);
    expect(await flags(as('u2', 'Manage'))).toEqual([true, true]);
    expect(await flags(as('u2', 'ReadOnly'))).toEqual([false, false]);
    expect(await flags(as('u1', 'ReadOnly'))).toEqual([false, false]);
    expect(await flags(as('u2', 'Manage', 'Submitted'))).toEqual([false, false]);

    // Refused: another Edit participant. Nothing changes: the record and its objects stay.
    const before = structuredClone(w.rows.get('1000001/plan.pdf'));
    await expect(w.service.removeDocument(w.caller, as('u2', 'Edit'), 'plan.pdf')).rejects.toMatchObject({
      kind: 'forbidden',
      message: documentMessages.notRemovable,
    });
    expect(w.rows.get('1000001/plan.pdf')).toEqual(before);
    expect(w.deleted).toEqual([]);
    // Allowed: a Manage participant who did not upload it.
    await w.service.removeDocument(w.caller, as('u2', 'Manage'), 'plan.pdf');
    expect(w.rows.size).toBe(0);
  });

  it('the summary PDF (server-written) is neither editable nor removable, even at Manage', async () => {
    const w = world({ accessLevel: 'Manage' });
    w.rows.set('1000001/summary-1.pdf', {
      applicationId: '1000001',
      documentName: 'summary-1.pdf',
      objectKey: 'generated/1000001/summary-1.pdf',
      storedKey: 'generated/1000001/summary-1.pdf',
      fileName: 'summary-1.pdf',
      fileType: 'application/pdf',
      fileSize: 9000,
      uploadStatus: 'Completed',
      documentContainerId: 'application-summary',
      createdBy: 'u1',
      createdAt: new Date().toISOString(),
    } as unknown as ApplicationDocumentRecord);
    expect(await w.service.listDocuments(w.grant)).toMatchObject([{ isEditable: false, isDeletable: false }]);
    await expect(w.service.removeDocument(w.caller, w.grant, 'summary-1.pdf')).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(w.rows.size).toBe(1);
  });

  it("removing the merged file takes its container back to NotMerged, in the removal's transaction", async () => {
    const w = world({ accessLevel: 'Manage' });
    const merged = (status: string) => {
      w.rows.set('1000001/merged-plans.pdf', {
        applicationId: '1000001',
        documentName: 'merged-plans.pdf',
        objectKey: 'generated/1000001/merged-plans.pdf',
        fileName: 'plans.pdf',
        fileType: 'application/pdf',
        uploadStatus: 'Completed',
        isMergedFile: true,
        documentContainerId: 'plans',
        createdBy: 'system',
      } as unknown as ApplicationDocumentRecord);
      w.relations.set('plans', { containerMergeStatus: status, mergedFileName: 'plans.pdf' });
    };
    merged('Merged');
    await w.service.removeDocument(w.caller, w.grant, 'merged-plans.pdf');
    expect(w.relations.get('plans')).toEqual({ containerMergeStatus: 'NotMerged' });
    expect(w.events).toEqual([
      'DocumentRemoved merged-plans.pdf',
      'ContainerMergeStatusChanged plans NotMerged',
    ]);
    expect(w.deleted[0]).toBe('generated/1000001/merged-plans.pdf');

    // While a merge runs the status stays InProgress (that merge writes the file again).
    merged('InProgress');
    await w.service.removeDocument(w.caller, w.grant, 'merged-plans.pdf');
    expect(w.relations.get('plans')).toMatchObject({ containerMergeStatus: 'InProgress' });
    expect(w.events.at(-1)).toBe('DocumentRemoved merged-plans.pdf');
  });
});
