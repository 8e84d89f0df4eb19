import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import { COUNCIL_RESOURCE_SERVER, councilScopes } from '../../shared/schemas/council';
import { CognitoError } from './cognito-error';

/**
 * What Cognito's hosted OAuth 2.0 endpoints and the M2M APIs do that cognito-local (5.3.0) lacks
 * (docs/council-api.md §1): `POST /oauth2/token` with `grant_type=client_credentials`, resource
 * servers and their scopes, and an app client's secrets (up to two active). The council pool is the
 * only pool with such clients; other grants go on to cognito-local.
 */

/** An app client as DescribeUserPoolClient answers it (the fields used here). */
export interface OAuthClient {
  ClientId: string;
  UserPoolId: string;
  ClientSecret?: string;
  AllowedOAuthFlows?: string[];
  AllowedOAuthFlowsUserPoolClient?: boolean;
  AllowedOAuthScopes?: string[];
  AccessTokenValidity?: number;
  TokenValidityUnits?: { AccessToken?: string };
}

export interface TokenAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Cognito's token endpoint answers every refusal with 400 and `{"error": …}`. */
const refuse = (error: string): TokenAnswer => ({ status: 400, body: { error } });

/** The client id and secret of a token request: HTTP Basic, else the form's fields. */
export function clientAuthentication(
  form: URLSearchParams,
  authorization: string | undefined,
): { clientId: string; clientSecret: string | undefined } | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return undefined;
    // RFC 6749 §2.3.1: both parts are form-URL-encoded before they are joined.
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { clientId: dec(decoded.slice(0, colon)), clientSecret: dec(decoded.slice(colon + 1)) };
    } catch {
      return undefined;
    }
  }
  const clientId = form.get('client_id');
  if (!clientId) return undefined;
  return { clientId, clientSecret: form.get('client_secret') ?? undefined };
}

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Seconds an access token of this client lives (AccessTokenValidity in its unit; default 60 min). */
export function accessTokenSeconds(client: OAuthClient): number {
  const v = client.AccessTokenValidity;
  if (!v) return 3600;
  const unit = client.TokenValidityUnits?.AccessToken ?? 'hours';
  return v * ({ seconds: 1, minutes: 60, hours: 3600, days: 86400 }[unit] ?? 3600);
}

/**
 * The client-credentials grant, as Cognito's token endpoint: client authentication (Basic or the
 * body), the client's flows, the requested scopes ⊆ the client's (absent: all of them), the secret
 * one of the client's active secrets. Signs the access token with `sign`.
 */
export async function clientCredentialsGrant(
  form: URLSearchParams,
  authorization: string | undefined,
  deps: {
    findClient(clientId: string): Promise<OAuthClient | undefined>;
    activeSecrets(client: OAuthClient): string[];
    sign(claims: Record<string, unknown>, expiresIn: number, poolId: string): Promise<string>;
    now?: () => Date;
  },
): Promise<TokenAnswer> {
  if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type');
  const auth = clientAuthentication(form, authorization);
  if (!auth) return refuse('invalid_client');
  const client = await deps.findClient(auth.clientId);
  if (!client) return refuse('invalid_client');
  const secrets = deps.activeSecrets(client);
  if (!auth.clientSecret || !secrets.some((s) => sameSecret(s, auth.clientSecret!)))
    return refuse('invalid_client');
  if (!client.AllowedOAuthFlowsUserPoolClient || !client.AllowedOAuthFlows?.includes('client_credentials'))
    return refuse('unauthorized_client');
  const allowed = client.AllowedOAuthScopes ?? [];
  const requested = form.get('scope');
  const scopes = requested === null ? allowed : requested.split(' ').filter(Boolean);
  if (!scopes.length || scopes.some((s) => !allowed.includes(s))) return refuse('invalid_scope');
  const expiresIn = accessTokenSeconds(client);
  const iat = Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);
  const claims = {
    sub: client.ClientId,
    token_use: 'access',
    scope: scopes.join(' '),
    auth_time: iat,
    iat,
    exp: iat + expiresIn,
    jti: randomUUID(),
    version: 2,
    client_id: client.ClientId,
  };
  const accessToken = await deps.sign(claims, expiresIn, client.UserPoolId);
  return {
    status: 200,
    body: { access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' },
  };
}

