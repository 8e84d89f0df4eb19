import * as z from 'zod';
import { TooManyRequests } from './errors.js';
import { recordMetric } from './observability/metrics.js';

/**
 * A token bucket per subject, as the generic cell rate algorithm (GCRA) keeps it: one number per
 * subject, the theoretical arrival time `tat` (ms) — when the bucket would be full again. A call
 * at `now` is allowed when `tat - now` is at most the burst's tolerance; it then moves `tat` on by
 * one emission interval. Equivalent to a bucket of `burst` tokens refilled at `perSecond`, without
 * a timer or a refill write. Used for council clients (docs/council-api.md "Limits"): each client
 * may make `burst` calls at once and `perSecond` a second after that; over it, 429 with Retry-After.
 */

export interface BucketRule {
  /** Sustained calls per second. */
  readonly perSecond: number;
  /** Calls allowed at once from a full bucket. */
  readonly burst: number;
}

/** The council API's limit per client (production values; env COUNCIL_RATE_LIMIT overrides). */
export const councilClientRate: BucketRule = { perSecond: 10, burst: 100 };

const Rule = z.strictObject({
  perSecond: z.number().positive().max(10_000),
  burst: z.number().int().positive().max(100_000),
});

/** The bucket of a council client (its item's `key`). */
export const councilBucketKey = (clientId: string) => `council#${clientId}`;

/** The rule with COUNCIL_RATE_LIMIT (JSON, partial) applied; malformed fails at cold start. */
export function councilRateFrom(raw: string | undefined): BucketRule {
  if (!raw) return councilClientRate;
  return Rule.parse({ ...councilClientRate, ...(JSON.parse(raw) as object) });
}

/** The decision for one call: allowed with the new `tat`, or refused with the wait in seconds. */
export type BucketDecision = { allowed: true; tat: number } | { allowed: false; retryAfterSeconds: number };

export function takeToken(tat: number | undefined, now: number, rule: BucketRule): BucketDecision {
  const interval = 1000 / rule.perSecond;
  const tolerance = (rule.burst - 1) * interval;
  const from = Math.max(tat ?? now, now);
  if (from - now > tolerance)
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((from - now - tolerance) / 1000)) };
  return { allowed: true, tat: from + interval };
}

/** The store of `tat` per subject: a read, and a write that succeeds only if `tat` is still `expected`. */
export interface BucketStore {
  read(key: string): Promise<number | undefined>;
  /** False when another call changed the bucket since the read (the caller reads again). */
  write(key: string, tat: number, expected: number | undefined, expiresAtSeconds: number): Promise<boolean>;
}

/**
 * Attempts at a contended bucket (another call of the same client wrote between this one's read and
 * write). After them the call goes through: a limiter must not refuse calls that are under the
 * limit, and every write that won took its token, so the limit is exceeded by at most the calls
 * still racing. (Found when the demo's seeding, ten lodgements in parallel by one client, got 429s
 * far below the limit.)
 */
const ATTEMPTS = 8;

export function tokenBucket(deps: { store: BucketStore; rule: BucketRule; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * Takes one token of `subject`'s bucket; throws TooManyRequests (429, Retry-After) when empty.
     * `first`: the bucket as the caller already read it (a caller that knows the subject early reads
     * it with its own items: one call less); a retry after a lost race reads again.
     */
    async take(subject: string, first?: { tat: number | undefined }): Promise<void> {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const old = attempt === 0 && first ? first.tat : await deps.store.read(subject);
        const t = now();
        const decision = takeToken(old, t, deps.rule);
        if (!decision.allowed) {
          // A runaway integration shows on the dashboard beside the other limits (docs/metrics.md).
          recordMetric('RateLimitRefusals', { limit: 'councilClient' });
          throw new TooManyRequests(undefined, undefined, decision.retryAfterSeconds);
        }
        // The item is useless once the bucket is full again: keep it a minute past that.
        if (await deps.store.write(subject, decision.tat, old, Math.ceil(decision.tat / 1000) + 60)) return;
      }
    },
  };
}
