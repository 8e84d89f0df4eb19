/**
 * Environment variables every function reads. CDK sets them on each Lambda; the local stack sets
 * them on its own process before it imports a handler. Endpoints of local stand-ins are given with
 * the AWS SDK's own variables (AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...), so code has no
 * "if local" branches beyond the adapters' choice of implementation.
 */
export const env = {
  /** The single table. */
  TABLE_NAME: 'TABLE_NAME',
  /** The uploads bucket (documents, thumbnails, extracted text). */
  UPLOADS_BUCKET: 'UPLOADS_BUCKET',
  USER_POOL_ID: 'USER_POOL_ID',
  USER_POOL_CLIENT_ID: 'USER_POOL_CLIENT_ID',
  /** 'true' for s3rver (path-style URLs). */
  S3_FORCE_PATH_STYLE: 'S3_FORCE_PATH_STYLE',
  /** Extraction state machine ARN (Step Functions). */
  EXTRACTION_STATE_MACHINE_ARN: 'EXTRACTION_STATE_MACHINE_ARN',
  /** The merge worker the documents.merge consumer hands its jobs to (asynchronous invoke). */
  MERGE_FUNCTION_NAME: 'MERGE_FUNCTION_NAME',
  /** EventBridge Scheduler group, the role it assumes, and the Lambda it targets. */
  SCHEDULER_GROUP: 'SCHEDULER_GROUP',
  SCHEDULER_ROLE_ARN: 'SCHEDULER_ROLE_ARN',
  SCHEDULER_TARGET_ARN: 'SCHEDULER_TARGET_ARN',
  /**
   * For a function that schedules jobs of several features (the event consumers): the target ARN
   * with `{feature}` for the job's feature (`payload.target` = '<feature>/scheduled').
   */
  SCHEDULER_TARGET_ARN_TEMPLATE: 'SCHEDULER_TARGET_ARN_TEMPLATE',
  /** 'outbox' writes mail to MAIL_OUTBOX_DIR (local); 'ses' sends with SES v2. */
  MAIL_TRANSPORT: 'MAIL_TRANSPORT',
  MAIL_OUTBOX_DIR: 'MAIL_OUTBOX_DIR',
  MAIL_FROM: 'MAIL_FROM',
  /** Virus scanner: path of clamscan and of its database directory. */
  CLAMSCAN_PATH: 'CLAMSCAN_PATH',
  CLAMAV_DB_DIR: 'CLAMAV_DB_DIR',
  /**
   * Captcha (ALTCHA) HMAC secret. Locally the stack sets the secret itself; in AWS the function gets
   * the ARN of a generated Secrets Manager secret and reads it once per cold start.
   */
  CAPTCHA_HMAC_SECRET: 'CAPTCHA_HMAC_SECRET',
  CAPTCHA_HMAC_SECRET_ARN: 'CAPTCHA_HMAC_SECRET_ARN',
  /**
   * The web app's origin (`https://portal.example.nz`), for links in mail (Cognito's CustomMessage).
   * When the Web stack's domain is not known to the stack that needs it, WEB_URL_PARAMETER names
   * the SSM parameter the Web stack writes it to, read once per cold start.
   */
  WEB_URL: 'WEB_URL',
  WEB_URL_PARAMETER: 'WEB_URL_PARAMETER',
  /**
   * The secret CloudFront adds to every API request (functions/platform/http/edge.ts): the value
   * locally, the ARN of a generated Secrets Manager secret in AWS.
   */
  ORIGIN_VERIFY_SECRET: 'ORIGIN_VERIFY_SECRET',
  ORIGIN_VERIFY_SECRET_ARN: 'ORIGIN_VERIFY_SECRET_ARN',
  /** Overrides of the named rate limits (functions/platform/rate-limit.ts), JSON. */
  RATE_LIMITS: 'RATE_LIMITS',
  /** The captcha's work factor (functions/platform/adapters/captcha.ts). */
  CAPTCHA_COST: 'CAPTCHA_COST',
  CAPTCHA_COUNTER_MAX: 'CAPTCHA_COUNTER_MAX',
  /**
   * 'true' on the local stack only: council webhooks may be registered at http(s)://127.0.0.1 (a
   * receiver on this machine); on AWS only public https endpoints (docs/council-api.md §5).
   */
  COUNCIL_WEBHOOK_ALLOW_LOOPBACK: 'COUNCIL_WEBHOOK_ALLOW_LOOPBACK',
  /**
   * The webhook delivery function (functions/council/webhooks-delivery.ts) the webhooks Lambda
   * invokes to mint a sealed signing secret or redeliver an event: its name (local: the stand-in's).
   */
  COUNCIL_WEBHOOK_DELIVERY_FUNCTION: 'COUNCIL_WEBHOOK_DELIVERY_FUNCTION',
  /**
   * The key that seals webhook signing secrets, read by the delivery function only
   * (functions/council/service/webhook-seal.ts): the ARN of a generated Secrets Manager secret on
   * AWS; the value itself on the local stack.
   */
  COUNCIL_WEBHOOK_SEALING_KEY_ARN: 'COUNCIL_WEBHOOK_SEALING_KEY_ARN',
  COUNCIL_WEBHOOK_SEALING_KEY: 'COUNCIL_WEBHOOK_SEALING_KEY',
  /**
   * The council pool's issuer (`https://cognito-idp.<region>.amazonaws.com/<pool id>`; locally the
   * Cognito stand-in's URL and pool id): a council caller is taken only from a token of this issuer
   * (functions/platform/caller.ts), besides the gateway's own check. Unset, no council is a caller.
   */
  COUNCIL_ISSUER: 'COUNCIL_ISSUER',
  /**
   * The council clients' token bucket (JSON `{ perSecond, burst }`, partial; functions/platform/
   * token-bucket.ts): unset, 10 a second with bursts of 100. The local stack loosens it (its tests
   * drive many lodgements from one client); an operator sets one client's own with `npm run council -- limit`.
   */
  COUNCIL_RATE_LIMIT: 'COUNCIL_RATE_LIMIT',
  /**
   * 'excluded' in a prod-like stage, 'included' in the others (CDK sets it on every function):
   * the demo authority, its user grants and placeholder bank accounts are left out of the
   * reference data (functions/reference/demo-data.ts). Unset (local stack, tests): included.
   */
  DEMO_DATA: 'DEMO_DATA',
  /** Powertools logger. */
  POWERTOOLS_SERVICE_NAME: 'POWERTOOLS_SERVICE_NAME',
  LOG_LEVEL: 'LOG_LEVEL',
  /** Powertools metrics: the stage's namespace (functions/platform/observability/catalogue.ts). */
  POWERTOOLS_METRICS_NAMESPACE: 'POWERTOOLS_METRICS_NAMESPACE',
  /**
   * Powertools tracer, all 'false' on every function (infra/constructs/portal-function.ts): no
   * responses, no error details, no outgoing HTTP calls in traces (observability/tracer.ts).
   */
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'POWERTOOLS_TRACER_CAPTURE_RESPONSE',
  POWERTOOLS_TRACER_CAPTURE_ERROR: 'POWERTOOLS_TRACER_CAPTURE_ERROR',
  POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS',
  /**
   * Local stack only: the file EMF lines are appended to instead of standard output (read by
   * `npm run ops -- status`). Unset on AWS, where CloudWatch reads EMF from the log.
   */
  METRICS_FILE: 'METRICS_FILE',
} as const;

export type EnvName = keyof typeof env;

/** Reads a required variable; throws at cold start with a clear message when missing. */
export function requireEnv(name: EnvName): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}
