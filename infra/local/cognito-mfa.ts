import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { CognitoError } from './cognito-error';

/**
 * Two-step sign-in (TOTP, Cognito's "software token" MFA) for the local Cognito proxy.
 *
 * cognito-local 5.3 stores the secret (AssociateSoftwareToken), marks it verified
 * (VerifySoftwareToken), keeps UserMFASettingList / PreferredMfaSetting (SetUserMFAPreference,
 * GetUser) in its pool db under dataDir/cognito, and answers a USER_PASSWORD_AUTH sign-in of a user
 * with TOTP on with the SOFTWARE_TOKEN_MFA challenge. What it lacks, and this module adds:
 * - a real sign-in session: cognito-local hands out a random Session and never checks it. Here
 *   the challenge's Session is ours, bound to the user and the app client, single use, at most
 *   five wrong codes, and expired after 3 minutes (the web client's authSessionValidity) with
 *   Cognito's NotAuthorizedException "Invalid session for the user, session is expired.";
 * - Cognito's errors: a wrong code at sign-in is CodeMismatchException "Invalid code received for
 *   user", a wrong code while enabling is EnableSoftwareTokenMFAException (cognito-local says
 *   CodeMismatchException "Incorrect confirmation code" for both); Associate/VerifySoftwareToken
 *   by Session (the MFA_SETUP challenge, which an OPTIONAL pool never issues) answer an invalid
 *   session instead of cognito-local's "not supported";
 * - one TOTP check (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step) with an injectable clock, and a
 *   code that signed a user in cannot sign them in again (nor can an older one).
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** The deployed web client's authSessionValidity (infra/stacks/auth-stack.ts). */
export const SESSION_TTL_MS = 3 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type Clock = () => number;

/** The six-digit code for a base32 secret at a time (ms since the epoch). */
export function totpCode(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD_SECONDS, timestamp: at });
}

/**
 * The time step (RFC 6238 counter) a code belongs to, when `code` is six digits and the secret's
 * code for `at`, the step before or the step after; otherwise undefined.
 */
export function matchTotpStep(secret: string | undefined, code: unknown, at: number): number | undefined {
  if (!secret || typeof code !== 'string' || !/^\d{6}$/.test(code)) return undefined;
  try {
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      period: TOTP_PERIOD_SECONDS,
      timestamp: at,
      window: TOTP_WINDOW_STEPS,
    });
    return delta === null ? undefined : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
  } catch {
    return undefined;
  }
}

/** True when `code` is the secret's code for `at`, the step before or the step after. */
export const verifyTotp = (secret: string | undefined, code: unknown, at: number): boolean =>
  matchTotpStep(secret, code, at) !== undefined;

const invalidSession = () => new CognitoError('NotAuthorizedException', 'Invalid session for the user.', 400);
const expiredSession = () =>
  new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.', 400);

interface SessionEntry {
  username: string;
  clientId: string;
  challenge: 'SOFTWARE_TOKEN_MFA';
  issuedAt: number;
  attempts: number;
}

/** Sign-in sessions of the SOFTWARE_TOKEN_MFA challenge: opaque, bound, single use, 3 minutes. */
export class MfaSessions {
  private readonly entries = new Map<string, SessionEntry>();

  constructor(
    private readonly now: Clock = Date.now,
    private readonly ttlMs = SESSION_TTL_MS,
  ) {}

  issue(username: string, clientId: string): string {
    this.sweep();
    // Cognito's sessions are long opaque strings; this one is random and means nothing by itself.
    const session = randomBytes(96).toString('base64url');
    this.entries.set(session, {
      username,
      clientId,
      challenge: 'SOFTWARE_TOKEN_MFA',
      issuedAt: this.now(),
      attempts: 0,
    });
    return session;
  }

  /** The live entry for a session of this client, or Cognito's NotAuthorizedException. */
  get(session: unknown, clientId: unknown): SessionEntry {
    const entry = typeof session === 'string' ? this.entries.get(session) : undefined;
    if (!entry || entry.clientId !== clientId) throw invalidSession();
    if (this.now() - entry.issuedAt > this.ttlMs) {
      this.entries.delete(session as string);
      throw expiredSession();
    }
    return entry;
  }

  /** Counts a wrong code; the session ends after MAX_CODE_ATTEMPTS of them. */
  wrongCode(session: string): void {
    const entry = this.entries.get(session);
    if (entry && ++entry.attempts >= MAX_CODE_ATTEMPTS) this.entries.delete(session);
  }

