/**
 * The upload path end to end on the local stand-ins: a document record is created (status Pending),
 * the file goes to the uploads bucket with a presigned PUT (as the browser sends it), s3rver's
 * object-created event reaches the real scan handler (functions/documents/scan/handler.ts) through the local
 * trigger, ClamAV scans the object, and the record's status changes.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';

const o = readOutputs();

// The repositories read these at import (module-scope clients): point them at the stack under test.
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

const { createApplicationDocument, getApplicationDocumentByObjectKey } =
  await import('../../functions/documents/repository/documents');

const s3 = new S3Client({
  endpoint: String(o.S3Endpoint),
  region: o.Region,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

afterAll(() => s3.destroy());

let applicationId: string;
beforeAll(() => {
  applicationId = `scan-${Date.now()}`;
});

/** Creates the record, PUTs the body to a presigned URL, and waits until the scan settles it. */
async function uploadAndWait(documentName: string, body: Uint8Array) {
  const record = await createApplicationDocument({
    applicationId,
    documentName,
    fileName: documentName,
    fileType: 'application/pdf',
    fileSize: body.byteLength,
  });
  expect(record.uploadStatus).toBe('Pending');

  const url = await getSignedUrl(
    s3,
    new PutObjectCommand({ Bucket: o.UploadsBucket, Key: record.objectKey, ContentType: 'application/pdf' }),
    { expiresIn: 300 },
  );
  const put = await fetch(url, {
    method: 'PUT',
    body: body,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(put.status).toBe(200);

  return waitFor(
    `the scan of ${documentName} to settle`,
    async () => {
      const doc = await getApplicationDocumentByObjectKey(record.objectKey);
      return doc && doc.uploadStatus !== 'Pending' && doc;
    },
    { timeoutMs: 30_000 },
  );
}

describe('upload → scan trigger → document status', () => {
  test('a clean PDF becomes Completed (a name with spaces and brackets survives the key encoding)', async () => {
    const doc = await uploadAndWait('site plan (rev 2).pdf', minimalPdf('Site plan for 12 Kauri Street'));
    expect(doc.uploadStatus).toBe('Completed');
    expect(doc.errorCode).toBeUndefined();
  });

  test('an infected file becomes Error with AV_SCAN_INFECTED', async () => {
    // The EICAR test string: every virus scanner detects it (the local ClamAV through
    // infra/local/clamav/eicar.ndb), and it is harmless.
    const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
    const doc = await uploadAndWait('infected.pdf', minimalPdf(eicar));
    expect(doc.uploadStatus).toBe('Error');
    expect(doc.errorCode).toBe('AV_SCAN_INFECTED');
  });
});
