/**
 * Runtime configuration, fetched from `/config.json` at start (written by the CDK web stack,
 * or served by the local stack). Pure parsing lives here so it can be unit-tested in Node.
 */
export type AuthFlowType = 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';

export interface SupportContact {
  email?: string;
  phone?: string;
  website?: string;
}

export interface RuntimeConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local only: the Cognito stand-in's endpoint. Absent in AWS. */
  cognitoEndpoint?: string;
  authFlowType: AuthFlowType;
  /** Optional links and support contact; when absent the UI says they are not configured. */
  termsUrl?: string;
  privacyUrl?: string;
  onlineHelpUrl?: string;
  support?: SupportContact;
  flags: Record<string, boolean>;
  /**
   * Browser error reporting (CloudWatch RUM): read by app/rum/settings.ts after the page is
   * interactive, so its parsing costs the first load nothing (docs/browser-errors.md).
   */
  rum?: unknown;
  /**
   * The site map (centre, zoom and, when configured, the maps key): read by
   * components/site-map/settings.ts in the pages that show a map, not parsed here.
   */
  map?: unknown;
}

/**
 * Where the API is served on the portal's own origin: CloudFront's `/api/*` behaviour (and the local
 * web server's), config.json's `apiUrl`. The boot script starts its early GETs there before
 * config.json arrives; the app takes them only for the same URL (lib/earlyGets.ts).
 */
export const API_PATH = '/api';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function requiredString(raw: Record<string, unknown>, key: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`config.json: "${key}" must be a non-empty string`);
  }
  return value;
}

function optionalString(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Validates the JSON of config.json; throws ConfigError with the offending key. */
export function parseConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ConfigError('config.json: expected an object');
  }
  const raw = json as Record<string, unknown>;
  const authFlowType = raw.authFlowType ?? 'USER_SRP_AUTH';
  if (authFlowType !== 'USER_PASSWORD_AUTH' && authFlowType !== 'USER_SRP_AUTH') {
    throw new ConfigError('config.json: "authFlowType" must be USER_PASSWORD_AUTH or USER_SRP_AUTH');
  }
  const flags: Record<string, boolean> = {};
  if (typeof raw.flags === 'object' && raw.flags !== null) {
    for (const [key, value] of Object.entries(raw.flags as Record<string, unknown>)) {
      flags[key] = value === true;
    }
  }
  let support: SupportContact | undefined;
  if (typeof raw.support === 'object' && raw.support !== null) {
    const s = raw.support as Record<string, unknown>;
    support = {
      email: optionalString(s, 'email'),
      phone: optionalString(s, 'phone'),
      website: optionalString(s, 'website'),
    };
  }
  return {
    apiUrl: requiredString(raw, 'apiUrl').replace(/\/+$/, ''),
    region: requiredString(raw, 'region'),
    userPoolId: requiredString(raw, 'userPoolId'),
    userPoolClientId: requiredString(raw, 'userPoolClientId'),
    cognitoEndpoint: optionalString(raw, 'cognitoEndpoint'),
    authFlowType,
    termsUrl: optionalString(raw, 'termsUrl'),
    privacyUrl: optionalString(raw, 'privacyUrl'),
    onlineHelpUrl: optionalString(raw, 'onlineHelpUrl'),
    support,
    flags,
    rum: raw.rum,
    map: raw.map,
  };
}

/** The Amplify v6 configuration object for this runtime config. */
export function amplifyConfigFor(config: RuntimeConfig) {
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
      },
    },
  };
}

let current: RuntimeConfig | undefined;

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  // The server sends config.json with `Cache-Control: no-cache` (it changes on every deploy).
  const response = await fetchImpl('/config.json');
  if (!response.ok) {
    throw new ConfigError(`config.json: HTTP ${response.status}`);
  }
  current = parseConfig(await response.json());
  return current;
}

let pending: Promise<RuntimeConfig> | undefined;

/**
 * config.json fetched once per page load (the boot script and main.tsx both ask for it; the second
 * takes the first's answer). A failed fetch is tried again by the next caller.
 */
export function loadConfigOnce(): Promise<RuntimeConfig> {
  pending ??= loadConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('config.json has not been loaded');
  return current;
}

/**
 * A feature flag of config.json (`flags`, from infra/site.json): false when absent or before
 * config.json has loaded.
 */
export function isFlagOn(name: string): boolean {
  return current?.flags[name] === true;
}

/** Test seam. */
export function setConfigForTests(config: RuntimeConfig | undefined): void {
  current = config;
}
