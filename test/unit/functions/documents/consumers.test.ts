/** The documents' event consumers: a deleted application's files go too; a settled title starts the extraction. */
import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import { applicationFilePrefixes, documentConsumers } from '../../../../functions/documents/consumers.js';
import { newEvent } from '../../../../functions/platform/events/outbox.js';
import { consumers } from '../../../../functions/platform/events/registry.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents.js';

const logger = new Logger({ logLevel: 'SILENT' });

describe('documents.files', () => {
  it('removes every object of a deleted application (every prefix); a replay removes nothing more', async () => {
    const objects = new Set([
      'incoming/1000001/0b7f4c2e',
      'documents/1000001/5d1e9a40',
      'generated/1000001/summary-BC1.pdf',
      'extracted/generated/1000001/summary-BC1.pdf.txt',
      'extracted/documents/1000001/5d1e9a40.txt',
      'documents/1000001/plans.pdf',
      'documents/1000001/title.pdf',
      'extracted/documents/1000001/plans.pdf.txt',
      'documents/1000002/plans.pdf',
      'documents/10000010/other.pdf',
    ]);
    const calls: string[] = [];
    const [consumer] = documentConsumers({
      deletePrefix: async (prefix) => {
        calls.push(prefix);
        const gone = [...objects].filter((k) => k.startsWith(prefix));
        for (const k of gone) objects.delete(k);
        return gone.length;
      },
    });
    const event = newEvent('ApplicationDeleted', {
      aggregate: { type: 'application', id: '1000001' },
      actor: 'ann',
      data: { userIds: ['ann'], search: { authorityId: 'akl' } },
    });
    await consumer!.handle(event as never, { logger });
    expect([...objects].sort()).toEqual(['documents/10000010/other.pdf', 'documents/1000002/plans.pdf']);
    await consumer!.handle(event as never, { logger });
    expect(objects.size).toBe(2);
    expect(calls).toEqual([...applicationFilePrefixes('1000001'), ...applicationFilePrefixes('1000001')]);
  });

  it('the prefixes end with a slash, so application 1000001 never matches 10000010', () => {
    expect(applicationFilePrefixes('1000001')).toEqual([
      'incoming/1000001/',
      'documents/1000001/',
      'generated/1000001/',
      'extracted/documents/1000001/',
      'extracted/generated/1000001/',
    ]);
  });

  it('is registered with the stream consumers', () => {
    expect(consumers.map((c) => c.name)).toContain('documents.files');
  });
});

describe('documents.extraction', () => {
  const settled = (uploadStatus: 'Completed' | 'Error' = 'Completed') =>
    newEvent('DocumentSettled', {
      aggregate: { type: 'application', id: '1000001' },
      actor: 'system',
      data: { documentName: 'title.pdf', uploadStatus },
    });
  const doc = (over: Partial<ApplicationDocumentRecord> = {}) =>
    ({
      applicationId: '1000001',
      documentName: 'title.pdf',
      objectKey: 'incoming/1000001/u1',
      storedKey: 'documents/1000001/f1',
      fileName: 'title.pdf',
      fileType: 'application/pdf',
      fileSize: 7000,
      uploadStatus: 'Completed',
      documentContainerId: 'proof-of-ownership',
      ...over,
    }) as ApplicationDocumentRecord;

  function world(stored: ApplicationDocumentRecord | undefined) {
    const started = new Map<string, Record<string, string>>();
    const marked: string[] = [];
    let current = stored;
    const [, consumer] = documentConsumers({
      deletePrefix: async () => 0,
      bucket: () => 'uploads',
      readDocument: async () => current,
      markExtractionRunning: async (_key, storedKey, id) => {
        if (!current || current.storedKey !== storedKey) return false;
        marked.push(id);
        current = { ...current, extractionStatus: 'Running', extractionId: id };
        return true;
      },
      // Named by the event id: the same name twice is one execution.
      startExtraction: async (name, input) => void started.set(name, input),
    });
    return { consumer: consumer!, started, marked };
  }

  it('a clean PDF settled in proof of ownership: marked Running and the state machine started once, named by the event', async () => {
    const w = world(doc());
    const event = settled();
    await w.consumer.handle(event as never, { logger });
    await w.consumer.handle(event as never, { logger }); // a retry or replay
    expect(w.marked).toEqual([event.eventId]);
    expect([...w.started]).toEqual([
      [
        event.eventId,
        {
          bucket: 'uploads',
          key: 'documents/1000001/f1',
          applicationId: '1000001',
          documentName: 'title.pdf',
          extractionId: event.eventId,
        },
      ],
    ]);
  });

  it('starts nothing for an error, another container, an image, or a document gone since', async () => {
    for (const [stored, event] of [
      [doc(), settled('Error')],
      [doc({ documentContainerId: 'plans' }), settled()],
      [doc({ fileType: 'image/jpeg' }), settled()],
      [undefined, settled()],
    ] as const) {
      const w = world(stored);
      await w.consumer.handle(event as never, { logger });
      expect(w.started.size).toBe(0);
    }
  });

  it('is registered with the stream consumers', () => {
    expect(consumers.map((c) => c.name)).toContain('documents.extraction');
  });
});
