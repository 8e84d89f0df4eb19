import { beforeEach, describe, expect, it } from 'vitest';
import { rfisService, type RfiChange, type RfiPorts } from '../../../../functions/rfis/service/rfis.js';
import type { RfiPointRecord } from '../../../../functions/rfis/service/dto.js';
import type { ApplicationRecord } from '../../../../functions/platform/access.js';
import { Conflict, Invalid, NotFound } from '../../../../functions/platform/errors.js';
import type { Idempotency } from '../../../../functions/platform/idempotency.js';
import { rfiMessages } from '../../../../shared/domain/rfis.js';
import { RaiseRfiRound } from '../../../../shared/schemas/rfis.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

/**
 * The RFIs service on an in-memory world (functions/rfis/service/rfis.ts): who may answer and submit,
 * that a submitted round cannot change, the flags, status and clock each change leaves, and what one
 * transaction carries. The route table's access (Edit to answer) is the matrix's to check.
 */
interface World {
  application: ApplicationRecord;
  points: RfiPointRecord[];
  changes: RfiChange[];
  documents: { name: string; documentContainerId?: string }[];
  clock: Date;
  /** The next write is lost to a concurrent change. */
  raceNext: boolean;
}

let w: World;
let ids = 0;
const idem = { key: 'k', requestHash: 'h', item: () => ({}) as never } as unknown as Idempotency;
const caller = { kind: 'user' as const, userId: 'u-ana', email: 'ana@example.nz' };
const councilGrant = () => ({ application: w.application, council: { authorityId: 'wcc', clientId: 'c' } });
const grant = () => ({ application: w.application, access: {} as never });

const ports: RfiPorts = {
  now: () => w.clock,
  newId: () => `p${++ids}`,
  points: async () => w.points.map((p) => ({ ...p })),
  userName: async (id) => (id === 'u-ana' ? 'Ana Ngata' : undefined),
  documents: async () => w.documents,
  rfiContainerIds: () => ['rfi-documents'],
  async saveResponse(before, set) {
    const i = w.points.findIndex((p) => p.rfiPointId === before.rfiPointId);
    if (w.points[i]!.customerSubmittedDate || w.points[i]!.councilSignedOffDate) return false;
    w.points[i] = { ...w.points[i]!, ...set, updatedAt: w.clock.toISOString() };
    return true;
  },
  async write(change) {
    if (w.raceNext) return (w.raceNext = false);
    w.changes.push(change);
    for (const c of change.create ?? []) w.points.push({ ...c, updatedAt: w.clock.toISOString() });
    for (const u of change.update ?? []) {
      const i = w.points.findIndex((p) => p.rfiPointId === u.before.rfiPointId);
      w.points[i] = { ...w.points[i]!, ...u.set, updatedAt: w.clock.toISOString() };
    }
    w.application = { ...w.application, ...change.patch };
    return true;
  },
};
const rfis = rfisService(ports);
const raise = (body: object) => rfis.raise(councilGrant(), idem, RaiseRfiRound.parse(body));
const ask = (title: string) => ({
  title,
  requestDetails: `Please provide ${title}`,
  requestPerson: { name: 'Officer Tui', email: 'tui@wcc.govt.nz' },
});

beforeEach(() => {
  ids = 0;
  w = {
    application: {
      applicationId: '100',
      authorityId: 'wcc',
      status: 'InProgress',
      acceptedDate: '2026-11-02T00:00:00.000Z',
      clockSuspensions: [],
      etag: 'e1',
    } as unknown as ApplicationRecord,
    points: [],
    changes: [],
    documents: [
      { name: 'calcs.pdf', documentContainerId: 'rfi-documents' },
      { name: 'plans.pdf', documentContainerId: 'plans' },
    ],
    clock: new Date('2026-11-10T01:00:00.000Z'),
    raceNext: false,
  };
});

