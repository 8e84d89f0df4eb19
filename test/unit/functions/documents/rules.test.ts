import { describe, expect, it } from 'vitest';
import {
  CreateDocumentRequest,
  checkFileCount,
  checkUploadFile,
  documentLimits,
  documentMessages,
  mimeTypeOf,
  uploadErrorText,
} from '../../../../shared/schemas/documents';
import { planNewDocument } from '../../../../functions/documents/service/create';
import { isStalled, toDocumentDto } from '../../../../functions/documents/service/view';
import { attachmentDisposition } from '../../../../functions/documents/service/storage';

const pdf = (size: number, fileName = 'plan.pdf') => ({ fileName, mimeType: 'application/pdf', size });

describe('upload file rules (docs/documents.md)', () => {
  it('accepts a PDF from 6000 bytes up to 250 MB', () => {
    expect(checkUploadFile(pdf(6000))).toBeUndefined();
    expect(checkUploadFile(pdf(262_144_000))).toBeUndefined();
  });

  it('rejects a file over 250 MB with the too-large message', () => {
    expect(checkUploadFile(pdf(262_144_001, 'big.pdf'))).toEqual({
      kind: 'tooLarge',
      field: 'size',
      message: 'File "big.pdf" is too large, we only accept file size less than 250 MB.',
    });
  });

  it('rejects another type with the wrong-type message (JPEG and PNG only with the flag)', () => {
    const jpeg = { fileName: 'photo.jpg', mimeType: 'image/jpeg', size: 10_000 };
    expect(checkUploadFile(jpeg)?.message).toBe(
      'File "photo.jpg" is not acceptable, we only accept PDF files.',
    );
    expect(checkUploadFile(jpeg, true)).toBeUndefined();
    expect(documentMessages.wrongType('x.doc', true)).toBe(
      'File "x.doc" is not acceptable, we only accept PDF, JPEG, PNG files.',
    );
  });

  it('rejects a file under 6000 bytes as not acceptable, saying the minimum size and what to do', () => {
    expect(checkUploadFile(pdf(5999, 'tiny.pdf'))).toEqual({
      kind: 'tooSmall',
      field: 'size',
      message:
        'File "tiny.pdf" is not acceptable, we only accept file size of at least 6,000 bytes. Export the PDF again at a higher quality or scan it again, then upload the new file.',
    });
  });

  it('infers the MIME type from the extension when the browser gives none', () => {
    expect(mimeTypeOf('Plan.PDF', '')).toBe('application/pdf');
    expect(mimeTypeOf('photo.png', '')).toBe('');
    expect(mimeTypeOf('photo.png', '', true)).toBe('image/png');
    expect(mimeTypeOf('x.pdf', 'application/octet-stream')).toBe('application/octet-stream');
  });

  it('caps files at 200 per application and 50 per container, except RFIDocument containers', () => {
    expect(
      checkFileCount({ applicationCount: 199, containerCount: 49, containerType: 'Standard' }),
    ).toBeUndefined();
    expect(checkFileCount({ applicationCount: 10, containerCount: 50, containerType: 'Standard' })).toBe(
      'Max file numbers is 50 per container',
    );
    expect(
      checkFileCount({ applicationCount: 120, containerCount: 120, containerType: 'RFIDocument' }),
    ).toBeUndefined();
    expect(checkFileCount({ applicationCount: 200, containerCount: 0, containerType: 'RFIDocument' })).toBe(
      'Max file numbers is 200 per application',
    );
  });

  it('reads upload error codes as the spec says', () => {
    expect(uploadErrorText('AV_SCAN_INFECTED')).toBe('File is infected. You must replace the file.');
    expect(uploadErrorText('INVALID_PDF_FORMAT')).toBe("File's format does not match the file's type.");
    expect(uploadErrorText('UPLOAD_LINK_EXPIRED')).toBe(
      'Failed to upload. Please try again. (Code: UPLOAD_LINK_EXPIRED)',
    );
  });
});

describe('CreateDocumentRequest', () => {
  it('parses a request and rejects names with a slash and non-integer sizes', () => {
    expect(
      CreateDocumentRequest.parse({
        fileName: ' a.pdf ',
        mimeType: 'application/pdf',
        size: 7000,
        containerId: 'c',
      }),
    ).toEqual({ fileName: 'a.pdf', mimeType: 'application/pdf', size: 7000, containerId: 'c' });
    const bad = CreateDocumentRequest.safeParse({
      fileName: 'a/b.pdf',
      mimeType: 'application/pdf',
      size: 1.5,
      containerId: '',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'containerId',
      'fileName',
      'size',
    ]);
  });
});

