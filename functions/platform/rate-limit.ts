import { createHash } from 'node:crypto';
import * as z from 'zod';
import { TooManyRequests } from './errors.js';
import { recordMetric } from './observability/metrics.js';
import { rateLimitSettings } from './rate-limit-settings.js';
import type { RateLimitName, RateRule } from './rate-limit-settings.js';

/**
 * One reusable limiter for the paths that send mail or check a guessable code (and a signed-in
 * look-up that would otherwise answer about any email address): a fixed
 * window per rule and subject (an e-mail address, a client address), counted in the single table
 * with one atomic `ADD` per check (functions/platform/data/entities/abuse.ts, removed by TTL).
 * Over the limit: 429 with the error shape and `Retry-After` (seconds to the window's end).
 *
 * Every attempt counts, including refused ones, so a guesser cannot keep trying past the limit. The
 * subject is stored only as a digest. Each refusal is counted (RateLimitRefusals, by limit name).
 */

export { rateLimitSettings } from './rate-limit-settings.js';
export type { RateLimitName, RateRule } from './rate-limit-settings.js';

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
          if (count <= rule.limit) return 0;
          recordMetric('RateLimitRefusals', { limit: name });
          return Math.max(1, end - nowS);
        }),
      );
      const wait = Math.max(0, ...waits);
      if (wait > 0) throw new TooManyRequests(undefined, undefined, wait);
    },
  };
}
