/**
 * RFIs end to end through the council client (docs/rfis.md): a council raises
 * a round of three points on an application the demo applicant lodged → the applicant answers (one
 * with an RFI document) → submits → the council's feed has the submission and its read shows the
 * responses → it signs two points off and marks the third NOT_RESOLVED, raising round 2 on it → the
 * applicant answers round 2 → submits → done. After each step the application's status, its flags
 * (on the application and on the applicant's list row) and the statutory clock follow. Refusals:
 * a round with an unanswered point, a submitted point, a document outside the RFI container, another
 * council, a replayed raise.
 */
import { describe, expect, test } from 'vitest';
import { councilApiClient, CouncilApiError } from '../../infra/council/client';
import type { GetApplicationResponse } from '../../shared/schemas/applications';
import { RfiPointDto, RfiPointsResponse } from '../../shared/schemas/rfis';
import { rfiMessages } from '../../shared/domain/rfis';
import { readOutputs } from '../support/outputs';
import { waitFor } from '../support/wait';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { pointAtStack, seedScannedDocument, subOf } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');
const wcc = councilApiClient(councilCredentials('wcc', o));
const akl = councilApiClient(councilCredentials('akl', o));

const person = { name: 'Tui Ranginui', email: 'tui.ranginui@wcc.govt.nz', phone: '04 499 4444' };
const ask = (title: string, location = 'Dwelling') => ({
  title,
  requestDetails: `Please provide ${title.toLowerCase()}.`,
  location,
  building: 'Building 1',
  requestPerson: person,
});

/** Waits (test/support/wait.ts) until `read` gives a value `ok` accepts. */
const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string) =>
  waitFor(what, async () => {
    const v = await read();
    return ok(v) ? { v } : undefined;
  }).then((r) => r.v);

