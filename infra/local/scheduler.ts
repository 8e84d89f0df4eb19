import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { HandlerLoader } from './handlers';
import type { Log } from './util';

/** The seam functions/platform/adapters/scheduler.ts exposes (setSchedulerImplementation). */
export interface SchedulerImplementation {
  schedule(input: { name: string; at: Date | string; payload: unknown }): Promise<void>;
  cancel(name: string): Promise<void>;
}

export interface StoredSchedule {
  name: string;
  /** ISO time the schedule fires at. */
  at: string;
  payload: unknown;
  createdAt: string;
}

export interface LocalScheduler extends SchedulerImplementation {
  list(): StoredSchedule[];
  /**
   * Fires every schedule due at `now` (default: the clock; a later time lets a test fire what would
   * come due then); resolves when their handlers have finished.
   */
  fireDue(now?: Date): Promise<string[]>;
  /** Arms a timer for every stored schedule (due ones fire on the next tick). */
  start(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Which handler a payload targets. On AWS every schedule invokes SCHEDULER_TARGET_ARN; locally
 * `payload.target` (or `payload.handler`) names a module under functions/ (`<feature>/<module>`, or
 * a bare name under functions/platform/), and a payload without one goes to
 * functions/platform/scheduled.ts (that single target).
 */
export function scheduleTarget(payload: unknown): string {
  const p = (payload ?? {}) as Record<string, unknown>;
  const name =
    typeof p.target === 'string' ? p.target : typeof p.handler === 'string' ? p.handler : 'scheduled';
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)?$/i.test(name))
    throw new Error(`Invalid schedule target ${JSON.stringify(name)}`);
  return name.includes('/') ? name : `platform/${name}`;
}

const MAX_TIMER = 2 ** 31 - 1;

/**
 * EventBridge Scheduler on this machine: one-time schedules persisted in a JSON file, fired by
 * timers; schedules that came due while the stack was down fire at start. A schedule is deleted
 * once it has fired (ActionAfterCompletion: DELETE).
 */
export function createScheduler(opts: { file: string; handlers: HandlerLoader; log: Log }): LocalScheduler {
  let schedules = new Map<string, StoredSchedule>();
  if (existsSync(opts.file)) {
    try {
      const list = JSON.parse(readFileSync(opts.file, 'utf8')) as StoredSchedule[];
      schedules = new Map(list.map((s) => [s.name, s]));
    } catch (err) {
      opts.log(`ignoring unreadable ${opts.file}: ${String(err)}`);
    }
  }
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  const persist = () => {
    const tmp = `${opts.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...schedules.values()], null, 2));
    renameSync(tmp, opts.file);
  };

  const fire = (name: string): Promise<void> => {
    const s = schedules.get(name);
    clearTimeout(timers.get(name));
    timers.delete(name);
    if (!s) return Promise.resolve();
    schedules.delete(name);
    persist();
    const run = (async () => {
      try {
        const handler = await opts.handlers.load<(p: unknown) => Promise<unknown>>(scheduleTarget(s.payload));
        await handler(s.payload);
      } catch (err) {
        opts.log(`schedule ${name} failed: ${String((err as Error)?.stack ?? err)}`);
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  };

  const arm = (s: StoredSchedule) => {
    clearTimeout(timers.get(s.name));
    if (stopped) return;
    const delay = Date.parse(s.at) - Date.now();
    const t = setTimeout(
      () => {
        if (Date.parse(s.at) > Date.now()) arm(s);
        else void fire(s.name);
      },
      Math.max(0, Math.min(delay, MAX_TIMER)),
    );
    t.unref();
    timers.set(s.name, t);
  };

  const fireDue = async (now = new Date()) => {
    const due = [...schedules.values()].filter((s) => Date.parse(s.at) <= now.getTime()).map((s) => s.name);
    await Promise.all(due.map(fire));
    return due;
  };

  return {
    async schedule({ name, at, payload }) {
      if (schedules.has(name)) {
        // As EventBridge Scheduler's CreateSchedule: a name is unique within the group.
        throw Object.assign(new Error(`Schedule ${name} already exists.`), { name: 'ConflictException' });
      }
      const when = at instanceof Date ? at : new Date(at);
      if (Number.isNaN(when.getTime())) throw new Error(`Invalid schedule time for ${name}: ${String(at)}`);
      const s: StoredSchedule = {
        name,
        at: when.toISOString(),
        payload,
        createdAt: new Date().toISOString(),
      };
      schedules.set(name, s);
      persist();
      arm(s);
    },
    async cancel(name) {
      clearTimeout(timers.get(name));
      timers.delete(name);
      if (schedules.delete(name)) persist();
    },
    list: () => [...schedules.values()],
    fireDue,
    start() {
      for (const s of schedules.values()) arm(s);
    },
    idle: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    stop: async () => {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
