import { describe, expect, it } from 'vitest';
import {
  hasResponse,
  isOpenState,
  nextRoundNumber,
  orderRfiPoints,
  parseRoundNumber,
  pointChange,
  pointsOfRound,
  responseDocumentChoices,
  rfiFlags,
  rfiResponseCounts,
  rfiMessages,
  rfiNeighbours,
  rfiPointState,
  rfiRoundsOf,
  rfiRoundState,
  rfiTypeLabels,
  rfiTypeOf,
  roundSubmission,
  type RfiPointPlace,
  type RfiPointState,
} from '../../../shared/domain/rfis.js';
import {
  RaiseRfiRound,
  RfiPointPatch,
  RfiRoundSubmissionV2,
  RfiRoundSubmissionV3,
  RfiSignOff,
} from '../../../shared/schemas/rfis.js';

/** A point in each derived state (docs/rfis.md). */
const facts: Record<RfiPointState, object> = {
  NotResponded: {},
  Responded: { responseDetails: 'Calculations attached' },
  Submitted: { responseDetails: 'x', customerSubmittedDate: '2026-11-20T00:00:00Z' },
  Processed: {
    responseDetails: 'x',
    customerSubmittedDate: '2026-11-20T00:00:00Z',
    councilSignedOffDate: '2026-11-21T00:00:00Z',
  },
};
const states = Object.keys(facts) as RfiPointState[];

let n = 0;
const point = (over: Partial<RfiPointPlace> = {}): RfiPointPlace => ({
  rfiPointId: `p${++n}`,
  type: 'Consent',
  team: 'Building',
  location: 'Site',
  round: 1,
  displayOrderInRound: n,
  ...over,
});

describe('derived point status (§4)', () => {
  it('NotResponded; Responded with response text; Submitted with the submitted date; Processed with the sign-off', () => {
    for (const s of states) expect(rfiPointState(facts[s])).toBe(s);
  });
  it('the sign-off wins over submission, submission over a response', () => {
    expect(rfiPointState({ councilSignedOffDate: '2026-11-21' })).toBe('Processed');
    expect(rfiPointState({ customerSubmittedDate: '2026-11-21' })).toBe('Submitted');
  });
  it('blank response text is no response', () => {
    expect(rfiPointState({ responseDetails: '  \n ' })).toBe('NotResponded');
    expect(hasResponse({ responseDetails: ' a ' })).toBe(true);
  });
  it('NotResponded and Responded count as open', () => {
    expect(states.filter(isOpenState)).toEqual(['NotResponded', 'Responded']);
  });
});

describe('round status (§4): every combination of two points', () => {
  const expected = (a: RfiPointState, b: RfiPointState): RfiPointState => {
    const all = [a, b];
    if (all.every((s) => s === 'Processed')) return 'Processed';
    if (all.every((s) => s === 'Processed' || s === 'Submitted')) return 'Submitted';
    if (all.every((s) => s !== 'NotResponded')) return 'Responded';
    return 'NotResponded';
  };
  for (const a of states)
    for (const b of states)
      it(`${a} + ${b} → ${expected(a, b)}`, () => {
        expect(rfiRoundState([facts[a], facts[b]])).toBe(expected(a, b));
      });
  it('a single point: the round has its status', () => {
    for (const s of states) expect(rfiRoundState([facts[s]])).toBe(s);
  });
});

