import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { outboxFilterPattern } from '../../functions/platform/events/filter.js';
import { acknowledge, findings } from './nag.js';
import { PortalFunction } from './portal-function.js';
import { grantTableItems } from './table-grants.js';
import { MergeWorker } from './merge-worker.js';
import { applicationPrefixes } from '../../functions/documents/model/keys.js';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';

/** Settings of the event source mapping, shared with the local stream poller (infra/local/streams.ts). */
export const eventSourceSettings = {
  batchSize: 25,
  /** Retries of a failed batch before its range goes to the dead-letter queue. */
  retryAttempts: 5,
  /** Stream records live 24 h; an event older than that is dead-lettered, not retried. */
  maxRecordAgeHours: 24,
  /** Days the dead-letter queue keeps a failure record (SQS maximum). */
  deadLetterRetentionDays: 14,
} as const;

export interface EventConsumersProps {
  /** The single table; its stream (NEW_AND_OLD_IMAGES) carries the outbox items. */
  table: ITable;
  /** The uploads bucket: a deleted application's files are removed (functions/documents/consumers.ts). */
  uploads: IBucket;
  /** The SES sender (context mailFrom): participants.invitations sends the invitation mail. */
  mailFrom?: string;
  /** The web app's URL for links in mail, or else the SSM parameter the Web stack writes it to. */
  webUrl?: string;
  webUrlParameter: string;
  /** documents.extraction starts it when a proof-of-ownership PDF settles clean. */
  extractionStateMachine?: IStateMachine;
  /**
   * Consumers schedule one-off jobs (organisations: invitation expiry): the group, the role
   * Scheduler assumes and the target ARN with `{feature}` (infra/stacks/scheduled-targets.ts).
   */
  scheduler?: { group: IScheduleGroup; role: IRole; targetArnTemplate: string };
}

/**
 * The domain-event consumers on AWS: functions/platform/events/stream.ts behind a DynamoDB event
 * source on the table's stream, filtered to INSERTs of outbox items, with partial-batch responses,
 * bisection and retries, and an SQS dead-letter queue that receives the stream range of a batch
 * that still fails (docs/events.md: inspect and redrive with infra/seed/redrive-events.ts).
 */
export class EventConsumers extends Construct {
  readonly function: PortalFunction;
  readonly deadLetterQueue: Queue;
  /** documents.merge hands each merge to it (asynchronous invoke). */
  readonly mergeWorker: MergeWorker;

  constructor(scope: Construct, id: string, props: EventConsumersProps) {
    super(scope, id);
    const { table, uploads } = props;

    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(eventSourceSettings.deadLetterRetentionDays),
    });

    this.mergeWorker = new MergeWorker(this, 'MergeWorker', { table, uploads });
    this.function = new PortalFunction(this, 'Function', {
      entry: 'functions/platform/events/stream.ts',
      serviceName: 'consent-portal-events',
      description: 'Domain-event consumers: outbox items from the table stream',
      // Consumers are short: a long job (the container merge) is handed to its own worker.
      timeout: Duration.minutes(1),
      environment: {
        TABLE_NAME: table.tableName,
        UPLOADS_BUCKET: uploads.bucketName,
        MERGE_FUNCTION_NAME: this.mergeWorker.function.functionName,
        MAIL_TRANSPORT: 'ses',
        ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
        ...(props.webUrl ? { WEB_URL: props.webUrl } : { WEB_URL_PARAMETER: props.webUrlParameter }),
        ...(props.extractionStateMachine
          ? { EXTRACTION_STATE_MACHINE_ARN: props.extractionStateMachine.stateMachineArn }
          : {}),
        ...(props.scheduler
          ? {
              SCHEDULER_GROUP: props.scheduler.group.scheduleGroupName,
              SCHEDULER_ROLE_ARN: props.scheduler.role.roleArn,
              SCHEDULER_TARGET_ARN_TEMPLATE: props.scheduler.targetArnTemplate,
            }
          : {}),
      },
    });
    props.extractionStateMachine?.grantStartExecution(this.function);
    const stack = Stack.of(this);
    // participants.invitations: the invitation mail from the configured sender only, with the web's
    // URL (read from SSM when it is not in the context).
    if (props.mailFrom) {
      const identity = (name: string) =>
        `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/${name}`;
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [identity(props.mailFrom.split('@')[1] ?? props.mailFrom), identity(props.mailFrom)],
        }),
      );
    }
    if (!props.webUrl)
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            `arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${props.webUrlParameter}`,
          ],
        }),
      );
    if (props.scheduler) {
      // Create and delete schedules of the portal group only, passing the scheduler role to Scheduler only.
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule'],
          resources: [
            `arn:${stack.partition}:scheduler:${stack.region}:${stack.account}:schedule/${props.scheduler.group.scheduleGroupName}/*`,
          ],
        }),
      );
      this.function.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [props.scheduler.role.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
    }
    // Consumers read and write the table (read models, their consumedEvent records).
    grantTableItems(this.function, table);
    // documents.files lists and removes a deleted application's objects only (every prefix of
    // applicationPrefixes in functions/documents/model/keys.ts: never thumbnails/).
    for (const prefix of applicationPrefixes('*').map((p) => p.replace(/\*\/$/, '*'))) {
      uploads.grantRead(this.function, prefix);
      uploads.grantDelete(this.function, prefix);
    }
    // documents.merge hands a merge job to the worker: lambda:InvokeFunction on its unqualified ARN
    // only (grantInvoke would add every version and alias, `<arn>:*`).
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.mergeWorker.function.functionArn],
      }),
    );

    // Binding grants dynamodb:DescribeStream/GetRecords/GetShardIterator/ListStreams on the stream
    // and sqs:SendMessage on the queue.
    this.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: eventSourceSettings.batchSize,
        bisectBatchOnError: true,
        retryAttempts: eventSourceSettings.retryAttempts,
        maxRecordAge: Duration.hours(eventSourceSettings.maxRecordAgeHours),
        reportBatchItemFailures: true,
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [FilterCriteria.filter(outboxFilterPattern)],
      }),
    );

    if (props.scheduler)
      acknowledge(this.function, [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Schedules are named per job (an invitation) at run time; rights are limited to schedules of the portal schedule group (`schedule/<group>/*`).',
          appliesTo: [/^Resource::arn:<AWS::Partition>:scheduler:[^:]+:<AWS::AccountId>:schedule\/.+\/\*$/],
        },
      ]);
    acknowledge(this.function, [
      {
        id: 'AwsSolutions-IAM5',
        reason: 'Table grants include its GSIs (`<table arn>/index/*`): consumers query the indexes.',
        appliesTo: [findings.tableIndexes],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "documents.files removes a deleted application's files: object keys are per document, so the grants are on the incoming/, documents/, generated/, extracted/documents/ and extracted/generated/ prefixes; s3:GetObject* / s3:GetBucket* / s3:List* / s3:DeleteObject* are the grantRead and grantDelete action groups (listing needs s3:ListBucket).",
        appliesTo: [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          findings.uploadsDocuments,
          findings.uploadsExtractedDocuments,
          findings.uploadsIncoming,
          findings.uploadsGenerated,
        ],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "dynamodb:ListStreams, added by the DynamoDB event source, has no resource-level permissions (it lists stream ARNs, never data); reading records is granted on this table's stream ARN only.",
        appliesTo: ['Resource::*'],
      },
    ]);
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself the dead-letter destination (the event source mapping's on-failure destination); a dead-letter queue of a dead-letter queue would only move the same messages.",
      },
    ]);
  }
}
