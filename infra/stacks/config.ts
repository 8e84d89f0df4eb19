import type { Node } from 'constructs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PaymentOptionsReference } from '../../shared/schemas/payments.js';
import { isPlaceholderNzBankAccount } from '../../shared/domain/nz-bank-account.js';
import { repoRoot } from '../constructs/portal-function.js';
import type { RouteDef } from '../../functions/routes.js';
import { councilsOf } from '../council/councils.js';
import { MapsKey } from '../../shared/domain/site-map.js';
import { restoredTableFrom, type RestoredTable } from './restored-table.js';

/** Everything that differs between deployments of the portal. */
export interface PortalConfig {
  /** Stage name (dev, test, staging, prod, ...): part of every stack name. */
  stage: string;
  region: string;
  /** Omitted: environment-agnostic account (resolved at deploy time). */
  account?: string;
  /** Prod-like stages keep user pools and data on stack deletion and turn on deletion protection. */
  prodLike: boolean;
  /**
   * ARN of a Lambda layer that ships clamscan and a freshclam-maintained database (a deploy-time
   * input: no layer is built here). Without it the scan function has no scanner on AWS.
   */
  clamavLayerArn?: string;
  /**
   * The card gateway's REST API (Windcave; context `paymentGatewayUrl`, e.g. https://sec.windcave.com).
   * The credentials are in a secret. Unset: the gateway's UAT site in a test stage; a prod-like stage
   * must name it, and not the UAT site ({@link resolveConfig}: the synth fails otherwise).
   */
  paymentGatewayUrl?: string | undefined;
  /** Built SPA (web/dist). Deployed only when the directory exists. */
  webDistPath: string;
  /** The operator's links and support contact for config.json (default infra/site.json). */
  siteDetailsFile: string;
  /**
   * More origins allowed to PUT/GET uploads straight to S3 with presigned URLs (a custom domain, a
   * staging site), besides the portal's own: the Web stack sets the bucket's CORS to its
   * distribution's origin (and webUrl's) plus these, never every `*.cloudfront.net` site.
   */
  uploadsCorsOrigins: string[];
  /** Cognito Plus feature plan with full-function threat protection (paid). */
  threatProtection: boolean;
  /** Sender address of the portal's mail (SES identity); MAIL_FROM of the functions that send mail. */
  mailFrom?: string;
  /**
   * The web app's public URL (a custom domain, `https://portal.example.nz`) for links in Cognito's
   * mail. Without it the Web stack writes its CloudFront URL to the SSM parameter
   * {@link webUrlParameterName} and the CustomMessage trigger reads it at run time (the Auth stack
   * cannot reference the Web stack, which depends on it).
   */
  webUrl?: string;
  /** WAF: requests per client address per 5 minutes before the rate-based rule blocks (infra/stacks/waf-stack.ts). */
  wafRateLimit?: number;
  /**
   * Overrides of the API's named rate limits (functions/platform/rate-limit.ts), JSON, e.g.
   * `{"registrationPerClient":{"limit":40}}`: RATE_LIMITS of the API's functions.
   */
  rateLimits?: string;
  /**
   * A custom domain for the HTTP API (`api.portal.example.nz`) with its ACM certificate in the
   * stack's region: CloudFront then uses it as the /api/* origin and the default execute-api
   * endpoint is disabled. Without it CloudFront uses the execute-api domain, and the API refuses
   * any request without CloudFront's origin secret (functions/platform/http/edge.ts).
   */
  apiDomain?: { domainName: string; certificateArn: string };
  /** The route table; tests override it, the app always uses functions/routes.ts. */
  routes?: readonly RouteDef[];
  /**
   * The authorities onboarded to the council API (one council pool app client each): context
   * `councils=wcc,akl`, else infra/councils.json's list for the stage.
   */
  councils: string[];
  /**
   * Browser error reporting (CloudWatch RUM, docs/browser-errors.md): context `rum` (default on;
   * `-c rum=false` leaves out the app monitor, its identity pool and config.json's `rum`) and
   * `rumErrorSampleRate`, the share of page loads with an error that are reported (default 0.3).
   */
  rum: boolean;
  rumErrorSampleRate: number;
  /**
   * Where the operators' alarm topic sends mail (context `alarmEmail`): an email subscription of the
   * topic (confirmed by its recipient). Without it the topic has no subscriber until one is added.
   */
  alarmEmail?: string;
  /**
   * The authorities' payment options as the payments functions bundle them
   * ({@link PAYMENT_OPTIONS_FILE}, read at synth when unset; tests give their own). Checked by
   * {@link resolveConfig}: every deposit account a valid NZ bank account number, and none a
   * placeholder in a prod-like stage (docs/deploy.md).
   */
  paymentOptions?: unknown;
  /**
   * The site map's tiles key (context `mapsKey`, env CONSENT_PORTAL_MAPS_KEY): a LINZ Basemaps
   * browser key, public by design (it goes into config.json and tile URLs). Without it the SPA
   * draws its bundled offline map of New Zealand (docs/lookups.md "The site on a map").
   */
  mapsKey?: string;
  /**
   * The table the stage runs on after a point-in-time restore (infra/stacks/restored-table.ts:
   * context `tableName` + `tableStreamArn`, else infra/restored-tables.json): the Data stack then
   * uses it by name instead of creating one. Undefined: the Data stack's own table.
   */
  restoredTable?: RestoredTable | undefined;
}

