/**
 * The extraction state machine on the local Step Functions runner with the real extraction handler
 * (functions/documents/extraction.ts), started the way the portal starts it: the AWS SDK's SFN client
 * at AWS_ENDPOINT_URL_SFN (the stack test/with-stack.ts started).
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { minimalPdf } from '../support/pdf';
import { waitFor } from '../support/wait';

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
    const input = { bucket: o.UploadsBucket, key, applicationId: 'wf-app', documentName: 'site plan.pdf' };
    const done = await run(input);
    expect(done.status, done.cause).toBe('SUCCEEDED');
    const output = JSON.parse(done.output ?? '{}') as {
      extracted: { text: { textKey: string; pages: number } };
    };
    expect(output).toMatchObject(input);
    expect(output.extracted.text.pages).toBe(1);
    const text = await s3.send(
      new GetObjectCommand({ Bucket: o.UploadsBucket, Key: output.extracted.text.textKey }),
    );
    expect(await text.Body?.transformToString()).toContain('Hello Wellington consent');
  });

  test('a missing object fails the execution through the Catch', async () => {
    const done = await run({
      bucket: o.UploadsBucket,
      key: 'applications/none/missing.pdf',
      applicationId: 'x',
      documentName: 'missing.pdf',
    });
    expect(done.status).toBe('FAILED');
    expect(done.error).toBe('ExtractionFailed');
  });
});
