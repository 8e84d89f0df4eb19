import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { handler, setScanDependencies } from '../../../../functions/documents/scan/handler.js';
import type { Scanner, ScanResult } from '../../../../functions/platform/adapters/scanner.js';
import { lambdaContext } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);

/** A fake scanner that reads the whole stream (as clamscan would) and answers with `result`. */
function fakeScanner(result: ScanResult | ((bytes: string) => ScanResult)): Scanner & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    async scan(stream) {
      let bytes = '';
      for await (const c of stream) bytes += String(c);
      seen.push(bytes);
      return typeof result === 'function' ? result(bytes) : result;
    },
  };
}

const s3Event = (...keys: string[]): S3Event => ({
  Records: keys.map((key) => ({
    eventVersion: '2.1',
    eventSource: 'aws:s3',
    awsRegion: 'ap-southeast-2',
    eventTime: '2025-01-01T00:00:00.000Z',
    eventName: 'ObjectCreated:Put',
    userIdentity: { principalId: 'x' },
    requestParameters: { sourceIPAddress: '127.0.0.1' },
    responseElements: { 'x-amz-request-id': 'r', 'x-amz-id-2': 'i' },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'scan',
      bucket: { name: 'uploads', ownerIdentity: { principalId: 'x' }, arn: 'arn:aws:s3:::uploads' },
      object: { key, size: 7000, eTag: 'e', sequencer: '1' },
    },
  })),
});

const docItem = (applicationId: string, documentName: string) => ({
  pk: `$portal#applicationId_${applicationId}`,
  sk: `$application#applicationDocument_1#documentName_${documentName}`,
  gsi1pk: `$portal#objectKey_incoming/${applicationId}/${documentName}`,
  gsi1sk: '$applicationDocument_1',
  __edb_e__: 'applicationDocument',
  __edb_v__: '1',
  applicationId,
  documentName,
  objectKey: `incoming/${applicationId}/${documentName}`,
  fileName: documentName,
  fileType: 'application/pdf',
  fileSize: 7000,
  uploadStatus: 'Pending',
});

function bodyOf(text: string) {
  return Readable.from([Buffer.from(text)]) as unknown as GetObjectCommandOutput['Body'];
}

/** The values an UpdateCommand writes, by attribute name. */
function written(input: {
  UpdateExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}) {
  const names = input.ExpressionAttributeNames ?? {};
  const values = input.ExpressionAttributeValues ?? {};
  const set: Record<string, unknown> = {};
  const setPart = /SET (.*?)(?: REMOVE |$)/.exec(input.UpdateExpression ?? '')?.[1] ?? '';
  for (const assignment of setPart.split(', ')) {
    const [n, v] = assignment.split(' = ');
    if (n && v && names[n]) set[names[n]] = values[v];
  }
  const removePart = /REMOVE (.*)$/.exec(input.UpdateExpression ?? '')?.[1] ?? '';
  const removed = removePart ? removePart.split(', ').map((n) => names[n.trim()]) : [];
  return { set, removed };
}

/** Each settle's transaction: the document's update and the event put with it. */
function settles() {
  return ddb.commandCalls(TransactWriteCommand).map((c) => {
    const items = c.args[0].input.TransactItems ?? [];
    return {
      update: items[0]!.Update as NonNullable<(typeof items)[0]['Update']> & { Key?: Record<string, string> },
      event: items[1]?.Put?.Item as Record<string, unknown> | undefined,
    };
  });
}

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ddb.on(TransactWriteCommand).resolves({});
  s3.on(PutObjectCommand).resolves({ ETag: '"etag-1"' });
  s3.on(DeleteObjectCommand).resolves({});
});

function withDocument(applicationId: string, documentName: string, content = '%PDF-1.4 clean') {
  const key = `incoming/${applicationId}/${documentName}`;
  ddb
    .on(QueryCommand, {
      ExpressionAttributeValues: { ':pk': `$portal#objectKey_${key}`, ':sk1': '$applicationDocument_1' },
    })
    .resolves({
      Items: [docItem(applicationId, documentName)],
    });
  s3.on(GetObjectCommand, { Bucket: 'uploads', Key: key }).resolves({ Body: bodyOf(content) });
}

