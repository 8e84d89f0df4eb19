import { describe, expect, test } from 'vitest';
import { parseCouncilArgs, usage } from '../../../infra/council/cli';
import { councilCommands } from '../../../infra/council/commands/index';
import type { CouncilCommand } from '../../../infra/council/commands/types';

describe('npm run council: the command line', () => {
  test('every operator command is registered, with its usage line', () => {
    const names = councilCommands.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'onboard',
        'credentials',
        'rotate-secret',
        'retire-secret',
        'revoke',
        'councils',
      ]),
    );
    for (const c of councilCommands) expect(usage()).toContain(c.usage);
  });

  test('a command with its positionals and --outputs', () => {
    const p = parseCouncilArgs(['retire-secret', 'wcc', 'abc--123', '--outputs', 'x.json']);
    expect(p).toMatchObject({ kind: 'run', positionals: ['wcc', 'abc--123'], outputs: 'x.json', values: {} });
    expect(p.kind === 'run' && p.command.name).toBe('retire-secret');
  });

  test.each([
    [['nope'], 'unknown command nope'],
    [['onboard'], 'onboard needs <authority>'],
    [['onboard', 'wcc', 'akl'], 'onboard: unexpected akl'],
    [['councils', '--colour'], "Unknown option '--colour'"],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseCouncilArgs(argv)).toThrow(message);
  });

  test('no command, help or --help prints the usage', () => {
    for (const argv of [[], ['help'], ['--help'], ['onboard', '--help']])
      expect(parseCouncilArgs(argv)).toEqual({ kind: 'help' });
  });

  test('another file’s commands plug in with their own options', () => {
    const extra: CouncilCommand = {
      // A name of no real command (the simulator's `accept` is registered now).
      name: 'example',
      usage: 'example <id> [--as <authority>]',
      summary: 'accepts a lodgement',
      positionals: ['id'],
      options: { as: { type: 'string' } },
      run: async () => undefined,
    };
    const p = parseCouncilArgs(['example', 'app1', '--as', 'akl'], [...councilCommands, extra]);
    expect(p).toMatchObject({ kind: 'run', positionals: ['app1'], values: { as: 'akl' } });
  });
});
