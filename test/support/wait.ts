/** Polls `check` until it returns a truthy value or the deadline passes (no fixed sleeps). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false | null> | T | undefined | false | null,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
