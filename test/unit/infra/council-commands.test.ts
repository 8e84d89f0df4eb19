/**
 * The simulator's council commands (infra/council/commands, docs/council-api.md §6): each command
 * line makes the API call it names, with a body the API's schema accepts; a mistyped one fails
 * before anything is sent; and after a write the simulator prints what changed.
 */
import { describe, expect, test } from 'vitest';
import { CouncilApplication } from '../../../shared/schemas/council';
import { parseCommand, UsageError, type CouncilCall } from '../../../infra/council/commands/parse';
import { changeLines } from '../../../infra/council/commands/print';
import {
  councilCommand,
  runCouncilCommand,
  type CouncilAnswer,
  type CouncilPort,
} from '../../../infra/council/commands/applications';

const base = CouncilApplication.parse({
  id: '1001',
  name: 'New house',
  applicationNumber: 'BLD-2026-0001',
  recordType: 'Draft',
  applicationType: 'Standalone',
  authorityId: 'wcc',
  jurisdictionId: 'wcc',
  formId: 'bc',
  startedDate: '2026-11-19T01:00:00.000Z',
  modifiedDate: '2026-11-20T01:00:00.000Z',
  status: 'Submitted',
  submissionDate: '2026-11-20T01:00:00.000Z',
  workflowStages: [],
  requiredInspections: [],
  rejectedReason: null,
});

const write = (name: string, argv: string[], current = base) => {
  const { call } = parseCommand(name, argv);
  if (call.kind !== 'write') throw new Error(`${name} is not a write`);
  return { method: call.method, path: call.path, body: call.body(current), key: call.idempotencyKey };
};

