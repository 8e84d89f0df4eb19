import { describe, expect, test } from 'vitest';
import { issuedDocumentsService } from '../../../../functions/documents/service/issued.js';
import type { IssuedDocumentPorts } from '../../../../functions/documents/service/issued.js';
import type { ApplicationDocumentRecord } from '../../../../functions/documents/repository/documents.js';
import type { ApplicationGrant, CouncilApplicationGrant } from '../../../../functions/platform/access.js';
import type { Idempotency } from '../../../../functions/platform/idempotency.js';
import { ISSUED_CONTAINER_ID } from '../../../../shared/domain/issued-documents.js';

const NOW = new Date('2026-11-29T10:00:00.000Z');

function world(application: Record<string, unknown>) {
  const rows: ApplicationDocumentRecord[] = [];
  const stored: unknown[] = [];
  const ports: IssuedDocumentPorts = {
    list: async () => rows,
    snapshot: async () => ({ documents: rows, version: rows.length || undefined }),
    add: async (doc, _version, actor, council) => {
      const record = {
        ...doc,
        objectKey: council.objectKey,
        uploadStatus: 'Pending',
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        actor,
      } as unknown as ApplicationDocumentRecord;
      stored.push(council.answer(record));
      rows.push(record);
      return { ok: true, record };
    },
    presignedPut: async (key) => `https://bucket.example/${key}?signed`,
    now: () => NOW,
  };
  const app = { applicationId: 'a1', status: 'InProgress', ...application };
  const councilGrant = {
    council: { authorityId: 'wcc', clientId: 'c1' },
    application: app,
  } as unknown as CouncilApplicationGrant;
  const userGrant = {
    application: app,
    access: { userId: 'u1', accessLevel: 'ReadOnly' },
  } as unknown as ApplicationGrant;
  return { service: issuedDocumentsService(ports), rows, stored, councilGrant, userGrant };
}

const idem = { key: 'k1', requestHash: 'h', item: () => ({}) } as unknown as Idempotency;
const body = {
  kind: 'Building consent' as const,
  fileName: 'Building consent WCC-BC-1.pdf',
  mimeType: 'application/pdf' as const,
  size: 9000,
};

describe('issued documents service', () => {
  test("the council's upload: a council-written record in the issued container, its PUT to incoming/, the answer stored with it", async () => {
    const w = world({ consentNumber: 'WCC-BC-1' });
    const out = await w.service.upload(w.councilGrant, idem, body);
    expect(out.presignedUrl).toMatch(/^https:\/\/bucket\.example\/incoming\/a1\/[^/]+\?signed$/);
    expect(out.expiresAt).toBe('2026-11-29T10:15:00.000Z');
    expect(out.document).toEqual({
      name: 'Building consent WCC-BC-1.pdf',
      kind: 'Building consent',
      fileName: 'Building consent WCC-BC-1.pdf',
      fileSize: 9000,
      issuedDate: NOW.toISOString(),
      uploadStatus: 'Pending',
    });
    expect(w.rows[0]).toMatchObject({
      documentContainerId: ISSUED_CONTAINER_ID,
      issuedKind: 'Building consent',
      createdBy: 'council:wcc',
    });
    expect(w.stored).toEqual([out]);
  });

  test('before the grant nothing is written: 409', async () => {
    const w = world({});
    await expect(w.service.upload(w.councilGrant, idem, body)).rejects.toMatchObject({ kind: 'conflict' });
    expect(w.rows).toEqual([]);
  });

  test("the applicant's list: issued documents whose scan passed only, the consent first", async () => {
    const w = world({ consentNumber: 'WCC-BC-1' });
    const doc = (name: string, kind: string | undefined, uploadStatus: string) =>
      ({
        documentName: name,
        fileName: name,
        fileType: 'application/pdf',
        fileSize: 7000,
        uploadStatus,
        createdAt: NOW.toISOString(),
        ...(kind ? { issuedKind: kind, documentContainerId: ISSUED_CONTAINER_ID } : {}),
      }) as unknown as ApplicationDocumentRecord;
    w.rows.push(
      doc('conditions.pdf', 'Consent conditions', 'Completed'),
      doc('infected.pdf', 'Building consent', 'Error'),
      doc('pending.pdf', 'Building consent', 'Pending'),
      doc('plans.pdf', undefined, 'Completed'),
      doc('consent.pdf', 'Building consent', 'Completed'),
    );
    const { issuedDocuments } = await w.service.list(w.userGrant);
    expect(issuedDocuments.map((d) => [d.name, d.kind])).toEqual([
      ['consent.pdf', 'Building consent'],
      ['conditions.pdf', 'Consent conditions'],
    ]);
  });
});
