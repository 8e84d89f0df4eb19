/**
 * Fault injection for the stand-ins that run functions (infra/local/lambda.ts, stepfunctions.ts):
 * a test holds the next invocation of a function (or a Task state) before its handler runs, then
 * kills it, as a runtime dying mid-invocation ends it, or lets it go (docs/reliability.md "Faults").
 */

/** What a killed invocation fails with: Lambda's error for a runtime that exited. */
export function runtimeExited(name: string): Error {
  return Object.assign(
    new Error(`RequestId: local Error: Runtime exited with error: signal: killed (${name})`),
    {
      name: 'Runtime.ExitError',
    },
  );
}

export interface HeldInvocation {
  /** Resolves with the payload once an invocation has reached the hold (its handler not yet run). */
  reached: Promise<unknown>;
  /** Ends the held invocation as a killed runtime does: it fails, and the caller's retries apply. */
  kill(): void;
  /** Lets the held invocation run its handler (not yet reached: the hold is taken away). */
  release(): void;
}

export interface Holds {
  /** Holds the next invocation whose key is `key` (and whose payload `match` accepts, if given). */
  holdNext(key: string, match?: (payload: unknown) => boolean): HeldInvocation;
  /** Called by the stand-in before a handler runs: resolves false to go on, true when killed. */
  arrive(key: string, payload: unknown): Promise<boolean>;
  /** Lets every pending hold go (the stand-in stops). */
  releaseAll(): void;
}

export function createHolds(): Holds {
  const waiting = new Map<
    string,
    {
      reach: (p: unknown) => void;
      decided: Promise<boolean>;
      decide: (k: boolean) => void;
      match?: ((payload: unknown) => boolean) | undefined;
    }
  >();
  return {
    holdNext(key, match) {
      let reach!: (p: unknown) => void;
      let decide!: (killed: boolean) => void;
      const reached = new Promise<unknown>((r) => (reach = r));
      const decided = new Promise<boolean>((r) => (decide = r));
      const entry = { reach, decided, decide, match };
      waiting.set(key, entry);
      return {
        reached,
        kill: () => decide(true),
        // Before it was reached, a release takes the hold away: no later invocation waits on it.
        release: () => {
          if (waiting.get(key) === entry) waiting.delete(key);
          decide(false);
        },
      };
    },
    async arrive(key, payload) {
      const hold = waiting.get(key);
      if (!hold || (hold.match && !hold.match(payload))) return false;
      waiting.delete(key);
      hold.reach(payload);
      return hold.decided;
    },
    releaseAll() {
      for (const h of waiting.values()) h.decide(false);
      waiting.clear();
    },
  };
}
