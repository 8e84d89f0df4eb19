import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumerReach, eventSourceSettings } from '../../infra/constructs/event-consumers.js';
import { mergeWorkerSettings } from '../../infra/constructs/merge-worker.js';
import { workerPartitions } from '../../infra/constructs/consumer-grants.js';
import { consumerPartitions } from '../../infra/constructs/consumer-grants.js';
import {
  consumerFilterPattern,
  consumerFunctions,
} from '../../functions/platform/events/consumer-functions.js';
import { buildTestApp, propsOf, sharedTestApp, template } from './helpers.js';
import { actionsOf, policyOfFunction, type Statement } from './iam.js';

describe('EventConsumers (Workflows stack): a function per feature', () => {
  let t: Template;
  let queueId: string;
  /** Logical id of each feature's consumer function. */
  let fnIds: Record<string, string>;
  const fnProps = (feature: string) =>
    (t.findResources('AWS::Lambda::Function')[fnIds[feature]!] as { Properties: Record<string, unknown> })
      .Properties as {
      Timeout: number;
      MemorySize: number;
      Environment: { Variables: Record<string, unknown> };
    };
  const statementsOf = (feature: string) => policyOfFunction(t, fnIds[feature]!);
  const allActions = (feature: string) => statementsOf(feature).flatMap(actionsOf);
  const features = consumerFunctions.map((f) => f.feature);
  const reaching = (what: keyof (typeof consumerReach)[keyof typeof consumerReach]) =>
    features.filter((f) => consumerReach[f][what]);

  beforeAll(() => {
    t = template(buildTestApp({ config: { mailFrom: 'no-reply@consent.example.govt.nz' } }).stacks.workflows);
    fnIds = {};
    for (const [id, r] of Object.entries(t.findResources('AWS::Lambda::Function'))) {
      const m = /^Domain-event consumers of ([a-z-]+):/.exec(
        String((r as { Properties: { Description?: string } }).Properties.Description),
      );
      if (m) fnIds[m[1]!] = id;
    }
    queueId = Object.keys(t.findResources('AWS::SQS::Queue')).find((id) =>
      id.startsWith('EventConsumersDeadLetters'),
    )!;
  });

  it('one function per feature that consumes events, each with its own entry and service name', () => {
    expect(Object.keys(fnIds).sort()).toEqual([...features].sort());
    for (const fn of consumerFunctions) {
      const { Environment } = fnProps(fn.feature);
      expect(Environment.Variables).toMatchObject({
        TABLE_NAME: expect.anything(),
        POWERTOOLS_SERVICE_NAME: `consent-portal-events-${fn.feature}`,
      });
      const metadata = (
        t.findResources('AWS::Lambda::Function')[fnIds[fn.feature]!] as {
          Metadata?: Record<string, unknown>;
        }
      ).Metadata;
      expect(JSON.stringify(metadata)).toContain(`functions/${fn.handler}.ts`);
    }
    // No function runs every consumer any more.
    expect(JSON.stringify(t.toJSON())).not.toContain('functions/platform/events/stream.ts');
  });

  it.each(consumerFunctions.map((f) => [f.feature, f] as const))(
    '%s: its own mapping from LATEST, only outbox INSERTs of its types, partial batches, bisection, retries, the DLQ',
    (feature, fn) => {
      const mappings = propsOf(t, 'AWS::Lambda::EventSourceMapping').filter(
        (m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: fnIds[feature] }),
      );
      expect(mappings).toHaveLength(1);
      const m = mappings[0]!;
      expect(m).toMatchObject({
        StartingPosition: 'LATEST',
        BatchSize: eventSourceSettings.batchSize,
        BisectBatchOnFunctionError: true,
        MaximumRetryAttempts: eventSourceSettings.retryAttempts,
        MaximumRecordAgeInSeconds: eventSourceSettings.maxRecordAgeHours * 3600,
        ParallelizationFactor: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
      expect(JSON.stringify(m.EventSourceArn)).toMatch(/Table[0-9A-F]{8}StreamArn/);
      const filters = (m.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
      expect(filters.map((f) => JSON.parse(f.Pattern) as unknown)).toEqual([consumerFilterPattern(fn)]);
      expect(JSON.parse(filters[0]!.Pattern)).toMatchObject({
        eventName: ['INSERT'],
        dynamodb: { NewImage: { __edb_e__: { S: ['domainEvent'] }, type: { S: [...fn.handles] } } },
      });
    },
  );

  it('dead-letter queue: SQS-managed encryption, 14 days, TLS only', () => {
    // The stream's dead letters, the merge worker's failures and the webhook deliveries' dead letters.
    t.resourceCountIs('AWS::SQS::Queue', 3);
    t.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    t.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sqs:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it.each(features.map((f) => [f]))(
    '%s: reads the stream, sends to the DLQ, reads and writes table items (never a Scan)',
    (feature) => {
      const statements = statementsOf(feature);
      const onStream = statements.filter((s) => JSON.stringify(s.Resource).includes('StreamArn'));
      expect(onStream.flatMap(actionsOf).sort()).toEqual([
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
      ]);
      const send = statements.find((s) => actionsOf(s).includes('sqs:SendMessage'))!;
      expect(send.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
      expect(allActions(feature)).toContain('dynamodb:PutItem');
      expect(allActions(feature)).not.toContain('dynamodb:*');
      expect(allActions(feature)).not.toContain('dynamodb:Scan');
      // No consumer reads a secret (the webhook signing key is the delivery function's alone).
      expect(allActions(feature).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    },
  );

  it.each(features.map((f) => [f]))(
    "%s: table items only in its feature's partitions (dynamodb:LeadingKeys), on the table and its indexes",
    (feature) => {
      const onTable = statementsOf(feature).filter(
        (s) =>
          actionsOf(s).some((a) => a === 'dynamodb:GetItem' || a === 'dynamodb:PutItem') &&
          !JSON.stringify(s.Resource).includes('StreamArn'),
      );
      expect(onTable).toHaveLength(1);
      expect(onTable[0]!.Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': consumerPartitions(feature) },
      });
      expect(JSON.stringify(onTable[0]!.Resource)).toContain('/index/*');
      // Its replay guards and outbox items are in the event's partition.
      expect(consumerPartitions(feature)).toContain('$portal#eventId_*');
    },
  );

  it("a consumer's role cannot read another feature's partitions: inboxes, requests, council clients", () => {
    const leadingKeys = (feature: string) =>
      statementsOf(feature).flatMap(
        (s) =>
          (s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] as string[] | undefined) ?? [],
      );
    expect(features.filter((f) => leadingKeys(f).includes('$portal#recipientType_*'))).toEqual([
      'notifications',
    ]);
    expect(features.filter((f) => leadingKeys(f).includes('$portal#requestGuid_*'))).toEqual([
      'access-requests',
    ]);
    expect(leadingKeys('contacts')).not.toContain('$portal#clientId_*');
    expect(leadingKeys('contacts')).not.toContain('$portal#applicationId_*');
    expect(leadingKeys('council').sort()).toEqual([
      '$portal#authorityId_*',
      '$portal#email_*',
      '$portal#eventId_*',
      '$portal#invitationId_*',
    ]);
    expect(leadingKeys('access-requests')).not.toContain('$portal#userId_*');
    expect(leadingKeys('council')).not.toContain('$portal#tokenHash_*');
  });

  it("only documents reaches the uploads (a deleted application's files), the extraction and the merge worker; applications writes the summary PDF only", () => {
    expect(reaching('uploads')).toEqual(['documents']);
    for (const feature of features) {
      const s3 = allActions(feature).filter((a) => a.startsWith('s3:'));
      const states = allActions(feature).filter((a) => a.startsWith('states:'));
      const invoke = allActions(feature).filter((a) => a.startsWith('lambda:'));
      if (feature === 'documents') {
        expect(s3.length).toBeGreaterThan(0);
        expect(states).toContain('states:StartExecution');
        expect(invoke).toEqual(['lambda:InvokeFunction']);
      } else if (feature === 'applications') {
        // applications.summaryPdf writes the summary PDF, under generated/ only: it reads and removes nothing.
        const onBucket = statementsOf(feature).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
        expect(s3).toContain('s3:PutObject');
        expect(s3.filter((a) => /^s3:(Get|List|Delete)/.test(a))).toEqual([]);
        expect(onBucket.map((s) => JSON.stringify(s.Resource)).join()).toMatch(/\/generated\/\*"/);
        for (const s of onBucket)
          expect(JSON.stringify(s.Resource)).not.toMatch(/"\/\*"|documents\/|incoming\//);
        expect({ states, invoke }).toEqual({ states: [], invoke: [] });
        expect(fnProps(feature).Environment.Variables).toHaveProperty('UPLOADS_BUCKET');
      } else {
        expect({ feature, s3, states, invoke }).toEqual({ feature, s3: [], states: [], invoke: [] });
        expect(fnProps(feature).Environment.Variables).not.toHaveProperty('UPLOADS_BUCKET');
      }
    }
    const statements = statementsOf('documents');
    const onBucket = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('s3:')));
    const deletes = onBucket.filter((s) => actionsOf(s).includes('s3:DeleteObject*'));
    const deleted = deletes.map((s) => JSON.stringify(s.Resource)).join();
    // Every prefix of an application's objects: uploads waiting for a scan, server-written files.
    for (const prefix of [
      '/documents/*',
      '/extracted/documents/*',
      '/incoming/*',
      '/generated/*',
      '/extracted/generated/*',
    ])
      expect(deleted).toContain(prefix);
    expect(deleted).not.toContain('thumbnails/');
    for (const s of onBucket) expect(JSON.stringify(s.Resource)).not.toContain('"/*"');
    // documents.merge only hands the merge on: it writes no object, and may invoke the worker alone.
    expect(onBucket.filter((s) => actionsOf(s).includes('s3:PutObject'))).toEqual([]);
    const invokes = statements.filter((s) => actionsOf(s).includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invokes.map((s) => s.Resource))).toMatch(/EventConsumersMergeWorkerFunction/);
    expect(JSON.stringify(invokes.map((s) => s.Resource))).not.toContain('"*"');
  });

  it('only the features that mail may send mail and read the web URL parameter', () => {
    expect(reaching('mail').sort()).toEqual([
      'council',
      'notifications',
      'organisations',
      'participants',
      'payments',
    ]);
    for (const feature of features) {
      const ses = allActions(feature).filter((a) => a.startsWith('ses:'));
      const ssm = allActions(feature).filter((a) => a.startsWith('ssm:'));
      const vars = fnProps(feature).Environment.Variables;
      if (consumerReach[feature].mail) {
        expect(ses.sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        expect(ssm).toEqual(['ssm:GetParameter']);
        expect(vars).toMatchObject({ MAIL_TRANSPORT: 'ses', MAIL_FROM: 'no-reply@consent.example.govt.nz' });
      } else {
        expect({ feature, ses, ssm }).toEqual({ feature, ses: [], ssm: [] });
        expect(vars).not.toHaveProperty('MAIL_FROM');
      }
    }
  });

  it('only the features with jobs touch schedules (payments: a request’s reminder and expiry)', () => {
    for (const feature of features) {
      const scheduler = allActions(feature).filter((a) => a.startsWith('scheduler:'));
      const passRole = allActions(feature).filter((a) => a === 'iam:PassRole');
      const reach = consumerReach[feature].scheduler;
      if (reach === 'manage') {
        expect(scheduler.sort()).toEqual([
          'scheduler:CreateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ]);
        expect(passRole).toEqual(['iam:PassRole']);
      } else if (reach === 'cancel') {
        expect(scheduler).toEqual(['scheduler:DeleteSchedule']);
        expect(passRole).toEqual([]);
      } else {
        expect({ feature, scheduler, passRole }).toEqual({ feature, scheduler: [], passRole: [] });
      }
    }
    expect(reaching('scheduler').sort()).toEqual(['access-requests', 'organisations', 'payments']);
    expect(consumerReach.payments.scheduler).toBe('manage');
  });

  it('consumers are short: 1 minute, default memory; the worker name in documents’ environment only', () => {
    for (const feature of features) expect(fnProps(feature)).toMatchObject({ Timeout: 60, MemorySize: 512 });
    expect(JSON.stringify(fnProps('documents').Environment.Variables.MERGE_FUNCTION_NAME)).toMatch(
      /EventConsumersMergeWorkerFunction/,
    );
    for (const feature of features.filter((f) => f !== 'documents'))
      expect(fnProps(feature).Environment.Variables).not.toHaveProperty('MERGE_FUNCTION_NAME');
  });
});

describe('MergeWorker (Workflows stack)', () => {
  let t: Template;
  let workerId: string;
  beforeAll(() => {
    t = template(sharedTestApp().stacks.workflows);
    workerId = Object.keys(t.findResources('AWS::Lambda::Function')).find((id) =>
      id.startsWith('EventConsumersMergeWorkerFunction'),
    )!;
  });

  it('runs functions/documents/merge/worker.ts with 5 minutes and 1 GB', () => {
    const fn = t.findResources('AWS::Lambda::Function')[workerId] as {
      Properties: {
        Timeout: number;
        MemorySize: number;
        Environment: { Variables: Record<string, unknown> };
      };
    };
    expect(fn.Properties).toMatchObject({ Timeout: 300, MemorySize: 1024 });
    expect(fn.Properties.Environment.Variables).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'consent-portal-merge',
      TABLE_NAME: expect.anything(),
      UPLOADS_BUCKET: expect.anything(),
    });
  });

  it('asynchronous invokes: retried twice, then to its own failure queue', () => {
    const failures = Object.keys(t.findResources('AWS::SQS::Queue')).find((id) =>
      id.startsWith('EventConsumersMergeWorkerFailures'),
    )!;
    t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: workerId },
      MaximumRetryAttempts: mergeWorkerSettings.retryAttempts,
      MaximumEventAgeInSeconds: mergeWorkerSettings.maxEventAgeHours * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failures, 'Arn'] } } },
    });
  });

  it('reads the scanned parts and puts the merged file under generated/ only', () => {
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('EventConsumersMergeWorkerFunctionServiceRole'),
    )!;
    const statements = (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties
      .PolicyDocument.Statement;
    const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
    const puts = statements.filter((s) => actions(s).includes('s3:PutObject'));
    expect(puts.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining('/generated/*')]);
    const reads = statements.filter((s) => actions(s).some((a) => a.startsWith('s3:GetObject')));
    expect(reads.map((s) => JSON.stringify(s.Resource)).join()).toContain('/documents/*');
    expect(statements.flatMap(actions).filter((a) => a.startsWith('s3:Delete'))).toEqual([]);
    expect(statements.flatMap(actions)).not.toContain('dynamodb:Scan');
    expect(
      statements.some(
        (s) => actions(s).includes('dynamodb:TransactWriteItems') || actions(s).includes('dynamodb:PutItem'),
      ),
    ).toBe(true);
  });

  it("reads and writes the table's items only in the partitions of the entities it uses (dynamodb:LeadingKeys)", () => {
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('EventConsumersMergeWorkerFunctionServiceRole'),
    )!;
    const statements = (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties
      .PolicyDocument.Statement;
    const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
    const items = statements.filter((s) =>
      actions(s).some((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:DescribeTable'),
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': workerPartitions('documents/merge/worker') },
    });
    // Never a whole partition of people, organisations or council clients.
    expect(workerPartitions('documents/merge/worker')).not.toContain('$portal#organisationId_*');
  });
});
