/**
 * The automatic council's plan (infra/council/auto.ts `nextAutoStep`): what it does next is read from
 * the application as the API answers it, a step at most every `stepMs` after the last change.
 */
import { describe, expect, test, vi } from 'vitest';
import { CouncilApplication } from '../../../shared/schemas/council';
import { AUTO_ASSESSMENT_DAYS, autoConsentNumber, nextAutoStep } from '../../../infra/council/auto';

const modified = '2026-11-20T01:00:00.000Z';
const app = (over: Partial<CouncilApplication> = {}) =>
  CouncilApplication.parse({
    id: '1001',
    name: 'New house',
    applicationNumber: 'BLD-2026-0001',
    recordType: 'Draft',
    applicationType: 'Standalone',
    authorityId: 'wcc',
    jurisdictionId: 'wcc',
    formId: 'bc',
    startedDate: '2026-11-19T01:00:00.000Z',
    modifiedDate: modified,
    status: 'Submitted',
    submissionDate: modified,
    workflowStages: [],
    requiredInspections: [],
    rejectedReason: null,
    ...over,
  });
const later = (ms: number) => new Date(Date.parse(modified) + ms);
const assessment = (elapsed: number) => ({
  stageDisplayName: 'Assessment',
  stageName: 'Assessment' as const,
  stageStatus: 'Started' as const,
  stageType: 'Numbers' as const,
  progress: { elapsedNum: elapsed, totalNum: AUTO_ASSESSMENT_DAYS },
  items: [],
});

describe('nextAutoStep', () => {
  test('waits stepMs after the last change', () => {
    expect(nextAutoStep(app(), later(29_999), 30_000)).toBeUndefined();
    expect(nextAutoStep(app(), later(30_000), 30_000)).toEqual({ kind: 'accept' });
  });

  test('walks a lodgement to a consent with its inspections', () => {
    const now = later(1);
    expect(nextAutoStep(app({ status: 'InProgress' }), now, 0)).toEqual({ kind: 'startAssessment' });
    expect(nextAutoStep(app({ status: 'InProgress', workflowStages: [assessment(0)] }), now, 0)).toEqual({
      kind: 'assess',
      elapsed: 10,
    });
    expect(nextAutoStep(app({ status: 'InProgress', workflowStages: [assessment(10)] }), now, 0)).toEqual({
      kind: 'assess',
      elapsed: 20,
    });
    expect(nextAutoStep(app({ status: 'InProgress', workflowStages: [assessment(20)] }), now, 0)).toEqual({
      kind: 'grant',
      consentNumber: 'WCC-BC-2026-1001',
    });
    const granted = app({
      status: 'InProgress',
      consentNumber: 'WCC-BC-2026-1001',
      workflowStages: [assessment(20)],
    });
    expect(nextAutoStep(granted, now, 0)).toEqual({ kind: 'startInspections' });
    const inspecting = app({
      ...granted,
      workflowStages: [
        assessment(20),
        {
          stageDisplayName: 'Inspections',
          stageName: 'Inspections',
          stageStatus: 'Started',
          stageType: 'Steps',
          items: [],
        },
      ],
    });
    expect(nextAutoStep(inspecting, now, 0)).toBeUndefined();
  });

  test('leaves alone what a person stopped or closed', () => {
    for (const status of [
      'VRFISuspended',
      'Refused',
      'Lapsed',
      'Withdrawn',
      'Rejected',
      'Completed',
    ] as const)
      expect(nextAutoStep(app({ status }), later(1), 0), status).toBeUndefined();
  });

  test('a consent number never starts with BLD (those are application numbers)', () => {
    const lodged = { id: '42', authorityId: 'akl', modifiedDate: '2027-02-01T00:00:00Z' };
    expect(autoConsentNumber({ ...lodged, submissionDate: '2026-12-30T00:00:00Z' })).toBe('AKL-BC-2026-42');
    expect(autoConsentNumber(lodged)).toBe('AKL-BC-2027-42');
  });
});

describe('startAutoCouncil', () => {
  test('a council whose credentials are refused stops with one line', async () => {
    const { startAutoCouncil } = await import('../../../infra/council/auto');
    const { CouncilApiError } = await import('../../../infra/council/client');
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      let calls = 0;
      const council = {
        applications: async () => {
          calls += 1;
          throw new CouncilApiError(400, { error: 'invalid_client' }, new Headers(), 'POST token');
        },
      } as unknown as Parameters<typeof startAutoCouncil>[0]['council'];
      const auto = startAutoCouncil({
        council,
        authorityId: 'wcc',
        intervalMs: 5,
        log: (l) => lines.push(l),
      });
      await vi.advanceTimersByTimeAsync(5);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(100);
      await auto.stop();
      expect(calls).toBe(1);
      expect(lines).toEqual([
        expect.stringMatching(/^auto council wcc: stopped, its credentials were refused/),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('inTurns', () => {
  test('runs at most `limit` tasks at a time and answers the results in order', async () => {
    const { inTurns } = await import('../../../infra/council/in-turns');
    let inFlight = 0;
    let most = 0;
    const results = await inTurns([5, 1, 4, 2, 3, 0], 3, async (n) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, n));
      inFlight -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(3);
  });

  test('throws the first failure once the started tasks have ended, and starts no other', async () => {
    const { inTurns } = await import('../../../infra/council/in-turns');
    const started: number[] = [];
    const ended: number[] = [];
    const run = inTurns([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('one failed');
      await new Promise((r) => setTimeout(r, 5));
      ended.push(n);
    });
    await expect(run).rejects.toThrow('one failed');
    expect(started).toEqual([1, 2]);
    expect(ended).toEqual([2]);
  });
});

describe('autoCouncilTick', () => {
  test('looks at the due applications a few at a time, each one whole, and steps each once', async () => {
    const { autoCouncilTick, AUTO_CONCURRENCY } = await import('../../../infra/council/auto');
    const ids = ['2001', '2002', '2003', '2004', '2005', '2006', '2007'];
    let inFlight = 0;
    let most = 0;
    const accepted: string[] = [];
    const council = {
      applications: async () => ({
        applications: ids.map((id) => ({ id, modifiedDate: modified })),
        nextCursor: undefined,
      }),
      application: async (id: string) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        // An authority that takes no payments: accepting issues no invoice.
        return app({ id, authorityId: 'hcc' });
      },
      acceptLodgement: async (id: string) => {
        accepted.push(id);
        return app({ id, status: 'InProgress' });
      },
    } as unknown as Parameters<typeof autoCouncilTick>[0]['council'];
    const taken = await autoCouncilTick({
      council,
      authorityId: 'hcc',
      stepMs: 1_000,
      now: () => later(1_000),
      select: (id) => id !== '2007',
    });
    expect(most).toBe(AUTO_CONCURRENCY);
    expect(accepted.sort()).toEqual(ids.slice(0, 6));
    expect(taken.map((t) => t.step)).toEqual(Array(6).fill('accept'));
  });
});
