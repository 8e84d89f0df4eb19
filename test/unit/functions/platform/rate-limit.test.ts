import { describe, expect, it } from 'vitest';
import {
  rateLimiter,
  rateLimitsFrom,
  rateLimitSettings,
  type RateCounter,
} from '../../../../functions/platform/rate-limit.js';
import { TooManyRequests } from '../../../../functions/platform/errors.js';

/** An in-memory counter with the store's semantics (ADD, expiry) and a clock the test moves. */
function fakeStore() {
  let nowMs = Date.parse('2026-03-01T10:00:00.000Z');
  const items = new Map<string, { count: number; ttl: number }>();
  const counter: RateCounter = {
    increment: async (key, ttl) => {
      const item = items.get(key);
      const live = item && item.ttl > nowMs / 1000 ? item : { count: 0, ttl };
      live.count += 1;
      live.ttl = ttl;
      items.set(key, live);
      return live.count;
    },
  };
  return {
    counter,
    items,
    now: () => nowMs,
    advance: (seconds: number) => {
      nowMs += seconds * 1000;
    },
  };
}

const limits = { ...rateLimitSettings, resendPerAddress: { limit: 3, windowSeconds: 900 } };

describe('rate limiter (fixed window over a fake clock)', () => {
  it('allows `limit` calls per window, refuses the next with the seconds left in the window', async () => {
    const s = fakeStore();
    const limiter = rateLimiter({ counter: s.counter, now: s.now, limits });
    for (let i = 0; i < 3; i++) await limiter.check(['resendPerAddress', 'ana@example.nz']);
    s.advance(100);
    const err = await limiter.check(['resendPerAddress', 'ana@example.nz']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TooManyRequests);
    // 10:00:00 is a window start (900 s windows): 100 s in, 800 s are left.
    expect(err).toMatchObject({ kind: 'tooMany', retryAfterSeconds: 800 });
  });

  it('a new window starts afresh', async () => {
    const s = fakeStore();
    const limiter = rateLimiter({ counter: s.counter, now: s.now, limits });
    for (let i = 0; i < 3; i++) await limiter.check(['resendPerAddress', 'ana@example.nz']);
    await expect(limiter.check(['resendPerAddress', 'ana@example.nz'])).rejects.toThrow(TooManyRequests);
    s.advance(900);
    await expect(limiter.check(['resendPerAddress', 'ana@example.nz'])).resolves.toBeUndefined();
  });

  it('subjects are counted apart; the address is compared without case or spaces', async () => {
    const s = fakeStore();
    const limiter = rateLimiter({ counter: s.counter, now: s.now, limits });
    for (let i = 0; i < 3; i++) await limiter.check(['resendPerAddress', 'Ana@Example.nz ']);
    await expect(limiter.check(['resendPerAddress', 'ana@example.nz'])).rejects.toThrow(TooManyRequests);
    await expect(limiter.check(['resendPerAddress', 'bob@example.nz'])).resolves.toBeUndefined();
  });

  it('several rules at once: any one over its limit refuses, with the longest wait', async () => {
    const s = fakeStore();
    const limiter = rateLimiter({
      counter: s.counter,
      now: s.now,
      limits: { ...limits, resendPerClient: { limit: 1, windowSeconds: 3600 } },
    });
    await limiter.check(['resendPerClient', '203.0.113.5'], ['resendPerAddress', 'a@example.nz']);
    const err = await limiter
      .check(['resendPerClient', '203.0.113.5'], ['resendPerAddress', 'b@example.nz'])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ retryAfterSeconds: 3600 });
  });

  it('stores digests, never the address, and lets each counter expire a minute after its window', async () => {
    const s = fakeStore();
    const limiter = rateLimiter({ counter: s.counter, now: s.now, limits });
    await limiter.check(['resendPerAddress', 'ana@example.nz']);
    expect(s.items.size).toBe(1);
    const [key, item] = [...s.items.entries()][0]!;
    expect(key).not.toContain('ana');
    expect(key).toMatch(/^resendPerAddress#[\w-]{32}#\d+$/);
    expect(item.ttl).toBe(Date.parse('2026-03-01T10:15:00.000Z') / 1000 + 60);
  });

  it('RATE_LIMITS overrides named settings; anything malformed fails loudly', () => {
    const l = rateLimitsFrom('{"registrationPerClient":{"limit":500}}');
    expect(l.registrationPerClient).toEqual({ limit: 500, windowSeconds: 3600 });
    expect(l.resendPerAddress).toEqual(rateLimitSettings.resendPerAddress);
    expect(rateLimitsFrom(undefined)).toEqual(rateLimitSettings);
    expect(() => rateLimitsFrom('{"nope":{"limit":1}}')).toThrow();
    expect(() => rateLimitsFrom('{"resendPerClient":{"limit":0}}')).toThrow();
  });
});