describe('council command lines → API calls', () => {
  test.each([
    ['accept', ['1001'], 'POST', '/lodgement', { decision: 'Accepted' }],
    [
      'reject',
      ['1001', '--reason', 'Missing plans'],
      'POST',
      '/lodgement',
      { decision: 'Rejected', reason: 'Missing plans' },
    ],
    ['suspend', ['1001', '--reason', 'RFI sent'], 'POST', '/suspension', { reason: 'RFI sent' }],
    ['resume', ['1001'], 'DELETE', '/suspension', undefined],
    [
      'grant',
      ['1001', '--consent-number', 'BC-2026-77'],
      'POST',
      '/decision',
      { outcome: 'Granted', consentNumber: 'BC-2026-77' },
    ],
    [
      'refuse',
      ['1001', '--reason', 'Not code compliant'],
      'POST',
      '/decision',
      { outcome: 'Refused', closedReason: 'Not code compliant' },
    ],
    [
      'lapse',
      ['1001', '--reason', 'No work in 12 months'],
      'POST',
      '/decision',
      { outcome: 'Lapsed', closedReason: 'No work in 12 months' },
    ],
    [
      'withdraw',
      ['1001', '--reason', 'Applicant asked'],
      'POST',
      '/decision',
      { outcome: 'Withdrawn', closedReason: 'Applicant asked' },
    ],
    [
      'ccc',
      ['1001', '--date', '2026-12-01'],
      'POST',
      '/code-compliance-certificate',
      { issuedDate: '2026-12-01' },
    ],
    [
      'patch',
      ['1001', '--complexity', 'Simple', '--resource-consent', 'no'],
      'PATCH',
      '',
      { complexity: 'Simple', resourceConsentRequired: false },
    ],
    [
      'doc-group',
      ['1001', 'g1', '--name', 'Revised plans', '--container', 'plans', '--order', '2'],
      'PUT',
      '/required-document-groups/g1',
      {
        name: 'Revised plans',
        documentContainerId: 'plans',
        status: 'Required',
        type: 'DocumentContainer',
        displayOrder: 2,
      },
    ],
    [
      'review-upload',
      ['1001', 'g1', 'plans.pdf', '--status', 'Rejected', '--reason', 'No bracing'],
      'PATCH',
      '/required-document-groups/g1/uploads/plans.pdf',
      { councilStatus: 'Rejected', reason: 'No bracing' },
    ],
  ])('%s %j', (name, argv, method, suffix, body) => {
    expect(write(name, argv)).toEqual({
      method,
      path: `/council/applications/1001${suffix}`,
      body,
      key: undefined,
    });
  });

  test('ccc without --date is issued today', () => {
    expect(write('ccc', ['1001']).body).toEqual({ issuedDate: new Date().toISOString().slice(0, 10) });
  });

  test('--idempotency-key replays: the call carries the key', () => {
    expect(write('accept', ['1001', '--idempotency-key', 'k-1']).key).toBe('k-1');
    expect(() => parseCommand('accept', ['1001', '--idempotency-key', 'a b'])).toThrow(
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
    );
    expect(() => parseCommand('show', ['1001', '--idempotency-key', 'k'])).toThrow(
      '--idempotency-key is for writes',
    );
  });

  test('reads: the list with its filters, one application, its participants and documents, the feed', () => {
    const read = (name: string, argv: string[]): CouncilCall => parseCommand(name, argv).call;
    expect(read('applications', ['--status', 'Submitted,InProgress'])).toEqual({
      kind: 'read',
      path: '/council/applications',
      query: { status: 'Submitted,InProgress' },
      print: 'applications',
    });
    expect(read('show', ['1001'])).toMatchObject({
      path: '/council/applications/1001',
      print: 'application',
    });
    expect(read('participants', ['1001'])).toMatchObject({ path: '/council/applications/1001/participants' });
    expect(read('documents', ['1001'])).toMatchObject({ path: '/council/applications/1001/documents' });
    expect(read('events', ['--after', 'abc', '--follow', '--interval', '2'])).toEqual({
      kind: 'read',
      path: '/council/events',
      query: { after: 'abc' },
      print: 'events',
      follow: 2,
    });
    expect(parseCommand('show', ['1001', '--authority', 'akl']).authority).toBe('akl');
  });

  test('mistyped lines fail before anything is sent, naming the field and the reason, with the usage', () => {
    const fails = (name: string, argv: string[], message: string) => {
      expect(() => parseCommand(name, argv)).toThrow(UsageError);
      expect(() => parseCommand(name, argv)).toThrow(message);
      expect(() => parseCommand(name, argv)).toThrow(`usage: council ${name}`);
    };
    fails('grant', ['1001'], '--consent-number is required');
    fails(
      'grant',
      ['1001', '--consent-number', 'BLD-1'],
      'consentNumber: A consent number cannot start with BLD',
    );
    fails('reject', ['1001'], 'reason: Required');
    fails('accept', [], 'expected <id>');
    fails('accept', ['1001', '--bogus'], "Unknown option '--bogus'");
    fails('applications', ['--status', 'Nope'], 'status');
    fails('patch', ['1001'], 'Nothing to change');
    fails('patch', ['1001', '--resource-consent', 'maybe'], '--resource-consent is yes or no');
    fails(
      'stage',
      ['1001', 'Assessment', '--status', 'Started', '--progress', 'half'],
      '--progress is elapsed/total',
    );
    fails('inspect', ['1001', '--location', 'Site'], '--location and --type are required');
    fails(
      'inspect',
      ['1001', '--location', 'Site', '--type', 'pre-slab', '--result', 'Maybe'],
      'Invalid option',
    );
    expect(() => parseCommand('fly', [])).toThrow('unknown council command: fly');
  });
});