/** Where the authorities' payment options (and their deposit accounts) live. */
export const PAYMENT_OPTIONS_FILE = 'shared/reference/payment-options.json';

export const PROD_LIKE_STAGES = ['prod', 'production', 'staging', 'preprod'];

const list = (v: unknown): string[] | undefined => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.trim())
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return undefined;
};

const bool = (v: unknown): boolean | undefined =>
  v === undefined ? undefined : v === true || v === 'true' || v === '1';

/**
 * Reads the configuration from CDK context (`-c stage=prod`), then environment variables
 * (CONSENT_PORTAL_STAGE, ...), then defaults.
 */
export function configFromContext(node: Node, env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const ctx = (key: string, envName: string): unknown => node.tryGetContext(key) ?? env[envName];
  const stage = String(ctx('stage', 'CONSENT_PORTAL_STAGE') ?? 'dev');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Invalid stage name "${stage}": lower-case letters, digits and dashes, at most 20.`);
  }
  const region = String(ctx('region', 'CONSENT_PORTAL_REGION') ?? 'ap-southeast-2');
  const account = (ctx('account', 'CDK_DEFAULT_ACCOUNT') as string | undefined) || undefined;
  const layer = ctx('clamavLayerArn', 'CONSENT_PORTAL_CLAMAV_LAYER_ARN') as string | undefined;
  return {
    stage,
    region,
    account,
    prodLike: bool(ctx('prodLike', 'CONSENT_PORTAL_PROD_LIKE')) ?? PROD_LIKE_STAGES.includes(stage),
    clamavLayerArn: layer || undefined,
    paymentGatewayUrl:
      (ctx('paymentGatewayUrl', 'CONSENT_PORTAL_PAYMENT_GATEWAY_URL') as string | undefined) || undefined,
    webDistPath: path.resolve(repoRoot, String(ctx('webDist', 'CONSENT_PORTAL_WEB_DIST') ?? 'web/dist')),
    siteDetailsFile: path.resolve(
      repoRoot,
      String(ctx('siteDetails', 'CONSENT_PORTAL_SITE_DETAILS') ?? 'infra/site.json'),
    ),
    uploadsCorsOrigins: list(ctx('webOrigins', 'CONSENT_PORTAL_WEB_ORIGINS')) ?? [],
    threatProtection: bool(ctx('threatProtection', 'CONSENT_PORTAL_THREAT_PROTECTION')) ?? false,
    mailFrom: (ctx('mailFrom', 'CONSENT_PORTAL_MAIL_FROM') as string | undefined) || undefined,
    webUrl: webUrlOf(ctx('webUrl', 'CONSENT_PORTAL_WEB_URL')),
    wafRateLimit: positiveInt(ctx('wafRateLimit', 'CONSENT_PORTAL_WAF_RATE_LIMIT'), 'wafRateLimit'),
    rateLimits: jsonText(ctx('rateLimits', 'CONSENT_PORTAL_RATE_LIMITS')),
    councils: list(ctx('councils', 'CONSENT_PORTAL_COUNCILS')) ?? councilsOf(stage),
    rum: bool(ctx('rum', 'CONSENT_PORTAL_RUM')) ?? true,
    rumErrorSampleRate: sampleRate(ctx('rumErrorSampleRate', 'CONSENT_PORTAL_RUM_ERROR_SAMPLE_RATE')),
    alarmEmail: alarmEmailOf(ctx('alarmEmail', 'CONSENT_PORTAL_ALARM_EMAIL')),
    mapsKey: mapsKeyOf(ctx('mapsKey', 'CONSENT_PORTAL_MAPS_KEY')),
    restoredTable: restoredTableFrom(
      stage,
      ctx('tableName', 'CONSENT_PORTAL_TABLE_NAME'),
      ctx('tableStreamArn', 'CONSENT_PORTAL_TABLE_STREAM_ARN'),
    ),
    apiDomain: apiDomainOf(
      ctx('apiDomainName', 'CONSENT_PORTAL_API_DOMAIN_NAME'),
      ctx('apiCertificateArn', 'CONSENT_PORTAL_API_CERTIFICATE_ARN'),
    ),
  };
}

/** The card gateway's test site: only a test stage may use it (docs/deploy.md). */
export const UAT_PAYMENT_GATEWAY_URL = 'https://uat.windcave.com';

/** A configuration whose settings were checked for its kind of stage, with the defaults it may have. */
export type ResolvedConfig = PortalConfig & { paymentGatewayUrl: string };

/**
 * The settings a stage may not have, refused, and the defaults of a test stage applied (docs/deploy.md): a prod-like stage must name the card gateway (context `paymentGatewayUrl`), never its
 * UAT site; a test stage falls back to UAT. Whether demo data loads follows `prodLike` too
 * (DEMO_DATA, infra/constructs/portal-function.ts).
 */
export function resolveConfig(config: PortalConfig): ResolvedConfig {
  const gateway = config.paymentGatewayUrl;
  if (config.prodLike) {
    if (!gateway)
      throw new Error(
        `Stage ${config.stage} is prod-like: set the card gateway's production address with -c paymentGatewayUrl=https://sec.windcave.com (no fall-back to its UAT site).`,
      );
    if (/^https?:\/\/uat\./i.test(gateway))
      throw new Error(
        `Stage ${config.stage} is prod-like: paymentGatewayUrl ${gateway} is the gateway's UAT (test) site.`,
      );
  }
  checkPaymentOptions(
    config.stage,
    config.prodLike,
    config.paymentOptions ?? JSON.parse(readFileSync(path.join(repoRoot, PAYMENT_OPTIONS_FILE), 'utf8')),
  );
  return { ...config, paymentGatewayUrl: gateway ?? UAT_PAYMENT_GATEWAY_URL };
}