describe('scan trigger', () => {
  it('clean → the scanned bytes written to documents/, Completed with that key (errorCode removed), the upload removed', async () => {
    withDocument('a1', 'plan.pdf');
    const scanner = fakeScanner({ status: 'clean' });
    setScanDependencies({ scanner, postScanChecks: [] });
    await handler(s3Event('incoming/a1/plan.pdf'), lambdaContext);
    expect(scanner.seen).toEqual(['%PDF-1.4 clean']);
    const put = s3.commandCalls(PutObjectCommand)[0]!.args[0].input;
    expect(put.Key).toMatch(/^documents\/a1\/[0-9a-f-]{36}$/);
    let promoted = '';
    for await (const c of put.Body as AsyncIterable<Buffer>) promoted += String(c);
    expect(promoted).toBe('%PDF-1.4 clean');
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      'incoming/a1/plan.pdf',
    ]);
    const update = settles()[0]!.update;
    expect(update.Key).toEqual({
      pk: '$portal#applicationId_a1',
      sk: '$application#applicationDocument_1#documentName_plan.pdf',
    });
    expect(update.ConditionExpression).toContain('attribute_exists(#pk)');
    expect(update.ConditionExpression).toContain('#objectKey');
    const w = written(update);
    expect(w.set).toMatchObject({ uploadStatus: 'Completed', storedKey: put.Key, storedETag: '"etag-1"' });
    expect(w.removed).toContain('errorCode');
    // The settle's event, in the same transaction as the status change.
    expect(settles()[0]!.event).toMatchObject({
      type: 'DocumentSettled',
      aggregateId: 'a1',
      data: { documentName: 'plan.pdf', uploadStatus: 'Completed' },
    });
  });

  it("a user-level document (incoming/u-{userId}/…) is looked up among the user's documents and settled like an application's", async () => {
    const key = 'incoming/u-user-1/upload-1';
    ddb.on(QueryCommand).resolves({
      Items: [
        {
          ...docItem('x', 'licence.pdf'),
          applicationId: undefined,
          pk: '$portal#userId_user-1',
          sk: '$userDocument_1#documentName_licence.pdf',
          __edb_e__: 'userDocument',
          userId: 'user-1',
          objectKey: key,
        },
      ],
    });
    s3.on(GetObjectCommand, { Bucket: 'uploads', Key: key }).resolves({ Body: bodyOf('%PDF-1.4 clean') });
    setScanDependencies({ scanner: fakeScanner({ status: 'clean' }), postScanChecks: [] });
    await handler(s3Event(key), lambdaContext);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':pk': `$portal#objectKey_${key}`,
      ':sk1': '$userDocument_1',
    });
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input.Key).toMatch(
      /^documents\/u-user-1\/[0-9a-f-]{36}$/,
    );
    const [settled] = settles();
    expect(settled!.update.Key).toEqual({
      pk: '$portal#userId_user-1',
      sk: '$userDocument_1#documentName_licence.pdf',
    });
    expect(written(settled!.update).set).toMatchObject({ uploadStatus: 'Completed' });
    expect(settled!.event).toMatchObject({
      type: 'UserDocumentSettled',
      aggregateId: 'user-1',
      data: { documentName: 'licence.pdf', uploadStatus: 'Completed' },
    });
  });

  it('infected → Error with AV_SCAN_INFECTED', async () => {
    withDocument('a1', 'virus.pdf');
    setScanDependencies({ scanner: fakeScanner({ status: 'infected', signature: 'Eicar-Test-Signature' }) });
    await handler(s3Event('incoming/a1/virus.pdf'), lambdaContext);
    const w = written(settles()[0]!.update);
    expect(w.set).toMatchObject({ uploadStatus: 'Error', errorCode: 'AV_SCAN_INFECTED' });
  });

  it('scanner error → Error with AV_SCAN_FAILED', async () => {
    withDocument('a1', 'x.pdf');
    setScanDependencies({ scanner: fakeScanner({ status: 'error', reason: 'no database' }) });
    await handler(s3Event('incoming/a1/x.pdf'), lambdaContext);
    expect(written(settles()[0]!.update).set).toMatchObject({
      uploadStatus: 'Error',
      errorCode: 'AV_SCAN_FAILED',
    });
  });

  it('an unreadable object → Error with AV_SCAN_FAILED', async () => {
    ddb.on(QueryCommand).resolves({ Items: [docItem('a1', 'gone.pdf')] });
    s3.on(GetObjectCommand).rejects(new Error('NoSuchKey'));
    setScanDependencies({ scanner: fakeScanner({ status: 'clean' }) });
    await handler(s3Event('incoming/a1/gone.pdf'), lambdaContext);
    expect(written(settles()[0]!.update).set).toMatchObject({
      uploadStatus: 'Error',
      errorCode: 'AV_SCAN_FAILED',
    });
  });

  it('a post-scan check can settle a clean file with its own code (the seam for PDF checks)', async () => {
    withDocument('a1', 'locked.pdf');
    setScanDependencies({
      scanner: fakeScanner({ status: 'clean' }),
      postScanChecks: [
        async ({ document }) =>
          document.documentName === 'locked.pdf'
            ? { uploadStatus: 'Error', errorCode: 'INVALID_PDF_PASSWORD_PROTECTED' }
            : undefined,
      ],
    });
    await handler(s3Event('incoming/a1/locked.pdf'), lambdaContext);
    expect(written(settles()[0]!.update).set).toMatchObject({
      errorCode: 'INVALID_PDF_PASSWORD_PROTECTED',
    });
    setScanDependencies({ postScanChecks: [] });
  });

  it('an object without a record is removed unread: nothing scanned, nothing written', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const scanner = fakeScanner({ status: 'clean' });
    setScanDependencies({ scanner });
    await handler(s3Event('incoming/zz/unknown.pdf'), lambdaContext);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
    expect(s3.commandCalls(DeleteObjectCommand).map((c) => c.args[0].input.Key)).toEqual([
      'incoming/zz/unknown.pdf',
    ]);
    expect(settles()).toHaveLength(0);
    expect(scanner.seen).toEqual([]);
  });

  it("decodes URL-encoded keys ('+' for spaces, %2B for '+') before the lookup and the read", async () => {
    withDocument('a1', 'Site Plan+v2 (final).pdf', 'plan bytes');
    const scanner = fakeScanner({ status: 'clean' });
    setScanDependencies({ scanner });
    await handler(s3Event('incoming/a1/Site+Plan%2Bv2+%28final%29.pdf'), lambdaContext);
    const query = ddb.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(query.IndexName).toBe('gsi1');
    expect(query.ExpressionAttributeValues?.[':pk']).toBe(
      '$portal#objectKey_incoming/a1/Site Plan+v2 (final).pdf',
    );
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'uploads',
      Key: 'incoming/a1/Site Plan+v2 (final).pdf',
    });
    expect(scanner.seen).toEqual(['plan bytes']);
    expect(written(settles()[0]!.update).set.uploadStatus).toBe('Completed');
  });

  it('handles every record of the event', async () => {
    withDocument('a1', 'one.pdf', 'clean');
    withDocument('a1', 'two.pdf', 'EICAR');
    setScanDependencies({
      scanner: fakeScanner((b) =>
        b === 'EICAR' ? { status: 'infected', signature: 'Eicar' } : { status: 'clean' },
      ),
    });
    await handler(s3Event('incoming/a1/one.pdf', 'incoming/a1/two.pdf'), lambdaContext);
    const updates = settles().map((c) => ({ key: c.update.Key?.sk, ...written(c.update).set }));
    expect(updates).toEqual([
      expect.objectContaining({
        key: '$application#applicationDocument_1#documentName_one.pdf',
        uploadStatus: 'Completed',
      }),
      expect.objectContaining({
        key: '$application#applicationDocument_1#documentName_two.pdf',
        uploadStatus: 'Error',
        errorCode: 'AV_SCAN_INFECTED',
      }),
    ]);
  });
});