  end(session: string): void {
    this.entries.delete(session);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (now - entry.issuedAt > this.ttlMs) this.entries.delete(key);
    }
  }
}

/** What the proxy needs of a cognito-local user record. */
export interface MfaUser {
  Username: string;
  SoftwareTokenMfaConfiguration?: { Secret?: string; Verified?: boolean };
  UserMFASettingList?: string[];
}

export interface MfaProxyDeps {
  /** The user of an app client's pool by username, email or sub (cognito-local's lookup). */
  findUser(clientId: string, username: string): Promise<MfaUser | null>;
  /** Sends a request to cognito-local itself. */
  forward(target: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  now?: Clock;
}

function accessTokenClaims(token: unknown): { sub?: string; client_id?: string } {
  if (typeof token !== 'string') return {};
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: string;
      client_id?: string;
    };
  } catch {
    return {};
  }
}

export interface MfaProxy {
  /** InitiateAuth's answer with a SOFTWARE_TOKEN_MFA challenge gets a session of ours. */
  afterInitiateAuth(clientId: unknown, out: Record<string, unknown>): Record<string, unknown>;
  /** The answer to a request this module serves, or undefined (the proxy goes on as before). */
  handle(target: string, body: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  sessions: MfaSessions;
}

export function createMfaProxy(deps: MfaProxyDeps): MfaProxy {
  const now = deps.now ?? Date.now;
  const sessions = new MfaSessions(now);
  // The last time step whose code signed each user in: a code works once (ASVS 2.8.4; Cognito
  // refuses a reused code too). In memory: a restart within 90 s could accept one code again.
  const lastUsedStep = new Map<string, number>();

  const respondToTotpChallenge = async (body: Record<string, unknown>) => {
    const responses = (body.ChallengeResponses ?? {}) as Record<string, unknown>;
    const session = String(body.Session ?? '');
    const entry = sessions.get(body.Session, body.ClientId);
    const user =
      typeof responses.USERNAME === 'string'
        ? await deps.findUser(String(body.ClientId), responses.USERNAME)
        : null;
    if (!user || user.Username !== entry.username) throw invalidSession();
    const config = user.SoftwareTokenMfaConfiguration;
    const step = config?.Verified
      ? matchTotpStep(config.Secret, responses.SOFTWARE_TOKEN_MFA_CODE, now())
      : undefined;
    if (step === undefined || step <= (lastUsedStep.get(user.Username) ?? -1)) {
      sessions.wrongCode(session);
      throw new CognitoError('CodeMismatchException', 'Invalid code received for user', 400);
    }
    lastUsedStep.set(user.Username, step);
    sessions.end(session);
    // cognito-local checks the code again and issues the tokens it would have issued.
    return deps.forward('RespondToAuthChallenge', { ...body, Session: session });
  };

  const verifySoftwareToken = async (body: Record<string, unknown>) => {
    const claims = accessTokenClaims(body.AccessToken);
    if (!claims.sub || !claims.client_id)
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token', 400);
    const user = await deps.findUser(claims.client_id, claims.sub);
    if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token', 400);
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    if (!secret) {
      throw new CognitoError('InvalidParameterException', 'User has not associated a software token', 400);
    }
    if (!verifyTotp(secret, body.UserCode, now())) {
      throw new CognitoError(
        'EnableSoftwareTokenMFAException',
        'Code mismatch and fail enable Software Token MFA',
        400,
      );
    }
    const out = await deps.forward('VerifySoftwareToken', body);
    // Cognito answers Status (and Session only when one was sent).
    return { Status: out.Status ?? 'SUCCESS' };
  };

  return {
    sessions,
    afterInitiateAuth(clientId, out) {
      if (out.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return out;
      const params = (out.ChallengeParameters ?? {}) as Record<string, string>;
      return { ...out, Session: sessions.issue(params.USER_ID_FOR_SRP ?? '', String(clientId)) };
    },
    async handle(target, body) {
      switch (target) {
        case 'RespondToAuthChallenge':
          return body.ChallengeName === 'SOFTWARE_TOKEN_MFA' ? respondToTotpChallenge(body) : undefined;
        case 'AssociateSoftwareToken':
        case 'VerifySoftwareToken':
          if (!body.AccessToken && body.Session !== undefined) {
            // The MFA_SETUP challenge's session: an OPTIONAL pool never issues one.
            throw invalidSession();
          }
          return target === 'VerifySoftwareToken' ? verifySoftwareToken(body) : undefined;
        default:
          return undefined;
      }
    },
  };
}
