import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventSourceSettings } from '../../infra/constructs/event-consumers.js';
import { mergeWorkerSettings } from '../../infra/constructs/merge-worker.js';
import { outboxFilterPattern } from '../../functions/platform/events/filter.js';
import { buildTestApp, propsOf, template } from './helpers.js';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

describe('EventConsumers (Workflows stack)', () => {
  let t: Template;
  let functionId: string;
  let queueId: string;
  beforeAll(() => {
    t = template(buildTestApp().stacks.workflows);
    functionId = Object.entries(t.findResources('AWS::Lambda::Function')).find(([, r]) =>
      String((r as { Properties: { Description?: string } }).Properties.Description).startsWith(
        'Domain-event consumers',
      ),
    )![0];
    queueId = Object.keys(t.findResources('AWS::SQS::Queue')).find((id) =>
      id.startsWith('EventConsumersDeadLetters'),
    )!;
  });

  it('runs functions/platform/events/stream.ts with the table and the uploads bucket', () => {
    t.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Domain-event consumers: outbox items from the table stream',
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: Match.anyValue(),
          UPLOADS_BUCKET: Match.anyValue(),
          POWERTOOLS_SERVICE_NAME: 'consent-portal-events',
        }),
      },
    });
  });

  it('reads the table stream from LATEST, only outbox INSERTs, with partial-batch responses, bisection, retries and the DLQ', () => {
    // Its own mapping; the webhook delivery function has another (test/infra/webhook-delivery.test.ts).
    const mappings = propsOf(t, 'AWS::Lambda::EventSourceMapping').filter(
      (m) => JSON.stringify(m.FunctionName) === JSON.stringify({ Ref: functionId }),
    );
    expect(mappings).toHaveLength(1);
    const m = mappings[0]!;
    expect(m).toMatchObject({
      FunctionName: { Ref: functionId },
      StartingPosition: 'LATEST',
      BatchSize: eventSourceSettings.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: eventSourceSettings.retryAttempts,
      MaximumRecordAgeInSeconds: eventSourceSettings.maxRecordAgeHours * 3600,
      ParallelizationFactor: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    // The table's stream, imported from the Data stack.
    expect(JSON.stringify(m.EventSourceArn)).toMatch(/Table[0-9A-F]{8}StreamArn/);
    const filters = (m.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((f) => JSON.parse(f.Pattern) as unknown)).toEqual([outboxFilterPattern]);
    expect(JSON.parse(filters[0]!.Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { __edb_e__: { S: ['domainEvent'] } } },
    });
  });

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

  it('may read the stream, read and write the table, send to its DLQ, and remove application files only', () => {
    const [, policy] = Object.entries(t.findResources('AWS::IAM::Policy')).find(([id]) =>
      id.startsWith('EventConsumersFunctionServiceRole'),
    )!;
    const statements = (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties
      .PolicyDocument.Statement;
    const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
    const onStream = statements.filter((s) => JSON.stringify(s.Resource).includes('StreamArn'));
    expect(onStream.flatMap(actions).sort()).toEqual([
      'dynamodb:DescribeStream',
      'dynamodb:GetRecords',
      'dynamodb:GetShardIterator',
    ]);
    const send = statements.find((s) => actions(s).includes('sqs:SendMessage'))!;
    expect(send.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    expect(statements.some((s) => actions(s).includes('dynamodb:PutItem'))).toBe(true);
    expect(statements.flatMap(actions)).not.toContain('dynamodb:*');
    // Items by key and queries: no consumer scans the table (issue 33 point 7).
    expect(statements.flatMap(actions)).not.toContain('dynamodb:Scan');
    // documents.files: list and delete a deleted application's uploads and extracted text, nothing else.
    const onBucket = statements.filter((s) => actions(s).some((a) => a.startsWith('s3:')));
    const deletes = onBucket.filter((s) => actions(s).includes('s3:DeleteObject*'));
    expect(deletes.map((s) => JSON.stringify(s.Resource)).join()).toContain('/documents/*');
    expect(deletes.map((s) => JSON.stringify(s.Resource)).join()).toContain('/extracted/documents/*');
    // Every prefix of an application's objects (issue 9): uploads waiting for a scan, server-written files.
    for (const prefix of ['/incoming/*', '/generated/*', '/extracted/generated/*'])
      expect(deletes.map((s) => JSON.stringify(s.Resource)).join()).toContain(prefix);
    expect(deletes.map((s) => JSON.stringify(s.Resource)).join()).not.toContain('thumbnails/');
    for (const s of onBucket) expect(JSON.stringify(s.Resource)).not.toContain('"/*"');
    // documents.merge only hands the merge on: it writes no object, and may invoke the worker alone.
    expect(onBucket.filter((s) => actions(s).includes('s3:PutObject'))).toEqual([]);
    const invokes = statements.filter((s) => actions(s).includes('lambda:InvokeFunction'));
    expect(JSON.stringify(invokes.map((s) => s.Resource))).toMatch(/EventConsumersMergeWorkerFunction/);
    expect(JSON.stringify(invokes.map((s) => s.Resource))).not.toContain('"*"');
  });

  it('consumers are short again: 1 minute, default memory; the worker name in their environment', () => {
    const fn = t.findResources('AWS::Lambda::Function')[functionId] as {
      Properties: {
        Timeout: number;
        MemorySize: number;
        Environment: { Variables: Record<string, unknown> };
      };
    };
    expect(fn.Properties.Timeout).toBe(60);
    expect(fn.Properties.MemorySize).toBe(512);
    expect(JSON.stringify(fn.Properties.Environment.Variables.MERGE_FUNCTION_NAME)).toMatch(
      /EventConsumersMergeWorkerFunction/,
    );
  });
});

describe('MergeWorker (Workflows stack)', () => {
  let t: Template;
  let workerId: string;
  beforeAll(() => {
    t = template(buildTestApp().stacks.workflows);
    workerId = Object.keys(t.findResources('AWS::Lambda::Function')).find((id) =>
      id.startsWith('EventConsumersMergeWorkerFunction'),
    )!;
  });

  it('runs functions/documents/merge-worker.ts with 5 minutes and 1 GB', () => {
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
});