describe('the council raises a round', () => {
  it('creates the points in order, suspends the application and stops the clock, in one change', async () => {
    const raised = await raise({ type: 'Consent', team: 'Building', points: [ask('bracing'), ask('fire')] });
    expect(raised).toMatchObject({
      type: 'Consent',
      team: 'Building',
      round: 1,
      applicationStatus: 'VRFISuspended',
    });
    expect(
      raised.rfiPoints.map((p) => [p.title, p.displayOrderInRound, p.status, p.documentContainerId]),
    ).toEqual([
      ['bracing', 1, 'NOT_SPECIFIED', 'rfi-documents'],
      ['fire', 2, 'NOT_SPECIFIED', 'rfi-documents'],
    ]);
    expect(raised.rfiPoints[0]).toMatchObject({
      nextRfiPointGuid: 'p2',
      councilSentDate: '2026-11-10T01:00:00.000Z',
    });
    expect(w.application).toMatchObject({
      status: 'VRFISuspended',
      hasRFI: true,
      hasOutstandingRFIs: true,
      clockSuspensions: [{ from: '2026-11-10T01:00:00.000Z' }],
    });
    expect(w.changes).toHaveLength(1);
    expect(w.changes[0]).toMatchObject({
      action: 'RfiRoundRaised',
      source: 'council',
      actor: 'council:wcc',
      idempotency: { statusCode: 201 },
      round: { type: 'Consent', team: 'Building', round: 1, rfiPointIds: ['p1', 'p2'] },
    });
  });
  it('numbers the next round of the type and team; a named round raised before is 409', async () => {
    await raise({ type: 'Consent', team: 'Building', points: [ask('a')] });
    expect((await raise({ type: 'Consent', team: 'Building', points: [ask('b')] })).round).toBe(2);
    expect((await raise({ type: 'Consent', team: 'Planning', points: [ask('c')] })).round).toBe(1);
    await expect(raise({ type: 'Consent', team: 'Building', round: 2, points: [ask('d')] })).rejects.toThrow(
      rfiMessages.roundExists(2),
    );
  });
  it('only on an accepted, undecided application', async () => {
    for (const status of ['Submitted', 'Completed', 'Refused', 'Withdrawn', 'Draft']) {
      w.application = { ...w.application, status } as ApplicationRecord;
      await expect(raise({ points: [ask('a')] })).rejects.toThrow(rfiMessages.raiseNotInProgress);
    }
    expect(w.changes).toHaveLength(0);
  });
  it('a second round on a suspended application keeps the one open suspension', async () => {
    await raise({ team: 'A', points: [ask('a')] });
    w.clock = new Date('2026-11-12T00:00:00.000Z');
    await raise({ team: 'B', points: [ask('b')] });
    expect(w.application.clockSuspensions).toEqual([{ from: '2026-11-10T01:00:00.000Z' }]);
    expect(w.changes[1]!.patch.status).toBeUndefined();
  });
});

describe('the applicant answers', () => {
  beforeEach(async () => {
    await raise({ type: 'Consent', team: 'Building', points: [ask('bracing'), ask('fire')] });
  });
  it('records the response, who and when', async () => {
    w.clock = new Date('2026-11-11T02:03:00.000Z');
    const saved = await rfis.respond(caller, grant(), 'p1', {
      responseDetails: 'Calculations attached',
      responseDocumentNames: ['calcs.pdf', 'calcs.pdf'],
    });
    expect(saved).toMatchObject({
      responseDetails: 'Calculations attached',
      documentNames: ['calcs.pdf'],
      responsePersonName: 'Ana Ngata',
      responseLastModifiedDate: '2026-11-11T02:03:00.000Z',
    });
  });
  it('documents must be RFI documents of this application (400 on the field)', async () => {
    for (const name of ['plans.pdf', 'missing.pdf']) {
      const e = await rfis
        .respond(caller, grant(), 'p1', { responseDocumentNames: ['calcs.pdf', name] })
        .catch((x) => x);
      expect(e).toBeInstanceOf(Invalid);
      expect((e as Invalid).details).toEqual([
        { field: 'body.responseDocumentNames.1', reason: rfiMessages.documentNotFound },
      ]);
    }
    expect(w.points[0]!.responseDocumentNames).toEqual([]);
  });
  it('an unknown point is 404; a closed application is 409', async () => {
    await expect(rfis.respond(caller, grant(), 'nope', { responseDetails: 'x' })).rejects.toBeInstanceOf(
      NotFound,
    );
    w.application = { ...w.application, status: 'Refused' } as ApplicationRecord;
    await expect(rfis.respond(caller, grant(), 'p1', { responseDetails: 'x' })).rejects.toThrow(
      rfiMessages.notEditable,
    );
  });
  it('a round is refused until every point is answered, then submitted whole', async () => {
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'Calculations attached' });
    const sel = { type: 'Consent' as const, round: 1, team: 'Building' };
    await expect(rfis.submitRound(caller, grant(), sel)).rejects.toThrow(rfiMessages.answerEveryPoint);
    await rfis.respond(caller, grant(), 'p2', { responseDetails: 'Fire report attached' });
    w.clock = new Date('2026-11-13T00:00:00.000Z');
    const done = await rfis.submitRound(caller, grant(), sel);
    expect(
      done.rfiPoints.map((p) => [p.id, p.status, p.customerSubmittedDate, p.roundSubmittedByName]),
    ).toEqual([
      ['p1', 'SUBMITTED', '2026-11-13T00:00:00.000Z', 'Ana Ngata'],
      ['p2', 'SUBMITTED', '2026-11-13T00:00:00.000Z', 'Ana Ngata'],
    ]);
    // The last open round: InProgress again, the clock runs, the council hears (RfiRoundSubmitted).
    expect(w.application).toMatchObject({
      status: 'InProgress',
      hasOutstandingRFIs: false,
      hasRFI: true,
      clockSuspensions: [{ from: '2026-11-10T01:00:00.000Z', to: '2026-11-13T00:00:00.000Z' }],
    });
    expect(w.changes.at(-1)).toMatchObject({ action: 'RfiRoundSubmitted', source: 'user', actor: 'u-ana' });
    // Submitted: read-only, and the round cannot be submitted again.
    await expect(rfis.respond(caller, grant(), 'p1', { responseDetails: 'changed' })).rejects.toThrow(
      rfiMessages.pointSubmitted,
    );
    await expect(rfis.submitRound(caller, grant(), sel)).rejects.toThrow(rfiMessages.roundAlreadySubmitted);
    expect(w.points[0]!.responseDetails).toBe('Calculations attached');
  });
  it('a round the application does not have is 404; v2 names it by location', async () => {
    await expect(
      rfis.submitRound(caller, grant(), { type: 'Vetting', round: 1, team: 'Building' }),
    ).rejects.toBeInstanceOf(NotFound);
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'a' });
    await rfis.respond(caller, grant(), 'p2', { responseDetails: 'b' });
    const done = await rfis.submitRound(caller, grant(), { type: 'Consent', round: 1, location: '' });
    expect(done.rfiPoints).toHaveLength(2);
  });
  it('while another round is open the application stays suspended', async () => {
    await raise({ type: 'Consent', team: 'Planning', points: [ask('zoning')] });
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'a' });
    await rfis.respond(caller, grant(), 'p2', { responseDetails: 'b' });
    await rfis.submitRound(caller, grant(), { type: 'Consent', round: 1, team: 'Building' });
    expect(w.application).toMatchObject({ status: 'VRFISuspended', hasOutstandingRFIs: true });
  });
  it('a change lost to a concurrent one is 409 and the answer is not given', async () => {
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'a' });
    await rfis.respond(caller, grant(), 'p2', { responseDetails: 'b' });
    w.raceNext = true;
    await expect(
      rfis.submitRound(caller, grant(), { type: 'Consent', round: 1, team: 'Building' }),
    ).rejects.toBeInstanceOf(Conflict);
    expect(w.points.every((p) => !p.customerSubmittedDate)).toBe(true);
  });
});