describe('rounds, order and neighbours', () => {
  const pts = [
    point({ type: 'CCC', round: 1, displayOrderInRound: 1 }),
    point({ type: 'Consent', team: 'Planning', round: 1, displayOrderInRound: 1, ...facts.Responded }),
    point({ type: 'Consent', team: 'Building', round: 2, displayOrderInRound: 1 }),
    point({ type: 'Consent', team: 'Building', round: 1, displayOrderInRound: 2, ...facts.Processed }),
    point({ type: 'Consent', team: 'Building', round: 1, displayOrderInRound: 1, ...facts.Submitted }),
    point({ type: 'Vetting', team: '', round: 1, displayOrderInRound: 1 }),
  ];
  it('reading order: Lodgement, Assessment, Certificates; then team, round, order in round', () => {
    expect(
      orderRfiPoints(pts).map((p) => [rfiTypeLabels[p.type], p.team, p.round, p.displayOrderInRound]),
    ).toEqual([
      ['Lodgement', '', 1, 1],
      ['Assessment', 'Building', 1, 1],
      ['Assessment', 'Building', 1, 2],
      ['Assessment', 'Building', 2, 1],
      ['Assessment', 'Planning', 1, 1],
      ['Certificates', 'Building', 1, 1],
    ]);
  });
  it('rounds by type, team and number, with status and open count', () => {
    expect(
      rfiRoundsOf(pts).map((r) => [r.type, r.team, r.round, r.status, r.openCount, r.points.length]),
    ).toEqual([
      ['Vetting', '', 1, 'NotResponded', 1, 1],
      ['Consent', 'Building', 1, 'Submitted', 0, 2],
      ['Consent', 'Building', 2, 'NotResponded', 1, 1],
      ['Consent', 'Planning', 1, 'Responded', 1, 1],
      ['CCC', 'Building', 1, 'NotResponded', 1, 1],
    ]);
  });
  it('previous and next across rounds; the ends have none; an unknown id none', () => {
    const ordered = orderRfiPoints(pts);
    expect(rfiNeighbours(pts, ordered[1]!.rfiPointId)).toEqual({
      previous: ordered[0]!.rfiPointId,
      next: ordered[2]!.rfiPointId,
    });
    expect(rfiNeighbours(pts, ordered[0]!.rfiPointId).previous).toBeUndefined();
    expect(rfiNeighbours(pts, ordered[5]!.rfiPointId).next).toBeUndefined();
    expect(rfiNeighbours(pts, 'nope')).toEqual({});
  });
  it('flags: hasRFI with any point; hasOutstandingRFIs while any round is open', () => {
    expect(rfiFlags([])).toEqual({ hasRFI: false, hasOutstandingRFIs: false });
    expect(rfiFlags(pts)).toEqual({ hasRFI: true, hasOutstandingRFIs: true });
    expect(rfiFlags([facts.Submitted, facts.Processed])).toEqual({ hasRFI: true, hasOutstandingRFIs: false });
    expect(rfiFlags([facts.Responded])).toEqual({ hasRFI: true, hasOutstandingRFIs: true });
  });
  it('a submission names its round by team (v3) or by location (v2)', () => {
    const round = [
      point({ team: 'Fire', location: 'Level 1', round: 3 }),
      point({ team: 'Fire', location: 'Level 2', round: 3 }),
      point({ team: 'Structure', location: 'Level 1', round: 3 }),
    ];
    expect(pointsOfRound(round, { type: 'Consent', round: 3, team: 'Fire' })).toHaveLength(2);
    expect(pointsOfRound(round, { type: 'Consent', round: 3, location: 'Level 1' })).toHaveLength(2);
    expect(pointsOfRound(round, { type: 'Vetting', round: 3, team: 'Fire' })).toHaveLength(0);
    expect(pointsOfRound(round, { type: 'Consent', round: 2, team: 'Fire' })).toHaveLength(0);
  });
  it('the next round of a type and team', () => {
    expect(nextRoundNumber(pts, 'Consent', 'Building')).toBe(3);
    expect(nextRoundNumber(pts, 'Consent', 'Fire')).toBe(1);
    expect(nextRoundNumber([], 'Vetting', '')).toBe(1);
  });
});

describe('what may change', () => {
  it('a point changes only while open', () => {
    expect(pointChange(facts.NotResponded).ok).toBe(true);
    expect(pointChange(facts.Responded).ok).toBe(true);
    expect(pointChange(facts.Submitted)).toEqual({ ok: false, reason: rfiMessages.pointSubmitted });
    expect(pointChange(facts.Processed)).toEqual({ ok: false, reason: rfiMessages.pointSubmitted });
  });
  it('a round is submitted whole: every open point answered; submitted points are left as they are', () => {
    const answered = point(facts.Responded);
    const done = point(facts.Processed);
    expect(roundSubmission([answered, done])).toEqual({ ok: true, points: [answered] });
    expect(roundSubmission([answered, point()])).toEqual({
      ok: false,
      reason: rfiMessages.answerEveryPoint,
      conflict: true,
    });
    expect(roundSubmission([done, point(facts.Submitted)])).toEqual({
      ok: false,
      reason: rfiMessages.roundAlreadySubmitted,
      conflict: true,
    });
    expect(roundSubmission([])).toEqual({ ok: false, reason: rfiMessages.roundNotFound, conflict: false });
  });
});

