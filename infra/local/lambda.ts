/**
 * Lambda's asynchronous invoke, locally (docs/documents.md "Merge"): the Invoke API
 * (`POST /2015-03-31/functions/{name}/invocations`, `X-Amz-Invocation-Type: Event`) at
 * AWS_ENDPOINT_URL_LAMBDA, so handlers call the real @aws-sdk/client-lambda, as with Step Functions.
 * An Event invoke answers 202 at once and runs the function's handler module in the background
 * (never inside the caller: the stream poller goes on), retried twice as Lambda does (here after
 * `retryBaseMs`, doubling; AWS waits about 1 and 2 minutes), then its record goes to
 * dataDir/dead-letters/lambda.jsonl in the shape of the on-failure destination's record
 * (requestContext, requestPayload, responsePayload). A RequestResponse invoke (the webhooks Lambda
 * asking the webhook delivery function for a sealed secret or a redelivery) runs the handler once
 * and answers its result, or Lambda's error shape with `X-Amz-Function-Error: Unhandled`. Only the
 * functions in LOCAL_FUNCTIONS exist.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { HandlerLoader } from './handlers';
import { lambdaContext } from './handlers';
import { HOST } from './ports';
import { closeServer, listen, readBody, sendJson, type Log } from './util';
import { createHolds, runtimeExited, type HeldInvocation } from './holds';

/** Local function names → their handler modules (relative to the functions folder). */
export const LOCAL_FUNCTIONS = {
  'consent-portal-merge-local': 'documents/merge/worker',
  'consent-portal-webhooks-local': 'council/webhooks-delivery',
} as const;
export const LOCAL_MERGE_FUNCTION_NAME = 'consent-portal-merge-local';
/** The webhook delivery function (COUNCIL_WEBHOOK_DELIVERY_FUNCTION of the webhooks Lambda). */
export const LOCAL_WEBHOOK_DELIVERY_FUNCTION_NAME = 'consent-portal-webhooks-local';
/**
 * The key sealing council webhook signing secrets on the local stack (AWS: a generated Secrets
 * Manager secret only the delivery function may read). A fixed development value: local data only.
 */
export const LOCAL_WEBHOOK_SEALING_KEY = 'consent-portal-local-webhook-sealing-key-0123456789';

/** Lambda's retries of a failed asynchronous invocation. */
export const ASYNC_RETRY_ATTEMPTS = 2;

export interface LocalLambda {
  /** AWS_ENDPOINT_URL_LAMBDA */
  endpoint: string;
  /** dataDir/dead-letters/lambda.jsonl: invocations that failed every retry. */
  deadLetterFile: string;
  /** Resolves when no invocation is running or waiting for a retry. */
  idle(): Promise<void>;
  /**
   * Fault injection: holds the next asynchronous attempt of function `name` before its handler runs;
   * `kill()` fails that attempt as a killed runtime (`Runtime.ExitError`), and Lambda's retries apply.
   */
  holdNext(name: string, match?: (payload: unknown) => boolean): HeldInvocation;
  stop(): Promise<void>;
}

export async function startLambda(opts: {
  port: number;
  dataDir: string;
  handlers: HandlerLoader;
  log: Log;
  retryBaseMs?: number;
}): Promise<LocalLambda> {
  const deadLetterFile = path.join(opts.dataDir, 'dead-letters', 'lambda.jsonl');
  mkdirSync(path.dirname(deadLetterFile), { recursive: true });
  const running = new Set<Promise<void>>();
  const holds = createHolds();
  let stopped = false;

  async function run(name: keyof typeof LOCAL_FUNCTIONS, payload: unknown) {
    const handler = await opts.handlers.load<(e: unknown, c: unknown) => Promise<unknown>>(
      LOCAL_FUNCTIONS[name],
    );
    let error: unknown;
    for (let attempt = 0; attempt <= ASYNC_RETRY_ATTEMPTS && !stopped; attempt++) {
      if (attempt > 0)
        await new Promise((r) => setTimeout(r, (opts.retryBaseMs ?? 200) * 2 ** (attempt - 1)));
      try {
        if (await holds.arrive(name, payload)) throw runtimeExited(name);
        await handler(payload, lambdaContext(name, randomUUID()));
        return;
      } catch (err) {
        error = err;
        opts.log(`lambda ${name}: attempt ${attempt + 1} failed: ${String((err as Error)?.message ?? err)}`);
      }
    }
    if (stopped) return;
    const e = error as { name?: string; message?: string };
    appendFileSync(
      deadLetterFile,
      JSON.stringify({
        timestamp: new Date().toISOString(),
        requestContext: {
          functionArn: `arn:aws:lambda:ap-southeast-2:000000000000:function:${name}`,
          condition: 'RetriesExhausted',
          approximateInvokeCount: ASYNC_RETRY_ATTEMPTS + 1,
        },
        requestPayload: payload,
        responsePayload: { errorType: e?.name ?? 'Error', errorMessage: e?.message ?? String(error) },
      }) + '\n',
    );
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(req.url?.split('?')[0] ?? '');
      const name = match ? decodeURIComponent(match[1]!).split(':').at(-1)! : '';
      if (req.method !== 'POST' || !(name in LOCAL_FUNCTIONS))
        return sendJson(res, 404, { Type: 'User', message: `Function not found: ${name}` });
      const type = req.headers['x-amz-invocation-type'] ?? 'RequestResponse';
      if (type === 'RequestResponse') {
        const body = await readBody(req, 6 * 1024 * 1024); // Lambda's limit of a synchronous payload
        const payload: unknown = body.length ? JSON.parse(body.toString('utf8')) : {};
        const handler = await opts.handlers.load<(e: unknown, c: unknown) => Promise<unknown>>(
          LOCAL_FUNCTIONS[name as keyof typeof LOCAL_FUNCTIONS],
        );
        try {
          const result = await handler(payload, lambdaContext(name, randomUUID()));
          res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() });
          res.end(JSON.stringify(result ?? null));
        } catch (err) {
          const e = err as { name?: string; message?: string };
          res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
          res.end(JSON.stringify({ errorType: e?.name ?? 'Error', errorMessage: e?.message ?? String(err) }));
        }
        return;
      }
      if (type !== 'Event')
        return sendJson(res, 400, {
          Type: 'User',
          message: `Invocation type ${String(type)} is not served locally`,
        });
      const body = await readBody(req, 256 * 1024); // Lambda's limit of an asynchronous payload
      const payload: unknown = body.length ? JSON.parse(body.toString('utf8')) : {};
      const p = run(name as keyof typeof LOCAL_FUNCTIONS, payload).catch((err: unknown) =>
        opts.log(`lambda ${name}: ${String(err)}`),
      );
      running.add(p);
      void p.finally(() => running.delete(p));
      res.writeHead(202, { 'x-amzn-requestid': randomUUID() });
      res.end();
    })().catch((err: unknown) => sendJson(res, 400, { Type: 'User', message: String(err) }));
  });
  await listen(server, opts.port, HOST);

  return {
    endpoint: `http://${HOST}:${opts.port}`,
    deadLetterFile,
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    holdNext: (name, match) => holds.holdNext(name, match),
    async stop() {
      stopped = true;
      holds.releaseAll();
      await closeServer(server);
    },
  };
}
