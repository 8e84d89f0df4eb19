import { describe, expect, it } from 'vitest';
import { documentsService } from '../../../../functions/documents/service/documents.js';
import type { DocumentPorts } from '../../../../functions/documents/service/documents.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository.js';
import type { ApplicationGrant } from '../../../../functions/platform/access.js';
import type { UserCaller } from '../../../../functions/platform/caller.js';
import { documentMessages } from '../../../../shared/schemas/documents.js';
import type { DocumentContainer } from '../../../../shared/schemas/reference.js';

/** The documents service with fake ports: an in-memory table and bucket, fixed reference data. */
function world(
  opts: { status?: string; accessLevel?: 'ReadOnly' | 'Edit' | 'Manage'; staleList?: boolean } = {},
) {
  const rows = new Map<string, ApplicationDocumentRecord>();
  const deleted: string[] = [];
  const rebuilt: string[] = [];
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
      create: async (doc) => {
        const key = `${doc.applicationId}/${doc.documentName}`;
        if (rows.has(key))
          throw Object.assign(new Error('taken'), { name: 'ConditionalCheckFailedException' });
        const now = new Date().toISOString();
        const record = {
          ...doc,
          objectKey: `documents/${key}`,
          uploadStatus: 'Pending',
          createdAt: now,
          updatedAt: now,
        } as unknown as ApplicationDocumentRecord;
        rows.set(key, record);
        return record;
      },
      remove: async ({ applicationId, documentName }) => {
        const key = `${applicationId}/${documentName}`;
        const r = rows.get(key);
        rows.delete(key);
        return r;
      },
    },
    storage: {
      presignedPut: async (key, o) => `https://put/${key}?type=${o.contentType}&len=${o.contentLength}`,
      presignedDownload: async (key, fileName) => `https://get/${key}?as=${fileName}`,
      deleteObject: async (key) => {
        deleted.push(key);
      },
    },
    reference: { documentContainers: () => containers, documentCategoryIds: () => ['cat-1'] },
    ensureSummaryPdf: async (id) => {
      rebuilt.push(id);
      return undefined;
    },
  };
  const grant = {
    application: { applicationId: '1000001', jurisdictionId: 'nz', status: opts.status ?? 'Draft' },
    access: { applicationId: '1000001', userId: 'u1', accessLevel: opts.accessLevel ?? 'Edit' },
  } as unknown as ApplicationGrant;
  const caller: UserCaller = { kind: 'user', userId: 'u1' };
  return { service: documentsService(ports), rows, deleted, rebuilt, grant, caller };
}

const pdf = { fileName: 'plan.pdf', mimeType: 'application/pdf', size: 100_000, containerId: 'plans' };

describe('documents service (fake ports)', () => {
  it('creates a Pending record and a presigned PUT signed for its type and size', async () => {
    const w = world();
    const res = await w.service.createDocument(w.caller, w.grant, pdf);
    expect(res.presignedUrl).toBe('https://put/documents/1000001/plan.pdf?type=application/pdf&len=100000');
    expect(res.document).toMatchObject({
      name: 'plan.pdf',
      fileName: 'plan.pdf',
      documentContainerId: 'plans',
    });
    expect(w.rows.get('1000001/plan.pdf')).toMatchObject({ createdBy: 'u1', fileSize: 100_000 });
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
      message: documentMessages.locked,
    });
    await expect(locked.service.removeDocument(locked.grant, 'plan.pdf')).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('remove deletes the record and its object; an unknown name is NotFound', async () => {
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    await w.service.removeDocument(w.grant, 'plan.pdf');
    expect(w.rows.size).toBe(0);
    expect(w.deleted).toEqual(['documents/1000001/plan.pdf']);
    await expect(w.service.removeDocument(w.grant, 'plan.pdf')).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('a download link only once the scan has passed', async () => {
    const w = world();
    await w.service.createDocument(w.caller, w.grant, pdf);
    await expect(w.service.downloadLink(w.grant, 'plan.pdf')).rejects.toMatchObject({
      kind: 'conflict',
      message: documentMessages.notReady,
    });
    w.rows.set('1000001/plan.pdf', { ...w.rows.get('1000001/plan.pdf')!, uploadStatus: 'Completed' });
    expect(await w.service.downloadLink(w.grant, 'plan.pdf')).toEqual({
      presignedUrl: 'https://get/documents/1000001/plan.pdf?as=plan.pdf',
      fileName: 'plan.pdf',
    });
  });

  it('the summary PDF is rebuilt when its file is missing; other names are not', async () => {
    const w = world();
    const grant = {
      ...w.grant,
      application: { ...w.grant.application, applicationFormPdf: 'summary-BLD.pdf' },
    } as ApplicationGrant;
    await expect(w.service.downloadLink(grant, 'summary-BLD.pdf')).rejects.toMatchObject({
      kind: 'notFound',
    });
    expect(w.rebuilt).toEqual(['1000001']);
    await expect(w.service.downloadLink(grant, 'other.pdf')).rejects.toMatchObject({ kind: 'notFound' });
    expect(w.rebuilt).toEqual(['1000001']);
  });
});
