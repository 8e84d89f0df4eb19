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

/** A recurring job (an EventBridge rule at a rate): not persisted, registered at each start. */
export interface RecurringSchedule {
  name: string;
  intervalMs: number;
  payload: unknown;
  /** ISO time it fires next. */
  next: string;
}

export interface LocalScheduler extends SchedulerImplementation {
  /** The one-time schedules (the recurring ones: {@link recurring}). */
  list(): StoredSchedule[];
  /**
   * Registers a recurring job (functions/platform/recurring-jobs.ts): it fires every `intervalMs`
   * from now, a run skipped while the previous one is still running. The same name again replaces it.
   */
  every(name: string, intervalMs: number, payload: unknown): void;
  recurring(): RecurringSchedule[];
  /**
   * Fires every schedule due at `now` (default: the clock; a later time lets a test fire what would
   * come due then), recurring ones included (their next run is then `now` + their interval);
   * resolves when their handlers have finished.
   */
  fireDue(now?: Date): Promise<string[]>;
  /** Arms a timer for every stored schedule (due ones fire on the next tick). */
  start(): void;
  /**
   * Fault injection (test/support/faults.ts): moves the scheduler's clock `ms` ahead of the
   * machine's (0: back to it), as a jumped clock would; every timer is armed again on the new
   * clock, so a schedule now in its past fires at once. The functions it runs keep the machine's
   * clock.
   */
  setClockOffset(ms: number): void;
  /** The scheduler's clock (the machine's plus the offset). */
  now(): Date;
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
 * once it has fired (ActionAfterCompletion: DELETE). Recurring jobs (EventBridge rules at a rate)
 * live in memory: infra/local/index.ts registers them at each start.
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
  const recurring = new Map<string, RecurringSchedule>();
  const recurringTimers = new Map<string, NodeJS.Timeout>();
  /** The recurring jobs running now (a run is skipped while its previous one runs). */
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let offsetMs = 0;
  const clock = () => Date.now() + offsetMs;

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
    return run(name, s.payload);
  };

  const run = (name: string, payload: unknown): Promise<void> => {
    const job = (async () => {
      try {
        const handler = await opts.handlers.load<(p: unknown) => Promise<unknown>>(scheduleTarget(payload));
        await handler(payload);
      } catch (err) {
        opts.log(`schedule ${name} failed: ${String((err as Error)?.stack ?? err)}`);
      }
    })();
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    return job;
  };

  /** Runs a recurring job now (unless its previous run still runs) and moves its next run on. */
  const fireRecurring = (name: string, now: number): Promise<void> => {
    const r = recurring.get(name);
    if (!r) return Promise.resolve();
    r.next = new Date(now + r.intervalMs).toISOString();
    armRecurring(r);
    const previous = running.get(name);
    if (previous) return previous;
    const job = run(name, r.payload).finally(() => running.delete(name));
    running.set(name, job);
    return job;
  };

  const armRecurring = (r: RecurringSchedule) => {
    clearTimeout(recurringTimers.get(r.name));
    if (stopped) return;
    const t = setTimeout(
      () => void fireRecurring(r.name, clock()),
      Math.max(0, Math.min(Date.parse(r.next) - clock(), MAX_TIMER)),
    );
    t.unref();
    recurringTimers.set(r.name, t);
  };

  const arm = (s: StoredSchedule) => {
    clearTimeout(timers.get(s.name));
    if (stopped) return;
    const delay = Date.parse(s.at) - clock();
    const t = setTimeout(
      () => {
        if (Date.parse(s.at) > clock()) arm(s);
        else void fire(s.name);
      },
      Math.max(0, Math.min(delay, MAX_TIMER)),
    );
    t.unref();
    timers.set(s.name, t);
  };

  const fireDue = async (now = new Date(clock())) => {
    const due = [...schedules.values()].filter((s) => Date.parse(s.at) <= now.getTime()).map((s) => s.name);
    const dueRecurring = [...recurring.values()]
      .filter((r) => Date.parse(r.next) <= now.getTime())
      .map((r) => r.name);
    await Promise.all([...due.map(fire), ...dueRecurring.map((name) => fireRecurring(name, now.getTime()))]);
    return [...due, ...dueRecurring];
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
    every(name, intervalMs, payload) {
      if (!(Number.isFinite(intervalMs) && intervalMs > 0))
        throw new Error(`Invalid interval for ${name}: ${String(intervalMs)}`);
      scheduleTarget(payload);
      const r = { name, intervalMs, payload, next: new Date(clock() + intervalMs).toISOString() };
      recurring.set(name, r);
      armRecurring(r);
    },
    recurring: () => [...recurring.values()].map((r) => ({ ...r })),
    fireDue,
    start() {
      for (const s of schedules.values()) arm(s);
    },
    setClockOffset(ms) {
      if (!Number.isFinite(ms)) throw new Error(`Invalid clock offset: ${String(ms)}`);
      offsetMs = ms;
      for (const s of schedules.values()) arm(s);
      for (const r of recurring.values()) {
        // A clock that came back: a recurring job runs within its interval, not after the jump's.
        if (Date.parse(r.next) > clock() + r.intervalMs)
          r.next = new Date(clock() + r.intervalMs).toISOString();
        armRecurring(r);
      }
    },
    now: () => new Date(clock()),
    idle: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    stop: async () => {
      stopped = true;
      for (const t of [...timers.values(), ...recurringTimers.values()]) clearTimeout(t);
      timers.clear();
      recurringTimers.clear();
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