describe('the council signs off', () => {
  beforeEach(async () => {
    await raise({ type: 'Consent', team: 'Building', points: [ask('bracing'), ask('fire')] });
  });
  it('only a submitted point, once', async () => {
    await expect(rfis.signOff(councilGrant(), idem, 'p1', { status: 'RESOLVED' })).rejects.toThrow(
      rfiMessages.notSubmitted,
    );
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'a' });
    await rfis.respond(caller, grant(), 'p2', { responseDetails: 'b' });
    await rfis.submitRound(caller, grant(), { type: 'Consent', round: 1, team: 'Building' });
    const signed = await rfis.signOff(councilGrant(), idem, 'p1', {
      status: 'NOT_RESOLVED',
      signedOffDate: '2026-11-20',
    });
    expect(signed).toMatchObject({
      status: 'NOT_RESOLVED',
      rfiPointStatus: 'NOT_RESOLVED',
      councilSignedOffDate: '2026-11-20',
    });
    expect(w.changes.at(-1)).toMatchObject({ action: 'RfiPointSignedOff', patch: {} });
    await expect(rfis.signOff(councilGrant(), idem, 'p1', { status: 'RESOLVED' })).rejects.toThrow(
      rfiMessages.alreadySignedOff,
    );
    await expect(rfis.signOff(councilGrant(), idem, 'nope', { status: 'RESOLVED' })).rejects.toBeInstanceOf(
      NotFound,
    );
  });
});

describe('metrics (docs/rfis.md)', () => {
  const metrics = captureMetrics();
  it('a round raised and a point signed off are CouncilWrites; a round submitted once is RfiRoundsSubmitted', async () => {
    await raise({ type: 'Consent', team: 'Building', points: [ask('bracing')] });
    await rfis.respond(caller, grant(), 'p1', { responseDetails: 'a' });
    const sel = { type: 'Consent' as const, round: 1, team: 'Building' };
    await rfis.submitRound(caller, grant(), sel);
    await expect(rfis.submitRound(caller, grant(), sel)).rejects.toThrow(rfiMessages.roundAlreadySubmitted);
    await rfis.signOff(councilGrant(), idem, 'p1', { status: 'RESOLVED' });
    await expect(rfis.signOff(councilGrant(), idem, 'p1', { status: 'RESOLVED' })).rejects.toThrow();
    expect(metrics.emitted()).toEqual([
      { name: 'CouncilWrites', unit: 'Count', dimensions: { action: 'rfi' } },
      { name: 'RfiRoundsSubmitted', unit: 'Count', dimensions: {} },
      { name: 'CouncilWrites', unit: 'Count', dimensions: { action: 'rfi-sign-off' } },
    ]);
    expectOnlyCatalogueValues(metrics, [
      'u-ana',
      'ana@example.nz',
      'tui@wcc.govt.nz',
      'Officer Tui',
      'p1',
      '100',
    ]);
  });
});
