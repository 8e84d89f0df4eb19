import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { webhookDeliveryFilterPattern } from '../../functions/council/webhooks-events.js';
import { eventSourceSettings } from './event-consumers.js';
import { acknowledge, findings } from './nag.js';
import { PortalFunction } from './portal-function.js';

/**
 * Partition-key prefixes the delivery function reads and writes (ElectroDB keys): the authority's
 * partition (its webhook registration and delivery log; gsi1 `…authorityId_<a>#eventId_<e>` finds a
 * delivery by event) and the event's (the consumers' `consumedEvent` records beside the outbox item).
 * The delivery log shares the authority's partition with its feed and lodgement index: IAM cannot
 * tell items apart by sort key, so the function may touch those too, but never delete.
 */
export const webhookDeliveryPartitions = ['$portal#authorityId_*', '$portal#eventId_*'] as const;

/**
 * Its table actions: items by key and queries, (conditional) puts and updates; no Scan, no delete,
 * no batch write, no transaction (the delivery log's writes are single items).
 */
export const webhookDeliveryTableActions = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
] as const;

export interface WebhookDeliveryProps {
  /** The single table; its stream (NEW_AND_OLD_IMAGES) carries the outbox items. */
  table: ITable;
}

/**
 * Council webhook deliveries in a Lambda of their own (functions/council/webhooks-delivery.ts;
 * docs/deploy.md): the only function that sends to a council's endpoint and the only one
 * that may read the key sealing the signing secrets. Its own event source mapping on the table's
 * stream (outbox INSERTs of the council event types), its own dead-letter queue; its table rights
 * are the authority's and the event's partitions (the delivery log, the registration, the
 * consumers' records); no bucket. The webhooks Lambda invokes it to mint a secret or redeliver.
 */
export class WebhookDelivery extends Construct {
  readonly function: PortalFunction;
  readonly deadLetterQueue: Queue;
  /** The key sealing the signing secrets: generated, never in the template, read by this function only. */
  readonly sealingKey: Secret;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    const { table } = props;

    this.sealingKey = new Secret(this, 'SealingKey', {
      description: 'Consent portal: the key sealing council webhook signing secrets (webhook delivery only)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // The sealed secrets in the table are worthless without it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(eventSourceSettings.deadLetterRetentionDays),
    });
    this.function = new PortalFunction(this, 'Function', {
      entry: 'functions/council/webhooks-delivery.ts',
      serviceName: 'consent-portal-webhooks',
      description: 'Council webhook deliveries: signs and sends council events (their own grants)',
      // One attempt is 5 s (WEBHOOK_TIMEOUT_MS); a batch of 25 to one slow council fits in 3 minutes.
      timeout: Duration.minutes(3),
      environment: {
        TABLE_NAME: table.tableName,
        COUNCIL_WEBHOOK_SEALING_KEY_ARN: this.sealingKey.secretArn,
      },
    });
    this.sealingKey.grantRead(this.function);

    const tableArn = table.tableArn;
    this.function.addToRolePolicy(
      new PolicyStatement({
        actions: [...webhookDeliveryTableActions],
        resources: [tableArn, `${tableArn}/index/*`],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...webhookDeliveryPartitions] } },
      }),
    );

    // Binding grants dynamodb:DescribeStream/GetRecords/GetShardIterator/ListStreams on the stream
    // and sqs:SendMessage on its queue.
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
        filters: [FilterCriteria.filter(webhookDeliveryFilterPattern)],
      }),
    );

    acknowledge(this.function, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "The delivery log is found by event id on gsi1 (`<table arn>/index/*`), limited like the table to the authority's and the event's partitions (dynamodb:LeadingKeys).",
        appliesTo: [findings.tableIndexes],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          "dynamodb:ListStreams, added by the DynamoDB event source, has no resource-level permissions (it lists stream ARNs, never data); reading records is granted on this table's stream ARN only.",
        appliesTo: ['Resource::*'],
      },
    ]);
    acknowledge(this.sealingKey, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the sealing key means sealing every registration again under the new key (a planned operator step with a release), not a rotation Lambda: old sealed secrets would not open under a rotated key.',
      },
    ]);
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself the dead-letter destination (the delivery mapping's on-failure destination); a dead-letter queue of it would only move the same messages.",
      },
    ]);
  }
}
