/**
 * The lookup adapters the handlers use, chosen by environment:
 *
 * - LOOKUPS_MODE = local | live (default local), overridden per service by LOOKUPS_NZPOST_MODE,
 *   LOOKUPS_PROPERTY_MODE, LOOKUPS_LBP_MODE;
 * - local: the sample-data services of local.ts (LOOKUPS_FAULTS_FILE: fault injection, local only);
 * - live: the real clients, configured by
 *   NZPOST_BASE_URL, NZPOST_TOKEN_URL, NZPOST_CLIENT_ID, NZPOST_CLIENT_SECRET (NZ Post AddressChecker),
 *   LINZ_BASE_URL, LINZ_API_KEY, LINZ_PARCELS_LAYER (LINZ parcels),
 *   LBP_BASE_URL, LBP_API_KEY (the LBP register), LOOKUPS_TIMEOUT_MS (default 5000).
 *   Secrets may instead come from the Secrets Manager secret named by LOOKUPS_SECRET_ARN (a JSON
 *   object with any of NZPOST_CLIENT_ID, NZPOST_CLIENT_SECRET, LINZ_API_KEY, LBP_API_KEY), read once
 *   per cold start; a variable set directly wins.
 *
 * A live service without its configuration fails every call as 'connect' (the handler answers
 * with the spec's message) rather than failing the whole function at cold start.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManagerClient } from '../aws/secrets-manager.js';
import { lbpClient } from './lbp.js';
import { linzClient } from './linz.js';
import { localAddressService, localLbpRegister, localPropertyService } from './local.js';
import { nzPostClient } from './nzpost.js';
import {
  LookupServiceError,
  type AddressService,
  type LbpRegister,
  type LookupAdapters,
  type LookupServiceName,
  type PropertyService,
} from './types.js';

export * from './types.js';

/** The environment variables of the lookups (the API stack sets them on the lookups function). */
export const lookupsEnv = [
  'LOOKUPS_MODE',
  'LOOKUPS_NZPOST_MODE',
  'LOOKUPS_PROPERTY_MODE',
  'LOOKUPS_LBP_MODE',
  'LOOKUPS_FAULTS_FILE',
  'LOOKUPS_TIMEOUT_MS',
  'LOOKUPS_SECRET_ARN',
  'NZPOST_BASE_URL',
  'NZPOST_TOKEN_URL',
  'NZPOST_CLIENT_ID',
  'NZPOST_CLIENT_SECRET',
  'LINZ_BASE_URL',
  'LINZ_API_KEY',
  'LINZ_PARCELS_LAYER',
  'LBP_BASE_URL',
  'LBP_API_KEY',
] as const;
export type LookupsEnvName = (typeof lookupsEnv)[number];

export const lookupDefaults = {
  NZPOST_BASE_URL: 'https://api.nzpost.co.nz/addresschecker/1.0',
  NZPOST_TOKEN_URL: 'https://oauth.nzpost.co.nz/as/token.oauth2',
  LINZ_BASE_URL: 'https://data.linz.govt.nz',
  LINZ_PARCELS_LAYER: '50772',
  LOOKUPS_TIMEOUT_MS: 5000,
} as const;

type Env = Partial<Record<string, string | undefined>>;
export type LookupMode = 'local' | 'live';

/** The mode of one service. */
export function modeOf(service: LookupServiceName, env: Env = process.env): LookupMode {
  const own = env[`LOOKUPS_${service.toUpperCase()}_MODE`];
  const mode = own || env.LOOKUPS_MODE || 'local';
  if (mode !== 'local' && mode !== 'live')
    throw new Error(`Unknown lookups mode '${mode}' for ${service} (expected 'local' or 'live')`);
  return mode;
}

/** Secret values: the variable itself, else the field of the LOOKUPS_SECRET_ARN secret. */
export function secretReader(env: Env = process.env) {
  let secret: Promise<Record<string, string>> | undefined;
  const load = async (): Promise<Record<string, string>> => {
    const arn = env.LOOKUPS_SECRET_ARN;
    if (!arn) return {};
    const out = await secretsManagerClient().send(new GetSecretValueCommand({ SecretId: arn }));
    const parsed = JSON.parse(out.SecretString ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  };
  return async (name: LookupsEnvName): Promise<string | undefined> => {
    const direct = env[name];
    if (direct) return direct;
    secret ??= load().catch((err: unknown) => {
      secret = undefined;
      throw err;
    });
    const value = (await secret)[name];
    return typeof value === 'string' && value ? value : undefined;
  };
}

/** A client made on first use (its credentials are read then); failures to make it are 'connect'. */
function lazy<T>(service: LookupServiceName, make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((err: unknown) => {
      made = undefined;
      if (err instanceof LookupServiceError) throw err;
      throw new LookupServiceError(service, 'connect', `not configured: ${String(err)}`, undefined, {
        cause: err,
      });
    });
    return made;
  };
}

const required = async (read: (n: LookupsEnvName) => Promise<string | undefined>, name: LookupsEnvName) => {
  const v = await read(name);
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

/** The adapters for this environment. */
export function adaptersFromEnv(env: Env = process.env): LookupAdapters {
  const read = secretReader(env);
  const timeoutMs = Number(env.LOOKUPS_TIMEOUT_MS) || lookupDefaults.LOOKUPS_TIMEOUT_MS;

  let addresses: AddressService;
  if (modeOf('nzpost', env) === 'local') addresses = localAddressService();
  else {
    const client = lazy('nzpost', async () =>
      nzPostClient({
        baseUrl: env.NZPOST_BASE_URL || lookupDefaults.NZPOST_BASE_URL,
        tokenUrl: env.NZPOST_TOKEN_URL || lookupDefaults.NZPOST_TOKEN_URL,
        clientId: await required(read, 'NZPOST_CLIENT_ID'),
        clientSecret: await required(read, 'NZPOST_CLIENT_SECRET'),
        timeoutMs,
      }),
    );
    addresses = {
      suggest: async (q, max) => (await client()).suggest(q, max),
      details: async (dpid) => (await client()).details(dpid),
    };
  }

  let property: PropertyService;
  if (modeOf('property', env) === 'local') property = localPropertyService();
  else {
    const client = lazy('property', async () =>
      linzClient({
        baseUrl: env.LINZ_BASE_URL || lookupDefaults.LINZ_BASE_URL,
        apiKey: await required(read, 'LINZ_API_KEY'),
        layer: env.LINZ_PARCELS_LAYER || lookupDefaults.LINZ_PARCELS_LAYER,
        timeoutMs,
      }),
    );
    property = { parcels: async (authority, address) => (await client()).parcels(authority, address) };
  }

  let lbp: LbpRegister;
  if (modeOf('lbp', env) === 'local') lbp = localLbpRegister();
  else {
    const client = lazy('lbp', async () =>
      lbpClient({
        baseUrl: await required(read, 'LBP_BASE_URL'),
        apiKey: await required(read, 'LBP_API_KEY'),
        timeoutMs,
      }),
    );
    lbp = {
      search: async (text, limit) => (await client()).search(text, limit),
      get: async (n) => (await client()).get(n),
    };
  }
  return { addresses, property, lbp };
}

let current: LookupAdapters | undefined;

/** The adapters of this function (chosen once per cold start). */
export function lookupAdapters(): LookupAdapters {
  current ??= adaptersFromEnv();
  return current;
}

/** Replaces some or all adapters (tests); undefined goes back to the environment's choice. */
export function setLookupAdapters(next: Partial<LookupAdapters> | undefined): void {
  current = next ? { ...(current ?? adaptersFromEnv()), ...next } : undefined;
}
