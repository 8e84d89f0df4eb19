import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  consumerFilterPattern,
  consumerFunctions,
  type ConsumerFeature,
} from '../../functions/platform/events/consumer-functions.js';
import { acknowledge, findings } from './nag.js';
import { PortalFunction } from './portal-function.js';
import { consumerPartitions } from './consumer-grants.js';
import { grantTableItemsIn } from './table-grants.js';
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
 * What a feature's consumers reach besides the table (each grant below is given to the features that
 * name it, and to no other): `mail` the SES sender and the web's URL (invitation and notification
 * mail), `scheduler` one-off jobs ('manage' creates and deletes them, 'cancel' only deletes),
 * `uploads` a deleted application's files, `extraction` the extraction state machine, `mergeWorker`
 * the container merge worker, `summaryPdf` writes the summary PDF under generated/ (nothing else of
 * the bucket).
 */
export interface ConsumerReach {
  mail?: true;
  summaryPdf?: true;
  scheduler?: 'manage' | 'cancel';
  uploads?: true;
  extraction?: true;
  mergeWorker?: true;
}

/** Each consumer function's reach, from what its feature's consumers do (functions/<feature>/consumers.ts). */
export const consumerReach: Record<ConsumerFeature, ConsumerReach> = {
  // applications.summaryPdf writes the submission's summary PDF (generated/ only).
  applications: { summaryPdf: true },
  // documents.files, documents.extraction, documents.mergeOnSubmit and documents.merge.
  documents: { uploads: true, extraction: true, mergeWorker: true },
  // participants.invitations mails the invitee.
  participants: { mail: true },
  contacts: {},
  // Invitation and merge mail; invitation expiry jobs.
  organisations: { mail: true, scheduler: 'manage' },
  // The request's expiry job.
  'access-requests': { scheduler: 'manage' },
  // The registered-applicant invitation mail.
  council: { mail: true },
  // payments.requestMail mails the payer's link; payments.requestSchedules makes and cancels a
  // request's reminder and expiry jobs.
  payments: { mail: true, scheduler: 'manage' },
  // notifications.fanOut writes the inbox and mails.
  notifications: { mail: true },
};

const pascal = (feature: string) =>
  feature
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/**
 * The domain-event consumers on AWS: one function per feature (functions/<feature>/stream.ts, the
 * catalogue functions/platform/events/consumer-functions.ts), each behind a DynamoDB event source of
 * its own on the table's stream, filtered to INSERTs of outbox items of the types its consumers
 * handle, with partial-batch responses, bisection and retries, and the SQS dead-letter queue (shared
 * by the mappings) that receives the stream range of a batch that still fails (docs/events.md:
 * inspect and redrive with infra/seed/redrive-events.ts). Each function has its own grants
 * ({@link consumerReach}): a failing consumer holds back its own feature's events only.
 */
export class EventConsumers extends Construct {
  /** The consumer functions, by feature. */
  readonly functions: Record<ConsumerFeature, PortalFunction>;
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

