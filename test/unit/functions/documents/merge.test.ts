/**
 * Container merge (docs/documents.md): the streaming PDF
 * merge keeps the parts' order and adds up their pages; the service merges only a container whose
 * status is InProgress, never "other", and sets Error when a part cannot be merged.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { catalogue } from '../../../../functions/reference/catalogue.js';
import { mergePdfParts } from '../../../../functions/documents/merge/service/pdf.js';
import {
  mergeService,
  mergedDocumentName,
  type MergePorts,
} from '../../../../functions/documents/merge/service/merge.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents.js';
import type { ContainerRelationRecord } from '../../../../functions/documents/repository/changes.js';
import type { MergedDocument } from '../../../../functions/documents/merge/repository.js';

async function pdf(label: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([300, 400]).drawText(`${label} page ${i}`, { x: 20, y: 200, font });
  return doc.save();
}

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(bytes));
  return ((await extractText(proxy, { mergePages: false })).text as string[]).map((t) => t.trim());
}

const collect = () => {
  const chunks: Uint8Array[] = [];
  return { chunks, sink: { write: async (c: Uint8Array) => void chunks.push(c) } };
};

describe('mergePdfParts', () => {
  it('writes the parts in their order, every page of each, as one readable PDF', async () => {
    const parts = [await pdf('A', 2), await pdf('B', 3), await pdf('C', 1)];
    const { chunks, sink } = collect();
    const result = await mergePdfParts(
      parts.map((p) => async () => p),
      sink,
    );
    const bytes = Buffer.concat(chunks);
    expect(result).toEqual({ pageCount: 6, byteLength: bytes.byteLength });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6);
    expect(await pageTexts(bytes)).toEqual([
      'A page 1',
      'A page 2',
      'B page 1',
      'B page 2',
      'B page 3',
      'C page 1',
    ]);
  });

  it('refuses a part that is not a PDF, naming it', async () => {
    const { sink } = collect();
    await expect(
      mergePdfParts(
        [async () => pdf('A', 1), async () => new TextEncoder().encode('not a pdf at all')],
        sink,
      ),
    ).rejects.toMatchObject({ name: 'MergePartError', index: 1 });
  });
});

/** A memory world: the bucket, the documents and the relations of application app-1 (form bc). */
function world(docs: Partial<ApplicationDocumentRecord>[], statuses: Record<string, string> = {}) {
  const objects = new Map<string, Uint8Array>();
  const relations = new Map(Object.entries(statuses));
  const stored: MergedDocument[] = [];
  const aborted: string[] = [];
  const records = docs.map(
    (d, i) =>
      ({
        applicationId: 'app-1',
        documentName: `doc-${i}.pdf`,
        objectKey: `incoming/app-1/u${i}`,
        storedKey: `documents/app-1/f${i}`,
        fileName: `doc-${i}.pdf`,
        fileType: 'application/pdf',
        fileSize: 7000,
        uploadStatus: 'Completed',
        documentContainerId: 'plans',
        order: i,
        isMergedFile: false,
        createdAt: new Date().toISOString(),
        ...d,
      }) as ApplicationDocumentRecord,
  );
  const ports: MergePorts = {
    application: async () => ({ formId: 'bc' }),
    requiredDocuments: (formId) => catalogue().requiredDocuments(formId),
    documentContainers: () => catalogue().documentContainers(),
    documents: async () => records,
    relation: async (_a, c) =>
      relations.has(c) ? ({ containerMergeStatus: relations.get(c) } as ContainerRelationRecord) : undefined,
    start: async (_a, c) => {
      if (relations.has(c) && relations.get(c) !== 'NotMerged') return false;
      relations.set(c, 'InProgress');
      return true;
    },
    complete: async (doc) => {
      if (relations.get(doc.documentContainerId) !== 'InProgress') return false;
      stored.push(doc);
      relations.set(doc.documentContainerId, 'Merged');
      return true;
    },
    fail: async (_a, c) => {
      if (relations.get(c) !== 'InProgress') return false;
      relations.set(c, 'Error');
      return true;
    },
    readObject: async (key) => {
      const o = objects.get(key);
      if (!o) throw new Error(`no object ${key}`);
      return o;
    },
    openSink: async (key) => {
      const chunks: Uint8Array[] = [];
      return {
        write: async (c) => void chunks.push(c),
        complete: async () => {
          objects.set(key, Buffer.concat(chunks));
          return {};
        },
        abort: async () => void aborted.push(key),
      };
    },
  };
  return { ports, objects, relations, stored, aborted, records, service: mergeService(ports) };
}

