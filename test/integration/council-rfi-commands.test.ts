/**
 * The simulator's RFI commands (infra/council/commands/rfis.ts) against the suite's stack: the
 * council raises a round, lists it, the applicant answers and submits it, the council signs a point
 * off; a second sign-off is refused with the API's message; and the CLI as a process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readOutputs, outputsPath } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { councilCredentials } from '../support/council';
import { submittedApplication } from '../support/submission';
import { councilApiClient } from '../../infra/council/client';
import type { GetApplicationResponse } from '../../shared/schemas/applications';

const o = readOutputs();
const root = path.resolve(import.meta.dirname, '../..');
const wcc = councilApiClient(councilCredentials('wcc', o));

describe('rfi-raise, rfi-points, rfi-signoff', { timeout: 120_000 }, () => {
  test('a round raised, answered, submitted and signed off through the commands', async () => {
    const { councilCommands } = await import('../../infra/council/commands/index');
    const { commandContext } = await import('../../infra/council/cli');
    const ctx = commandContext(outputsPath());
    const run = async (name: string, positionals: string[], values: Record<string, string | string[]> = {}) =>
      String(await councilCommands.find((c) => c.name === name)!.run({ positionals, values, ctx }));
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const address = { address1: '4 Simulator Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' };
    const id = await submittedApplication(token, 'wcc', address, o);
    await wcc.acceptLodgement(id);

    const raised = await run('rfi-raise', ['wcc', id], {
      type: 'Consent',
      team: 'Building',
      point: [
        'Bracing calculations|Provide the bracing calculations to NZS 3604 Section 5',
        'Fire separation|Show the FRR of the wall within 1 m of the boundary',
      ],
      'person-name': 'Aroha Smith',
      'person-email': 'aroha.smith@wcc.govt.nz',
    });
    expect(raised.split('\n')[0]).toBe(
      'raised: Consent (Assessment) Building round 1, 2 point(s); application VRFISuspended',
    );
    const seen = (await api('GET', `/user/applications/${id}`, undefined, { token, outputs: o }))
      .body as GetApplicationResponse;
    expect(seen.application.status).toBe('VRFISuspended');

    const listed = (await run('rfi-points', ['wcc', id])).split('\n');
    expect(listed.slice(1).map((l) => l.split(/\s{2,}/).slice(1))).toEqual([
      ['1', 'Consent (Assessment)', 'Building', 'Bracing calculations', 'NotResponded', '-'],
      ['1', 'Consent (Assessment)', 'Building', 'Fire separation', 'NotResponded', '-'],
    ]);
    const ids = listed.slice(1).map((l) => l.split(/\s+/)[0]!);

    for (const pointId of ids)
      await api(
        'PATCH',
        `/user/applications/${id}/rfi-points-v2/${pointId}`,
        { responseDetails: 'See the attached calculations' },
        { token, outputs: o },
      );
    const submitted = await api(
      'POST',
      `/user/applications/${id}/rfi-round-submissions-v3`,
      { rfiTeam: 'Building', rfiRound: 1, rfiType: 'Consent' },
      { token, outputs: o },
    );
    expect(submitted.status).toBe(200);
    const states = (await run('rfi-points', ['wcc', id])).split('\n').slice(1);
    expect(states.map((l) => l.split(/\s{2,}/)[5])).toEqual(['Submitted', 'Submitted']);

    const signed = await run('rfi-signoff', ['wcc', id, ids[0]!], { status: 'RESOLVED' });
    expect(signed.split('\n')[0]).toBe('signed off: Bracing calculations RESOLVED');
    expect(signed).toMatch(/Bracing calculations\s+Processed/);
    await expect(run('rfi-signoff', ['wcc', id, ids[0]!], { status: 'RESOLVED' })).rejects.toThrow(
      /409: This point has already been signed off/,
    );
  });

  test('as a process: the authority first, a refusal exits 1 with the message', async () => {
    const [applicant] = o.DemoUsers;
    const token = (await signIn(applicant!.email, applicant!.password, o)).IdToken;
    const address = { address1: '5 Simulator Terrace', city: 'Wellington', zipCode: '6011', country: 'NZ' };
    const id = await submittedApplication(token, 'wcc', address, o);
    const run = (...args: string[]) =>
      promisify(execFile)('npx', ['tsx', 'bin/council.ts', ...args, '--outputs', outputsPath()], {
        cwd: root,
      });
    // Not yet accepted: the API refuses the round.
    const refused = await run(
      'rfi-raise',
      'wcc',
      id,
      '--type',
      'Vetting',
      '--team',
      'Lodgement',
      '--point',
      'Site plan|Show the setbacks',
    ).catch((e: { code: number; stdout: string; stderr: string }) => e);
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain(
      'An RFI can be raised only on an application the council has accepted and not decided',
    );
    expect((await run('rfi-points', 'wcc', id)).stdout.trim()).toBe('no RFI points');
  });
});
