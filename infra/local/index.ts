/**
 * The whole portal on one machine: DynamoDB Local, s3rver (+ the scan trigger), cognito-local
 * behind a proxy (+ the post-confirmation trigger), a local HTTP API gateway over
 * functions/routes.ts, a Step Functions runner over the same ASL as AWS, a local scheduler, a mail
 * outbox, and the web app. `startLocalStack()` starts it; `stop()` ends every part (the DynamoDB
 * java process by its pid).
 */
import { readSiteDetails, siteRuntimeConfig } from '../site';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCognito, type LocalCognito } from './cognito';
import { ensureTable, startDynamo, type LocalDynamo } from './dynamodb';
import { startGateway } from './gateway';
import { HandlerLoader, repoRoot } from './handlers';
import { portsFrom, type Ports } from './ports';
import { startS3, type LocalS3 } from './s3';
import { startPaymentGateway, type LocalPaymentGateway } from './payment-gateway';
import { createScheduler, type LocalScheduler } from './scheduler';
import { STREAM_MAPPINGS, startStreams, type LocalStreams } from './streams';
import { demoUsers, seedDemoUsers, type DemoUser } from './seed';
import {
  LOCAL_EXTRACTION_STATE_MACHINE_ARN,
  startStepFunctions,
  type Execution,
  type LocalStepFunctions,
} from './stepfunctions';
import {
  LOCAL_MERGE_FUNCTION_NAME,
  LOCAL_WEBHOOK_DELIVERY_FUNCTION_NAME,
  LOCAL_WEBHOOK_SEALING_KEY,
  startLambda,
  type LocalLambda,
} from './lambda';
import { startWeb, type WebMode } from './web';
import { localRumConfig } from './rum';
import { rateLimitsFrom, type RateLimits } from '../../functions/platform/rate-limit';
import { localIntervalMs, recurringJobs } from '../../functions/platform/recurring-jobs';
import { LOCAL_ORIGIN_SECRET, localRateLimits } from './edge';
import { onboardLocalCouncils } from './councils';
import { TABLE_NAME } from './names';

export { STAGE } from './gateway';
export { demoUsers, type DemoUser } from './seed';
export { portsFrom, type Ports } from './ports';
export type { WebMode } from './web';
export type { Execution, LocalStepFunctions } from './stepfunctions';
export type { LocalLambda } from './lambda';
export type { LocalScheduler, StoredSchedule } from './scheduler';
export type { LocalStreams } from './streams';
export type { DeadLetter, RedriveResult } from './stream-letters';

export const STACK_NAME = 'ConsentPortalLocal';
/**
 * The local gateway's REST credentials (the stand-in checks them as Windcave does); a test that runs
 * a payments job in its own process uses them too.
 */
export const LOCAL_PAYMENT_GATEWAY = {
  username: 'consent-portal-local',
  apiKey: 'local-payment-gateway-key',
};
const REGION = 'ap-southeast-2';
export { TABLE_NAME };
export const UPLOADS_BUCKET = 'consent-portal-uploads-local';

export interface LocalStackOptions {
  /** Data folder (default .local/). */
  dataDir?: string;
  /** First port (default env PORT_BASE or 4000). */
  portBase?: number;
  /** Wipe dataDir first. */
  reset?: boolean;
  /** 'dev' = Vite middleware, 'dist' = web/dist, 'none' = no web server (default 'dev'). */
  webMode?: WebMode;
  /** Only warnings and errors. */
  quiet?: boolean;
  /** Where the handler modules live (default functions/; tests may point at fixtures). */
  functionsDir?: string;
  /** Seed reference data and demo accounts (default true). */
  seed?: boolean;
  /** Install SIGINT/SIGTERM/SIGHUP handlers that stop the stack and exit (default true). */
  handleSignals?: boolean;
  /** The domain-event stream poller (infra/local/streams.ts): poll pause, retries, first backoff. */
  events?: { pollMs?: number; idlePollMs?: number; retryAttempts?: number; retryBaseMs?: number };
}

