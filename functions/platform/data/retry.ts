import { Conflict } from '../errors.js';

/**
 * Optimistic writes: runs `attempt` (a fresh read, the rules, a conditional write) until it returns a
 * value; `undefined` means a concurrent change beat its condition. After `attempts` tries, a Conflict
 * with `message` (409).
 */
export async function retryOnConflict<T>(
  attempts: number,
  message: string,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const done = await attempt();
    if (done !== undefined) return done;
  }
  throw new Conflict(message);
}
