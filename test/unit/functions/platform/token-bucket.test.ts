import { describe, expect, it, onTestFinished } from 'vitest';
import { onMetric } from '../../../../functions/platform/observability/metrics.js';
import { TooManyRequests } from '../../../../functions/platform/errors.js';
import { councilRateFrom, takeToken, tokenBucket } from '../../../../functions/platform/token-bucket.js';
import type { BucketStore } from '../../../../functions/platform/token-bucket.js';

const rule = { perSecond: 2, burst: 3 };

function memoryStore(): BucketStore & { items: Map<string, number> } {
  const items = new Map<string, number>();
  return {
    items,
    read: async (key) => items.get(key),
    write: async (key, tat, expected) => {
      if (items.get(key) !== expected) return false;
      items.set(key, tat);
      return true;
    },
  };
}

describe('token bucket (GCRA)', () => {
  it('allows a burst from a full bucket, then one call per interval, refusing with the wait in seconds', () => {
    let tat: number | undefined;
    const at = (now: number) => {
      const d = takeToken(tat, now, rule);
      if (d.allowed) tat = d.tat;
      return d.allowed ? 'ok' : d.retryAfterSeconds;
    };
    expect([at(0), at(0), at(0)]).toEqual(['ok', 'ok', 'ok']);
    expect(at(0)).toBe(1); // empty: the next token comes at 500 ms
    expect(at(499)).toBe(1);
    expect(at(500)).toBe('ok');
    expect(at(500)).toBe(1);
    expect(at(10_000)).toBe('ok'); // refilled after a quiet spell, never above the burst
    expect([at(10_000), at(10_000), at(10_000)]).toEqual(['ok', 'ok', 1]);
  });

  it('each client has its own bucket; an empty one answers 429 with Retry-After, counted', async () => {
    const refusals: Record<string, string>[] = [];
    const off = onMetric((m) => m.name === 'RateLimitRefusals' && refusals.push(m.dimensions));
    onTestFinished(off);
    const store = memoryStore();
    const bucket = tokenBucket({ store, rule, now: () => 1_000_000 });
    for (let i = 0; i < 3; i++) await bucket.take('client-a');
    const refused = await bucket.take('client-a').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(1);
    expect(refusals).toEqual([{ limit: 'councilClient' }]);
    await expect(bucket.take('client-b')).resolves.toBeUndefined();
  });

  it('a write that lost a race reads again, so concurrent calls never take the same token twice', async () => {
    const store = memoryStore();
    let raced = false;
    const racing: BucketStore = {
      read: store.read,
      write: async (key, tat, expected, ttl) => {
        if (!raced) {
          raced = true;
          store.items.set(key, 1_000_000 + 1500); // another call took three tokens meanwhile
          return false;
        }
        return store.write(key, tat, expected, ttl);
      },
    };
    const bucket = tokenBucket({ store: racing, rule, now: () => 1_000_000 });
    await expect(bucket.take('c')).rejects.toBeInstanceOf(TooManyRequests);
  });

  it('calls racing for one bucket under its limit all go through (contention is never a refusal)', async () => {
    const store = memoryStore();
    const bucket = tokenBucket({ store, rule: { perSecond: 10, burst: 100 }, now: () => 1_000_000 });
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => bucket.take('busy')));
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
  });

  it('the bucket as the caller read it is the first attempt; after a lost race the bucket is read again', async () => {
    const store = memoryStore();
    let reads = 0;
    let raced = false;
    const counting: BucketStore = {
      read: async (key) => {
        reads++;
        return store.read(key);
      },
      write: async (key, tat, expected, ttl) => {
        if (!raced) {
          raced = true;
          store.items.set(key, 1_000_000 + 500); // another call took a token meanwhile
          return false;
        }
        return store.write(key, tat, expected, ttl);
      },
    };
    const bucket = tokenBucket({ store: counting, rule, now: () => 1_000_000 });
    await bucket.take('c', { tat: undefined });
    expect(reads).toBe(1); // only the retry read
    expect(store.items.get('c')).toBe(1_000_000 + 1000); // the token after the racing call's
    // An empty bucket given by the caller's read is refused without another read.
    await expect(bucket.take('d', { tat: 1_000_000 + 1500 })).rejects.toBeInstanceOf(TooManyRequests);
    expect(reads).toBe(1);
  });

  it('COUNCIL_RATE_LIMIT overrides the production rule; a malformed one fails loudly', () => {
    expect(councilRateFrom(undefined)).toEqual({ perSecond: 10, burst: 100 });
    expect(councilRateFrom('{"burst": 5}')).toEqual({ perSecond: 10, burst: 5 });
    expect(() => councilRateFrom('{"burst": -1}')).toThrow();
  });
});