export interface LocalStackOutputs {
  /** The API through the CloudFront stand-in (`<web>/api`): the origin secret is added there. */
  ApiUrl: string;
  /** The card gateway stand-in (its hosted page at /pay/{sessionId}). */
  PaymentGatewayUrl: string;
  /** The gateway itself, as the execute-api endpoint: a call here without the secret is refused. */
  GatewayUrl: string;
  /** The rate limits of this stack (functions/platform/rate-limit.ts with RATE_LIMITS applied). */
  RateLimits: RateLimits;
  WebUrl: string;
  UserPoolId: string;
  UserPoolClientId: string;
  /** The council pool and its client-credentials token endpoint (docs/council-api.md §1). */
  CouncilUserPoolId: string;
  CouncilTokenUrl: string;
  /** The hand-over files of the onboarded councils (`<dir>/<authority>.json`). */
  CouncilCredentialsDir: string;
  CognitoEndpoint: string;
  Region: string;
  UploadsBucket: string;
  TableName: string;
  DemoUsers: { email: string; password: string }[];
  DynamoDbEndpoint: string;
  S3Endpoint: string;
  StepFunctionsEndpoint: string;
  ExtractionStateMachineArn: string;
  /** Lambda's asynchronous invoke (infra/local/lambda.ts); its failed invocations in LambdaDeadLetterFile. */
  LambdaEndpoint: string;
  LambdaDeadLetterFile: string;
  MailOutboxDir: string;
  /** JSON lines: domain events whose consumers failed every retry (redrive: infra/local/redrive.ts). */
  EventDeadLetterFile: string;
  /** EMF lines of every metric recorded since the stack started (METRICS_FILE; `npm run ops -- status`). */
  MetricsFile: string;
  StartedAt: string;
  DataDir: string;
}

export interface LocalStack {
  outputs: LocalStackOutputs;
  ports: Ports;
  dataDir: string;
  /** dataDir/outputs.json ({"ConsentPortalLocal": outputs}, as `cdk deploy --outputs-file`). */
  outputsFile: string;
  /** Starts an extraction execution on the local runner. */
  startExecution(input: unknown, name?: string): Execution;
  stepFunctions: LocalStepFunctions;
  /** Asynchronous invokes (the merge worker). */
  lambda: LocalLambda;
  scheduler: LocalScheduler;
  s3: LocalS3;
  cognito: LocalCognito;
  /** The domain-event consumers (undefined when the functions folder has no stream handler). */
  streams: LocalStreams | undefined;
  /** DynamoDB Local: its java stopped and started again by a fault (test/support/faults.ts). */
  dynamodb: Pick<LocalDynamo, 'pid' | 'halt' | 'resume'>;
  /** The card gateway stand-in (its failure mode for faults, its notifications). */
  paymentGateway: LocalPaymentGateway;
  /** Milliseconds from call to ready. */
  startMs: number;
  stop(): Promise<void>;
}

