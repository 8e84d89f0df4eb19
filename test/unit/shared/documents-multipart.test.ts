/** Large files in parts: the cut, the completion check, the routes' bodies (docs/documents.md "Large files"). */
import { describe, expect, it } from 'vitest';
import {
  SignMultipartRequest,
  checkParts,
  multipartLimits,
  partCountOf,
  partSizeOf,
  usesMultipart,
} from '../../../shared/schemas/documents-multipart';
import { documentLimits } from '../../../shared/schemas/documents';
import { isStalled, toDocumentDto } from '../../../functions/documents/service/view';

const MiB = 1024 * 1024;

describe('documents in parts', () => {
  it('cuts the 250 MB maximum into 25 parts of 10 MiB; files of one part or less keep the single PUT', () => {
    expect(multipartLimits.partSize).toBe(10 * MiB);
    expect(partCountOf(documentLimits.maxFileSize)).toBe(25);
    expect(usesMultipart(10 * MiB)).toBe(false);
    expect(usesMultipart(10 * MiB + 1)).toBe(true);
    expect(partCountOf(21 * MiB)).toBe(3);
    expect(partSizeOf(21 * MiB, 3)).toBe(MiB);
  });

  it('completes only parts 1..n, each at its size, together the declared size', () => {
    const size = 21 * MiB;
    const full = [1, 2, 3].map((partNumber) => ({ partNumber, size: partSizeOf(size, partNumber) }));
    expect(checkParts(full, size)).toEqual({ ok: true });
    expect(checkParts(full.slice(0, 2), size)).toMatchObject({ ok: false, reason: '2 of 3 parts stored' });
    expect(checkParts([full[0]!, full[2]!, { partNumber: 4, size: MiB }], size)).toMatchObject({
      ok: false,
      reason: 'part 2 missing',
    });
    expect(checkParts([full[0]!, { partNumber: 2, size: 5 * MiB }, full[2]!], size)).toMatchObject({
      ok: false,
      reason: 'part 2 is 5242880 bytes',
    });
  });

  it('parses sign requests: part numbers 1..10000, at most 25, no repeats; known operations only', () => {
    const issues = (body: unknown) =>
      SignMultipartRequest.safeParse(body).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues({ operation: 'UploadPart', partNumbers: [1, 25] })).toEqual([]);
    expect(issues({ operation: 'UploadPart', partNumbers: [0] })).toEqual(['partNumbers.0']);
    expect(issues({ operation: 'UploadPart', partNumbers: [10_001] })).toEqual(['partNumbers.0']);
    expect(issues({ operation: 'UploadPart', partNumbers: [2, 2] })).toEqual(['partNumbers']);
    expect(
      issues({ operation: 'UploadPart', partNumbers: Array.from({ length: 26 }, (_, i) => i + 1) }),
    ).toEqual(['partNumbers']);
    expect(issues({ operation: 'PutObject' })).toEqual(['operation']);
    expect(issues({ operation: 'CompleteMultipartUpload' })).toEqual([]);
  });

  it('a document being sent in parts (Uploading) stays unsettled for a day, not 30 minutes', () => {
    const createdAt = '2025-03-04T10:00:00.000Z';
    const doc = {
      documentName: 'p.pdf',
      fileName: 'p.pdf',
      fileType: 'application/pdf',
      fileSize: 30 * MiB,
      createdAt,
    };
    const at = (h: number) => new Date(Date.parse(createdAt) + h * 3_600_000);
    expect(isStalled({ ...doc, uploadStatus: 'Pending' }, at(1))).toBe(true);
    expect(isStalled({ ...doc, uploadStatus: 'Uploading' }, at(1))).toBe(false);
    expect(toDocumentDto({ ...doc, uploadStatus: 'Uploading' }, at(23))).toMatchObject({
      uploadStatus: 'Uploading',
    });
    expect(toDocumentDto({ ...doc, uploadStatus: 'Uploading' }, at(25))).toMatchObject({
      uploadStatus: 'Error',
      errorCode: 'UPLOAD_LINK_EXPIRED',
    });
  });
});
