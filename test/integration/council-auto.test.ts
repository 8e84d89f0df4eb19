/**
 * The automatic council (`npm start -- --council=auto`, infra/council/auto.ts) against the suite's
 * stack: an application lodged by the demo applicant is taken to a consent through the council API
 * with wcc's own credentials, and the applicant sees each change; a replayed step changes nothing.
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
  });
});
