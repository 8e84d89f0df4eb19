/**
 * The simulator's RFI commands (infra/council/commands/rfis.ts): each command line makes the body the
 * API's schema accepts, a mistyped one fails before anything is sent, and `rfi-points` prints the
 * points in reading order with the state the shared rules derive.
 */
import { describe, expect, test } from 'vitest';
import { parseCouncilArgs, usage } from '../../../infra/council/cli';
import { councilCommands } from '../../../infra/council/commands/index';
import { parseRfiRaise, parseRfiSignOff, rfiPointRows } from '../../../infra/council/commands/rfis';
import type { CommandContext } from '../../../infra/council/commands/types';
import { rfiPointDto } from '../../support/rfi-points';

const noTarget: CommandContext = {
  outputs: {},
  outputsFile: 'none.json',
  target: () => {
    throw new Error('no API call expected');
  },
};
const command = (name: string) => councilCommands.find((c) => c.name === name)!;

const run = (argv: string[]) => {
  const parsed = parseCouncilArgs(argv);
  if (parsed.kind !== 'run') throw new Error('not a command');
  return parsed;
};

describe('rfi-raise', () => {
  test('a round of points with the officer who asks', () => {
    const { positionals, values } = run([
      'rfi-raise',
      'wcc',
      '1001',
      '--type',
      'consent',
      '--team',
      'Building',
      '--round',
      '2',
      '--point',
      'Bracing calculations|Provide the bracing calculations to NZS 3604 for the upper floor',
      '--point',
      'Fire separation|Show the fire rating of the wall between the garage and the house',
      '--location',
      'Dwelling',
      '--person-name',
      'Aroha Smith',
      '--person-email',
      'Aroha.Smith@wcc.govt.nz',
    ]);
    expect(parseRfiRaise(positionals, values)).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      body: {
        type: 'Consent',
        team: 'Building',
        round: 2,
        points: [
          {
            title: 'Bracing calculations',
            requestDetails: 'Provide the bracing calculations to NZS 3604 for the upper floor',
            location: 'Dwelling',
            requestPerson: { name: 'Aroha Smith', email: 'aroha.smith@wcc.govt.nz' },
          },
          {
            title: 'Fire separation',
            requestDetails: 'Show the fire rating of the wall between the garage and the house',
            location: 'Dwelling',
            requestPerson: { name: 'Aroha Smith', email: 'aroha.smith@wcc.govt.nz' },
          },
        ],
      },
    });
  });

  test('the next round and a default officer when not named; a details text may hold "|"', () => {
    const { positionals, values } = run([
      'rfi-raise',
      'wcc',
      '1001',
      '--type',
      'Vetting',
      '--team',
      'Lodgement',
      '--point',
      'Site plan|Show the boundary | and the setbacks',
      '--idempotency-key',
      'raise-1',
    ]);
    const call = parseRfiRaise(positionals, values);
    expect(call.body.round).toBeUndefined();
    expect(call.body.points[0]).toMatchObject({
      title: 'Site plan',
      requestDetails: 'Show the boundary | and the setbacks',
      requestPerson: { name: 'Building consent officer' },
    });
    expect(call.idempotencyKey).toBe('raise-1');
  });

  test.each([
    [['--team', 'B', '--point', 't|d'], /--type is required/],
    [['--type', 'Planning', '--team', 'B', '--point', 't|d'], /--type is one of Vetting, Consent, CCC/],
    [['--type', 'Consent', '--point', 't|d'], /--team is required/],
    [['--type', 'Consent', '--team', 'B'], /--point "title\|details" is required/],
    [['--type', 'Consent', '--team', 'B', '--point', 'no details'], /--point is "title\|details"/],
    [['--type', 'Consent', '--team', 'B', '--point', '|details'], /title/],
    [['--type', 'Consent', '--team', 'B', '--round', 'two', '--point', 't|d'], /--round is a number/],
    [['--type', 'Consent', '--team', 'B', '--point', 't|d', '--person-email', 'nope'], /email/],
  ])('%j is refused before any call', async (args, message) => {
    const { positionals, values } = run(['rfi-raise', 'wcc', '1001', ...args]);
    expect(() => parseRfiRaise(positionals, values)).toThrow(message);
    await expect(command('rfi-raise').run({ positionals, values, ctx: noTarget })).rejects.toThrow(message);
  });

  test('needs the authority and the application', () => {
    expect(() => parseCouncilArgs(['rfi-raise', 'wcc'])).toThrow(
      'rfi-raise needs <authority> <applicationId>',
    );
  });
});

describe('rfi-signoff', () => {
  test('the status and date', () => {
    const { positionals, values } = run([
      'rfi-signoff',
      'wcc',
      '1001',
      'p-1',
      '--status',
      'NOT_RESOLVED',
      '--date',
      '2026-11-26',
    ]);
    expect(parseRfiSignOff(positionals, values)).toEqual({
      authority: 'wcc',
      applicationId: '1001',
      rfiPointId: 'p-1',
      body: { status: 'NOT_RESOLVED', signedOffDate: '2026-11-26' },
    });
  });

  test.each([
    [[], /--status is required/],
    [['--status', 'SUBMITTED'], /status/],
    [['--status', 'RESOLVED', '--date', 'yesterday'], /signedOffDate/],
  ])('%j is refused', (args, message) => {
    const { positionals, values } = run(['rfi-signoff', 'wcc', '1001', 'p-1', ...args]);
    expect(() => parseRfiSignOff(positionals, values)).toThrow(message);
  });

  test('needs the point', () => {
    expect(() => parseCouncilArgs(['rfi-signoff', 'wcc', '1001'])).toThrow(
      'rfi-signoff needs <authority> <applicationId> <rfiPointId>',
    );
  });
});

const point = rfiPointDto;

describe('rfi-points', () => {
  test('a table in reading order with each point state', () => {
    const lines = rfiPointRows([
      point({ id: 'c2', displayOrderInRound: 2, title: 'Fire separation' }),
      point({
        id: 'c1',
        title: 'Bracing calculations',
        responseDetails: 'Attached',
        responsePersonName: 'Jane Applicant',
      }),
      point({
        id: 'v1',
        type: 'Vetting',
        team: 'Lodgement',
        title: 'Site plan',
        responseDetails: 'Done',
        customerSubmittedDate: '2026-11-20T00:00:00Z',
        roundSubmittedByName: 'Jane Applicant',
        councilSignedOffDate: '2026-11-21T00:00:00Z',
        status: 'RESOLVED',
      }),
    ]);
    expect(lines[0]).toMatch(/^ID\s+ROUND\s+TYPE\s+TEAM\s+TITLE\s+STATE\s+RESPONDED BY$/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/))).toEqual([
      ['v1', '1', 'Vetting (Lodgement)', 'Lodgement', 'Site plan', 'Processed', 'Jane Applicant'],
      ['c1', '1', 'Consent (Assessment)', 'Building', 'Bracing calculations', 'Responded', 'Jane Applicant'],
      ['c2', '1', 'Consent (Assessment)', 'Building', 'Fire separation', 'NotResponded', '-'],
    ]);
    expect(rfiPointRows([])).toEqual(['no RFI points']);
  });

  test('the three commands are in the help', () => {
    for (const name of ['rfi-raise', 'rfi-points', 'rfi-signoff'])
      expect(usage()).toContain(command(name).usage);
  });
});