describe('stage and inspect change one entry of the lists the PUT replaces', () => {
  test('stage puts the named stage in place or adds it, in the spec order, keeping the others', () => {
    const first = write('stage', [
      '1001',
      'Assessment',
      '--status',
      'Started',
      '--progress',
      '3/20',
      '--item',
      'Completed:Vetting:2026-11-21',
    ]);
    expect(first.path).toBe('/council/applications/1001/workflow-stages');
    expect(first.body).toEqual({
      workflowStages: [
        {
          stageName: 'Assessment',
          stageDisplayName: 'Assessment',
          stageStatus: 'Started',
          stageType: 'Numbers',
          progress: { elapsedNum: 3, totalNum: 20 },
          items: [{ status: 'Completed', displayName: 'Vetting', date: '2026-11-21' }],
        },
      ],
    });
    const withAssessment = CouncilApplication.parse({ ...base, ...(first.body as object) });
    const second = write('stage', ['1001', 'Lodgement', '--status', 'Completed'], withAssessment).body as {
      workflowStages: { stageName: string; stageStatus: string; stageType: string }[];
    };
    expect(second.workflowStages.map((s) => [s.stageName, s.stageStatus, s.stageType])).toEqual([
      ['Lodgement', 'Completed', 'Steps'],
      ['Assessment', 'Started', 'Numbers'],
    ]);
  });

  test('inspect adds a location and type, then books it and records a result, keeping the booking page', () => {
    const first = write('inspect', [
      '1001',
      '--location',
      'Site',
      '--type',
      'pre-slab',
      '--name',
      'Pre-slab',
      '--required',
      '1',
    ]);
    expect(first.body).toEqual({
      requiredInspections: [
        {
          location: 'Site',
          inspectionTypes: [
            {
              inspectionTypeId: 'pre-slab',
              name: 'Pre-slab',
              status: 'NotStarted',
              inspectionsRequired: 1,
              history: [],
            },
          ],
        },
      ],
    });
    const current = CouncilApplication.parse({
      ...base,
      ...(first.body as object),
      inspectionBookingUrl: 'https://council.example/book',
    });
    const second = write(
      'inspect',
      [
        '1001',
        '--location',
        'Site',
        '--type',
        'pre-slab',
        '--status',
        'Completed',
        '--result',
        'Pass',
        '--date',
        '2026-12-02',
        '--booking',
        '2026-12-02',
      ],
      current,
    );
    expect(second.body).toEqual({
      requiredInspections: [
        {
          location: 'Site',
          inspectionTypes: [
            {
              inspectionTypeId: 'pre-slab',
              name: 'Pre-slab',
              status: 'Completed',
              inspectionsRequired: 1,
              nextBookingDate: '2026-12-02',
              history: [{ date: '2026-12-02', name: 'Pre-slab', result: 'Pass' }],
            },
          ],
        },
      ],
      bookingUrl: 'https://council.example/book',
    });
  });
});

