import { describe, expect, test } from 'vitest';
import {
  byIssuedOrder,
  issuedDocumentMessages,
  issuedDocumentRefusal,
  planIssuedDocument,
} from '../../../shared/domain/issued-documents';
import { IssuedDocumentRequest } from '../../../shared/schemas/issued-documents';

const granted = { status: 'InProgress', consentNumber: 'WCC-BC-2026-1' };
const completed = { ...granted, status: 'Completed', cccIssuedDate: '2026-11-20' };
const body = {
  kind: 'Building consent' as const,
  fileName: 'Building consent.pdf',
  mimeType: 'application/pdf' as const,
  size: 12_000,
};

describe('issued documents: when a council may issue which kind', () => {
  test('the consent, its conditions and other documents need the grant', () => {
    for (const kind of ['Building consent', 'Consent conditions', 'Other'] as const) {
      expect(issuedDocumentRefusal({ status: 'InProgress' }, kind)).toBe(issuedDocumentMessages.notGranted);
      expect(issuedDocumentRefusal(granted, kind)).toBeUndefined();
      expect(issuedDocumentRefusal(completed, kind)).toBeUndefined();
    }
  });

  test('the code compliance certificate needs the CCC issued', () => {
    expect(issuedDocumentRefusal(granted, 'Code compliance certificate')).toBe(issuedDocumentMessages.noCcc);
    expect(issuedDocumentRefusal(completed, 'Code compliance certificate')).toBeUndefined();
  });

  test('a closed application takes nothing', () => {
    expect(issuedDocumentRefusal({ ...granted, status: 'Withdrawn' }, 'Other')).toBe(
      issuedDocumentMessages.closed,
    );
  });
});

describe('planIssuedDocument', () => {
  test('a PDF on a granted consent is named by its file name, or the name given', () => {
    expect(planIssuedDocument({ body, application: granted, existingNames: [] })).toEqual({
      ok: true,
      documentName: 'Building consent.pdf',
    });
    expect(
      planIssuedDocument({ body: { ...body, name: 'consent.pdf' }, application: granted, existingNames: [] }),
    ).toEqual({ ok: true, documentName: 'consent.pdf' });
  });

  test('before the grant: 409 with the reason', () => {
    const plan = planIssuedDocument({ body, application: { status: 'InProgress' }, existingNames: [] });
    expect(plan).toMatchObject({ ok: false, status: 409, message: issuedDocumentMessages.notGranted });
  });

  test('a taken name is 409, a file under 6,000 bytes or a summary name 400', () => {
    expect(
      planIssuedDocument({ body, application: granted, existingNames: ['Building consent.pdf'] }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      planIssuedDocument({ body: { ...body, size: 100 }, application: granted, existingNames: [] }),
    ).toMatchObject({ ok: false, status: 400, issues: [{ field: 'body.size' }] });
    expect(
      planIssuedDocument({
        body: { ...body, name: 'summary-1.pdf' },
        application: granted,
        existingNames: [],
      }),
    ).toMatchObject({ ok: false, status: 400, issues: [{ field: 'body.name' }] });
  });

  test('the request takes PDFs of the four kinds only, and nothing else', () => {
    expect(IssuedDocumentRequest.safeParse(body).success).toBe(true);
    expect(IssuedDocumentRequest.safeParse({ ...body, mimeType: 'image/png' }).success).toBe(false);
    expect(IssuedDocumentRequest.safeParse({ ...body, kind: 'Receipt' }).success).toBe(false);
    expect(IssuedDocumentRequest.safeParse({ ...body, containerId: 'plans' }).success).toBe(false);
  });
});

test('the Overview lists the consent first, then its conditions, the CCC and others, each by date', () => {
  const docs = [
    { kind: 'Other' as const, issuedDate: '2026-01-01', n: 1 },
    { kind: 'Code compliance certificate' as const, issuedDate: '2026-03-01', n: 2 },
    { kind: 'Consent conditions' as const, issuedDate: '2026-02-01', n: 3 },
    { kind: 'Building consent' as const, issuedDate: '2026-02-02', n: 4 },
    { kind: 'Building consent' as const, issuedDate: '2026-02-01', n: 5 },
  ];
  expect(byIssuedOrder(docs).map((d) => d.n)).toEqual([5, 4, 3, 2, 1]);
});
