/**
 * Faults injected into a running local stack (docs/reliability.md "Faults"), each recoverable. A
 * fault is made with its settings and run when the caller chooses (the soak bench at random moments,
 * an integration test in the middle of real work); `run()` resolves once the fault is over, with its
 * window: what the caller tolerates inside it (5xx answers, a late delivery) and nothing after.
 *
 *   const fault = faults.dynamoDown(stack, { seconds: 10 });
 *   const window = await fault.run(); // { name, start, end, detail? }
 *
 * Every fault works on a stack running in this process (`startLocalStack` or {@link holdStack}): it
 * uses the stand-ins' control hooks (infra/local: DynamoDB Local's halt/resume, the Lambda and Step
 * Functions stand-ins' holdNext, the card gateway's failure mode, the scheduler's clock offset),
 * never the functions' code. A whole-stack restart needs a {@link HeldStack}; the other faults take
 * either, and always act on the stack running now.
 */
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/index';
import { LOCAL_MERGE_FUNCTION_NAME } from '../../infra/local/lambda';
import type { WebhookReceiver } from './webhook-receiver';

export interface FaultWindow {
  name: string;
  start: Date;
  end: Date;
  /** What happened, when the fault depends on the work it met (e.g. which invocation was killed). */
  detail?: string;
}

export interface Fault {
  name: string;
  /** Injects the fault and resolves once it is over (the part that failed is back). */
  run(): Promise<FaultWindow>;
}

/** A stack that a fault may stop and start again: `current` is always the one running now. */
export interface HeldStack {
  readonly current: LocalStack;
  /** Stops the stack and starts it again on the same data directory and ports (`npm start` again). */
  restart(): Promise<LocalStack>;
  stop(): Promise<void>;
}

export type StackRef = LocalStack | HeldStack;

const isHeld = (s: StackRef): s is HeldStack => 'restart' in s && 'current' in s;
/** The stack running now (a HeldStack's current one). */
export const currentStack = (s: StackRef): LocalStack => (isHeld(s) ? s.current : s);
const current = currentStack;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a stack in this process and keeps it restartable: a restart starts it with the same options
 * but `reset: false`, so it finds its data directory as it left it.
 */
export async function holdStack(options: LocalStackOptions): Promise<HeldStack> {
  let stack = await startLocalStack(options);
  return {
    get current() {
      return stack;
    },
    async restart() {
      await stack.stop();
      stack = await startLocalStack({ ...options, reset: false });
      return stack;
    },
    stop: () => stack.stop(),
  };
}

/** Runs `inject` between two clock readings. */
async function windowed(name: string, inject: () => Promise<string | void>): Promise<FaultWindow> {
  const start = new Date();
  const detail = await inject();
  return { name, start, end: new Date(), ...(detail ? { detail } : {}) };
}

/** DynamoDB Local stopped (its java ended) for `seconds`, then started again on the same data directory. */
export function dynamoDown(stack: StackRef, options: { seconds?: number } = {}): Fault {
  const seconds = options.seconds ?? 10;
  const name = `dynamodb-down-${seconds}s`;
  return {
    name,
    run: () =>
      windowed(name, async () => {
        const db = current(stack).dynamodb;
        await db.halt();
        await sleep(seconds * 1000);
        await db.resume();
      }),
  };
}

/** What a Lambda kill lands on: the merge worker's invocation, or a Task of the extraction workflow. */
export type KillTarget = 'merge' | 'extraction';

/**
 * The Lambda stand-in killed mid-work: the next invocation of the merge worker (an asynchronous
 * invoke) or of the extraction workflow's Task `state` (default ReadTitle, the middle step) is held
 * when it arrives and killed, as a runtime dying mid-invocation: the merge is retried by Lambda's
 * asynchronous retries, the Task by its state's Retry (`Lambda.Unknown`), then its Catch. `times`
 * (default 1) kills that many invocations in a row (the retries too: past them, the failure path).
 * The window is from the first kill to the last. With no invocation within `waitSeconds` (default
 * 60) of the previous, it stops killing (detail says so). `match` narrows it to one piece of work (a
 * test's application).
 */
