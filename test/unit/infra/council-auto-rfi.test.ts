/**
 * The automatic council's RFI round (infra/council/auto.ts): on the applications it picks, once the
 * assessment has started it raises one Consent round of two points, waits while the round is open,
 * signs the submitted points off RESOLVED and goes on to the grant. Each step is derived from the
 * application and its points as the API answers them, so a restarted council carries on, and a
 * retried step replays its write.
 */
import { describe, expect, test, vi } from 'vitest';
import { CouncilApplication } from '../../../shared/schemas/council';
import type { RaiseRfiRound, RfiPointDto } from '../../../shared/schemas/rfis';
import {
  applyAutoStep,
  AUTO_RFI_TEAM,
  autoCouncilTick,
  autoRaisesRfi,
  autoRfiRound,
  nextAutoStep,
  type AutoCouncilOptions,
} from '../../../infra/council/auto';
import { CouncilApiError } from '../../../infra/council/client';
import { rfiPointDto } from '../../support/rfi-points';

const modified = '2026-11-20T01:00:00.000Z';
const app = (over: Partial<CouncilApplication> = {}) =>
  CouncilApplication.parse({
    id: '1002',
    name: 'New house',
    applicationNumber: 'BLD-2026-00002',
    recordType: 'Draft',
    applicationType: 'Standalone',
    authorityId: 'wcc',
    jurisdictionId: 'wcc',
    formId: 'bc',
    startedDate: '2026-11-19T01:00:00.000Z',
    modifiedDate: modified,
    status: 'InProgress',
    submissionDate: modified,
    workflowStages: [],
    requiredInspections: [],
    rejectedReason: null,
    ...over,
  });
const assessing = (elapsed = 0) =>
  app({
    workflowStages: [
      {
        stageDisplayName: 'Assessment',
        stageName: 'Assessment',
        stageStatus: 'Started',
        stageType: 'Steps',
        progress: { elapsedNum: elapsed, totalNum: 20 },
        items: [],
      },
    ],
  });
const now = new Date(Date.parse(modified) + 1);
const answered = { responseDetails: 'Calculations attached', responsePersonName: 'Jane Applicant' };
const submitted = {
  ...answered,
  customerSubmittedDate: '2026-11-21T00:00:00Z',
  status: 'SUBMITTED' as const,
};
const processed = { ...submitted, councilSignedOffDate: '2026-11-22T00:00:00Z', status: 'RESOLVED' as const };
const round = (...states: Partial<RfiPointDto>[]) =>
  states.map((s, i) => rfiPointDto({ id: `p${i + 1}`, displayOrderInRound: i + 1, ...s }));

describe('which applications get an RFI round', () => {
  test('those whose application number ends in an even digit', () => {
    expect(autoRaisesRfi({ applicationNumber: 'BLD-2026-00042' })).toBe(true);
    expect(autoRaisesRfi({ applicationNumber: 'BLD-2026-00040' })).toBe(true);
    expect(autoRaisesRfi({ applicationNumber: 'BLD-2026-00043' })).toBe(false);
    expect(autoRaisesRfi({})).toBe(false);
  });

  test('the round: Consent, team Building, round 1, two points the API accepts', async () => {
    const { RaiseRfiRound } = await import('../../../shared/schemas/rfis');
    const body = RaiseRfiRound.parse(autoRfiRound('wcc'));
    expect(body).toMatchObject({ type: 'Consent', team: AUTO_RFI_TEAM, round: 1 });
    expect(body.points.map((p) => p.title)).toEqual([
      'Bracing calculations',
      'Fire separation to the boundary',
    ]);
  });
});

