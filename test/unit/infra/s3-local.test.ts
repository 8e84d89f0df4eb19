/**
 * The local S3 stand-in (infra/local/s3.ts over s3rver) under the walk-through's load: the scan
 * deletes one upload's incoming object while the browser PUTs the next upload into the same
 * prefix (incoming/{applicationId}/…). S3 has no directories, so both must succeed, and the stand-in
 * must keep serving (docs/local.md: the phone walk-through's intermittent 'Upload failed').
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { startS3, type LocalS3 } from '../../../infra/local/s3';
import type { S3Event } from 'aws-lambda';
import type { HandlerLoader } from '../../../infra/local/handlers';

const BUCKET = 'uploads';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let dataDir: string;
let local: LocalS3;
let s3: S3Client;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 's3-local-'));
  const port = await freePort();
  // The scan trigger is not what this is about: it does nothing here.
  const handlers = { load: async () => async () => undefined } as unknown as HandlerLoader;
  local = await startS3({
    dataDir,
    port,
    bucket: BUCKET,
    corsOrigins: ['http://127.0.0.1:4000'],
    region: 'ap-southeast-2',
    handlers,
    log: () => undefined,
  });
  s3 = new S3Client({
    endpoint: local.endpoint,
    region: 'ap-southeast-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  s3?.destroy();
  await local?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local S3 stand-in', () => {
  it('a PUT into a prefix while the last object under it is deleted succeeds, and the stand-in keeps serving', async () => {
    const body = Buffer.alloc(7000, 0x25);
    const put = (Key: string) =>
      s3.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: body, ContentType: 'application/pdf' }));
    const results: PromiseSettledResult<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const first = `incoming/${1000 + i}/first`;
      await put(first);
      // The scan removes the first upload as the second arrives in the same prefix.
      const [, second] = await Promise.allSettled([
        s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: first })),
        put(`incoming/${1000 + i}/second`),
      ]);
      results.push(second);
    }
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'incoming/' }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(
      Array.from({ length: 40 }, (_, i) => `incoming/${1000 + i}/second`).sort(),
    );
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'incoming/1039/second' }));
    expect((await read.Body!.transformToByteArray()).length).toBe(7000);
  });
});

describe('the scan trigger is an asynchronous invoke', () => {
  /** A stand-in whose scan handler fails `failures` times, then succeeds. */
  async function withScan(failures: number) {
    const dir = mkdtempSync(path.join(tmpdir(), 's3-scan-'));
    let calls = 0;
    const handlers = {
      load: async () => async () => {
        calls++;
        if (calls <= failures) throw new Error('table unreachable');
      },
    } as unknown as HandlerLoader;
    const stand = await startS3({
      dataDir: dir,
      port: await freePort(),
      bucket: BUCKET,
      corsOrigins: ['http://127.0.0.1:4000'],
      region: 'ap-southeast-2',
      handlers,
      log: () => undefined,
      scanRetryBaseMs: 10,
    });
    const client = new S3Client({
      endpoint: stand.endpoint,
      region: 'ap-southeast-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 1,
    });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'incoming/1000001/plan.pdf', Body: 'x' }));
    await stand.idle();
    client.destroy();
    await stand.stop();
    const letters = path.join(dir, 'dead-letters', 'lambda.jsonl');
    const dead = existsSync(letters)
      ? readFileSync(letters, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { requestContext: { approximateInvokeCount: number } })
      : [];
    rmSync(dir, { recursive: true, force: true });
    return { calls, dead };
  }

  it('a scan that throws is retried (twice, as Lambda) and succeeds: no dead letter', async () => {
    expect(await withScan(2)).toEqual({ calls: 3, dead: [] });
  });

  it('a scan that fails every attempt goes to the failed-Lambda dead letters', async () => {
    const { calls, dead } = await withScan(5);
    expect(calls).toBe(3);
    expect(dead).toHaveLength(1);
    expect(dead[0]!.requestContext.approximateInvokeCount).toBe(3);
  });
  it('a scan not finished when the stack stops runs when it starts again, once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 's3-scan-'));
    const port = await freePort();
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const start = (scan: (e: S3Event) => Promise<void>) =>
      startS3({
        dataDir: dir,
        port,
        bucket: BUCKET,
        corsOrigins: ['http://127.0.0.1:4000'],
        region: 'ap-southeast-2',
        handlers: { load: async () => scan } as unknown as HandlerLoader,
        log: () => undefined,
        scanRetryBaseMs: 10,
      });
    // The first run's scan never finishes: the stack stops under it.
    const first = await start(async (e) => {
      seen.push(`first ${e.Records[0]!.s3.object.key}`);
      await held;
      throw new Error('the process ended');
    });
    const client = new S3Client({
      endpoint: first.endpoint,
      region: 'ap-southeast-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 1,
    });
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'incoming/1000001/plan.pdf', Body: 'x' }));
    client.destroy();
    await expect.poll(() => seen.length).toBe(1);
    const stopping = first.stop();
    release();
    await stopping;
    // Started again on the same data directory: the scan runs, and is then crossed off.
    const second = await start(async (e) => {
      seen.push(`second ${e.Records[0]!.s3.object.key}`);
    });
    await second.idle();
    await second.stop();
    const third = await start(async (e) => {
      seen.push(`third ${e.Records[0]!.s3.object.key}`);
    });
    await third.idle();
    await third.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(seen).toEqual(['first incoming/1000001/plan.pdf', 'second incoming/1000001/plan.pdf']);
  });
});
