/**
 * The webhook and invitation commands in `npm run council` (infra/council/commands/more.ts):
 * registered with their usage, parsed by the CLI, and a mistyped line fails before any call.
 */
import { describe, expect, test } from 'vitest';
import { parseCouncilArgs, usage } from '../../../infra/council/cli';
import { councilCommands } from '../../../infra/council/commands/index';
import type { CommandContext } from '../../../infra/council/commands/types';

const noTarget: CommandContext = {
  outputs: {},
  outputsFile: 'none.json',
  target: () => {
    throw new Error('no API call expected');
  },
};
const command = (name: string) => councilCommands.find((c) => c.name === name)!;

describe('webhook and invitation commands', () => {
  test('are registered with their usage lines', () => {
    for (const name of ['webhook', 'redeliver', 'listen', 'invite', 'invitations']) {
      expect(command(name), name).toBeDefined();
      expect(usage()).toContain(command(name).usage);
    }
  });

  test('parse through the CLI with their options', () => {
    expect(
      parseCouncilArgs(['webhook', 'deliveries', '--status', 'Failed', '--authority', 'wcc']),
    ).toMatchObject({
      kind: 'run',
      positionals: ['deliveries'],
      values: { status: 'Failed', authority: 'wcc' },
    });
    expect(
      parseCouncilArgs([
        'invite',
        'mere@example.nz',
        '--first',
        'Mere',
        '--last',
        'Tane',
        '--authority',
        'wcc',
      ]),
    ).toMatchObject({ positionals: ['mere@example.nz'], values: { first: 'Mere', last: 'Tane' } });
    expect(() => parseCouncilArgs(['redeliver'])).toThrow('redeliver needs <eventId>');
  });

  test('a mistyped invitation fails before anything is sent', async () => {
    await expect(
      command('invite').run({ positionals: ['not-an-email'], values: {}, ctx: noTarget }),
    ).rejects.toThrow(/email/);
    await expect(
      command('invitations').run({ positionals: [], values: { status: 'Maybe' }, ctx: noTarget }),
    ).rejects.toThrow(/Invalid option|expected one of/i);
  });
});