describe('nextAutoStep with the points', () => {
  const facts = (points: RfiPointDto[], raise = true) => ({ raise, points });

  test('raises the round once the assessment has started, not before', () => {
    expect(nextAutoStep(app(), now, 0, facts([]))).toEqual({ kind: 'startAssessment' });
    expect(nextAutoStep(assessing(), now, 0, facts([]))).toEqual({ kind: 'raiseRfi' });
    expect(nextAutoStep(assessing(), now, 0, facts([], false))).toEqual({ kind: 'assess', elapsed: 10 });
  });

  test('waits while the round is open, whatever the application status says', () => {
    expect(nextAutoStep(assessing(), now, 0, facts(round({}, {})))).toBeUndefined();
    expect(nextAutoStep(assessing(), now, 0, facts(round(answered, {})))).toBeUndefined();
    expect(nextAutoStep(assessing(), now, 0, facts(round(answered, answered)))).toBeUndefined();
    const suspended = { ...assessing(), status: 'VRFISuspended' as const };
    expect(nextAutoStep(suspended, now, 0, facts(round({}, {})))).toBeUndefined();
  });

  test('signs the submitted points off, then goes on to the decision', () => {
    expect(nextAutoStep(assessing(), now, 0, facts(round(submitted, submitted)))).toEqual({
      kind: 'signOffRfi',
      rfiPointIds: ['p1', 'p2'],
    });
    // Half signed off (a person, or a tick cut short): the rest.
    expect(nextAutoStep(assessing(), now, 0, facts(round(processed, submitted)))).toEqual({
      kind: 'signOffRfi',
      rfiPointIds: ['p2'],
    });
    expect(nextAutoStep(assessing(), now, 0, facts(round(processed, processed)))).toEqual({
      kind: 'assess',
      elapsed: 10,
    });
    expect(nextAutoStep(assessing(20), now, 0, facts(round(processed, processed)))).toMatchObject({
      kind: 'grant',
    });
  });

  test("another team's round raised by hand does not stand in for the council's own", () => {
    const other = round({ ...processed, team: 'Planning' });
    expect(nextAutoStep(assessing(), now, 0, facts(other))).toEqual({ kind: 'raiseRfi' });
  });
});

/** A council API over one application and its points, with the Idempotency-Key replays of the real one. */
function fakeCouncil(start: CouncilApplication) {
  let current = start;
  let points: RfiPointDto[] = [];
  let clock = Date.parse(start.modifiedDate);
  const replays = new Map<string, unknown>();
  const writes: string[] = [];
  const touch = (patch: Partial<CouncilApplication>) => {
    clock += 1000;
    current = { ...current, ...patch, modifiedDate: new Date(clock).toISOString() };
    return current;
  };
  const once = <T>(key: string | undefined, what: string, change: () => T): T => {
    if (key && replays.has(key)) return replays.get(key) as T;
    const answer = change();
    writes.push(what);
    if (key) replays.set(key, answer);
    return answer;
  };
  const refuse = (message: string) => new CouncilApiError(409, { message }, new Headers(), 'fake');
  const council = {
    applications: async (q: { status?: string[] }) => ({
      applications: q.status?.includes(current.status) ? [current] : [],
    }),
    application: async () => current,
    rfiPoints: async () => ({ rfiPoints: points }),
    // The lodgement fee is issued (council-auto-payments.test.ts has the payments).
    payments: async () => [{ description: 'Building consent lodgement fee', status: 'Paid' }],
    workflowStages: async (
      _: string,
      b: { workflowStages: CouncilApplication['workflowStages'] },
      o?: { idempotencyKey?: string },
    ) => once(o?.idempotencyKey, 'stages', () => touch({ workflowStages: b.workflowStages })),
    grant: async (_: string, consentNumber: string, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'grant', () => touch({ consentNumber, recordType: 'Consent' })),
    // The consent and its conditions, sent with the grant (infra/council/issued-pdf.ts).
    issueDocument: async (
      _: string,
      kind: string,
      _name: string,
      _bytes: Uint8Array,
      o?: { idempotencyKey?: string },
    ) => once(o?.idempotencyKey, `issue ${kind}`, () => ({ kind })),
    requiredInspections: async (_: string, b: object, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'inspections', () => touch({})),
    raiseRfiRound: async (_: string, body: RaiseRfiRound, o?: { idempotencyKey?: string }) =>
      once(o?.idempotencyKey, 'raise', () => {
        if (points.some((p) => p.type === body.type && p.team === body.team && p.round === body.round))
          throw refuse('Round 1 has already been raised: raise the next round');
        points = body.points.map((p, i) =>
          rfiPointDto({ id: `p${i + 1}`, title: p.title, team: body.team, displayOrderInRound: i + 1 }),
        );
        touch({ status: 'VRFISuspended', hasOutstandingRFIs: true });
        return {
          type: body.type,
          team: body.team,
          round: 1,
          applicationStatus: 'VRFISuspended',
          rfiPoints: points,
        };
      }),
    signOffRfiPoint: async (
      _: string,
      id: string,
      body: { status: string },
      o?: { idempotencyKey?: string },
    ) =>
      once(o?.idempotencyKey, `signoff ${id}`, () => {
        const p = points.find((x) => x.id === id)!;
        if (p.councilSignedOffDate) throw refuse('This point has already been signed off');
        const signed = rfiPointDto({
          ...p,
          councilSignedOffDate: new Date(clock).toISOString(),
          status: 'RESOLVED',
        });
        points = points.map((x) => (x.id === id ? signed : x));
        void body;
        return signed;
      }),
  };
  return {
    council: council as unknown as AutoCouncilOptions['council'],
    writes,
    get app() {
      return current;
    },
    get points() {
      return points;
    },
    /** The applicant answers every point and submits the round: the application is InProgress again. */
    submitRound() {
      points = points.map((p) => rfiPointDto({ ...p, ...submitted }));
      touch({ status: 'InProgress', hasOutstandingRFIs: false });
    },
  };
}

