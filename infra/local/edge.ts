import { rateLimitSettings } from '../../functions/platform/rate-limit';

/**
 * What the local stack puts where CloudFront's edge would (infra/local/web.ts proxies /api/* as
 * the CloudFront behaviour does): the origin secret and the rate limits of a machine whose every
 * client is 127.0.0.1.
 */

/** The secret the CloudFront stand-in adds and the handlers check (AWS: a generated secret). */
export const LOCAL_ORIGIN_SECRET = 'consent-portal-local-origin-secret';

/**
 * The local stack's rate limits: every test and the developer's browser come from 127.0.0.1, so
 * the limits per client are five times the production ones (a test acting as another client sends
 * X-Forwarded-For: infra/local/web.ts); the limits per address are the production ones. Env
 * CONSENT_PORTAL_RATE_LIMITS (JSON, as RATE_LIMITS) replaces these overrides.
 */
export function localRateLimits(): string {
  if (process.env.CONSENT_PORTAL_RATE_LIMITS) return process.env.CONSENT_PORTAL_RATE_LIMITS;
  const perClient = (['registrationPerClient', 'resendPerClient', 'confirmPerClient'] as const).map(
    (name) => [name, { limit: rateLimitSettings[name].limit * 5 }],
  );
  return JSON.stringify(Object.fromEntries(perClient));
}
