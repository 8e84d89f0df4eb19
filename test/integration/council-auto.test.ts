/**
 * The automatic council (`npm start -- --council=auto`, infra/council/auto.ts) against the suite's
 * stack: an application lodged by the demo applicant is taken to a consent through the council API
 * with wcc's own credentials, and the applicant sees each change; a replayed step changes nothing.
 * The lodgement fee is invoiced once and a claimed deposit confirmed, derived from the API's state.
 * Ticks are run one by one with no pause (`stepMs: 0`), on this file's application only (the stack
 * is shared with other files' lodgements).
 */
import { describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import { applyAutoStep, autoCouncilTick, nextAutoStep } from '../../infra/council/auto';
import type { GetApplicationResponse } from '../../shared/schemas/applications';
import type { RfiPointDto } from '../../shared/schemas/rfis';
import { orderRfiPoints, rfiPointState } from '../../shared/domain/rfis';
import { PaymentDto } from '../../shared/schemas/payments';
import { nzCalendarDay } from '../../shared/domain/dates';

const o = readOutputs();
const wcc = councilApiClient(councilCredentials('wcc', o));
const site = { address1: '9 Auto Council Lane', city: 'Wellington', zipCode: '6011', country: 'NZ' };

describe('the automatic council', { timeout: 120_000 }, () => {
  test('takes a lodgement to a consent with its inspections, and the applicant sees it', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', site, o);
    const asApplicant = async () =>
      (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o }))
        .body as GetApplicationResponse;

    const steps: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const taken = await autoCouncilTick({
        council: wcc,
        authorityId: 'wcc',
        stepMs: 0,
        select: (x) => x === id,
        raisesRfi: () => false,
      });
      if (taken.length === 0) break;
      steps.push(...taken.map((t) => t.step));
      if (steps.length === 1) {
        // Accepted: the statutory clock starts (docs/statutory-clock.md).
        const accepted = (await asApplicant()).application;
        expect(accepted.status).toBe('InProgress');
        expect(Date.parse(accepted.acceptedDate!)).toBeGreaterThan(Date.parse(accepted.submissionDate!));
      }
    }
    expect(steps).toEqual(['accept', 'startAssessment', 'assess', 'assess', 'grant', 'startInspections']);

    const { application, requiredInspections } = await asApplicant();
    const year = new Date(application.submissionDate!).getUTCFullYear();
    expect(application).toMatchObject({
      status: 'InProgress',
      recordType: 'Consent',
      consentNumber: `WCC-BC-${year}-${id}`,
    });
    expect(application.workflowStages.map((s) => [s.stageName, s.stageStatus])).toEqual([
      ['Lodgement', 'Completed'],
      ['Assessment', 'Completed'],
      ['Inspections', 'Started'],
      ['Certificates', 'NotStarted'],
    ]);
    expect(application.workflowStages[1]!.progress).toMatchObject({ elapsedNum: 20, totalNum: 20 });
    expect(requiredInspections[0]!.inspectionTypes.map((t) => t.name)).toEqual([
      'Foundations',
      'Pre-slab',
      'Framing',
      'Pre-line',
      'Final',
    ]);
    const actions = (
      await api('GET', `/user/applicationsV3/${id}/action-items`, undefined, { token, outputs: o })
    ).body as { itemType: string; url?: string }[];
    expect(actions.find((a) => a.itemType === 'BookInspection')?.url).toBe('https://wellington.govt.nz');

    // The lodgement fee, issued with the acceptance and still awaiting payment: the grant did not wait.
    const payments = (await api('GET', `/user/applications/${id}/payments`, undefined, { token, outputs: o }))
      .body as PaymentDto[];
    expect(payments.map((p) => [p.description, p.baseAmount, p.status])).toEqual([
      ['Building consent lodgement fee', 1265, 'AwaitingPayment'],
    ]);
    expect(application.hasOutstandingPayments).toBe(true);
  });

  test('invoices once whoever accepted, and confirms a claimed deposit on its next tick', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', { ...site, address1: '13 Auto Council Lane' }, o);
    const user = (method: string, path: string, body?: unknown) =>
      api(method, `/user/applications/${id}${path}`, body, { token, outputs: o });
    // A council with no memory each tick: what it does is read from the API (a restart is the same).
    const tick = async () =>
      (
        await autoCouncilTick({
          council: wcc,
          authorityId: 'wcc',
          stepMs: 0,
          select: (x) => x === id,
          raisesRfi: () => false,
        })
      ).map((t) => t.step);

    // Accepted by a person with the simulator: the automatic council issues the fee, once.
    await wcc.acceptLodgement(id);
    expect(await tick()).toEqual(['invoice']);
    expect(await tick()).toEqual(['startAssessment']);
    const [fee, ...others] = await wcc.payments(id);
    expect(others).toEqual([]);
    expect(fee).toMatchObject({ description: 'Building consent lodgement fee', status: 'AwaitingPayment' });

    const claim = await user('PATCH', `/payments/${fee!.paymentId}`, {
      paymentMethod: 'Deposit',
      transactionDate: nzCalendarDay(new Date()),
    });
    expect(claim).toMatchObject({ status: 200, body: { status: 'DepositPending' } });
    expect(await tick()).toEqual(['confirmDeposit']);
    const paid = PaymentDto.parse((await user('GET', `/payments/${fee!.paymentId}`)).body);
    expect(paid).toMatchObject({ status: 'Paid', paymentDate: expect.any(String) });
    const { application } = (await user('GET', '')).body as GetApplicationResponse;
    expect(application.hasOutstandingPayments).toBe(false);
    expect(await tick()).toEqual(['assess']);
    expect((await wcc.payments(id)).map((p) => p.status)).toEqual(['Paid']);
  });

  test('raises an RFI round, waits for the applicant, signs it off and grants', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', { ...site, address1: '11 Auto Council Lane' }, o);
    const user = (method: string, path: string, body?: unknown) =>
      api(method, `/user/applications/${id}${path}`, body, { token, outputs: o });
    // Each tick a council with no memory: what it does is read from the API (a restart is the same).
    const tick = async () =>
      (
        await autoCouncilTick({
          council: wcc,
          authorityId: 'wcc',
          stepMs: 0,
          select: (x) => x === id,
          raisesRfi: () => true,
        })
      ).map((t) => t.step);

    expect([...(await tick()), ...(await tick()), ...(await tick())]).toEqual([
      'accept',
      'startAssessment',
      'raiseRfi',
    ]);
    const suspended = (await user('GET', '')).body as GetApplicationResponse;
    expect(suspended.application).toMatchObject({
      status: 'VRFISuspended',
      hasRFI: true,
      hasOutstandingRFIs: true,
    });
    const listed = (await user('GET', '/rfi-points-v2')).body as { rfiPoints: RfiPointDto[] };
    // In reading order (the API's list is not: reported to the rfis feature).
    const rfiPoints = orderRfiPoints(listed.rfiPoints.map((p) => ({ ...p, rfiPointId: p.id })));
    expect(rfiPoints.map((p) => [p.type, p.team, p.round, p.title])).toEqual([
      ['Consent', 'Building', 1, 'Bracing calculations'],
      ['Consent', 'Building', 1, 'Fire separation to the boundary'],
    ]);

    // Open: the council waits, answered or not, until the round is submitted.
    expect(await tick()).toEqual([]);
    const patched = await user('PATCH', `/rfi-points-v2/${rfiPoints[0]!.id}`, {
      responseDetails: 'Bracing calculations to NZS 3604 attached, elements marked on sheet A-201.',
    });
    expect(patched.status).toBe(200);
    expect(await tick()).toEqual([]);
    await user('PATCH', `/rfi-points-v2/${rfiPoints[1]!.id}`, {
      responseDetails: 'The boundary wall is a 60/60/60 FRR system; specification attached.',
    });
    const submitted = await user('POST', '/rfi-round-submissions-v3', {
      rfiTeam: 'Building',
      rfiRound: 1,
      rfiType: 'Consent',
    });
    expect(submitted.status).toBe(200);
    expect((await wcc.application(id)).status).toBe('InProgress');

    const steps: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const taken = await tick();
      if (taken.length === 0) break;
      steps.push(...taken);
    }
    expect(steps).toEqual(['signOffRfi', 'assess', 'assess', 'grant', 'startInspections']);
    const { rfiPoints: after } = await wcc.rfiPoints(id);
    expect(after.map((p) => [p.status, rfiPointState(p)])).toEqual([
      ['RESOLVED', 'Processed'],
      ['RESOLVED', 'Processed'],
    ]);
    const granted = ((await user('GET', '')).body as GetApplicationResponse).application;
    expect(granted).toMatchObject({ status: 'InProgress', recordType: 'Consent', hasOutstandingRFIs: false });
  });

  test('an RFI step retried from the same snapshot replays: one round, each point signed off once', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', { ...site, address1: '12 Auto Council Lane' }, o);
    const now = () => new Date(Date.now() + 1000);
    let app = await wcc.acceptLodgement(id);
    app = await applyAutoStep(wcc, app, nextAutoStep(app, now(), 0, { raise: true, points: [] })!);
    const snapshot = app;
    const raise = nextAutoStep(snapshot, now(), 0, { raise: true, points: [] })!;
    expect(raise).toEqual({ kind: 'raiseRfi' });
    const first = await applyAutoStep(wcc, snapshot, raise);
    const again = await applyAutoStep(wcc, snapshot, raise);
    expect(again).toEqual(first);
    const { rfiPoints } = await wcc.rfiPoints(id);
    expect(rfiPoints).toHaveLength(2);

    for (const p of rfiPoints)
      await api(
        'PATCH',
        `/user/applications/${id}/rfi-points-v2/${p.id}`,
        { responseDetails: 'Answered' },
        { token, outputs: o },
      );
    await api(
      'POST',
      `/user/applications/${id}/rfi-round-submissions-v3`,
      { rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' },
      { token, outputs: o },
    );
    const back = await wcc.application(id);
    const signOff = nextAutoStep(back, now(), 0, {
      raise: true,
      points: (await wcc.rfiPoints(id)).rfiPoints,
    })!;
    expect(signOff).toMatchObject({ kind: 'signOffRfi' });
    await applyAutoStep(wcc, back, signOff);
    const signed = (await wcc.rfiPoints(id)).rfiPoints;
    await applyAutoStep(wcc, back, signOff);
    expect((await wcc.rfiPoints(id)).rfiPoints).toEqual(signed);
  });

  test('a step retried from the same snapshot replays: nothing changes twice', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', { ...site, address1: '10 Auto Council Lane' }, o);
    const snapshot = await wcc.application(id);
    const step = nextAutoStep(snapshot, new Date(), 0)!;
    expect(step).toEqual({ kind: 'accept' });
    const first = await applyAutoStep(wcc, snapshot, step);
    const again = await applyAutoStep(wcc, snapshot, step);
    expect(again).toEqual(first);
    expect(await wcc.application(id)).toEqual(first);
    // The acceptance's invoice replayed with it: one.
    expect((await wcc.payments(id)).map((p) => p.description)).toEqual(['Building consent lodgement fee']);
  });
});
