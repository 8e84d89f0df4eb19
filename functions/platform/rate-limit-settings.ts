import type { RouteKey } from '../routes.js';

/**
 * The named rate limits (./rate-limit.ts), apart from the limiter so the metrics catalogue can
 * name them without importing the limiter (which records its refusals as metrics).
 */
export interface RateRule {
  /** Calls allowed per window; the next one is refused. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/**
 * The named limits (production values). A stack may override any of them with the RATE_LIMITS
 * environment variable (JSON: `{"registrationPerClient": {"limit": 200}}`; CDK context
 * `rateLimits`), e.g. a test stack whose clients all share 127.0.0.1.
 *
 * Per address: a person needs a handful of tries; an attacker guessing a 6-digit code gets 10 per
 * 15 minutes (~1 in 100,000 per window). Per client: generous for a shared office address, tight
 * for a script walking through a list of addresses.
 */
export const rateLimitSettings = {
  registrationPerAddress: { limit: 5, windowSeconds: 900 },
  registrationPerClient: { limit: 20, windowSeconds: 3600 },
  resendPerAddress: { limit: 3, windowSeconds: 900 },
  resendPerClient: { limit: 30, windowSeconds: 3600 },
  confirmPerAddress: { limit: 10, windowSeconds: 900 },
  confirmPerClient: { limit: 60, windowSeconds: 3600 },
  /**
   * A signed-in user's organisation look-ups by an admin's email (the merge dialog): a person
   * finds the other organisation in a try or two; a harvester gets 10 addresses an hour.
   */
  organisationLookupPerUser: { limit: 10, windowSeconds: 3600 },
  // Invite to pay sends mail to an address the sender chooses (docs/payments.md): per user, and per
  // invoice (a handful of payers and resends a day), so it cannot be used as a mail relay.
  paymentRequestPerUser: { limit: 20, windowSeconds: 3600 },
  paymentRequestPerInvoice: { limit: 5, windowSeconds: 86400 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof rateLimitSettings;

/**
 * The routes each named limit is checked on (their services call the limiter): the OpenAPI
 * document declares 429 and `Retry-After` on them (./http/openapi.ts); `satisfies` holds each key
 * to a route of the table.
 */
export const rateLimitedRoutes = {
  registrationPerAddress: ['POST /public/user/registration'],
  registrationPerClient: ['POST /public/user/registration'],
  resendPerAddress: ['POST /public/user/registration/resend'],
  resendPerClient: ['POST /public/user/registration/resend'],
  confirmPerAddress: ['POST /public/user/registration/confirm'],
  confirmPerClient: ['POST /public/user/registration/confirm'],
  organisationLookupPerUser: ['GET /user/organisation/lookup'],
  paymentRequestPerUser: ['POST /user/applications/{id}/payments/{paymentId}/requests'],
  paymentRequestPerInvoice: ['POST /user/applications/{id}/payments/{paymentId}/requests'],
} as const satisfies Record<RateLimitName, readonly RouteKey[]>;