/** cognito-local's signing key (the same for every pool; its JWKS serves the public half). */
async function cognitoLocalKey() {
  const req = createRequire(import.meta.url);
  const pkgDir = path.dirname(req.resolve('cognito-local/package.json'));
  const file = path.join(pkgDir, 'lib', 'keys', 'cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

/** A JSON file of one map, read and written whole (the proxy is its only writer). */
function jsonStore<T>(file: string) {
  const read = (): Record<string, T> =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>) : {};
  const write = (all: Record<string, T>) => writeFileSync(file, JSON.stringify(all, null, 2));
  return { read, write };
}

export interface ResourceServer {
  UserPoolId: string;
  Identifier: string;
  Name: string;
  Scopes?: { ScopeName: string; ScopeDescription: string }[];
}

interface StoredSecret {
  ClientSecretId: string;
  ClientSecretValue: string;
  ClientSecretCreateDate: number;
}

/** The OAuth side of the local Cognito proxy: the token endpoint and the targets cognito-local lacks. */
export function createLocalOAuth(opts: {
  /** dataDir/cognito */
  dir: string;
  /** The proxy's endpoint: tokens' `iss` is `<endpoint>/<poolId>`, as cognito-local's. */
  endpoint: string;
  /** A call to cognito-local itself. */
  call: <T = Record<string, unknown>>(target: string, body: unknown) => Promise<T>;
  /** The pools whose clients may use the client-credentials grant. */
  oauthPools: () => string[];
}) {
  const servers = jsonStore<ResourceServer>(path.join(opts.dir, 'resource-servers.json'));
  const secrets = jsonStore<StoredSecret[]>(path.join(opts.dir, 'client-secrets.json'));
  const keyP = cognitoLocalKey();

  const findClient = async (clientId: string): Promise<OAuthClient | undefined> => {
    for (const poolId of opts.oauthPools()) {
      try {
        const out = await opts.call<{ UserPoolClient: OAuthClient }>('DescribeUserPoolClient', {
          UserPoolId: poolId,
          ClientId: clientId,
        });
        return out.UserPoolClient;
      } catch {
        // not in this pool
      }
    }
    return undefined;
  };

  /** The client's secrets: the stored list once one was added, else its original secret. */
  const secretsOf = (client: OAuthClient): StoredSecret[] => {
    const stored = secrets.read()[client.ClientId];
    if (stored) return stored;
    return client.ClientSecret
      ? [
          {
            ClientSecretId: `${client.ClientId}--0`,
            ClientSecretValue: client.ClientSecret,
            ClientSecretCreateDate: 0,
          },
        ]
      : [];
  };

  const sign = async (claims: Record<string, unknown>, _expiresIn: number, poolId: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(`${opts.endpoint}/${poolId}`)
      .sign(await keyP);

  const serverKey = (poolId: string, identifier: string) => `${poolId}|${identifier}`;

  /** The scopes a pool defines (`<identifier>/<scope>`), to check clients' AllowedOAuthScopes. */
  const poolScopes = (poolId: string): Set<string> =>
    new Set(
      Object.values(servers.read())
        .filter((s) => s.UserPoolId === poolId)
        .flatMap((s) => (s.Scopes ?? []).map((sc) => `${s.Identifier}/${sc.ScopeName}`)),
    );
  /** Cognito's own scopes a client may hold without a resource server. */
  const builtIn = new Set(['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin']);

  /** The targets answered here, or undefined (the request goes on to cognito-local). */
  const handleTarget = async (
    target: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown> | undefined> => {
    switch (target) {
      case 'CreateResourceServer':
      case 'UpdateResourceServer': {
        const all = servers.read();
        const key = serverKey(String(body.UserPoolId), String(body.Identifier));
        if (target === 'CreateResourceServer' && all[key])
          throw new CognitoError(
            'InvalidParameterException',
            `${String(body.Identifier)} already exists`,
            400,
          );
        if (target === 'UpdateResourceServer' && !all[key])
          throw new CognitoError('ResourceNotFoundException', 'Resource server not found.', 400);
        const server: ResourceServer = {
          UserPoolId: String(body.UserPoolId),
          Identifier: String(body.Identifier),
          Name: String(body.Name),
          Scopes: (body.Scopes as ResourceServer['Scopes']) ?? [],
        };
        all[key] = server;
        servers.write(all);
        return { ResourceServer: server };
      }
      case 'DescribeResourceServer': {
        const s = servers.read()[serverKey(String(body.UserPoolId), String(body.Identifier))];
        if (!s) throw new CognitoError('ResourceNotFoundException', 'Resource server not found.', 400);
        return { ResourceServer: s };
      }
      case 'ListResourceServers':
        return {
          ResourceServers: Object.values(servers.read()).filter((s) => s.UserPoolId === body.UserPoolId),
        };
      case 'CreateUserPoolClient':
      case 'UpdateUserPoolClient': {
        const scopes = (body.AllowedOAuthScopes as string[] | undefined) ?? [];
        const defined = poolScopes(String(body.UserPoolId));
        const unknown = scopes.find((s) => !builtIn.has(s) && !defined.has(s));
        if (unknown)
          throw new CognitoError('ScopeDoesNotExistException', `Invalid scope requested: ${unknown}`, 400);
        return undefined;
      }
      case 'ListUserPoolClientSecrets': {
        const client = await findClient(String(body.ClientId));
        if (!client || client.UserPoolId !== body.UserPoolId)
          throw new CognitoError('ResourceNotFoundException', 'Client not found.', 400);
        return {
          ClientSecrets: secretsOf(client).map(({ ClientSecretId, ClientSecretCreateDate }) => ({
            ClientSecretId,
            ClientSecretCreateDate,
          })),
        };
      }
      case 'AddUserPoolClientSecret': {
        const client = await findClient(String(body.ClientId));
        if (!client || client.UserPoolId !== body.UserPoolId)
          throw new CognitoError('ResourceNotFoundException', 'Client not found.', 400);
        const current = secretsOf(client);
        if (current.length >= 2)
          throw new CognitoError('LimitExceededException', 'A client can have at most two secrets.', 400);
        // Cognito's id format: <client-id>--<epoch-create-time> (the original secret: --0 here).
        const now = Date.now();
        const custom = typeof body.ClientSecret === 'string' ? body.ClientSecret : undefined;
        const added: StoredSecret = {
          ClientSecretId: `${client.ClientId}--${now}`,
          ClientSecretValue: custom ?? randomBytes(32).toString('base64url'),
          ClientSecretCreateDate: Math.floor(now / 1000),
        };
        const all = secrets.read();
        all[client.ClientId] = [...current, added];
        secrets.write(all);
        // As Cognito: the value is returned only when Cognito generated it.
        const { ClientSecretValue, ...descriptor } = added;
        return { ClientSecretDescriptor: custom ? descriptor : { ...descriptor, ClientSecretValue } };
      }
      case 'DeleteUserPoolClientSecret': {
        const client = await findClient(String(body.ClientId));
        if (!client || client.UserPoolId !== body.UserPoolId)
          throw new CognitoError('ResourceNotFoundException', 'Client not found.', 400);
        const current = secretsOf(client);
        if (!current.some((s) => s.ClientSecretId === body.ClientSecretId))
          throw new CognitoError('ResourceNotFoundException', 'Client secret not found.', 400);
        if (current.length < 2)
          throw new CognitoError('InvalidParameterException', 'A client keeps at least one secret.', 400);
        const all = secrets.read();
        all[client.ClientId] = current.filter((s) => s.ClientSecretId !== body.ClientSecretId);
        secrets.write(all);
        return {};
      }
      default:
        return undefined;
    }
  };

  /** POST /oauth2/token with client credentials, or undefined for another grant (cognito-local's). */
  const handleToken = async (
    raw: Buffer,
    authorization: string | undefined,
  ): Promise<TokenAnswer | undefined> => {
    const form = new URLSearchParams(raw.toString('utf8'));
    if (form.get('grant_type') !== 'client_credentials') return undefined;
    return clientCredentialsGrant(form, authorization, {
      findClient,
      activeSecrets: (c) => secretsOf(c).map((s) => s.ClientSecretValue),
      sign,
    });
  };

  return { handleToken, handleTarget };
}

/**
 * The council pool (no users, no sign-up) and its resource server `council-api` with the four
 * scopes, created once (id kept in ids.json beside the web pool's); the resource server is put
 * again when its scopes changed.
 */
export async function ensureCouncilPool(
  call: <T = Record<string, unknown>>(target: string, body: unknown) => Promise<T>,
  idsFile: string,
  oauthTarget: (target: string, body: Record<string, unknown>) => Promise<unknown>,
): Promise<string> {
  const saved = JSON.parse(readFileSync(idsFile, 'utf8')) as Record<string, string>;
  let poolId = saved.councilUserPoolId;
  if (poolId) {
    try {
      await call('DescribeUserPool', { UserPoolId: poolId });
    } catch {
      poolId = undefined;
    }
  }
  if (!poolId) {
    const pool = await call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: 'consent-portal-council-local',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    });
    poolId = pool.UserPool.Id;
    writeFileSync(idsFile, JSON.stringify({ ...saved, councilUserPoolId: poolId }, null, 2));
  }
  const server = {
    UserPoolId: poolId,
    Identifier: COUNCIL_RESOURCE_SERVER,
    Name: 'Council integration API',
    Scopes: councilScopes.map((s) => ({ ScopeName: s, ScopeDescription: s })),
  };
  try {
    await oauthTarget('CreateResourceServer', server);
  } catch {
    await oauthTarget('UpdateResourceServer', server);
  }
  return poolId;
}
