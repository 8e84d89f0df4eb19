import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { appendFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { S3Event, S3EventRecord } from 'aws-lambda';
import S3rver, { type S3rverEventRecord } from 's3rver';
import type { HandlerLoader } from './handlers';
import { ASYNC_RETRY_ATTEMPTS } from './lambda';
import { HOST } from './ports';
import { closeServer, listen, s3EventKey, type Log } from './util';
import { keyPrefixes } from '../../functions/documents/model/keys';
import { checkPresignedRequest, presignErrorXml } from './s3-presign';
import { patchMultipart } from './s3-multipart';

/**
 * The keys the scan trigger delivers, as the deployed notification's prefix filter
 * (infra/stacks/workflows-stack.ts): uploads arrive under incoming/ only; the scanner's own writes
 * (documents/), server-written files (generated/, extracted/) and template thumbnails (thumbnails/,
 * owned by the templates feature) never reach it.
 */
export const scanTriggerPrefix = keyPrefixes.incoming;

export interface LocalS3 {
  endpoint: string;
  /** Resolves when every scan started so far has finished (tests use it to wait). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const corsXml = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
${origins.map((o) => `    <AllowedOrigin>${o}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Builds the S3Event the real bucket notification would deliver. */
export function toS3Event(rec: S3rverEventRecord, eventName: string, region: string): S3Event {
  const record: S3EventRecord = {
    eventVersion: '2.1',
    eventSource: 'aws:s3',
    awsRegion: region,
    eventTime: rec.eventTime,
    eventName: eventName as S3EventRecord['eventName'],
    userIdentity: { principalId: 'AWS:LOCAL' },
    requestParameters: { sourceIPAddress: rec.requestParameters.sourceIPAddress ?? '127.0.0.1' },
    responseElements: {
      'x-amz-request-id': randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(),
      'x-amz-id-2': randomUUID(),
    },
    s3: {
      s3SchemaVersion: '1.0',
      configurationId: 'uploads-scan',
      bucket: {
        name: rec.s3.bucket.name,
        ownerIdentity: { principalId: 'LOCAL' },
        arn: `arn:aws:s3:::${rec.s3.bucket.name}`,
      },
      object: {
        key: s3EventKey(rec.s3.object.key),
        size: rec.s3.object.size ?? 0,
        eTag: rec.s3.object.eTag ?? '',
        sequencer: rec.s3.object.sequencer,
      },
    },
  };
  return { Records: [record] };
}

/**
 * S3 has no directories; s3rver 3.7's filesystem store has, and its deleteObject removes the ones a
 * delete leaves empty. That races a PUT into the same prefix: when the scan deletes
 * `incoming/{applicationId}/{upload1}` just as the browser PUTs `incoming/{applicationId}/{upload2}`,
 * the directory goes between the PUT's mkdir and its open, and the PUT fails (500 InternalError,
 * plus an unhandled ENOENT from its write stream): the document card's 'Upload failed' (docs/local.md,
 * the walk-through's intermittent failure). Deletes here unlink the object's files only; an empty
 * directory stays, which nothing lists (objects are files with s3rver's suffix).
 */
function keepDirectoriesOnDelete(s3rver: S3rver): void {
  const store = s3rver.store;
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      (['object', 'object.md5', 'metadata.json'] as const).map((resource) =>
        unlink(store.getResourcePath(bucket, key, resource)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
  };
}

export async function startS3(opts: {
  dataDir: string;
  port: number;
  bucket: string;
  corsOrigins: string[];
  region: string;
  handlers: HandlerLoader;
  log: Log;
  /**
   * The scan is an asynchronous invoke: a thrown error is retried twice, as Lambda does (AWS waits
   * about 1 and 2 minutes; here this, doubled), then its event goes to the failed-Lambda dead
   * letters (dataDir/dead-letters/lambda.jsonl). Default 20 s (20 s, then 40 s): as on AWS, an outage
   * of the table shorter than a minute is outlived (a 10 s stop of DynamoDB Local is 15–20 s down).
   */
  scanRetryBaseMs?: number;
}): Promise<LocalS3> {
  const retryBaseMs = opts.scanRetryBaseMs ?? 20_000;
  const deadLetterFile = path.join(opts.dataDir, 'dead-letters', 'lambda.jsonl');
  let stopped = false;
  const waits = new Set<{ t: NodeJS.Timeout; resolve: () => void }>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const w = {
        t: setTimeout(() => {
          waits.delete(w);
          resolve();
        }, ms),
        resolve,
      };
      waits.add(w);
    });
  const directory = path.resolve(opts.dataDir, 's3');
  mkdirSync(directory, { recursive: true });
  const s3rver = new S3rver({
    address: HOST,
    port: opts.port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.corsOrigins)] }],
  });
  await s3rver.configureBuckets();
  keepDirectoriesOnDelete(s3rver);
  const multipart = patchMultipart(s3rver, opts.bucket, opts.corsOrigins);

  // s3rver reports a completed multipart upload as ObjectCreated:Post; the request it came from
  // (POST ...?uploadId=...) tells it apart from a browser form POST.
  const requestInfo = new AsyncLocalStorage<{ method: string; url: string }>();
  const inFlight = new Set<Promise<void>>();
  // Lambda keeps an asynchronous invoke's event until it has run (or gone to the dead letters): a
  // scan not finished when the stack stops is kept in pending-scans/ and run when it starts again.
  const pendingDir = path.join(opts.dataDir, 'pending-scans');
  mkdirSync(pendingDir, { recursive: true });

  const runScan = (event: S3Event, journal: string) => {
    const record = event.Records[0]!;
    const run = (async () => {
      let error: unknown;
      for (let attempt = 0; attempt <= ASYNC_RETRY_ATTEMPTS && !stopped; attempt++) {
        if (attempt > 0) await pause(retryBaseMs * 2 ** (attempt - 1));
        if (stopped) return;
        try {
          const handler =
            await opts.handlers.load<(e: S3Event) => Promise<unknown>>('documents/scan/handler');
          await handler(event);
          rmSync(journal, { force: true });
          return;
        } catch (err) {
          error = err;
          opts.log(
            `scan handler failed (attempt ${attempt + 1}) for s3://${record.s3.bucket.name}/${record.s3.object.key}: ${String((err as Error)?.stack ?? err)}`,
          );
        }
      }
      if (stopped) return;
      const e = error as { name?: string; message?: string };
      mkdirSync(path.dirname(deadLetterFile), { recursive: true });
      appendFileSync(
        deadLetterFile,
        JSON.stringify({
          timestamp: new Date().toISOString(),
          requestContext: {
            functionArn: 'arn:aws:lambda:ap-southeast-2:000000000000:function:scan',
            condition: 'RetriesExhausted',
            approximateInvokeCount: ASYNC_RETRY_ATTEMPTS + 1,
          },
          requestPayload: event,
          responsePayload: { errorType: e?.name ?? 'Error', errorMessage: e?.message ?? String(error) },
        }) + '\n',
      );
      rmSync(journal, { force: true });
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  s3rver.on('event', (e: { Records: S3rverEventRecord[] }) => {
    for (const rec of e.Records) {
      if (!rec.eventName.startsWith('ObjectCreated:')) continue;
      if (!rec.s3.object.key.startsWith(scanTriggerPrefix)) continue;
      const req = requestInfo.getStore();
      const eventName =
        rec.eventName === 'ObjectCreated:Post' && req && /[?&]uploadId=/.test(req.url)
          ? 'ObjectCreated:CompleteMultipartUpload'
          : rec.eventName;
      const event = toS3Event(rec, eventName, opts.region);
      const journal = path.join(pendingDir, `${Date.now()}-${randomUUID()}.json`);
      writeFileSync(journal, JSON.stringify(event));
      runScan(event, journal);
    }
  });

  const app = s3rver.callback();
  const server: Server = createServer((req, res) => {
    // s3rver does not check V4 signatures: presigned PUTs (and a multipart upload's presigned list,
    // completion and abort) are checked here as S3 would (s3-presign.ts).
    if (req.method === 'PUT' || (req.method !== 'OPTIONS' && /[?&]uploadId=/.test(req.url ?? ''))) {
      const check = checkPresignedRequest(req.method ?? 'PUT', req.url ?? '/', req.headers);
      if (check && !check.ok) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(presignErrorXml(check.code, check.reason));
        req.resume();
        return;
      }
    }
    void multipart.handle(req, res).then(
      (handled) => {
        if (!handled)
          requestInfo.run({ method: req.method ?? 'GET', url: req.url ?? '/' }, () => app(req, res));
      },
      (err: unknown) => {
        opts.log(`local S3 multipart call failed: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });
  await listen(server, opts.port, HOST);
  // Scans the last run did not finish (oldest first): the scan settles a document once, so one
  // that had finished but not yet been crossed off is skipped by the scan itself.
  const left = readdirSync(pendingDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (left.length) opts.log(`local S3: running ${left.length} scan(s) the last run did not finish`);
  for (const f of left) {
    const journal = path.join(pendingDir, f);
    try {
      runScan(JSON.parse(readFileSync(journal, 'utf8')) as S3Event, journal);
    } catch (err) {
      opts.log(`local S3: a pending scan could not be read (${f}): ${String(err)}`);
      rmSync(journal, { force: true });
    }
  }
  const idle = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };
  return {
    endpoint: `http://${HOST}:${opts.port}`,
    idle,
    stop: async () => {
      stopped = true;
      for (const w of waits) {
        clearTimeout(w.t);
        w.resolve();
      }
      await closeServer(server);
      await idle();
    },
  };
}
