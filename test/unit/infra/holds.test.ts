import { describe, expect, it } from 'vitest';
import { createHolds, runtimeExited } from '../../../infra/local/holds';

/** The stand-ins' fault hook (infra/local/holds.ts): the next invocation held, then killed or let go. */
describe('holds (fault injection in the Lambda and Step Functions stand-ins)', () => {
  it('holds the next matching invocation only; kill ends it, release lets it run', async () => {
    const holds = createHolds();
    expect(await holds.arrive('merge', { applicationId: 'a' })).toBe(false);

    const hold = holds.holdNext('merge', (p) => (p as { applicationId: string }).applicationId === 'b');
    // Another application's invocation is not held.
    expect(await holds.arrive('merge', { applicationId: 'a' })).toBe(false);
    const arrived = holds.arrive('merge', { applicationId: 'b' });
    expect(await hold.reached).toEqual({ applicationId: 'b' });
    hold.kill();
    expect(await arrived).toBe(true);
    // Used up: the next one runs.
    expect(await holds.arrive('merge', { applicationId: 'b' })).toBe(false);

    const again = holds.holdNext('ReadTitle');
    const running = holds.arrive('ReadTitle', {});
    await again.reached;
    again.release();
    expect(await running).toBe(false);
  });

  it('a hold released before anything reached it is taken away', async () => {
    const holds = createHolds();
    holds.holdNext('merge').release();
    expect(await holds.arrive('merge', {})).toBe(false);
  });

  it('a killed invocation fails as a runtime that exited', () => {
    expect(runtimeExited('consent-portal-merge-local')).toMatchObject({ name: 'Runtime.ExitError' });
  });
});