describe('what the simulator prints', () => {
  test('a grant: the record type and the consent number before and after', () => {
    const after = {
      ...base,
      status: 'InProgress' as const,
      recordType: 'Consent' as const,
      consentNumber: 'BC-77',
    };
    expect(changeLines(base, after)).toEqual([
      'status: Submitted → InProgress',
      'record type: Draft → Consent',
      'consent number: (none) → BC-77',
    ]);
  });

  test('stages and inspections: the lines gone and the lines added; nothing changed says so', () => {
    const staged = CouncilApplication.parse({
      ...base,
      workflowStages: [
        {
          stageName: 'Assessment',
          stageDisplayName: 'Assessment',
          stageStatus: 'Started',
          stageType: 'Numbers',
          progress: { elapsedNum: 3, totalNum: 20 },
        },
      ],
    });
    expect(changeLines(base, staged)).toEqual(['stages:', '  + Assessment (Numbers): Started 3/20']);
    expect(changeLines(staged, staged)).toEqual(['nothing changed']);
  });

  const port = (answers: CouncilAnswer[]) => {
    const sent: unknown[][] = [];
    const p: CouncilPort = {
      get: async (path, query) => (sent.push(['GET', path, query]), answers.shift()!),
      send: async (method, path, body, key) => (sent.push([method, path, body, key]), answers.shift()!),
    };
    return { p, sent };
  };

  test('a write reads the application, sends the change and prints what changed (a replay says so)', async () => {
    const after = { ...base, status: 'InProgress' };
    const { p, sent } = port([
      { status: 200, body: base },
      { status: 200, body: after, replayed: true },
    ]);
    const out: string[] = [];
    const code = await councilCommand('accept', ['1001', '--idempotency-key', 'k-9'], async () => p, {
      out: (l) => out.push(l),
    });
    expect(code).toBe(0);
    expect(sent).toEqual([
      ['GET', '/council/applications/1001', undefined],
      ['POST', '/council/applications/1001/lodgement', { decision: 'Accepted' }, 'k-9'],
    ]);
    expect(out).toEqual([
      'replayed: the answer stored for idempotency key k-9',
      'status: Submitted → InProgress',
    ]);
  });

  test('a document group write prints the group and its uploads with the council’s status', async () => {
    const group = {
      id: 'g1',
      guid: 'g1',
      applicationId: '1001',
      name: 'Revised plans',
      status: 'Required',
      type: 'DocumentContainer',
      displayOrder: 1,
      documentContainerId: 'plans',
      requiredDocumentUploads: [
        {
          applicationDocumentId: 'plans.pdf',
          name: 'plans.pdf',
          documentStatus: 'Received',
          councilStatus: 'Rejected',
          reason: 'No bracing',
          fileName: 'plans.pdf',
          fileSize: 7000,
          mimeType: 'application/pdf',
        },
      ],
    };
    const { p } = port([
      { status: 200, body: base },
      { status: 200, body: group },
    ]);
    const out: string[] = [];
    const code = await councilCommand(
      'review-upload',
      ['1001', 'g1', 'plans.pdf', '--status', 'Rejected', '--reason', 'No bracing'],
      async () => p,
      { out: (l) => out.push(l) },
    );
    expect(code).toBe(0);
    expect(out).toEqual([
      'group g1: Revised plans (Required, plans)\n  plans.pdf: Received, council: Rejected (No bracing)',
    ]);
    const usage: string[] = [];
    expect(
      await councilCommand('review-upload', ['1001', 'g1', 'plans.pdf', '--status', 'Maybe'], async () => p, {
        out: (l) => usage.push(l),
      }),
    ).toBe(2);
  });

  test('a refusal prints the status and the message, exit 1; a usage error exit 2 and no call', async () => {
    const { p } = port([
      { status: 200, body: base },
      { status: 409, body: { code: 'Conflict', message: 'Cannot suspend an application that is Submitted' } },
    ]);
    const out: string[] = [];
    expect(await runCouncilCommand(parseCommand('suspend', ['1001']), p, { out: (l) => out.push(l) })).toBe(
      1,
    );
    expect(out).toEqual(['refused: 409 Cannot suspend an application that is Submitted']);
    const { p: unused, sent } = port([]);
    const usage: string[] = [];
    expect(await councilCommand('grant', ['1001'], async () => unused, { out: (l) => usage.push(l) })).toBe(
      2,
    );
    expect(sent).toEqual([]);
    expect(usage[0]).toContain('--consent-number is required');
  });

  test('events --follow reads on from the cursor it was given', async () => {
    const event = {
      eventId: 'e1',
      type: 'ApplicationSubmitted',
      applicationId: '1001',
      occurredAt: '2026-11-20T01:00:00.000Z',
    };
    const { p, sent } = port([
      { status: 200, body: { events: [event], cursor: 'c1' } },
      { status: 200, body: { events: [], cursor: 'c1' } },
    ]);
    const out: string[] = [];
    let pages = 0;
    const waits: number[] = [];
    const code = await runCouncilCommand(parseCommand('events', ['--follow', '--interval', '3']), p, {
      out: (l) => out.push(l),
      wait: async (s) => void waits.push(s),
      stop: () => ++pages >= 2,
    });
    expect(code).toBe(0);
    expect(sent).toEqual([
      ['GET', '/council/events', {}],
      ['GET', '/council/events', { after: 'c1' }],
    ]);
    expect(out).toEqual([
      '2026-11-20T01:00:00.000Z  ApplicationSubmitted  1001  e1',
      'cursor: c1',
      'cursor: c1',
    ]);
    expect(waits).toEqual([]);
  });
});

describe('the simulator commands in npm run council', () => {
  test('each council command is registered with its usage, and parses through the CLI', async () => {
    const { councilCommands } = await import('../../../infra/council/commands/index');
    const { parseCouncilArgs } = await import('../../../infra/council/cli');
    for (const name of ['applications', 'show', 'accept', 'grant', 'stage', 'inspect', 'ccc', 'events'])
      expect(councilCommands.map((c) => c.name)).toContain(name);
    expect(
      parseCouncilArgs(['grant', '1001', '--consent-number', 'BC-1', '--authority', 'wcc']),
    ).toMatchObject({
      kind: 'run',
      positionals: ['1001'],
      values: { 'consent-number': 'BC-1', authority: 'wcc' },
    });
  });
});
