/**
 * The extraction state machine on the local Step Functions runner with the real extraction handler
 * (functions/documents/extraction/handler.ts), started the way the portal starts it: the AWS SDK's SFN client
 * at AWS_ENDPOINT_URL_SFN (the stack test/with-stack.ts started).
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';

/** A one-page PDF with these lines (pdf-lib, Helvetica). */
async function linesPdf(lines: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 800 - i * 16, size: 10, font }));
  return doc.save();
}

const o = readOutputs();
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const s3 = new S3Client({
  endpoint: String(o.S3Endpoint),
  region: o.Region,
  credentials,
  forcePathStyle: true,
});
const sfn = new SFNClient({ endpoint: String(o.StepFunctionsEndpoint), region: o.Region, credentials });

afterAll(() => {
  s3.destroy();
  sfn.destroy();
});

async function run(input: Record<string, string>) {
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn: String(o.ExtractionStateMachineArn),
      input: JSON.stringify(input),
    }),
  );
  return waitFor(
    'the execution to end',
    async () => {
      const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      return d.status !== 'RUNNING' && d;
    },
    { timeoutMs: 30_000 },
  );
}

describe('local Step Functions: extraction', () => {
  test('extracts the text of an uploaded PDF through the ASL Task', async () => {
    const key = `applications/wf-${Date.now()}/site plan.pdf`;
    await s3.send(
      new PutObjectCommand({
        Bucket: o.UploadsBucket,
        Key: key,
        Body: minimalPdf('Hello Wellington consent'),
        ContentType: 'application/pdf',
      }),
    );
    const input = {
      bucket: o.UploadsBucket,
      key,
      applicationId: 'wf-app',
      documentName: 'site plan.pdf',
      extractionId: 'wf-1',
    };
    const done = await run(input);
    expect(done.status, done.cause).toBe('SUCCEEDED');
    const output = JSON.parse(done.output ?? '{}') as {
      extracted: { text: { textKey: string; pages: number } };
      title: { reading: { ok: boolean; reason?: string } };
    };
    expect(output).toMatchObject(input);
    expect(output.extracted.text.pages).toBe(1);
    const text = await s3.send(
      new GetObjectCommand({ Bucket: o.UploadsBucket, Key: output.extracted.text.textKey }),
    );
    expect(await text.Body?.transformToString()).toContain('Hello Wellington consent');
    // Not a title: the title step says so and proposes nothing.
    expect(output.title.reading).toMatchObject({ ok: false, reason: 'NotATitle' });
  });

  test('reads the registered owners of a record of title', async () => {
    const key = `applications/wf-${Date.now()}/record of title.pdf`;
    const lines = [
      'RECORD OF TITLE',
      'UNDER LAND TRANSFER ACT 2017',
      'Identifier WN45C/789',
      'Date Issued 2 November 1998',
      'Registered Owners',
      'Kauri Holdings Limited',
      'Interests',
    ];
    await s3.send(
      new PutObjectCommand({
        Bucket: o.UploadsBucket,
        Key: key,
        Body: await linesPdf(lines),
        ContentType: 'application/pdf',
      }),
    );
    const done = await run({
      bucket: o.UploadsBucket,
      key,
      applicationId: 'wf-app',
      documentName: 'title.pdf',
      extractionId: 'wf-2',
    });
    expect(done.status, done.cause).toBe('SUCCEEDED');
    const output = JSON.parse(done.output ?? '{}') as {
      title: { reading: { ok: true; title: { owners: { value: string }[]; dateIssued: { value: string } } } };
    };
    expect(output.title.reading.title.owners.map((x) => x.value)).toEqual(['Kauri Holdings Limited']);
    expect(output.title.reading.title.dateIssued.value).toBe('1998-11-02');
    // ProposeOwners ran after ReadTitle (no such application here: nothing proposed on it).
    expect((output as { proposed?: unknown }).proposed).toEqual({ proposal: { hasExtractedData: false } });
  });

  test('a missing object fails the execution through the Catch', async () => {
    const done = await run({
      bucket: o.UploadsBucket,
      key: 'applications/none/missing.pdf',
      applicationId: 'x',
      documentName: 'missing.pdf',
      // Every execution carries its extraction's id (the documents consumer starts it with one):
      // the failure step ends that extraction before the execution fails.
      extractionId: 'wf-3',
    });
    expect(done.status).toBe('FAILED');
    expect(done.error).toBe('ExtractionFailed');
  });
});
