/**
 * The lifecycle through the simulator (docs/council-api.md §4, §6): an
 * application lodged by the demo applicant's own submission is walked by the simulator's commands,
 * run as `npm run council -- <command>` runs them (parse → the typed client with wcc's credentials →
 * print what changed), from submission to a granted consent to its code compliance certificate.
 * After each step the applicant's own read shows the change; in every state each transition the spec
 * does not allow is refused with 409 and changes nothing (the application and its history read the
 * same); another council's credentials get 404 on every write; a replay with the same
 * idempotency key prints the stored answer and changes nothing. The closing paths (reject, refuse,
 * lapse, withdraw) each on an application of their own. One command runs as a real process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { councilActions, councilActionsFrom, type CouncilAction } from '../../shared/domain/council';
import type { ApplicationStatus, GetApplicationResponse } from '../../shared/schemas/applications';
import { councilCommand, clientPort } from '../../infra/council/commands/applications';
import { readOutputs, outputsPath } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication as submitted } from '../support/submission';
import { waitFor } from '../support/wait';
import { pointAtStack } from '../support/documents';

const o = readOutputs();
pointAtStack(o);
const { entities } = await import('../../functions/platform/data/service');
const { getApplication } = await import('../../functions/applications/repository/applications');

const root = path.resolve(import.meta.dirname, '../..');
const ports = {
  wcc: clientPort(councilCredentials('wcc', o)),
  akl: clientPort(councilCredentials('akl', o)),
};

/** Runs a simulator command as the CLI does; its exit code and printed lines. */
async function council(authority: 'wcc' | 'akl', line: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const [name, ...argv] = line;
  const code = await councilCommand(name!, argv, async () => ports[authority], { out: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
}

/** The command line of each transition. */
const commandOf = (action: CouncilAction, id: string): string[] =>
  ({
    acceptLodgement: ['accept', id],
    rejectLodgement: ['reject', id, '--reason', 'The site plan is missing'],
    suspend: ['suspend', id, '--reason', 'Waiting for further information'],
    resume: ['resume', id],
    grant: ['grant', id, '--consent-number', `WCC-BC-${id}`],
    refuse: ['refuse', id, '--reason', 'Does not meet clause B1'],
    lapse: ['lapse', id, '--reason', 'No work started within 12 months'],
    withdraw: ['withdraw', id, '--reason', 'The owner withdrew it'],
    issueCcc: ['ccc', id, '--certificate-number', `CCC-${id}`],
  })[action];

const historyOf = async (id: string) =>
  (await entities.history.query.byApplication({ applicationId: id }).go({ pages: 'all' })).data;
const stateOf = async (id: string) => ({
  application: await getApplication(id),
  history: await historyOf(id),
});

/** Every transition the spec does not allow from here is refused with 409, and nothing changes. */
async function impossibleAreRefused(id: string, status: ApplicationStatus, granted: boolean): Promise<void> {
  const before = await stateOf(id);
  const allowed = new Set(councilActionsFrom(status));
  // From InProgress, grant is allowed only before the consent and the CCC only after it.
  if (status === 'InProgress') allowed.delete(granted ? 'grant' : 'issueCcc');
  for (const action of councilActions.filter((a) => !allowed.has(a))) {
    const { code, out } = await council('wcc', commandOf(action, id));
    expect(code, `${action} from ${status}`).toBe(1);
    expect(out, `${action} from ${status}`).toMatch(/^refused: 409 /);
  }
  expect(await stateOf(id)).toEqual(before);
}

/** Another council gets 404 on every write, and nothing changes. */
async function otherCouncilRefused(id: string): Promise<void> {
  const before = await stateOf(id);
  for (const action of councilActions) {
    const { code, out } = await council('akl', commandOf(action, id));
    expect(code, action).toBe(1);
    expect(out, action).toMatch(/^refused: 404 /);
  }
  expect(await stateOf(id)).toEqual(before);
}

/**
 * A submitted application once its submission has settled: the summary PDF is made just after the
 * submission by the applications' consumer, which names it on the application; the comparisons of
 * state below must not race it.
 */
async function submittedApplication(...args: Parameters<typeof submitted>): Promise<string> {
  const id = await submitted(...args);
  await waitFor('the summary PDF named', async () => (await getApplication(id))?.applicationFormPdf, {
    timeoutMs: 60_000,
  });
  return id;
}

const site = (street: string) => ({ address1: street, city: 'Wellington', zipCode: '6011', country: 'NZ' });

describe('the lifecycle through the simulator', { timeout: 180_000 }, () => {
  test('submission → accepted → stages → suspended ⇄ resumed → inspections → granted → CCC', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', site('21 Lifecycle Terrace'), o);
    const seen = async () =>
      (
        (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o }))
          .body as GetApplicationResponse
      ).application;

    await impossibleAreRefused(id, 'Submitted', false);
    await otherCouncilRefused(id);

    let step = await council('wcc', ['accept', id]);
    expect(step).toEqual({ code: 0, out: expect.stringContaining('status: Submitted → InProgress') });
    expect(await seen()).toMatchObject({ status: 'InProgress', recordType: 'Draft' });
    expect((await seen()).acceptedDate).toBeDefined();
    await impossibleAreRefused(id, 'InProgress', false);

    step = await council('wcc', [
      'stage',
      id,
      'Lodgement',
      '--status',
      'Completed',
      '--item',
      'Completed:Lodgement Accepted',
    ]);
    expect(step.code).toBe(0);
    step = await council('wcc', ['stage', id, 'Assessment', '--status', 'Started', '--progress', '5/20']);
    expect(step.code).toBe(0);
    expect((await seen()).workflowStages.map((s) => [s.stageName, s.stageStatus])).toEqual([
      ['Lodgement', 'Completed'],
      ['Assessment', 'Started'],
      ['Inspections', 'NotStarted'],
      ['Certificates', 'NotStarted'],
    ]);

    step = await council('wcc', ['suspend', id, '--reason', 'Waiting for further information']);
    expect(step.out).toContain('status: InProgress → VRFISuspended');
    expect(await seen()).toMatchObject({
      status: 'VRFISuspended',
      clockSuspensions: [{ from: expect.any(String) }],
    });
    await impossibleAreRefused(id, 'VRFISuspended', false);
    step = await council('wcc', ['resume', id]);
    expect(step.out).toContain('status: VRFISuspended → InProgress');
    expect((await seen()).clockSuspensions![0]!.to).toBeDefined();

    // A replay of the grant: the stored answer, printed as such, and nothing changes twice.
    const grant = ['grant', id, '--consent-number', `WCC-BC-${id}`, '--idempotency-key', `grant-${id}`];
    step = await council('wcc', grant);
    expect(step.out).toContain(`consent number: (none) → WCC-BC-${id}`);
    expect(step.out).toContain('record type: Draft → Consent');
    const granted = await stateOf(id);
    const replay = await council('wcc', grant);
    expect(replay.code).toBe(0);
    expect(replay.out).toContain(`replayed: the answer stored for idempotency key grant-${id}`);
    expect(await stateOf(id)).toEqual(granted);
    expect(await seen()).toMatchObject({
      status: 'InProgress',
      recordType: 'Consent',
      consentNumber: `WCC-BC-${id}`,
    });
    await impossibleAreRefused(id, 'InProgress', true);

    step = await council('wcc', [
      'inspect',
      id,
      '--location',
      'Dwelling',
      '--type',
      'found',
      '--name',
      'Foundations',
      '--result',
      'Pass',
      '--status',
      'Completed',
    ]);
    expect(step.code).toBe(0);
    const inspections = (
      (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o }))
        .body as GetApplicationResponse
    ).requiredInspections;
    expect(inspections).toMatchObject([
      {
        location: 'Dwelling',
        inspectionTypes: [{ name: 'Foundations', status: 'Completed', history: [{ result: 'Pass' }] }],
      },
    ]);

    // Required document groups: the council asks for revised plans and accepts the upload.
    step = await council('wcc', [
      'doc-group',
      id,
      'g-plans',
      '--name',
      'Revised plans',
      '--container',
      'plans',
    ]);
    expect(step).toEqual({
      code: 0,
      out: 'group g-plans: Revised plans (Required, plans)\n  plans.pdf: Received',
    });
    step = await council('wcc', ['review-upload', id, 'g-plans', 'plans.pdf', '--status', 'Accepted']);
    expect(step.out).toContain('plans.pdf: Received, council: Accepted');

    step = await council('wcc', ['ccc', id, '--certificate-number', `CCC-${id}`]);
    expect(step.out).toContain('status: InProgress → Completed');
    expect(await seen()).toMatchObject({ status: 'Completed', recordType: 'Consent' });
    await impossibleAreRefused(id, 'Completed', true);
    await otherCouncilRefused(id);
  });

  test.each([
    ['rejectLodgement', [], 'Rejected'],
    ['withdraw', [], 'Withdrawn'],
    ['refuse', ['acceptLodgement'], 'Refused'],
    ['lapse', ['acceptLodgement', 'suspend'], 'Lapsed'],
  ] as [CouncilAction, CouncilAction[], ApplicationStatus][])(
    '%s closes it (after %j) and nothing more is possible',
    async (closing, before, closed) => {
      const [applicant] = o.DemoUsers;
      const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
      const id = await submittedApplication(token, 'wcc', site(`${closing} Close`), o);
      for (const action of before) expect((await council('wcc', commandOf(action, id))).code).toBe(0);
      const step = await council('wcc', commandOf(closing, id));
      expect(step.out).toContain(`→ ${closed}`);
      const app = (
        (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o }))
          .body as GetApplicationResponse
      ).application;
      expect(app.status).toBe(closed);
      expect(app.closedReason).toBeTruthy();
      if (closed === 'Rejected' || closed === 'Refused') {
        const reason = await api('GET', `/user/applications/${id}/rejected-reason`, undefined, {
          token,
          outputs: o,
        });
        expect((reason.body as { reason: string }).reason).toBe(app.closedReason);
      }
      await impossibleAreRefused(id, closed, false);
    },
  );

  test('invite and invitations: the council invites a person and lists the invitation Pending', async () => {
    const { councilCommands } = await import('../../infra/council/commands/index');
    const { commandContext } = await import('../../infra/council/cli');
    const ctx = commandContext(outputsPath());
    const run = (name: string, positionals: string[], values: Record<string, string>) =>
      councilCommands
        .find((c) => c.name === name)!
        .run({ positionals, values: { authority: 'wcc', ...values }, ctx });
    const email = `invitee-${Date.now()}@example.nz`;
    const invited = String(await run('invite', [email], { first: 'Mere', last: 'Tane' }));
    expect(invited).toMatch(new RegExp(`^invited: \\S+  Pending  ${email}  Mere Tane`));
    const listed = String(await run('invitations', [], { status: 'Pending' }));
    expect(listed).toContain(email);
    // Another council does not see it.
    expect(String(await run('invitations', [], { authority: 'akl' }))).not.toContain(email);
  });

  test('the simulator as a process: a read prints the application, a refusal exits 1', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const id = await submittedApplication(token, 'wcc', site('3 Process Street'), o);
    // `npm run council --` is `tsx bin/council.ts`; the read and the refused change at once (neither
    // changes anything the other reads).
    const run = (...args: string[]) =>
      promisify(execFile)(
        path.join(root, 'node_modules/.bin/tsx'),
        ['bin/council.ts', ...args, '--authority', 'wcc', '--outputs', outputsPath()],
        {
          cwd: root,
        },
      );
    const [shown, refused] = await Promise.all([
      run('show', id),
      run('ccc', id).catch((e: { code: number; stdout: string; stderr: string }) => e),
    ]);
    expect(shown.stdout).toContain(id);
    expect(shown.stdout).toContain('Submitted');
    expect((refused as { code: number }).code).toBe(1);
    expect(`${(refused as { stdout: string }).stdout}${(refused as { stderr: string }).stderr}`).toContain(
      'refused: 409',
    );
  });
});
