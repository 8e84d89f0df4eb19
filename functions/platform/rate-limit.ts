import { createHash } from 'node:crypto';
import * as z from 'zod';
import { TooManyRequests } from './errors.js';

/**
 * One reusable limiter for the paths that send mail or check a guessable code (and a signed-in
 * look-up that would otherwise answer about any email address): a fixed
 * window per rule and subject (an e-mail address, a client address), counted in the single table
 * with one atomic `ADD` per check (functions/platform/data/entities/abuse.ts, removed by TTL).
 * Over the limit: 429 with the error shape and `Retry-After` (seconds to the window's end).
 *
 * Every attempt counts, including refused ones, so a guesser cannot keep trying past the limit. The
 * subject is stored only as a digest.
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
export type RateLimits = Record<RateLimitName, RateRule>;

const Override = z.partialRecord(
  z.enum(Object.keys(rateLimitSettings) as [RateLimitName, ...RateLimitName[]]),
  z.strictObject({
    limit: z.number().int().positive().optional(),
    windowSeconds: z.number().int().positive().optional(),
  }),
);

/** The settings with the overrides of RATE_LIMITS applied; a malformed value fails at cold start. */
export function rateLimitsFrom(raw: string | undefined): RateLimits {
  const limits: RateLimits = { ...rateLimitSettings };
  if (!raw) return limits;
  const parsed = Override.parse(JSON.parse(raw));
  for (const [name, o] of Object.entries(parsed) as [RateLimitName, Partial<RateRule>][]) {
    limits[name] = { ...limits[name], ...o };
  }
  return limits;
}

/** The store: adds one to a counter (created at 1), sets its expiry, answers the new count. */
export interface RateCounter {
  increment(key: string, expiresAtSeconds: number): Promise<number>;
}

/** Seconds a counter outlives its window (DynamoDB deletes expired items lazily anyway). */
const KEEP_AFTER_WINDOW_SECONDS = 60;

const digest = (subject: string): string =>
  createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url').slice(0, 32);

export interface RateLimiter {
  /**
   * Counts one call for each (rule, subject) pair; throws TooManyRequests (429, Retry-After the
   * longest wait) when any of them is over its limit.
   */
  check(...hits: readonly (readonly [RateLimitName, string])[]): Promise<void>;
}

export function rateLimiter(deps: {
  counter: RateCounter;
  now?: () => number;
  limits?: RateLimits;
}): RateLimiter {
  const now = deps.now ?? Date.now;
  const limits = deps.limits ?? rateLimitSettings;
  return {
    async check(...hits) {
      const nowS = Math.floor(now() / 1000);
      const waits = await Promise.all(
        hits.map(async ([name, subject]) => {
          const rule = limits[name];
          const start = nowS - (nowS % rule.windowSeconds);
          const end = start + rule.windowSeconds;
          const count = await deps.counter.increment(
            `${name}#${digest(subject)}#${start}`,
            end + KEEP_AFTER_WINDOW_SECONDS,
          );
          return count > rule.limit ? Math.max(1, end - nowS) : 0;
        }),
      );
      const wait = Math.max(0, ...waits);
      if (wait > 0) throw new TooManyRequests(undefined, undefined, wait);
    },
  };
}