    const functions: Partial<Record<ConsumerFeature, PortalFunction>> = {};
    for (const spec of consumerFunctions) {
      functions[spec.feature] = this.consumerFunction(spec, consumerReach[spec.feature], props);
    }
    this.functions = functions as Record<ConsumerFeature, PortalFunction>;
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself the dead-letter destination (the event source mappings' on-failure destination); a dead-letter queue of a dead-letter queue would only move the same messages.",
      },
    ]);
  }

  private consumerFunction(
    spec: (typeof consumerFunctions)[number],
    reach: ConsumerReach,
    props: EventConsumersProps,
  ): PortalFunction {
    const { table, uploads } = props;
    const stack = Stack.of(this);
    const scheduler = reach.scheduler ? props.scheduler : undefined;
    const extraction = reach.extraction ? props.extractionStateMachine : undefined;
    const fn = new PortalFunction(this, pascal(spec.feature), {
      entry: `functions/${spec.handler}.ts`,
      serviceName: `consent-portal-events-${spec.feature}`,
      description: `Domain-event consumers of ${spec.feature}: its outbox items from the table stream`,
      // Consumers are short: a long job (the container merge) is handed to its own worker.
      timeout: Duration.minutes(1),
      environment: {
        TABLE_NAME: table.tableName,
        ...(reach.uploads || reach.summaryPdf ? { UPLOADS_BUCKET: uploads.bucketName } : {}),
        ...(reach.mergeWorker ? { MERGE_FUNCTION_NAME: this.mergeWorker.function.functionName } : {}),
        ...(reach.mail
          ? {
              MAIL_TRANSPORT: 'ses',
              ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
              ...(props.webUrl ? { WEB_URL: props.webUrl } : { WEB_URL_PARAMETER: props.webUrlParameter }),
            }
          : {}),
        ...(extraction ? { EXTRACTION_STATE_MACHINE_ARN: extraction.stateMachineArn } : {}),
        ...(scheduler
          ? {
              SCHEDULER_GROUP: scheduler.group.scheduleGroupName,
              ...(reach.scheduler === 'manage'
                ? {
                    SCHEDULER_ROLE_ARN: scheduler.role.roleArn,
                    SCHEDULER_TARGET_ARN_TEMPLATE: scheduler.targetArnTemplate,
                  }
                : {}),
            }
          : {}),
      },
    });
    extraction?.grantStartExecution(fn);
    // The mail from the configured sender only, with the web's URL (read from SSM when it is not in
    // the context).
    if (reach.mail && props.mailFrom) {
      const identity = (name: string) =>
        `arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/${name}`;
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [identity(props.mailFrom.split('@')[1] ?? props.mailFrom), identity(props.mailFrom)],
        }),
      );
    }
    if (reach.mail && !props.webUrl)
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            `arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${props.webUrlParameter}`,
          ],
        }),
      );
    if (scheduler) {
      // Schedules of the portal group only; 'manage' also passes the scheduler role, to Scheduler only.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions:
            reach.scheduler === 'manage'
              ? ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:GetSchedule']
              : ['scheduler:DeleteSchedule'],
          resources: [
            `arn:${stack.partition}:scheduler:${stack.region}:${stack.account}:schedule/${scheduler.group.scheduleGroupName}/*`,
          ],
        }),
      );
      if (reach.scheduler === 'manage')
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['iam:PassRole'],
            resources: [scheduler.role.roleArn],
            conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          }),
        );
      acknowledge(fn, [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Schedules are named per job (an invitation, a request) at run time; rights are limited to schedules of the portal schedule group (`schedule/<group>/*`).',
          appliesTo: [/^Resource::arn:<AWS::Partition>:scheduler:[^:]+:<AWS::AccountId>:schedule\/.+\/\*$/],
        },
      ]);
    }
    // Items by key, queries and item writes (never a Scan) in the partitions of the entities its
    // feature's consumers touch only (./consumer-grants.ts), on the table and its indexes.
    grantTableItemsIn(fn, table, consumerPartitions(spec.feature));
    if (reach.uploads) {
      // documents.files lists and removes a deleted application's objects only (every prefix of
      // applicationPrefixes in functions/documents/model/keys.ts: never thumbnails/).
      for (const prefix of applicationPrefixes('*').map((p) => p.replace(/\*\/$/, '*'))) {
        uploads.grantRead(fn, prefix);
        uploads.grantDelete(fn, prefix);
      }
      acknowledge(fn, [
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
      ]);
    }
    if (reach.summaryPdf) {
      uploads.grantPut(fn, 'generated/*');
      acknowledge(fn, [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            "applications.summaryPdf writes each submission's summary PDF as generated/{applicationId}/{name} (grantPut on the generated/ prefix only; s3:Abort* is part of that action group).",
          appliesTo: ['Action::s3:Abort*', findings.uploadsGenerated],
        },
      ]);
    }
    // documents.merge hands a merge job to the worker: lambda:InvokeFunction on its unqualified ARN
    // only (grantInvoke would add every version and alias, `<arn>:*`).
    if (reach.mergeWorker)
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [this.mergeWorker.function.functionArn],
        }),
      );

    // Binding grants dynamodb:DescribeStream/GetRecords/GetShardIterator/ListStreams on the stream
    // and sqs:SendMessage on the queue.
    fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: eventSourceSettings.batchSize,
        bisectBatchOnError: true,
        retryAttempts: eventSourceSettings.retryAttempts,
        maxRecordAge: Duration.hours(eventSourceSettings.maxRecordAgeHours),
        reportBatchItemFailures: true,
        parallelizationFactor: 1,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [FilterCriteria.filter(consumerFilterPattern(spec))],
      }),
    );
    acknowledge(fn, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "Table grants include its GSIs (`<table arn>/index/*`): consumers query the indexes, limited like the table to their feature's partitions (dynamodb:LeadingKeys).",
        appliesTo: [findings.tableIndexes],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "dynamodb:ListStreams, added by the DynamoDB event source, has no resource-level permissions (it lists stream ARNs, never data); reading records is granted on this table's stream ARN only.",
        appliesTo: ['Resource::*'],
      },
    ]);
    return fn;
  }
}