/**
 * The deposit accounts a stage would offer (docs/deploy.md): any stage refuses one that is not a
 * valid NZ bank account number (the payments functions would fail at cold start), naming the
 * authority, the field and the reason; a prod-like stage refuses the placeholders (`00-0000-…`)
 * too, so no council's deposit option goes live without its own account.
 */
export function checkPaymentOptions(stage: string, prodLike: boolean, options: unknown): void {
  const parsed = PaymentOptionsReference.safeParse(options);
  if (!parsed.success)
    throw new Error(
      `${PAYMENT_OPTIONS_FILE}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  if (!prodLike) return;
  const placeholders = Object.entries(parsed.data)
    .filter(([, o]) => o.deposit && isPlaceholderNzBankAccount(o.deposit.accountNumber))
    .map(([id, o]) => `${id} (${o.deposit!.accountNumber})`);
  if (placeholders.length)
    throw new Error(
      `Stage ${stage} is prod-like: the deposit account of ${placeholders.join(', ')} is a placeholder, not a bank account. Put each council's own account in ${PAYMENT_OPTIONS_FILE} (it must pass the NZ bank account check), or remove its deposit option.`,
    );
}

/** The spec's "error replay sample rate 0.3 on error" unless told otherwise; a share from 0 to 1. */
function sampleRate(v: unknown): number {
  if (v === undefined || v === null || v === '') return 0.3;
  const n = Number(v);
  if (!(n >= 0 && n <= 1)) throw new Error(`Invalid rumErrorSampleRate "${String(v)}": a number from 0 to 1`);
  return n;
}

function positiveInt(v: unknown, name: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Invalid ${name} "${String(v)}": a positive integer`);
  return n;
}

/** A JSON text (context may give it parsed): validated as JSON here, by the function at cold start. */
function jsonText(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  JSON.parse(text);
  return text;
}

function apiDomainOf(name: unknown, arn: unknown): PortalConfig['apiDomain'] {
  if (!name && !arn) return undefined;
  if (!name || !arn) throw new Error('apiDomainName and apiCertificateArn go together');
  return { domainName: String(name), certificateArn: String(arn) };
}

/** `https://host[/path]` without a trailing slash, or undefined; anything else is refused. */
function webUrlOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const url = String(v).trim().replace(/\/+$/, '');
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s?#]*)?$/i.test(url))
    throw new Error(`Invalid webUrl "${String(v)}": expected https://host[/path]`);
  return url;
}

/** The SSM parameter the Web stack writes the web app's URL to (read by Cognito's CustomMessage trigger). */
export const webUrlParameterName = (stage: string): string => `/consent-portal/${stage}/web-url`;

/** An address for the alarm topic's email subscription, or undefined. */
/** A maps key of the right shape (shared/domain/site-map.ts MapsKey), or undefined. */
function mapsKeyOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const parsed = MapsKey.safeParse(String(v));
  if (!parsed.success) throw new Error(`Invalid mapsKey: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

function alarmEmailOf(v: unknown): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const email = String(v).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Invalid alarmEmail "${email}"`);
  return email;
}
