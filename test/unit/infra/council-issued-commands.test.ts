import { describe, expect, test } from 'vitest';
import { parseIssue } from '../../../infra/council/commands/issued';
import { issuedDocumentPdf, issuedFileName } from '../../../infra/council/issued-pdf';
import { documentLimits } from '../../../shared/schemas/documents';
import { issuedDocumentKinds } from '../../../shared/schemas/issued-documents';

describe('npm run council -- issue', () => {
  test('names the authority, the application and the kind (any case), a file if given', () => {
    expect(parseIssue(['wcc', '1001'], { kind: 'building consent' })).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      kind: 'Building consent',
    });
    expect(
      parseIssue(['wcc', '1001'], { kind: 'Code compliance certificate', file: 'ccc.pdf' }),
    ).toMatchObject({
      kind: 'Code compliance certificate',
      file: 'ccc.pdf',
    });
  });

  test('refuses an unknown kind or a missing application', () => {
    expect(() => parseIssue(['wcc', '1001'], { kind: 'Receipt' })).toThrow(/--kind is one of/);
    expect(() => parseIssue(['wcc'], { kind: 'Other' })).toThrow(/expected <authority> <applicationId>/);
  });
});

test('the PDF the simulator and the automatic council send: a real PDF past the 6,000-byte minimum', async () => {
  for (const kind of issuedDocumentKinds) {
    const bytes = await issuedDocumentPdf({
      kind,
      consentNumber: 'WCC-BC-2026-1',
      authorityName: 'Wellington City Council',
      date: '2026-11-29',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteLength).toBeGreaterThanOrEqual(documentLimits.minFileSize);
  }
  expect(issuedFileName('Building consent', 'WCC/BC/1')).toBe('Building consent WCC-BC-1.pdf');
});