describe('RFIs through the council client', { timeout: 120_000 }, () => {
  test('two rounds: raise, answer, submit, sign off, raise again, answer, done', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const as = { token, outputs: o };
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '18 Request Road', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    await wcc.acceptLodgement(id, '2026-11-02');
    const application = async () =>
      ((await api('GET', `/user/applications/${id}`, undefined, as)).body as GetApplicationResponse)
        .application;
    const listRow = async () =>
      (await entities.applicationAccess.query.byApplication({ applicationId: id }).go()).data.find(
        (r) => r.userId === subOf(token),
      );
    const points = async () => {
      const res = await api('GET', `/user/applications/${id}/rfi-points-v2`, undefined, as);
      expect(res.status).toBe(200);
      return RfiPointsResponse.parse(res.body).rfiPoints;
    };
    const respond = (pointId: string, body: object) =>
      api('PATCH', `/user/applications/${id}/rfi-points-v2/${pointId}`, body, as);
    const submitV3 = (body: object) =>
      api('POST', `/user/applications/${id}/rfi-round-submissions-v3`, body, as);

    expect(await points()).toEqual([]);
    expect(await application()).toMatchObject({
      hasRFI: false,
      hasOutstandingRFIs: false,
      status: 'InProgress',
    });

    // ---- The council raises round 1 (a replay changes nothing) ----
    const body = {
      type: 'Consent' as const,
      team: 'Building',
      points: [ask('Bracing calculations'), ask('Fire separation details'), ask('Producer statement PS1')],
    };
    const raised = await wcc.raiseRfiRound(id, body, { idempotencyKey: `raise-${id}` });
    expect(raised).toMatchObject({
      type: 'Consent',
      team: 'Building',
      round: 1,
      applicationStatus: 'VRFISuspended',
    });
    const replay = await wcc.send('POST', `/council/applications/${id}/rfi-rounds`, {
      body,
      idempotencyKey: `raise-${id}`,
    });
    expect(replay).toMatchObject({ status: 201, replayed: true, body: raised });
    const [bracing, fire, ps1] = raised.rfiPoints;
    expect((await points()).map((p) => p.id)).toEqual([bracing!.id, fire!.id, ps1!.id]);
    const suspended = await application();
    expect(suspended).toMatchObject({ status: 'VRFISuspended', hasRFI: true, hasOutstandingRFIs: true });
    expect(suspended.clockSuspensions).toHaveLength(1);
    expect(suspended.clockSuspensions![0]!.to).toBeUndefined();
    await until(
      listRow,
      (r) => r?.hasOutstandingRFIs === true && r.status === 'VRFISuspended',
      'the list row',
    );

    // Another council sees nothing and changes nothing.
    for (const p of [
      () => akl.rfiPoints(id),
      () => akl.raiseRfiRound(id, body),
      () => akl.signOffRfiPoint(id, fire!.id, { status: 'RESOLVED' }),
    ])
      expect(((await p().catch((e: unknown) => e)) as CouncilApiError).status).toBe(404);

    // ---- The applicant answers ----
    const one = await api('GET', `/user/applications/${id}/rfi-points-v2/${fire!.id}`, undefined, as);
    expect(RfiPointDto.parse(one.body)).toMatchObject({
      title: 'Fire separation details',
      requestPerson: person,
      previousRfiPointGuid: bracing!.id,
      nextRfiPointGuid: ps1!.id,
      rfiPointType: 'Consent',
    });
    await seedScannedDocument(o, {
      applicationId: id,
      name: 'bracing-calcs.pdf',
      createdBy: subOf(token),
      containerId: 'rfi-documents',
    });
    const saved = await respond(bracing!.id, {
      responseDetails: 'Bracing calculations attached (BRANZ method).',
      responseDocumentNames: ['bracing-calcs.pdf'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      documentNames: ['bracing-calcs.pdf'],
      responsePersonName: expect.any(String),
    });
    // A document outside the RFI container: 400 on the field, nothing saved.
    const outside = await respond(fire!.id, { responseDocumentNames: ['plans.pdf'] });
    expect(outside).toMatchObject({
      status: 400,
      body: { details: [{ field: 'body.responseDocumentNames.0', reason: rfiMessages.documentNotFound }] },
    });
    await respond(fire!.id, { responseDetails: 'Fire report by the fire engineer attached.' });
    // Not every point answered: 409, nothing submitted.
    const early = await submitV3({ rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' });
    expect(early).toMatchObject({ status: 409, body: { message: rfiMessages.answerEveryPoint } });
    await respond(ps1!.id, { responseDetails: 'PS1 from the structural engineer.' });
    expect((await points()).map((p) => p.customerSubmittedDate)).toEqual([undefined, undefined, undefined]);

    // ---- Submits round 1 (v2, by location, type upper-case): InProgress again, clock runs ----
    const submitted = await api(
      'POST',
      `/user/applications/${id}/rfi-round-submissions`,
      { rfiLocation: 'Dwelling', rfiRound: '1', rfiType: 'CONSENT' },
      as,
    );
    expect(submitted.status).toBe(200);
    expect(RfiPointsResponse.parse(submitted.body).rfiPoints.map((p) => p.status)).toEqual([
      'SUBMITTED',
      'SUBMITTED',
      'SUBMITTED',
    ]);
    const resumed = await application();
    expect(resumed).toMatchObject({ status: 'InProgress', hasRFI: true, hasOutstandingRFIs: false });
    expect(resumed.clockSuspensions![0]!.to).toEqual(expect.any(String));
    await until(listRow, (r) => r?.hasOutstandingRFIs === false && r.status === 'InProgress', 'the list row');
    // A submitted point is read-only; the round cannot go twice.
    expect(await respond(bracing!.id, { responseDetails: 'changed' })).toMatchObject({
      status: 409,
      body: { message: rfiMessages.pointSubmitted },
    });
    expect(await submitV3({ rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' })).toMatchObject({
      status: 409,
      body: { message: rfiMessages.roundAlreadySubmitted },
    });

    // ---- The council hears of it (its feed entry, in the submission's transaction) and reads the responses ----
    const feed = await entities.councilFeedEntry.query
      .byAuthority({ authorityId: 'wcc' })
      .go({ pages: 'all' });
    expect(feed.data.filter((e) => e.applicationId === id).map((e) => e.type)).toContain('RfiRoundSubmitted');
    const councilView = await wcc.rfiPoints(id);
    expect(councilView.rfiPoints.map((p) => p.responseDetails)).toEqual([
      'Bracing calculations attached (BRANZ method).',
      'Fire report by the fire engineer attached.',
      'PS1 from the structural engineer.',
    ]);

    // ---- Signs two off, the third NOT_RESOLVED, and raises round 2 on it ----
    await wcc.signOffRfiPoint(id, bracing!.id, { status: 'RESOLVED' });
    await wcc.signOffRfiPoint(id, fire!.id, { status: 'RESOLVED' });
    await wcc.signOffRfiPoint(id, ps1!.id, { status: 'NOT_RESOLVED' });
    const again = await wcc.signOffRfiPoint(id, ps1!.id, { status: 'RESOLVED' }).catch((e: unknown) => e);
    expect((again as CouncilApiError).status).toBe(409);
    const round2 = await wcc.raiseRfiRound(id, {
      type: 'Consent',
      team: 'Building',
      points: [{ ...ask('PS1 signed by a CPEng engineer'), requestDetails: 'The PS1 provided is unsigned.' }],
    });
    expect(round2).toMatchObject({ round: 2, applicationStatus: 'VRFISuspended' });
    const twice = await application();
    expect(twice).toMatchObject({ status: 'VRFISuspended', hasOutstandingRFIs: true });
    expect(twice.clockSuspensions).toHaveLength(2);

    // ---- The applicant answers round 2 and submits it (v3) ----
    const [r2] = round2.rfiPoints;
    expect(r2!.previousRfiPointGuid).toBe(ps1!.id);
    await respond(r2!.id, { responseDetails: 'Signed PS1 attached.' });
    const done = await submitV3({ rfiTeam: 'Building', rfiRound: 2, rfiType: 'Consent' });
    expect(done.status).toBe(200);
    const finished = await application();
    expect(finished).toMatchObject({ status: 'InProgress', hasRFI: true, hasOutstandingRFIs: false });
    expect(finished.clockSuspensions!.every((s) => s.to)).toBe(true);
    const all = await points();
    expect(all.map((p) => [p.round, p.status])).toEqual([
      [1, 'RESOLVED'],
      [1, 'RESOLVED'],
      [1, 'NOT_RESOLVED'],
      [2, 'SUBMITTED'],
    ]);
  });

  test('a round is raised only on an accepted application', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(
      token,
      'wcc',
      { address1: '20 Request Road', city: 'Wellington', zipCode: '6011', country: 'NZ' },
      o,
    );
    const e = (await wcc
      .raiseRfiRound(id, { points: [ask('Anything')] })
      .catch((x: unknown) => x)) as CouncilApiError;
    expect(e.status).toBe(409);
    expect(e.body).toMatchObject({ message: rfiMessages.raiseNotInProgress });
    expect((await wcc.rfiPoints(id)).rfiPoints).toEqual([]);
  });
});