describe('planNewDocument', () => {
  const container = { id: 'plans', containerType: 'Standard' };
  const body = { fileName: 'site.pdf', mimeType: 'application/pdf', size: 8000, containerId: 'plans' };

  it('plans the record: name defaults to the file name, order after the container', () => {
    const plan = planNewDocument({
      body,
      existing: [
        { documentName: 'a.pdf', documentContainerId: 'plans', order: 3 },
        { documentName: 'b.pdf', documentContainerId: 'other', order: 9 },
      ],
      container,
      categoryIds: undefined,
    });
    expect(plan).toEqual({
      ok: true,
      documentName: 'site.pdf',
      fileName: 'site.pdf',
      fileType: 'application/pdf',
      fileSize: 8000,
      documentContainerId: 'plans',
      order: 4,
    });
  });

  it('gives field issues with the spec message for size, type, count and unknown references', () => {
    const plan = (over: Partial<typeof body> & { categoryId?: string }, existing = 0) =>
      planNewDocument({
        body: { ...body, ...over },
        existing: Array.from({ length: existing }, (_, i) => ({
          documentName: `d${i}.pdf`,
          documentContainerId: 'plans',
        })),
        container: over.containerId === 'nope' ? undefined : container,
        categoryIds: ['cat-1'],
      });
    expect(plan({ size: documentLimits.maxFileSize + 1 })).toMatchObject({
      ok: false,
      status: 400,
      message: 'File "site.pdf" is too large, we only accept file size less than 250 MB.',
      issues: [{ field: 'body.size' }],
    });
    expect(plan({ mimeType: 'text/plain' })).toMatchObject({
      issues: [
        { field: 'body.mimeType', reason: 'File "site.pdf" is not acceptable, we only accept PDF files.' },
      ],
    });
    expect(plan({}, 50)).toMatchObject({
      issues: [{ field: 'body.containerId', reason: 'Max file numbers is 50 per container' }],
    });
    expect(plan({ containerId: 'nope' })).toMatchObject({ issues: [{ field: 'body.containerId' }] });
    expect(plan({ categoryId: 'cat-2' })).toMatchObject({ issues: [{ field: 'body.categoryId' }] });
    expect(plan({ categoryId: 'cat-1' })).toMatchObject({ ok: true, documentCategoryId: 'cat-1' });
  });

  it('refuses a name already used in the application with 409', () => {
    const plan = planNewDocument({
      body: { ...body, name: 'taken.pdf' },
      existing: [{ documentName: 'taken.pdf', documentContainerId: 'elsewhere' }],
      container,
      categoryIds: undefined,
    });
    expect(plan).toMatchObject({ ok: false, status: 409, issues: [{ field: 'body.name' }] });
  });
});

describe('document view', () => {
  const created = '2025-03-04T10:00:00.000Z';
  const doc = {
    documentName: 'a.pdf',
    fileName: 'a.pdf',
    fileType: 'application/pdf',
    fileSize: 7000,
    uploadStatus: 'Pending' as const,
    createdAt: created,
  };

  it('a Pending document older than 30 minutes reads Error UPLOAD_LINK_EXPIRED', () => {
    const at = (min: number) => new Date(Date.parse(created) + min * 60_000);
    expect(isStalled(doc, at(29))).toBe(false);
    expect(toDocumentDto(doc, at(29))).toMatchObject({ uploadStatus: 'Pending' });
    expect(toDocumentDto(doc, at(31))).toMatchObject({
      uploadStatus: 'Error',
      errorCode: 'UPLOAD_LINK_EXPIRED',
    });
    expect(toDocumentDto({ ...doc, uploadStatus: 'Completed' }, at(600))).toMatchObject({
      uploadStatus: 'Completed',
    });
    expect(toDocumentDto({ ...doc, uploadStatus: 'Completed' }, at(600)).errorCode).toBeUndefined();
  });

  it('keeps the scan error code', () => {
    expect(
      toDocumentDto({ ...doc, uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' }, new Date(created)),
    ).toMatchObject({ uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED', createdDate: created, order: 0 });
  });

  it('downloads as an attachment with the original name (ASCII fallback and UTF-8 form)', () => {
    expect(attachmentDisposition('site plan (rev 2).pdf')).toBe(
      `attachment; filename="site plan (rev 2).pdf"; filename*=UTF-8''site%20plan%20%28rev%202%29.pdf`,
    );
    expect(attachmentDisposition('Māori "x".pdf')).toBe(
      `attachment; filename="M_ori _x_.pdf"; filename*=UTF-8''M%C4%81ori%20%22x%22.pdf`,
    );
  });
});