describe('mergeService', () => {
  it('on submission starts each required document whose container merges and holds documents; "other" never', async () => {
    const w = world([
      { documentContainerId: 'plans' },
      { documentContainerId: 'other' },
      { documentContainerId: 'specifications' },
    ]);
    // Form bc requires plans, specifications and proof-of-ownership (empty here); "other" too here.
    const bc = catalogue().requiredDocuments('bc');
    w.ports.requiredDocuments = () => [...bc, { ...bc[0]!, id: 'other', documentContainerId: 'other' }];
    expect(await w.service.startOnSubmission('app-1')).toEqual(['plans', 'specifications']);
    expect(Object.fromEntries(w.relations)).toEqual({ plans: 'InProgress', specifications: 'InProgress' });
    // A replay starts nothing more.
    expect(await w.service.startOnSubmission('app-1')).toEqual([]);
  });

  it('merges the container in its order into mergedFileName; a replay finds it Merged and writes nothing', async () => {
    const w = world(
      [
        { documentName: 'second.pdf', storedKey: 'documents/app-1/b', order: 1 },
        { documentName: 'first.pdf', storedKey: 'documents/app-1/a', order: 0 },
        { documentName: 'third.pdf', storedKey: 'documents/app-1/c', order: 2 },
      ],
      { plans: 'InProgress' },
    );
    w.objects.set('documents/app-1/a', await pdf('First', 2));
    w.objects.set('documents/app-1/b', await pdf('Second', 1));
    w.objects.set('documents/app-1/c', await pdf('Third', 3));

    expect(await w.service.mergeContainer('app-1', 'plans')).toMatchObject({
      outcome: 'Merged',
      pageCount: 6,
      parts: 3,
    });
    expect(w.stored).toEqual([
      expect.objectContaining({
        documentName: mergedDocumentName('plans'),
        documentContainerId: 'plans',
        fileName: 'plans.pdf',
        objectKey: 'generated/app-1/merged-plans.pdf',
      }),
    ]);
    const merged = w.objects.get('generated/app-1/merged-plans.pdf')!;
    expect(await pageTexts(merged)).toEqual([
      'First page 1',
      'First page 2',
      'Second page 1',
      'Third page 1',
      'Third page 2',
      'Third page 3',
    ]);
    expect(w.stored[0]!.fileSize).toBe(merged.byteLength);
    expect(w.relations.get('plans')).toBe('Merged');

    expect(await w.service.mergeContainer('app-1', 'plans')).toEqual({
      outcome: 'Skipped',
      reason: 'status Merged',
    });
    expect(w.stored).toHaveLength(1);
  });

  it('leaves an earlier merged file out of the parts', async () => {
    const w = world(
      [
        { documentName: 'a.pdf', storedKey: 'documents/app-1/a' },
        {
          documentName: mergedDocumentName('plans'),
          storedKey: 'generated/app-1/merged-plans.pdf',
          isMergedFile: true,
        },
      ],
      { plans: 'InProgress' },
    );
    w.objects.set('documents/app-1/a', await pdf('A', 2));
    w.objects.set('generated/app-1/merged-plans.pdf', await pdf('Old merge', 5));
    expect(await w.service.mergeContainer('app-1', 'plans')).toMatchObject({
      outcome: 'Merged',
      pageCount: 2,
    });
  });

  it('"other" never merges: InProgress there ends in Error, nothing stored', async () => {
    const w = world([{ documentContainerId: 'other' }], { other: 'InProgress' });
    expect(await w.service.mergeContainer('app-1', 'other')).toEqual({
      outcome: 'Error',
      reason: 'the container does not merge',
    });
    expect(w.relations.get('other')).toBe('Error');
    expect(w.stored).toEqual([]);
  });

  it('Error when a document is not Completed (nothing read, nothing stored)', async () => {
    const w = world(
      [{ storedKey: 'documents/app-1/a' }, { uploadStatus: 'Error', errorCode: 'FILE_IS_CORRUPT' }],
      { plans: 'InProgress' },
    );
    w.objects.set('documents/app-1/a', await pdf('A', 1));
    expect(await w.service.mergeContainer('app-1', 'plans')).toEqual({
      outcome: 'Error',
      reason: 'a document is not Completed',
    });
    expect(w.relations.get('plans')).toBe('Error');
    expect(w.stored).toEqual([]);
  });

  it('Error when a part cannot be read as a PDF; the partial upload is aborted', async () => {
    const w = world([{ storedKey: 'documents/app-1/a' }, { storedKey: 'documents/app-1/b' }], {
      plans: 'InProgress',
    });
    w.objects.set('documents/app-1/a', await pdf('A', 1));
    w.objects.set('documents/app-1/b', new TextEncoder().encode('%PDF-1.7 but nothing else'));
    expect(await w.service.mergeContainer('app-1', 'plans')).toMatchObject({ outcome: 'Error' });
    expect(w.relations.get('plans')).toBe('Error');
    expect(w.aborted).toEqual(['generated/app-1/merged-plans.pdf']);
    expect(w.stored).toEqual([]);
  });

  it("Error when a part's file is gone from the bucket (NoSuchKey)", async () => {
    const w = world([{ storedKey: 'documents/app-1/gone' }], { plans: 'InProgress' });
    const read = w.ports.readObject;
    w.ports.readObject = async (key) => {
      if (key.endsWith('/gone'))
        throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      return read(key);
    };
    expect(await w.service.mergeContainer('app-1', 'plans')).toEqual({
      outcome: 'Error',
      reason: 'Part 1 cannot be merged: its file is missing',
    });
    expect(w.relations.get('plans')).toBe('Error');
  });

  it('a storage failure is thrown (the event is retried), the status stays InProgress', async () => {
    const w = world([{ storedKey: 'documents/app-1/missing' }], { plans: 'InProgress' });
    await expect(w.service.mergeContainer('app-1', 'plans')).rejects.toThrow('no object');
    expect(w.relations.get('plans')).toBe('InProgress');
  });
});
