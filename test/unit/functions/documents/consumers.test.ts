/** The documents' event consumers: a deleted application's files go too. */
import { describe, expect, it } from 'vitest';
import { Logger } from '@aws-lambda-powertools/logger';
import { applicationFilePrefixes, documentConsumers } from '../../../../functions/documents/consumers.js';
import { newEvent } from '../../../../functions/platform/events/outbox.js';
import { consumers } from '../../../../functions/platform/events/registry.js';

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
