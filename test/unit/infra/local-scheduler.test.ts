import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HandlerLoader } from '../../../infra/local/handlers';
import { createScheduler, scheduleTarget } from '../../../infra/local/scheduler';
import { fired } from '../../fixtures/functions/example/scheduled';

const functionsDir = path.resolve(import.meta.dirname, '../../fixtures/functions');
let dir: string | undefined;
afterEach(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  fired.length = 0;
});

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
});
