/** A few tasks at a time: the automatic council's tick (./auto.ts) and the soak's registrations. */
/**
 * Runs `task` over `items`, at most `limit` at a time; answers the results in the items' order. The
 * first failure is thrown once the tasks already started have ended (none is left running behind
 * the caller), and no task starts after it.
 */
export async function inTurns<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await task(items[i]!);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed) throw failed.error;
  return results;
}
