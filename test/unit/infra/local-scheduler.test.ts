import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandlerLoader } from '../../../infra/local/handlers';
import { createScheduler, scheduleTarget } from '../../../infra/local/scheduler';
import { fired } from '../../fixtures/functions/example/scheduled';
import { localIntervalMs, recurringJobs } from '../../../functions/platform/recurring-jobs';

const functionsDir = path.resolve(import.meta.dirname, '../../fixtures/functions');
let dir: string | undefined;
afterEach(async () => {
  vi.useRealTimers();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fired.length = 0;
});

/** A scheduler over the fixtures' functions folder, in a fresh directory. */
function fixtureScheduler(handlers: Pick<HandlerLoader, 'load'> = new HandlerLoader(functionsDir)) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sched-'));
  return createScheduler({
    file: path.join(dir, 'schedules.json'),
    handlers: handlers as HandlerLoader,
    log: () => undefined,
  });
}

describe('local scheduler (EventBridge Scheduler stand-in)', () => {
  it("routes a job to its feature's scheduled module by payload.target", () => {
    expect(scheduleTarget({ target: 'organisations/scheduled' })).toBe('organisations/scheduled');
    expect(scheduleTarget({})).toBe('platform/scheduled');
    expect(() => scheduleTarget({ target: '../x' })).toThrow(/Invalid schedule target/);
  });

  it('fires a far-off job when fireDue is given a time after it, running the module it targets once', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sched-'));
    const file = path.join(dir, 'schedules.json');
    const scheduler = createScheduler({
      file,
      handlers: new HandlerLoader(functionsDir),
      log: () => undefined,
    });
    const at = new Date(Date.now() + 7 * 86_400_000);
    const payload = { target: 'example/scheduled', invitationId: 'i1' };
    await scheduler.schedule({ name: 'job-1', at, payload });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([expect.objectContaining({ name: 'job-1' })]);

    expect(await scheduler.fireDue()).toEqual([]);
    expect(fired).toEqual([]);
    expect(await scheduler.fireDue(new Date(at.getTime() + 1000))).toEqual(['job-1']);
    expect(fired).toEqual([payload]);
    // Deleted after it ran (ActionAfterCompletion: DELETE): firing again runs nothing.
    expect(scheduler.list()).toEqual([]);
    expect(await scheduler.fireDue(new Date(at.getTime() + 2000))).toEqual([]);
    expect(fired).toHaveLength(1);
    await scheduler.stop();
  });

  it('a cancelled job never fires', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sched-'));
    const scheduler = createScheduler({
      file: path.join(dir, 'schedules.json'),
      handlers: new HandlerLoader(functionsDir),
      log: () => undefined,
    });
    const at = new Date(Date.now() + 60_000);
    await scheduler.schedule({ name: 'job-2', at, payload: { target: 'example/scheduled' } });
    await scheduler.cancel('job-2');
    expect(await scheduler.fireDue(new Date(at.getTime() + 1))).toEqual([]);
    expect(fired).toEqual([]);
    await scheduler.stop();
  });

  it('a clock jumped past a far-off job fires it at once, by its own timer; back on time, a recurring job keeps its interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const scheduler = fixtureScheduler();
    const at = new Date(Date.now() + 7 * 86_400_000);
    const payload = { target: 'example/scheduled', requestGuid: 'r1' };
    await scheduler.schedule({ name: 'far', at, payload });
    scheduler.every('tick', 60_000, { target: 'example/scheduled', job: 'tick' });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fired).toEqual([]);

    scheduler.setClockOffset(at.getTime() - Date.now() + 1000);
    expect(scheduler.now().getTime()).toBeGreaterThan(at.getTime());
    await vi.advanceTimersByTimeAsync(1);
    await scheduler.idle();
    // The job, and the recurring one (its next run is in the jumped clock's past).
    expect(fired).toEqual(expect.arrayContaining([payload]));
    expect(scheduler.list()).toEqual([]);

    fired.length = 0;
    scheduler.setClockOffset(0);
    // The recurring job's next run was a week ahead on the jumped clock: back within its interval.
    expect(Date.parse(scheduler.recurring()[0]!.next) - Date.now()).toBeLessThanOrEqual(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.idle();
    expect(fired).toEqual([{ target: 'example/scheduled', job: 'tick' }]);
    await scheduler.stop();
  });

  describe('recurring jobs (EventBridge rules at a rate)', () => {
    const payload = { target: 'example/scheduled', job: 'tick' };

    it('fireDue runs one when its interval has passed, then not again until the next interval; never stored', async () => {
      const scheduler = fixtureScheduler();
      const t0 = Date.now();
      scheduler.every('tick', 300_000, payload);
      expect(await scheduler.fireDue(new Date(t0 + 299_000))).toEqual([]);
      expect(await scheduler.fireDue(new Date(t0 + 301_000))).toEqual(['tick']);
      expect(fired).toEqual([payload]);
      expect(scheduler.recurring()).toEqual([
        { name: 'tick', intervalMs: 300_000, payload, next: new Date(t0 + 601_000).toISOString() },
      ]);
      expect(await scheduler.fireDue(new Date(t0 + 400_000))).toEqual([]);
      expect(await scheduler.fireDue(new Date(t0 + 602_000))).toEqual(['tick']);
      expect(fired).toHaveLength(2);
      // Not a one-time schedule: nothing persisted, nothing deleted.
      expect(scheduler.list()).toEqual([]);
      await scheduler.stop();
    });

    it('fires by itself every interval, and not after stop', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const scheduler = fixtureScheduler();
      scheduler.every('tick', 1000, payload);
      await vi.advanceTimersByTimeAsync(999);
      expect(fired).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await scheduler.idle();
      expect(fired).toEqual([payload]);
      // One interval at a time: a run still going when the next comes due is skipped (below).
      await vi.advanceTimersByTimeAsync(1000);
      await scheduler.idle();
      await vi.advanceTimersByTimeAsync(1000);
      await scheduler.idle();
      expect(fired).toHaveLength(3);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(fired).toHaveLength(3);
    });

    it('skips a run while the previous one is still running', async () => {
      let calls = 0;
      let finish: () => void = () => undefined;
      const slow = async () => {
        calls++;
        await new Promise<void>((resolve) => (finish = resolve));
      };
      const scheduler = fixtureScheduler({ load: async <F>() => slow as F });
      scheduler.every('slow', 1000, payload);
      // After every(): its first run is due at its own clock + 1000, which a t0 read before it could
      // miss by the millisecond that passed between them (seen once on a loaded machine).
      const t0 = Date.now();
      const first = scheduler.fireDue(new Date(t0 + 1000));
      await vi.waitFor(() => expect(calls).toBe(1));
      // Due again while the first still runs: not started twice.
      const second = scheduler.fireDue(new Date(t0 + 2000));
      finish();
      expect(await first).toEqual(['slow']);
      expect(await second).toEqual(['slow']);
      expect(calls).toBe(1);
      await scheduler.stop();
    });

    it('refuses a bad interval or target', () => {
      const scheduler = fixtureScheduler();
      expect(() => scheduler.every('x', 0, payload)).toThrow(/Invalid interval/);
      expect(() => scheduler.every('x', 1000, { target: '../x' })).toThrow(/Invalid schedule target/);
    });

    it("the declared jobs: payments' catch-up every 5 minutes, shortened locally by PAYMENT_CATCH_UP_MS", () => {
      const catchUp = recurringJobs.find((j) => j.name === 'payments-catch-up')!;
      expect(catchUp).toMatchObject({
        everyMinutes: 5,
        payload: { target: 'payments/scheduled', job: 'catch-up' },
      });
      expect(localIntervalMs(catchUp, {})).toBe(300_000);
      expect(localIntervalMs(catchUp, { PAYMENT_CATCH_UP_MS: '2000' })).toBe(2000);
      expect(localIntervalMs(catchUp, { PAYMENT_CATCH_UP_MS: 'soon' })).toBe(300_000);
    });
  });
});
