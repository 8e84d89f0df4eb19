/**
 * The local stack's own mechanics, on a stack this file starts (twice) with the fixture handlers in
 * test/fixtures/functions: data and ids survive a restart, a schedule that came due while the stack
 * was down fires at start, S3 events reach the scan handler shaped and encoded as S3 sends them,
 * the Step Functions runner runs the ASL through its Task override, and stop leaves no java.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/index';
import { ensureTable } from '../../infra/local/dynamodb';
import { waitFor } from '../support/wait';
import { signIn } from '../support/cognito';
import { readOutputs } from '../support/outputs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

const root = path.resolve(import.meta.dirname, '../..');
// Inside .local-test/ (gitignored, wiped by test/with-stack.ts), beside the main test stack's folders.
const dataDir = path.join(root, '.local-test', 'restart-test');
const recordDir = path.join(dataDir, 'records');
const functionsDir = path.join(root, 'test/fixtures/functions');
const portBase = (Number(process.env.PORT_BASE) || 4100) + 100;

const start = (reset = false) =>
  startLocalStack({
    dataDir,
    portBase,
    reset,
    webMode: 'none',
    quiet: true,
    functionsDir,
    seed: true,
    handleSignals: false,
  });

function records<T>(kind: string): T[] {
  const dir = path.join(recordDir, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as T);
}

// The key pair s3rver knows (the stack sets it for handlers too).
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let stack: LocalStack;

beforeAll(async () => {
  process.env.LOCAL_FIXTURE_RECORD_DIR = recordDir;
  stack = await start(true);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local stack mechanics', () => {
  test('data, the user pool and a schedule that came due while it was down survive a restart', async () => {
    const first = stack.outputs;
    const ddb = new DynamoDBClient({ endpoint: first.DynamoDbEndpoint, region: first.Region, credentials });
    await ddb.send(
      new PutItemCommand({
        TableName: first.TableName,
        Item: { pk: { S: 'T#restart' }, sk: { S: 'x' }, v: { N: '42' } },
      }),
    );
    ddb.destroy();

    const at = new Date(Date.now() + 1500);
    await stack.scheduler.schedule({
      name: 'restart-test',
      at,
      payload: { target: 'scheduled', to: 'sched@demo.consent.nz', subject: 'due while down' },
    });
    await expect(stack.scheduler.schedule({ name: 'restart-test', at, payload: {} })).rejects.toThrow(
      /already exists/,
    );
    const javaPid = Number(readFileSync(path.join(dataDir, 'dynamodb.pid'), 'utf8'));
    await stack.stop();
    expect(existsSync(`/proc/${javaPid}`)).toBe(false);
    expect(records('scheduled')).toHaveLength(0);
    // Let the schedule come due while nothing runs.
    await waitFor('the schedule to be due', () => Date.now() > at.getTime() + 50, { timeoutMs: 5000 });

    stack = await start(false);
    expect(stack.outputs.UserPoolId).toBe(first.UserPoolId);
    expect(stack.outputs.UserPoolClientId).toBe(first.UserPoolClientId);
    const fired = await waitFor(
      'the due schedule to fire',
      () => records<{ subject: string }>('scheduled')[0],
    );
    expect(fired.subject).toBe('due while down');
    await stack.scheduler.idle();
    expect(stack.scheduler.list()).toHaveLength(0);
    const mail = readdirSync(stack.outputs.MailOutboxDir)
      .map(
        (f) =>
          JSON.parse(readFileSync(path.join(stack.outputs.MailOutboxDir, f), 'utf8')) as {
            to: string[];
            subject: string;
          },
      )
      .find((m) => m.subject === 'due while down');
    expect(mail?.to).toEqual(['sched@demo.consent.nz']);

    const ddb2 = new DynamoDBClient({
      endpoint: stack.outputs.DynamoDbEndpoint,
      region: first.Region,
      credentials,
    });
    const item = await ddb2.send(
      new GetItemCommand({ TableName: first.TableName, Key: { pk: { S: 'T#restart' }, sk: { S: 'x' } } }),
    );
    expect(item.Item?.v?.N).toBe('42');
    expect(await ensureTable(ddb2, first.TableName)).toBe('exists');
    ddb2.destroy();
  });

  test('demo users were confirmed through the proxy and the post-confirmation trigger ran once each', () => {
    const events = records<{
      triggerSource: string;
      userPoolId: string;
      userName: string;
      request: { userAttributes: Record<string, string> };
    }>('post-confirmation');
    expect(events.map((e) => e.request.userAttributes.email).sort()).toEqual(
      stack.outputs.DemoUsers.map((u) => u.email).sort(),
    );
    for (const e of events) {
      expect(e.triggerSource).toBe('PostConfirmation_ConfirmSignUp');
      expect(e.userPoolId).toBe(stack.outputs.UserPoolId);
      expect(e.userName).toBe(e.request.userAttributes.sub);
      expect(e.request.userAttributes.given_name).toBeTruthy();
    }
  });

  test('an object put under incoming/ reaches the scan handler with the key encoded as S3 does; thumbnails/ does not', async () => {
    const o = stack.outputs;
    const s3 = new S3Client({ endpoint: o.S3Endpoint, region: o.Region, credentials, forcePathStyle: true });
    // Outside the trigger's prefix (as the deployed notification filter): no event.
    await s3.send(new PutObjectCommand({ Bucket: o.UploadsBucket, Key: 'thumbnails/t1/a.png', Body: 'png' }));
    const key = 'incoming/a1/my plan (v2).pdf';
    await s3.send(new PutObjectCommand({ Bucket: o.UploadsBucket, Key: key, Body: 'hello' }));
    const put = await waitFor('the scan event', () =>
      records<S3Event>('scan').find((e) => e.Records[0]?.eventName === 'ObjectCreated:Put'),
    );
    const rec = put.Records[0]!;
    expect(rec.eventSource).toBe('aws:s3');
    expect(rec.awsRegion).toBe('ap-southeast-2');
    expect(rec.s3.bucket.name).toBe(o.UploadsBucket);
    expect(rec.s3.object.key).toBe('incoming/a1/my+plan+%28v2%29.pdf');
    expect(records<S3Event>('scan').some((e) => e.Records[0]?.s3.object.key.startsWith('thumbnails/'))).toBe(
      false,
    );
    expect(decodeURIComponent(rec.s3.object.key.replace(/\+/g, ' '))).toBe(key);
    expect(rec.s3.object.size).toBe(5);
    expect(rec.s3.object.eTag).toMatch(/^[0-9a-f]{32}$/);

    const mpKey = 'incoming/a1/big.pdf';
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: o.UploadsBucket, Key: mpKey }),
    );
    const part = await s3.send(
      new UploadPartCommand({
        Bucket: o.UploadsBucket,
        Key: mpKey,
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(1024, 1),
      }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: o.UploadsBucket,
        Key: mpKey,
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    const mp = await waitFor('the multipart scan event', () =>
      records<S3Event>('scan').find((e) => e.Records[0]?.s3.object.key === mpKey),
    );
    expect(mp.Records[0]?.eventName).toBe('ObjectCreated:CompleteMultipartUpload');
    s3.destroy();
  });

  test('the Step Functions runner runs the shared ASL through its Task override, via the SDK', async () => {
    const o = stack.outputs;
    const sfn = new SFNClient({ endpoint: o.StepFunctionsEndpoint, region: o.Region, credentials });
    const input = {
      bucket: o.UploadsBucket,
      key: 'applications/a1/plan.pdf',
      applicationId: 'a1',
      documentName: 'plan.pdf',
      extractionId: 'x1',
    };
    const { executionArn } = await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: o.ExtractionStateMachineArn,
        input: JSON.stringify(input),
      }),
    );
    const done = await waitFor('the execution to end', async () => {
      const d = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      return d.status !== 'RUNNING' && d;
    });
    expect(done.status).toBe('SUCCEEDED');
    // Each Task's answer where the ASL puts it (the fixture answers every step alike).
    const answer = { textKey: 'extracted/applications/a1/plan.pdf.txt', pages: 1, characters: 5 };
    expect(JSON.parse(done.output ?? '{}')).toEqual({
      ...input,
      extracted: { text: answer },
      title: { reading: answer },
      proposed: { proposal: answer },
    });
    // The Tasks got the Payloads the ASL builds: the text step, the title step with the text's key,
    // then the proposal with the title's reading.
    const { extractionId: _id, ...withoutId } = input;
    expect(records<Record<string, unknown>>('extraction').slice(-3)).toEqual([
      { step: 'text', ...withoutId },
      { step: 'title', ...withoutId, textKey: answer.textKey },
      { step: 'propose', ...input, reading: answer },
    ]);

    // A failing task goes through the Catch to the Fail state.
    const failed = stack.startExecution({ ...input, key: 'fail.pdf' });
    const end = await failed.done;
    expect(end.status).toBe('FAILED');
    expect(end.error).toBe('ExtractionFailed');

    await expect(
      sfn.send(
        new StartExecutionCommand({
          stateMachineArn: o.ExtractionStateMachineArn.replace('extraction', 'nope'),
          input: '{}',
        }),
      ),
    ).rejects.toThrow(/State Machine Does Not Exist/);
    sfn.destroy();
  });

  test('the gateway builds an HTTP API v2 event (stage stripped, query, headers lower-cased, claims)', async () => {
    const o = stack.outputs;
    const res = await fetch(`${o.ApiUrl}/public/health?a=1&a=2&b=x%20y`, { headers: { 'X-Custom': 'Yes' } });
    expect(res.status).toBe(200);
    const event = (await res.json()) as Record<string, unknown> & {
      requestContext: Record<string, unknown> & { http: Record<string, string> };
    };
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('GET /public/health');
    expect(event.rawPath).toBe('/public/health');
    expect(event.rawQueryString).toBe('a=1&a=2&b=x%20y');
    expect(event.queryStringParameters).toEqual({ a: '1,2', b: 'x y' });
    expect((event.headers as Record<string, string>)['x-custom']).toBe('Yes');
    expect(event.requestContext.stage).toBe('api');
    expect(event.requestContext.routeKey).toBe('GET /public/health');
    expect(event.requestContext.http.method).toBe('GET');
    expect(event.requestContext.authorizer).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  test('a user route gets the JWT authorizer claims of a verified id token (scopes null)', async () => {
    const o = stack.outputs;
    const demo = o.DemoUsers[0]!;
    const t = await signIn(demo.email, demo.password, readOutputs(stack.outputsFile));
    const res = await fetch(`${o.ApiUrl}/user`, {
      method: 'GET',
      headers: { authorization: `Bearer ${t.IdToken}` },
    });
    expect(res.status).toBe(200);
    const event = (await res.json()) as {
      routeKey: string;
      requestContext: { authorizer: { jwt: { claims: Record<string, unknown>; scopes: unknown } } };
    };
    expect(event.routeKey).toBe('GET /user');
    const { claims, scopes } = event.requestContext.authorizer.jwt;
    expect(scopes).toBeNull();
    expect(claims).toMatchObject({ email: demo.email, token_use: 'id', aud: o.UserPoolClientId });
    expect(claims.iss).toBe(`${o.CognitoEndpoint}/${o.UserPoolId}`);
  });
});
