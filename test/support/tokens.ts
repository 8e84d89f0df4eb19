/**
 * Tokens the API must refuse, minted from a real id token of the local stack (test/support/cognito.ts
 * signIn): each has exactly one flaw, and `valid` (the same minting without a flaw) proves the flaw
 * is what the gateway refuses. Local stack only: the valid and expired ones are signed with
 * cognito-local's own key (its package ships it; a deployed pool's key never leaves AWS).
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, importJWK, type JWK, type JWTPayload } from 'jose';

const root = path.resolve(import.meta.dirname, '../..');

/** cognito-local's signing key (kid CognitoLocal), as its token generator uses it. */
async function cognitoLocalKey() {
  const file = path.join(root, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(file, 'utf8')) as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export const decodeJwt = (token: string): { header: Record<string, unknown>; payload: JWTPayload } => {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as JWTPayload,
  };
};

/** The subject (Cognito sub) of a token. */
export const subOf = (token: string): string => String(decodeJwt(token).payload.sub);

export interface MintedTokens {
  /** Re-signed with the pool's key, a fresh expiry: accepted (the control). */
  valid: string;
  /** Re-signed with the pool's key, expired a minute ago. */
  expired: string;
  /** Signed with another RSA key under the pool key's kid. */
  wrongKey: string;
  /** The real token with its payload's sub swapped for another user's; the signature kept. */
  alteredPayload: string;
  /** `alg: none`, no signature. */
  algNone: string;
  /** Re-signed with the pool's key for another app client (audience). */
  otherAudience: string;
  /** Not a JWT at all. */
  garbage: string;
}

/** Tokens derived from `idToken` (a real id token); `otherSub` is the subject the altered one claims. */
export async function mintTokens(idToken: string, otherSub: string): Promise<MintedTokens> {
  const { header, payload } = decodeJwt(idToken);
  const kid = String(header.kid ?? 'CognitoLocal');
  const key = await cognitoLocalKey();
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: JWTPayload, k: Parameters<SignJWT['sign']>[0] = key) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(k);

  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const [h, , s] = idToken.split('.');
  return {
    valid: await sign({ ...payload, iat: now, exp: now + 3600 }),
    expired: await sign({ ...payload, iat: now - 3660, auth_time: now - 3660, exp: now - 60 }),
    wrongKey: await sign({ ...payload, iat: now, exp: now + 3600 }, otherKey),
    alteredPayload: `${h}.${b64({ ...payload, sub: otherSub })}.${s}`,
    algNone: `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64({ ...payload, iat: now, exp: now + 3600 })}.`,
    otherAudience: await sign({ ...payload, aud: 'another-app-client', iat: now, exp: now + 3600 }),
    garbage: 'not-a-jwt',
  };
}