describe('parsing', () => {
  it('types in any case; unknown refused with the field', () => {
    expect(rfiTypeOf('VETTING')).toBe('Vetting');
    expect(rfiTypeOf('ccc')).toBe('CCC');
    expect(rfiTypeOf('Lodgement')).toBeUndefined();
    expect(
      RfiRoundSubmissionV2.parse({ rfiLocation: 'Site', rfiRound: 'Round 2', rfiType: 'CONSENT' }),
    ).toEqual({
      rfiLocation: 'Site',
      rfiRound: 2,
      rfiType: 'Consent',
    });
    expect(RfiRoundSubmissionV3.parse({ rfiTeam: 'Building', rfiRound: 1, rfiType: 'Vetting' })).toEqual({
      rfiTeam: 'Building',
      rfiRound: 1,
      rfiType: 'Vetting',
    });
    const bad = RfiRoundSubmissionV3.safeParse({ rfiTeam: 'B', rfiRound: 'none', rfiType: 'Other' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['rfiRound', 'rfiType']);
  });
  it('round numbers from text', () => {
    expect(parseRoundNumber('2')).toBe(2);
    expect(parseRoundNumber('Round 12')).toBe(12);
    expect(parseRoundNumber(3)).toBe(3);
    expect(parseRoundNumber(0)).toBeUndefined();
    expect(parseRoundNumber('first')).toBeUndefined();
  });
  it('a PATCH carries a response, documents or both, and nothing else', () => {
    expect(RfiPointPatch.safeParse({}).success).toBe(false);
    expect(RfiPointPatch.safeParse({ responseDetails: '' }).success).toBe(true);
    expect(RfiPointPatch.safeParse({ responseDocumentNames: ['a.pdf'] }).success).toBe(true);
    expect(RfiPointPatch.safeParse({ responseDetails: 'x', status: 'RESOLVED' }).success).toBe(false);
    expect(RfiPointPatch.safeParse({ responseDetails: 'x'.repeat(20001) }).success).toBe(false);
  });
  it('a raised round: 1 to 50 points, each with title, details and who asked', () => {
    const p = {
      title: 'Bracing',
      requestDetails: 'Provide the calculations',
      requestPerson: { name: 'Ana', email: 'ANA@wcc.govt.nz' },
    };
    const ok = RaiseRfiRound.parse({ points: [p] });
    expect(ok).toMatchObject({
      type: 'Vetting',
      team: '',
      points: [{ requestPerson: { email: 'ana@wcc.govt.nz' } }],
    });
    expect(RaiseRfiRound.safeParse({ points: [] }).success).toBe(false);
    expect(RaiseRfiRound.safeParse({ points: Array(51).fill(p) }).success).toBe(false);
    expect(RaiseRfiRound.safeParse({ points: [{ ...p, title: ' ' }] }).success).toBe(false);
    expect(RaiseRfiRound.safeParse({ type: 'Lodgement', points: [p] }).success).toBe(false);
  });
  it('the sign-off statuses', () => {
    for (const status of ['RESOLVED', 'NOT_RESOLVED', 'INCOMPLETE'])
      expect(RfiSignOff.parse({ status })).toEqual({ status });
    expect(RfiSignOff.safeParse({ status: 'SUBMITTED' }).success).toBe(false);
  });
});

describe('what is left for the applicant (docs/rfis.md)', () => {
  it('counts the open points without a response to answer, those with one to send', () => {
    const { NotResponded, Responded, Submitted, Processed } = facts;
    expect(rfiResponseCounts([NotResponded, NotResponded])).toEqual({ toAnswer: 2, toSend: 0 });
    // Both points answered: nothing waits for a response (the summary once said "2 points wait").
    expect(rfiResponseCounts([Responded, Responded])).toEqual({ toAnswer: 0, toSend: 2 });
    expect(rfiResponseCounts([NotResponded, Responded, Submitted, Processed])).toEqual({
      toAnswer: 1,
      toSend: 1,
    });
    expect(rfiResponseCounts([{ responseDetails: '   ' }])).toEqual({ toAnswer: 1, toSend: 0 });
  });

  it("a point shows its own documents and the free ones, never another point's", () => {
    const points = [
      { id: 'a', documentNames: ['calcs.pdf'] },
      { id: 'b', documentNames: ['plan.pdf'] },
    ];
    const uploaded = ['calcs.pdf', 'plan.pdf', 'new.pdf'];
    expect(responseDocumentChoices(uploaded, points[0]!, points)).toEqual({
      attached: ['calcs.pdf'],
      free: ['new.pdf'],
    });
    expect(responseDocumentChoices(uploaded, points[1]!, points)).toEqual({
      attached: ['plan.pdf'],
      free: ['new.pdf'],
    });
  });
});
