/**
 * The demo seed (infra/local/demo; docs/demo.md) on its own stack: what each demo user sees after
 * it, through the API, and that a second run is refused by the marker.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalStack } from '../../infra/local/index';
import { DEMO_MARKER, seedDemo, type SeedDemoResult } from '../../infra/local/demo/index';
import { api } from '../support/accounts';
import { signIn } from '../support/cognito';
import type { StackOutputs } from '../support/outputs';
import type { RfiPointDto } from '../../shared/schemas/rfis';
import { orderRfiPoints, rfiPointState } from '../../shared/domain/rfis';
import { PaymentsResponse } from '../../shared/schemas/payments';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, process.env.STACK_DIR ?? '.local-test', 'demo-seed-test');
const stack = await startLocalStack({
  dataDir,
  portBase: (Number(process.env.PORT_BASE) || 4100) + 330,
  reset: true,
  webMode: 'none',
  quiet: true,
  handleSignals: false,
});
const o = stack.outputs as unknown as StackOutputs;
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

let result: SeedDemoResult;
const byName = (name: string) => result.applications.find((a) => a.name.startsWith(name))!.id;
let applicant: string;
let agent: string;
type Stage = {
  stageName: string;
  stageStatus: string;
  progress?: { elapsedNum: number };
  items?: { date: string }[];
};
interface Got {
  application: {
    status: string;
    formId: string;
    consentNumber?: string;
    parentApplicationId?: string;
    accessLevel: string;
    workflowStages: Stage[];
    applicationStatusLabel?: string;
    submissionDate?: string;
    acceptedDate?: string;
    decisionDate?: string;
    hasRFI?: boolean;
    hasOutstandingRFIs?: boolean;
    hasOutstandingPayments?: boolean;
  };
  requiredInspections: { inspectionTypes: { status: string; history: { date: string }[] }[] }[];
}
const get = async (id: string, token = applicant) =>
  (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o })) as {
    status: number;
    body: Got;
  };
const app = async (name: string) => (await get(byName(name))).body.application;
const stage = (a: Got['application'], name: string) => a.workflowStages.find((s) => s.stageName === name);

beforeAll(async () => {
  result = await seedDemo({ outputs: stack.outputs, dataDir });
  applicant = (await signIn(o.DemoUsers[0]!.email, o.DemoUsers[0]!.password, o)).IdToken;
  agent = (await signIn(o.DemoUsers[1]!.email, o.DemoUsers[1]!.password, o)).IdToken;
}, 180_000);

describe('the demo seed', () => {
  test('the applicant sees each application at its point of the lifecycle', async () => {
    expect(result.seeded).toBe(true);
    expect(existsSync(path.join(dataDir, DEMO_MARKER))).toBe(true);
    expect(await app('Garage')).toMatchObject({ status: 'Draft', formId: 'bc' });
    expect(await app('Deck')).toMatchObject({ status: 'Draft', formId: 'bc' });
    expect(await app('New house')).toMatchObject({ status: 'Submitted' });

    const assessing = await app('Extension');
    expect(assessing.status).toBe('InProgress');
    expect(assessing.acceptedDate).toBeDefined();
    expect(stage(assessing, 'Assessment')).toMatchObject({
      stageStatus: 'Started',
      // The council's count agrees with the clock: lodged and accepted today, no working day gone.
      progress: { elapsedNum: 0 },
    });
    expect(assessing.consentNumber).toBeUndefined();

    const townhouse = (await get(byName('Townhouse'))).body;
    expect(townhouse.application.status).toBe('InProgress');
    expect(townhouse.application.consentNumber).toMatch(/^WCC-BC-\d{4}-/);
    expect(stage(townhouse.application, 'Inspections')).toMatchObject({ stageStatus: 'Started' });
    const types = townhouse.requiredInspections.flatMap((l) => l.inspectionTypes);
    expect(types.map((t) => t.status)).toEqual([
      'Completed',
      'Completed',
      'InProgress',
      'NotStarted',
      'NotStarted',
    ]);
    expect(types[0]!.history).toHaveLength(1);

    const ccc = await app('Bathroom');
    expect(ccc.status).toBe('Completed');
    expect(ccc.consentNumber).toMatch(/^WCC-BC-/);
    expect(stage(ccc, 'Inspections')).toMatchObject({ stageStatus: 'Completed' });

    const consent = await app('Re-roof');
    const amendment = await app('Amendment');
    expect(consent.consentNumber).toMatch(/^WCC-BC-/);
    expect(amendment).toMatchObject({
      status: 'Draft',
      formId: 'amendment',
      parentApplicationId: byName('Re-roof'),
    });
  });

  test('every application’s dates are in a possible order: lodged ≤ accepted ≤ decided ≤ inspected, CCC', async () => {
    for (const a of result.applications) {
      const got = (await get(a.id)).body;
      const app = got.application;
      if (app.status === 'Draft') continue;
      const order = [app.submissionDate, app.acceptedDate, app.decisionDate]
        .filter((d): d is string => d !== undefined)
        .map((d) => Date.parse(d));
      expect(order, a.name).toEqual([...order].sort((x, y) => x - y));
      const after = (d: string | undefined) => (d === undefined ? -Infinity : Date.parse(d));
      for (const s of app.workflowStages)
        for (const item of s.items ?? [])
          expect(Date.parse(item.date), `${a.name}: ${s.stageName}`).toBeGreaterThanOrEqual(
            after(
              ['Inspections', 'Certificates'].includes(s.stageName) ? app.decisionDate : app.acceptedDate,
            ),
          );
      for (const t of got.requiredInspections.flatMap((l) => l.inspectionTypes))
        for (const h of t.history)
          expect(Date.parse(h.date), `${a.name}: inspection`).toBeGreaterThanOrEqual(after(app.decisionDate));
    }
  });

  test('one waits for the applicant to answer the council: an open RFI round, one point answered', async () => {
    const id = byName('Sleep-out');
    const rfi = await app('Sleep-out');
    expect(rfi).toMatchObject({ status: 'VRFISuspended', hasRFI: true, hasOutstandingRFIs: true });
    expect(stage(rfi, 'Assessment')).toMatchObject({ stageStatus: 'Started', progress: { elapsedNum: 0 } });
    const points = (
      (
        await api('GET', `/user/applications/${id}/rfi-points-v2`, undefined, {
          token: applicant,
          outputs: o,
        })
      ).body as { rfiPoints: RfiPointDto[] }
    ).rfiPoints;
    // In reading order (the API's list is not: reported to the rfis feature).
    const ordered = orderRfiPoints(points.map((p) => ({ ...p, rfiPointId: p.id })));
    expect(ordered.map((p) => [p.type, p.team, p.round, p.title, rfiPointState(p)])).toEqual([
      ['Consent', 'Building', 1, 'Bracing calculations', 'Responded'],
      ['Consent', 'Building', 1, 'Fire separation to the boundary', 'NotResponded'],
    ]);
    expect(result.applications).toHaveLength(9);
  });

  test('one has two invoices: the lodgement fee paid at the council, the processing fee to pay', async () => {
    const id = byName('Extension');
    const res = await api('GET', `/user/applications/${id}/payments`, undefined, {
      token: applicant,
      outputs: o,
    });
    expect(res.status).toBe(200);
    const payments = PaymentsResponse.parse(res.body).sort((a, b) => a.displayOrder - b.displayOrder);
    expect(
      payments.map((p) => [p.description, p.baseAmount, p.status, p.paymentMethod, p.transactions.length]),
    ).toEqual([
      ['Building consent lodgement fee', 1265, 'Paid', 'Council', 1],
      ['Building consent processing fee', 2847.5, 'AwaitingPayment', undefined, 0],
    ]);
    expect(payments[1]!.paymentOptions.map((p) => p.type)).toEqual(['Gateway', 'Deposit']);
    expect(payments[1]!.surchargeAmount).toBeGreaterThan(0);
    expect(payments[1]!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await app('Extension')).hasOutstandingPayments).toBe(true);
    // The others have no invoice.
    expect((await app('Townhouse')).hasOutstandingPayments).toBeFalsy();
  });

  test('the agent is a participant at Edit on some of them', async () => {
    for (const name of ['Deck', 'Extension', 'Re-roof']) {
      const seen = await get(byName(name), agent);
      expect(seen.status).toBe(200);
      expect(seen.body.application.accessLevel).toBe('Edit');
    }
    expect((await get(byName('Garage'), agent)).status).toBe(404);
    expect((await get(byName('Bathroom'), agent)).status).toBe(404);
  });

  test('a failed seed writes no marker', async () => {
    const elsewhere = path.join(dataDir, 'failed-seed');
    mkdirSync(elsewhere, { recursive: true });
    const noCouncil = { ...stack.outputs, CouncilCredentialsDir: path.join(elsewhere, 'none') };
    await expect(seedDemo({ outputs: noCouncil, dataDir: elsewhere })).rejects.toThrow(/wcc\.json/);
    expect(existsSync(path.join(elsewhere, DEMO_MARKER))).toBe(false);
  });

  test('a second run is refused by the marker and changes nothing', async () => {
    const again = await seedDemo({ outputs: stack.outputs, dataDir });
    expect(again).toEqual({ seeded: false, ms: 0, applications: [] });
  });
});