describe('the automatic council over the API', () => {
  const tick = (council: AutoCouncilOptions['council']) =>
    autoCouncilTick({ council, authorityId: 'wcc', stepMs: 0 }).then((t) => t.map((s) => s.step));

  test('raises, waits for the applicant, signs off and grants; a restart carries on', async () => {
    const fake = fakeCouncil(app());
    expect(await tick(fake.council)).toEqual(['startAssessment']);
    expect(await tick(fake.council)).toEqual(['raiseRfi']);
    expect(fake.app.status).toBe('VRFISuspended');
    expect(fake.points.map((p) => p.title)).toEqual([
      'Bracing calculations',
      'Fire separation to the boundary',
    ]);
    // Open: nothing, tick after tick.
    expect(await tick(fake.council)).toEqual([]);
    expect(await tick(fake.council)).toEqual([]);

    fake.submitRound();
    expect(await tick(fake.council)).toEqual(['signOffRfi']);
    expect(fake.points.map((p) => p.status)).toEqual(['RESOLVED', 'RESOLVED']);
    expect(await tick(fake.council)).toEqual(['assess']);
    expect(await tick(fake.council)).toEqual(['assess']);
    expect(await tick(fake.council)).toEqual(['grant']);
    expect(await tick(fake.council)).toEqual(['startInspections']);
    expect(await tick(fake.council)).toEqual([]);
    expect(fake.writes.filter((w) => w === 'raise')).toHaveLength(1);
  });

  test('stopped while the round is open and started again, it carries on from what the API answers', async () => {
    const { startAutoCouncil } = await import('../../../infra/council/auto');
    vi.useFakeTimers();
    try {
      const fake = fakeCouncil(app());
      const lines: string[] = [];
      const start = () =>
        startAutoCouncil({
          council: fake.council,
          authorityId: 'wcc',
          stepMs: 0,
          intervalMs: 5,
          log: (l) => lines.push(l),
        });
      const first = start();
      await vi.advanceTimersByTimeAsync(50);
      await first.stop();
      expect(fake.app.status).toBe('VRFISuspended');
      fake.submitRound();
      const second = start();
      await vi.advanceTimersByTimeAsync(50);
      await second.stop();
      expect(lines.map((l) => l.replace('auto council wcc: 1002 ', ''))).toEqual([
        'startAssessment',
        'raiseRfi',
        'signOffRfi',
        'assess',
        'assess',
        'grant',
        'startInspections',
      ]);
      expect(fake.app.consentNumber).toBe('WCC-BC-2026-1002');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a step retried from the same snapshot replays: one round, each point signed off once', async () => {
    const fake = fakeCouncil(assessing());
    const snapshot = fake.app;
    const facts = { raise: true, points: [] };
    const raise = nextAutoStep(snapshot, now, 0, facts)!;
    expect(raise).toEqual({ kind: 'raiseRfi' });
    await applyAutoStep(fake.council, snapshot, raise);
    await applyAutoStep(fake.council, snapshot, raise);
    expect(fake.writes).toEqual(['raise']);
    expect(fake.points).toHaveLength(2);

    fake.submitRound();
    const before = fake.app;
    const signOff = nextAutoStep(before, new Date(), 0, { raise: true, points: fake.points })!;
    expect(signOff).toEqual({ kind: 'signOffRfi', rfiPointIds: ['p1', 'p2'] });
    await applyAutoStep(fake.council, before, signOff);
    await applyAutoStep(fake.council, before, signOff);
    expect(fake.writes).toEqual(['raise', 'signoff p1', 'signoff p2']);
  });

  test('an application the rule leaves out goes straight on to the decision', async () => {
    const fake = fakeCouncil(assessing());
    const taken = await autoCouncilTick({
      council: fake.council,
      authorityId: 'wcc',
      stepMs: 0,
      raisesRfi: () => false,
    });
    expect(taken.map((t) => t.step)).toEqual(['assess']);
    expect(fake.points).toEqual([]);
  });
});
