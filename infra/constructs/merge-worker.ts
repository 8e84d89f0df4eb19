import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge, findings } from './nag.js';
import { PortalFunction } from './portal-function.js';
import { workerPartitions } from './consumer-grants.js';
import { grantTableItemsIn } from './table-grants.js';

/** Lambda's asynchronous-invoke settings of the merge worker (the local stand-in: infra/local/lambda.ts). */
export const mergeWorkerSettings = {
  /** Retries of a failed invocation (Lambda's maximum), then the on-failure queue. */
  retryAttempts: 2,
  /** A job not run within this long (throttled, retrying) goes to the on-failure queue. */
  maxEventAgeHours: 6,
  /** Days the on-failure queue keeps a record (SQS maximum). */
  failureRetentionDays: 14,
} as const;

export interface MergeWorkerProps {
  table: ITable;
  uploads: IBucket;
}

/**
 * The container merge's worker (functions/documents/merge/worker.ts; docs/documents.md "Merge"):
 * its own Lambda, invoked asynchronously by the `documents.merge` consumer, so a merge of minutes
 * never holds the table stream. 5 minutes and 1 GB (one part in memory at a time); retried twice by
 * Lambda, then the invocation record goes to the `Failures` queue.
 */
export class MergeWorker extends Construct {
  readonly function: PortalFunction;
  readonly failureQueue: Queue;

  constructor(scope: Construct, id: string, { table, uploads }: MergeWorkerProps) {
    super(scope, id);
    this.failureQueue = new Queue(this, 'Failures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(mergeWorkerSettings.failureRetentionDays),
    });
    this.function = new PortalFunction(this, 'Function', {
      entry: 'functions/documents/merge/worker.ts',
      serviceName: 'consent-portal-merge',
      description: "Merges a container's PDFs into its merged file (asynchronous jobs)",
      // 40 × 5 MB parts take seconds, a container of large parts minutes (docs/performance.md).
      timeout: Duration.minutes(5),
      memorySize: 1024,
      environment: { TABLE_NAME: table.tableName, UPLOADS_BUCKET: uploads.bucketName },
    });
    this.function.configureAsyncInvoke({
      retryAttempts: mergeWorkerSettings.retryAttempts,
      maxEventAge: Duration.hours(mergeWorkerSettings.maxEventAgeHours),
      onFailure: new SqsDestination(this.failureQueue),
    });
    // Reads the application, its documents and the container relation; writes the merged document,
    // the relation and the event (one transaction): in the partitions of the entities its code uses
    // only (./consumer-grants.ts `workerEntities`), as the event consumers' functions.
    grantTableItemsIn(this.function, table, workerPartitions('documents/merge/worker'));
    // Reads the scanned parts (documents/), writes the merged file under generated/ only (a multipart
    // upload; s3:Abort* discards a failed one).
    uploads.grantRead(this.function, 'documents/*');
    uploads.grantPut(this.function, 'generated/*');

    acknowledge(this.function, [
      {
        id: 'AwsSolutions-IAM5',
        reason: 'Table grants include its GSIs (`<table arn>/index/*`): the worker lists documents.',
        appliesTo: [findings.tableIndexes],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The parts are per-document objects under documents/ (grantRead: s3:GetObject*, s3:GetBucket*, s3:List*) and the merged file is generated/merged-{container}.pdf per application (grantPut, s3:Abort* for a failed multipart upload).',
        appliesTo: [
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          findings.uploadsDocuments,
          findings.uploadsGenerated,
        ],
      },
    ]);
    acknowledge(this.failureQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          "This queue is itself the failure destination (the worker's on-failure destination for asynchronous invocations); a dead-letter queue of it would only move the same records.",
      },
    ]);
  }
}