/** Sets the variables every handler reads (functions/platform/config.ts) to the local stand-ins. */
function setHandlerEnv(e: Record<string, string>): void {
  for (const [k, v] of Object.entries(e)) process.env[k] = v;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const t0 = Date.now();
  const dataDir = path.resolve(options.dataDir ?? '.local');
  const portBase = options.portBase ?? (Number(process.env.PORT_BASE) || 4000);
  const ports = portsFrom(portBase);
  const webMode: WebMode = options.webMode ?? 'dev';
  const info = (msg: string) => {
    if (!options.quiet) console.log(`[local] ${msg}`);
  };
  const warn = (msg: string) => console.error(`[local] ${msg}`);

  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const mailDir = path.join(dataDir, 'mail');
  const councilsDir = path.join(dataDir, 'councils');
  mkdirSync(mailDir, { recursive: true });
  // Injected lookup faults never outlive the run that wrote them.
  const lookupsFaultsFile = path.join(dataDir, 'lookups-faults.json');
  rmSync(lookupsFaultsFile, { force: true });
  // The figures of this run (EMF lines, as CloudWatch would read them from the log): read by
  // `npm run ops -- status` (infra/local/ops-status.ts). Started afresh with the stack.
  const metricsFile = path.join(dataDir, 'metrics.jsonl');
  writeFileSync(metricsFile, '');

  const handlers = new HandlerLoader(path.resolve(options.functionsDir ?? path.join(repoRoot, 'functions')));
  const webUrl = `http://127.0.0.1:${ports.web}`;
  const corsOrigins = [webUrl, `http://localhost:${ports.web}`];

  // Stoppers run in reverse order of start; the java child is also killed on process exit.
  const stoppers: { name: string; stop: () => Promise<void> }[] = [];
  let stopping: Promise<void> | undefined;
  // A getter: a fault may restart java (LocalDynamo.resume) under a new pid.
  let javaPid: (() => number) | undefined;
  const killJavaSync = () => {
    if (!javaPid) return;
    try {
      process.kill(javaPid(), 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  const signalHandlers: [NodeJS.Signals, () => void][] = [];
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const s of [...stoppers].reverse()) {
        try {
          await s.stop();
        } catch (err) {
          warn(`stopping ${s.name}: ${String(err)}`);
        }
      }
      javaPid = undefined;
      process.off('exit', killJavaSync);
      for (const [sig, fn] of signalHandlers) process.off(sig, fn);
    })();
    return stopping;
  };
  process.on('exit', killJavaSync);
  if (options.handleSignals !== false) {
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      const fn = () => {
        info(`${sig}: stopping`);
        void stop().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
      };
      process.on(sig, fn);
      signalHandlers.push([sig, fn]);
    }
  }

  try {
    const env: Record<string, string> = {
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      // s3rver only knows this key pair; DynamoDB Local (-sharedDb) and cognito-local take any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${ports.dynamodb}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${ports.cognito}`,
      AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${ports.sfn}`,
      AWS_ENDPOINT_URL_LAMBDA: `http://127.0.0.1:${ports.lambda}`,
      MERGE_FUNCTION_NAME: LOCAL_MERGE_FUNCTION_NAME,
      TABLE_NAME,
      UPLOADS_BUCKET,
      S3_FORCE_PATH_STYLE: 'true',
      EXTRACTION_STATE_MACHINE_ARN: LOCAL_EXTRACTION_STATE_MACHINE_ARN,
      SCHEDULER_GROUP: 'consent-portal-local',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/consent-portal-scheduler-local',
      SCHEDULER_TARGET_ARN:
        'arn:aws:lambda:ap-southeast-2:000000000000:function:consent-portal-scheduled-local',
      MAIL_TRANSPORT: 'outbox',
      MAIL_OUTBOX_DIR: mailDir,
      METRICS_FILE: metricsFile,
      MAIL_FROM: 'Consent Portal <no-reply@consent.local>',
      CLAMSCAN_PATH: '/usr/bin/clamscan',
      CLAMAV_DB_DIR: path.join(repoRoot, 'infra/local/clamav'),
      POWERTOOLS_SERVICE_NAME: 'consent-portal',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (options.quiet ? 'WARN' : 'INFO'),
      LOCAL_STACK: 'true',
      // A fixed development secret for the captcha (AWS: a generated Secrets Manager secret).
      CAPTCHA_HMAC_SECRET: 'consent-portal-local-captcha-secret',
      // What CloudFront adds to every API request (AWS: a generated Secrets Manager secret).
      ORIGIN_VERIFY_SECRET: LOCAL_ORIGIN_SECRET,
      RATE_LIMITS: localRateLimits(),
      // Links in Cognito's mail (AWS: the Web stack's URL through SSM, or -c webUrl).
      WEB_URL: webUrl,
      // Lookups (NZ Post, parcels, LBP register): the local services over shared/sample-data; a
      // test may make one fail by writing this file (functions/platform/adapters/lookups/local.ts).
      LOOKUPS_MODE: 'local',
      LOOKUPS_FAULTS_FILE: lookupsFaultsFile,
      // Council webhooks may go to a receiver on this machine (AWS: public https only).
      COUNCIL_WEBHOOK_ALLOW_LOOPBACK: 'true',
      // The webhook delivery function (the webhooks Lambda invokes it) and the key sealing signing
      // secrets (AWS: a generated Secrets Manager secret only the delivery function may read).
      COUNCIL_WEBHOOK_DELIVERY_FUNCTION: LOCAL_WEBHOOK_DELIVERY_FUNCTION_NAME,
      COUNCIL_WEBHOOK_SEALING_KEY: LOCAL_WEBHOOK_SEALING_KEY,
      // Card payments: the local gateway (AWS: Windcave, credentials in a secret). Notifications come
      // to ${webUrl}/api/public/payments/notifications, as CloudFront's /api does on AWS.
      PAYMENT_GATEWAY_URL: `http://127.0.0.1:${ports.paymentGateway}`,
      PAYMENT_GATEWAY_USER: LOCAL_PAYMENT_GATEWAY.username,
      PAYMENT_GATEWAY_KEY: LOCAL_PAYMENT_GATEWAY.apiKey,
    };
    setHandlerEnv(env);

    // The independent stand-ins start side by side; java is the slowest.
    const dynamoP = startDynamo({ dataDir, port: ports.dynamodb, log: warn });
    const s3P = startS3({
      dataDir,
      port: ports.s3,
      bucket: UPLOADS_BUCKET,
      corsOrigins,
      region: REGION,
      handlers,
      log: warn,
    });
    const cognitoP = startCognito({
      dataDir,
      port: ports.cognito,
      internalPort: ports.cognitoInternal,
      region: REGION,
      mailDir,
      handlers,
      log: warn,
    });
    const sfnP = startStepFunctions({ port: ports.sfn, handlers, log: warn });
    const lambdaP = startLambda({ port: ports.lambda, dataDir, handlers, log: warn });
    const payP = startPaymentGateway({
      port: ports.paymentGateway,
      ...LOCAL_PAYMENT_GATEWAY,
      // Kept in the data directory: a restart finds the sessions, as the real gateway keeps them.
      file: path.join(dataDir, 'payment-gateway-sessions.json'),
      log: warn,
    });
    const started = await Promise.allSettled([dynamoP, s3P, cognitoP, sfnP, lambdaP, payP]);
    const [dynamoR, s3R, cognitoR, sfnR, lambdaR, payR] = started;
    if (dynamoR.status === 'fulfilled') {
      const db = dynamoR.value;
      javaPid = () => db.pid;
      stoppers.push({ name: 'dynamodb', stop: dynamoR.value.stop });
    }
    if (s3R.status === 'fulfilled') stoppers.push({ name: 's3', stop: s3R.value.stop });
    if (cognitoR.status === 'fulfilled') stoppers.push({ name: 'cognito', stop: cognitoR.value.stop });
    if (sfnR.status === 'fulfilled') stoppers.push({ name: 'stepfunctions', stop: sfnR.value.stop });
    if (lambdaR.status === 'fulfilled') stoppers.push({ name: 'lambda', stop: lambdaR.value.stop });
    if (payR.status === 'fulfilled') stoppers.push({ name: 'payment gateway', stop: payR.value.close });
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const dynamo = (dynamoR as PromiseFulfilledResult<Awaited<typeof dynamoP>>).value;
    const s3 = (s3R as PromiseFulfilledResult<LocalS3>).value;
    const cognito = (cognitoR as PromiseFulfilledResult<LocalCognito>).value;
    const stepFunctions = (sfnR as PromiseFulfilledResult<LocalStepFunctions>).value;
    const lambda = (lambdaR as PromiseFulfilledResult<LocalLambda>).value;
    const paymentGateway = (payR as PromiseFulfilledResult<LocalPaymentGateway>).value;
    info(
      `DynamoDB Local (pid ${dynamo.pid}), s3rver, cognito-local, Step Functions up in ${Date.now() - t0} ms`,
    );

    // The web server (Vite takes a few seconds to start) comes up while the table and seeds are made.
    // Without a web app it still serves /api/*: the CloudFront stand-in every API call goes through.
    const webP = startWeb({
      port: ports.web,
      apiPort: ports.api,
      mode: webMode,
      originSecret: LOCAL_ORIGIN_SECRET,
      config: {
        apiUrl: '/api',
        region: REGION,
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.clientId,
        cognitoEndpoint: cognito.endpoint,
        authFlowType: 'USER_PASSWORD_AUTH',
        // The map: the offline one unless CONSENT_PORTAL_MAPS_KEY gives a LINZ Basemaps key (tests never do).
        ...siteRuntimeConfig(readSiteDetails(), process.env.CONSENT_PORTAL_MAPS_KEY || undefined),
        // Browser error reporting: off locally unless asked (infra/local/rum.ts; undefined: left out).
        rum: localRumConfig(),
      },
      uploadsOrigin: s3.endpoint,
      log: warn,
    });
    // If a later step fails, the web server must still be stopped.
    webP.catch(() => undefined);
    stoppers.push({
      name: 'web (if started)',
      stop: async () => {
        const web = await webP.catch(() => undefined);
        await web?.stop();
      },
    });

    const created = await ensureTable(dynamo.client, TABLE_NAME);
    info(`table ${TABLE_NAME}: ${created}`);
    setHandlerEnv({
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.clientId,
      // The issuer the local gateway verifies council tokens against (infra/local/council-authorizer.ts).
      COUNCIL_ISSUER: `${cognito.endpoint}/${cognito.councilUserPoolId}`,
      // Every test, the demo's seeding and the automatic council share a few clients on one machine,
      // thousands of calls in seconds: a bucket that never empties there (docs/council-api.md
      // "Limits"; the limit itself is tested with a client's own rule). Env
      // CONSENT_PORTAL_COUNCIL_RATE_LIMIT replaces it, e.g. to try the production rule locally.
      COUNCIL_RATE_LIMIT:
        process.env.CONSENT_PORTAL_COUNCIL_RATE_LIMIT ??
        JSON.stringify({ perSecond: 10_000, burst: 100_000 }),
    });

    // The scheduler seam: functions/platform/adapters/scheduler.ts gets the local implementation.
    const scheduler = createScheduler({ file: path.join(dataDir, 'schedules.json'), handlers, log: warn });
    stoppers.push({ name: 'scheduler', stop: scheduler.stop });
    if (handlers.exists('platform/adapters/scheduler')) {
      const setImpl = await handlers.load<(impl: unknown) => void>(
        'platform/adapters/scheduler',
        'setSchedulerImplementation',
      );
      setImpl(scheduler);
    } else {
      warn('functions/platform/adapters/scheduler.ts is not there yet: handlers cannot schedule');
    }

    // Domain events: the table stream → each feature's consumer function (functions/<feature>/stream.ts)
    // and the webhook delivery function, as their event source mappings do on AWS.
    let streams: LocalStreams | undefined;
    if (STREAM_MAPPINGS.some((m) => handlers.exists(m.handler))) {
      streams = await startStreams({
        dataDir,
        dynamo: dynamo.client,
        endpoint: dynamo.endpoint,
        region: REGION,
        tableName: TABLE_NAME,
        handlers,
        log: warn,
        ...options.events,
      });
      stoppers.push({ name: 'event streams', stop: streams.stop });
    } else {
      warn(
        'no stream handler (functions/<feature>/stream.ts) in the functions folder: no domain-event consumers',
      );
    }

    const gateway = await startGateway({
      port: ports.api,
      corsOrigins,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      council: {
        userPoolId: cognito.councilUserPoolId,
        listClientIds: async () => {
          const out = await cognito.call<{ UserPoolClients?: { ClientId: string }[] }>(
            'ListUserPoolClients',
            {
              UserPoolId: cognito.councilUserPoolId,
              MaxResults: 60,
            },
          );
          return (out.UserPoolClients ?? []).map((c) => c.ClientId);
        },
      },
      handlers,
      log: warn,
      afterInvoke: () => streams?.nudge(),
    });
    stoppers.push({ name: 'gateway', stop: gateway.stop });

    if (options.seed !== false) {
      const seedStart = Date.now();
      const seeder = new HandlerLoader(path.join(repoRoot, 'infra/seed'));
      if (seeder.exists('seed-reference')) {
        try {
          const seedReferenceData = await seeder.load<() => Promise<unknown>>(
            'seed-reference',
            'seedReferenceData',
          );
          await seedReferenceData();
        } catch (err) {
          warn(`reference data seeding failed: ${String((err as Error)?.stack ?? err)}`);
        }
      } else {
        warn('infra/seed/seed-reference.ts is not there yet: no reference data');
      }
      await seedDemoUsers({ cognito, stateFile: path.join(dataDir, 'seeded-users.json'), log: warn });
      const councilsMs = await onboardLocalCouncils({
        cognito,
        region: REGION,
        apiUrl: `${webUrl}/api`,
        dir: councilsDir,
        log: warn,
      });
      info(`councils onboarded in ${councilsMs} ms`);
      info(`seeded in ${Date.now() - seedStart} ms`);
    }

    await webP;

    // Schedules that came due while the stack was down fire now; the rest get timers. The recurring
    // jobs (AWS: EventBridge rules at a rate) every interval from now, shortened by their env variable.
    scheduler.start();
    for (const job of recurringJobs) {
      if (handlers.exists(job.payload.target)) scheduler.every(job.name, localIntervalMs(job), job.payload);
    }

    const outputs: LocalStackOutputs = {
      CouncilUserPoolId: cognito.councilUserPoolId,
      CouncilTokenUrl: cognito.councilTokenUrl,
      CouncilCredentialsDir: councilsDir,
      ApiUrl: `${webUrl}/${new URL(gateway.url).pathname.replace(/^\/+/, '')}`,
      GatewayUrl: gateway.url,
      PaymentGatewayUrl: `http://127.0.0.1:${ports.paymentGateway}`,
      RateLimits: rateLimitsFrom(env.RATE_LIMITS),
      WebUrl: webUrl,
      UserPoolId: cognito.userPoolId,
      UserPoolClientId: cognito.clientId,
      CognitoEndpoint: cognito.endpoint,
      Region: REGION,
      UploadsBucket: UPLOADS_BUCKET,
      TableName: TABLE_NAME,
      DemoUsers: demoUsers.map((u: DemoUser) => ({ email: u.email, password: u.password })),
      DynamoDbEndpoint: dynamo.endpoint,
      S3Endpoint: s3.endpoint,
      StepFunctionsEndpoint: stepFunctions.endpoint,
      ExtractionStateMachineArn: stepFunctions.stateMachineArn,
      LambdaEndpoint: lambda.endpoint,
      LambdaDeadLetterFile: lambda.deadLetterFile,
      MailOutboxDir: mailDir,
      EventDeadLetterFile: path.join(dataDir, 'dead-letters', 'events.jsonl'),
      MetricsFile: metricsFile,
      StartedAt: new Date(t0).toISOString(),
      DataDir: dataDir,
    };
    const outputsFile = path.join(dataDir, 'outputs.json');
    writeFileSync(outputsFile, JSON.stringify({ [STACK_NAME]: outputs }, null, 2) + '\n');

    return {
      outputs,
      ports,
      dataDir,
      outputsFile,
      startExecution: (input, name) => stepFunctions.startExecution(input, name),
      stepFunctions,
      lambda,
      scheduler,
      s3,
      cognito,
      streams,
      dynamodb: dynamo,
      paymentGateway,
      startMs: Date.now() - t0,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
