/**
 * Every upload error code of the scan pipeline end to end on the local stack (docs/documents-checks.md): a document record (Pending), a real file PUT to its presigned URL, s3rver's event to the
 * real scan handler, ClamAV, the document checks, and the record's status and code. A JPEG on an
 * application whose authority converts images is stored and served as a PDF.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';
import {
  EICAR,
  corruptPdf,
  cyclicPagesPdf,
  fixture,
  formPdf,
  javascriptPdf,
  jpeg,
  plainPdf,
  png,
} from '../support/document-files';

const o = readOutputs();

// The repositories read these at import (module-scope clients): point them at the stack under test.
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

const { entities } = await import('../../functions/platform/data/service');
const { documentClient } = await import('../../functions/platform/adapters/aws-clients');
const { getApplicationDocumentByObjectKey } = await import('../../functions/documents/repository/documents');
const { incomingKey } = await import('../../functions/documents/model/keys');

const s3 = new S3Client({
  endpoint: String(o.S3Endpoint),
  region: o.Region,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
afterAll(() => s3.destroy());

/** An application of an authority that converts images (akl) and one that does not (wcc). */
const apps = { converts: `checks-akl-${randomUUID()}`, plain: `checks-wcc-${randomUUID()}` };
beforeAll(async () => {
  const now = new Date().toISOString();
  for (const [applicationId, authorityId] of [
    [apps.converts, 'akl'],
    [apps.plain, 'wcc'],
  ] as const)
    await entities.application
      .create({
        applicationId,
        authorityId,
        jurisdictionId: 'nz',
        formId: 'bc',
        status: 'Draft',
        userId: 'checks-owner',
        etag: randomUUID(),
        startedDate: now,
        modifiedDate: now,
      })
      .go();
});

/**
 * Writes a Pending record (created `ageMinutes` ago), PUTs the body to a presigned URL as the
 * browser does, and waits until the scan settles it.
 */
async function upload(
  body: Uint8Array,
  opts: { fileName: string; fileType: string; applicationId?: string; ageMinutes?: number },
) {
  const applicationId = opts.applicationId ?? apps.plain;
  const params = entities.applicationDocument
    .put({
      applicationId,
      documentName: `${randomUUID()} ${opts.fileName}`,
      objectKey: incomingKey(applicationId, randomUUID()),
      fileName: opts.fileName,
      fileType: opts.fileType,
      fileSize: body.byteLength,
      uploadStatus: 'Pending',
    })
    .params<{ TableName: string; Item: Record<string, unknown> & { objectKey: string } }>();
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const createdAt = new Date(Date.now() - (opts.ageMinutes ?? 0) * 60_000).toISOString();
  await documentClient().send(
    new PutCommand({ TableName: params.TableName, Item: { ...params.Item, createdAt } }),
  );
  const key = params.Item.objectKey;
  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({ Bucket: o.UploadsBucket, Key: key, ContentType: opts.fileType }),
    { expiresIn: 300 },
  );
  const put = await fetch(url, { method: 'PUT', body, headers: { 'content-type': opts.fileType } });
  expect(put.status).toBe(200);
  return waitFor(
    `the scan of ${opts.fileName} to settle`,
    async () => {
      const doc = await getApplicationDocumentByObjectKey(key);
      return doc && doc.uploadStatus !== 'Pending' && doc;
    },
    { timeoutMs: 30_000 },
  );
}

const pdf = (fileName: string) => ({ fileName, fileType: 'application/pdf' });

describe('scan → checks → document status, one real file per code', () => {
  test.each([
    ['AV_SCAN_INFECTED', 'the EICAR test file', async () => Buffer.from(EICAR)],
    [
      'AV_SCAN_FAILED',
      'archives nested past the scanner’s limit',
      async () => fixture('nested-archives.zip'),
    ],
    [
      'INVALID_PDF_PASSWORD_PROTECTED',
      'a PDF that needs a password (qpdf)',
      async () => fixture('password-user.pdf'),
    ],
    ['INVALID_PDF_INTERACTIVE', 'a PDF with form fields', formPdf],
    ['INVALID_PDF_INTERACTIVE', 'a PDF with JavaScript in a link', () => javascriptPdf('LinkAction')],
    ['INVALID_PDF_FORMAT', 'a PNG uploaded as a PDF', () => png(120, 80)],
    ['FILE_IS_CORRUPT', 'a PDF header with no PDF behind it', async () => corruptPdf()],
    ['PDF_VALIDATION_FAILED', 'a PDF whose page tree loops', async () => cyclicPagesPdf()],
  ])('%s: %s', async (code, _what, make) => {
    const doc = await upload(await make(), pdf('file.pdf'));
    expect(doc).toMatchObject({ uploadStatus: 'Error', errorCode: code });
    expect(doc.storedKey).toBeUndefined();
  });

  test('WRONG_FILE_TYPE: a JPEG where the authority does not convert images', async () => {
    const doc = await upload(await jpeg(200, 150), { fileName: 'site.jpg', fileType: 'image/jpeg' });
    expect(doc).toMatchObject({ uploadStatus: 'Error', errorCode: 'WRONG_FILE_TYPE' });
  });

  test('UPLOAD_LINK_EXPIRED: a file that arrives for a document already 31 minutes Pending is not scanned', async () => {
    const doc = await upload(await plainPdf(), { ...pdf('late.pdf'), ageMinutes: 31 });
    expect(doc).toMatchObject({ uploadStatus: 'Error', errorCode: 'UPLOAD_LINK_EXPIRED' });
    expect(doc.storedKey).toBeUndefined();
  });

  test('an ordinary PDF is Completed', async () => {
    const doc = await upload(await plainPdf(), pdf('plan.pdf'));
    expect(doc).toMatchObject({ uploadStatus: 'Completed' });
    expect(doc.errorCode).toBeUndefined();
  });

  test('a sideways JPEG where the authority converts images: the PDF is stored, named and typed in its place', async () => {
    const photo = await jpeg(400, 300, 6);
    const doc = await upload(photo, {
      fileName: 'site photo.jpg',
      fileType: 'image/jpeg',
      applicationId: apps.converts,
    });
    expect(doc).toMatchObject({
      uploadStatus: 'Completed',
      fileName: 'site photo.pdf',
      fileType: 'application/pdf',
      originalFileName: 'site photo.jpg',
      originalFileType: 'image/jpeg',
    });
    const stored = await s3.send(new GetObjectCommand({ Bucket: o.UploadsBucket, Key: doc.storedKey! }));
    expect(stored.ContentType).toBe('application/pdf');
    const bytes = await stored.Body!.transformToByteArray();
    expect(doc.fileSize).toBe(bytes.byteLength);
    const served = await PDFDocument.load(bytes);
    // Portrait: the photo's EXIF orientation 6 applied to the page.
    expect(served.getPage(0).getSize()).toEqual({ width: 300, height: 400 });
  });
});
