/**
 * Council tokens the API must refuse (docs/council-api.md §8), minted from a real access token of
 * the local council token endpoint: each has exactly one flaw, and `valid` (the same minting without
 * a flaw) proves the flaw is what the gateway refuses. Local stack only: the local token endpoint
 * signs with cognito-local's key (one key for every pool), which is also why a token of the web
 * pool's issuer is a case of its own — only the issuer check stands between it and a council route.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, importJWK, type JWK, type JWTPayload } from 'jose';
import { councilScopes, scopeClaim } from '../../shared/schemas/council';
import { cognitoCall } from './cognito';
import { requestCouncilToken } from './council';
import type { StackOutputs } from './outputs';
import { decodeJwt } from './tokens';

const root = path.resolve(import.meta.dirname, '../..');
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function cognitoLocalKey() {
  const file = path.join(root, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

export interface MintedCouncilTokens {
  /** Re-signed with the pool's key, a fresh expiry: accepted (the control). */
  valid: string;
  /** Re-signed, expired a minute ago. */
  expired: string;
  /** Signed with another RSA key under the same kid. */
  wrongKey: string;
  /** The real token with another council's client id (and sub); the signature kept. */
  alteredPayload: string;
  /** `alg: none`, no signature. */
  algNone: string;
  /** The same claims under the web pool's issuer, signed with the (shared) local key. */
  webPoolIssuer: string;
  /** Not a JWT at all. */
  garbage: string;
}

/**
 * Tokens derived from `accessToken` (a real council access token); `otherClientId` is the client
 * the altered one claims; `webIssuer` the web pool's issuer (the `iss` of a user's id token).
 */
export async function mintCouncilTokens(
  accessToken: string,
  otherClientId: string,
  webIssuer: string,
): Promise<MintedCouncilTokens> {
  const { header, payload } = decodeJwt(accessToken);
  const kid = String(header.kid ?? 'CognitoLocal');
  const key = await cognitoLocalKey();
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: JWTPayload, k: Parameters<SignJWT['sign']>[0] = key) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(k);
  const fresh = { ...payload, iat: now, exp: now + 3600 };
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const [h, , s] = accessToken.split('.');
  return {
    valid: await sign(fresh),
    expired: await sign({ ...payload, iat: now - 3660, exp: now - 60 }),
    wrongKey: await sign(fresh, otherKey),
    alteredPayload: `${h}.${b64({ ...payload, client_id: otherClientId, sub: otherClientId })}.${s}`,
    algNone: `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(fresh)}.`,
    webPoolIssuer: await sign({ ...fresh, iss: webIssuer }),
    garbage: 'not-a-jwt',
  };
}

/**
 * A valid token of a council client whose row says Revoked (docs/council-api.md §1 Revocation): the
 * gateway lets it through (the client is in the pool until the next deploy), the access policy
 * refuses it. A client of its own, not an onboarded council's: revoking `wcc` would take Wellington
 * out of service for every file that runs after. `writeRow` writes the `councilClient` row.
 */
export async function revokedClientToken(
  o: StackOutputs,
  authorityId: string,
  writeRow: (row: {
    clientId: string;
    authorityId: string;
    onboardedAt: string;
    revokedAt: string;
  }) => Promise<void>,
): Promise<string> {
  const { status, json } = await cognitoCall<{ UserPoolClient: { ClientId: string; ClientSecret: string } }>(
    o.CognitoEndpoint!,
    'CreateUserPoolClient',
    {
      UserPoolId: String(o.CouncilUserPoolId),
      ClientName: `Council-revoked-${randomUUID().slice(0, 8)}`,
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: councilScopes.map(scopeClaim),
    },
  );
  if (status !== 200) throw new Error(`revoked client: ${status} ${JSON.stringify(json)}`);
  const { ClientId: clientId, ClientSecret: clientSecret } = json.UserPoolClient;
  const now = new Date().toISOString();
  await writeRow({ clientId, authorityId, onboardedAt: now, revokedAt: now });
  const token = await requestCouncilToken({ clientId, clientSecret, tokenUrl: String(o.CouncilTokenUrl) });
  if (!token.json.access_token)
    throw new Error(`revoked client's token: ${token.status} ${JSON.stringify(token.json)}`);
  return token.json.access_token;
}