export function lambdaKilled(
  stack: StackRef,
  options: {
    during: KillTarget;
    state?: string;
    times?: number;
    waitSeconds?: number;
    /** Only an invocation whose payload this accepts (e.g. one application's); default any. */
    match?: (payload: unknown) => boolean;
  },
): Fault {
  const times = options.times ?? 1;
  const name = `lambda-killed-${options.during}${times > 1 ? `-x${times}` : ''}`;
  return {
    name,
    async run() {
      let start: Date | undefined;
      const killed: unknown[] = [];
      for (let i = 0; i < times; i++) {
        const s = current(stack);
        const hold =
          options.during === 'merge'
            ? s.lambda.holdNext(LOCAL_MERGE_FUNCTION_NAME, options.match)
            : s.stepFunctions.holdNext(options.state ?? 'ReadTitle', options.match);
        const reached = await Promise.race([
          hold.reached.then((payload) => ({ payload })),
          sleep((options.waitSeconds ?? 60) * 1000).then(() => undefined),
        ]);
        if (!reached) {
          hold.release();
          break;
        }
        start ??= new Date();
        hold.kill();
        killed.push(reached.payload);
      }
      const end = new Date();
      return {
        name,
        start: start ?? end,
        end,
        detail: killed.length
          ? `killed ${killed.length}: ${JSON.stringify(killed[0])}`
          : 'no invocation arrived: nothing killed',
      };
    },
  };
}

/**
 * The card gateway failing for `seconds`: its REST API answers 500 (session creation and queries)
 * and it sends no notification, not even later, for what was paid meanwhile. The payments catch-up
 * job settles those sessions once the gateway answers again.
 */
export function gatewayFailing(
  stack: StackRef,
  options: {
    seconds?: number;
    /** Answering again as soon as this resolves, if before `seconds` (a test: once it has acted meanwhile). */
    until?: () => Promise<unknown>;
  } = {},
): Fault {
  const seconds = options.seconds ?? 30;
  const name = `gateway-failing-${seconds}s`;
  return {
    name,
    run: () =>
      windowed(name, async () => {
        const gateway = current(stack).paymentGateway;
        const before = gateway.suppressed.length;
        gateway.setFailing(true);
        try {
          await Promise.race([sleep(seconds * 1000), ...(options.until ? [options.until()] : [])]);
        } finally {
          gateway.setFailing(false);
        }
        return `${gateway.suppressed.length - before} notifications never sent`;
      }),
  };
}

/**
 * A council's webhook receiver down (connections refused) for `seconds` (default 120, two minutes),
 * then up on the same port. Deliveries meanwhile fail, are retried, and those past their retries are
 * dead letters that a redrive delivers.
 */
export function webhookReceiverDown(
  receiver: WebhookReceiver,
  options: {
    seconds?: number;
    /** Up again as soon as this resolves, if before `seconds` (a test: once a delivery has failed for good). */
    until?: () => Promise<unknown>;
  } = {},
): Fault {
  const seconds = options.seconds ?? 120;
  const name = `webhook-receiver-down-${seconds}s`;
  return {
    name,
    run: () =>
      windowed(name, async () => {
        await receiver.down();
        try {
          await Promise.race([sleep(seconds * 1000), ...(options.until ? [options.until()] : [])]);
        } finally {
          await receiver.up();
        }
      }),
  };
}

/** The whole stack stopped and started again (`npm start` on the same data directory). */
export function stackRestart(stack: HeldStack): Fault {
  const name = 'stack-restart';
  return {
    name,
    run: () =>
      windowed(name, async () => {
        const next = await stack.restart();
        return `ready again in ${next.startMs} ms`;
      }),
  };
}

/**
 * The scheduler's clock jumped ahead: by `byMs`, or to just past `past` (an access request's
 * expiry, say). Every schedule then in its past fires at once; once they have run (and after
 * `holdSeconds` more, default 0) the clock comes back to the machine's. The functions the scheduler
 * runs keep the machine's clock.
 */
export function schedulerClockJump(
  stack: StackRef,
  options: ({ byMs: number } | { past: Date }) & { holdSeconds?: number },
): Fault {
  const name = 'scheduler-clock-jump';
  return {
    name,
    run: () =>
      windowed(name, async () => {
        const scheduler = current(stack).scheduler;
        const by = 'byMs' in options ? options.byMs : options.past.getTime() + 1000 - Date.now();
        const due = (at: number) => scheduler.list().filter((s) => Date.parse(s.at) <= at).length;
        const fired = due(Date.now() + by);
        scheduler.setClockOffset(Math.max(0, by));
        try {
          // The timers of the schedules now due run on the next tick; then their handlers.
          await sleep(50);
          await scheduler.idle();
          await sleep((options.holdSeconds ?? 0) * 1000);
        } finally {
          scheduler.setClockOffset(0);
        }
        return `clock ${Math.round(by / 1000)} s ahead: ${fired} schedules fired`;
      }),
  };
}

export const faults = {
  dynamoDown,
  lambdaKilled,
  gatewayFailing,
  webhookReceiverDown,
  stackRestart,
  schedulerClockJump,
};
