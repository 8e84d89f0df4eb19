import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { table as tableDef } from '../../functions/platform/data/table.js';
import { keyPrefixes } from '../../functions/documents/model/keys.js';
import type { PortalConfig } from './config.js';
import { ReferenceData } from './reference-data.js';
import { PITR_WINDOW_DAYS } from './restored-table.js';

export { PITR_WINDOW_DAYS };

export interface DataStackProps extends StackProps {
  config: PortalConfig;
}

/**
 * The single DynamoDB table and the uploads bucket (with its access-log bucket). After a
 * point-in-time restore (`config.restoredTable`, docs/reliability.md "Backup and restore") the
 * stage uses the restored table by name and its stream by ARN; the table this stack created is
 * kept (retained) but no longer used.
 */
export class DataStack extends Stack {
  readonly table: ITable;
  readonly uploads: Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = config.restoredTable
      ? Table.fromTableAttributes(this, 'RestoredTable', {
          tableName: config.restoredTable.tableName,
          tableStreamArn: config.restoredTable.streamArn,
          globalIndexes: tableDef.globalSecondaryIndexes.map((g) => g.indexName),
        })
      : this.ownTable(config);

    this.uploads = this.uploadsBucket(config);

    // The reference data (shared/reference) is loaded into the table on deploy.
    new ReferenceData(this, 'ReferenceData', { table: this.table });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucket', { value: this.uploads.bucketName });
  }

  /** The table this stack creates and owns, with PITR on (35 days), the stream and TTL. */
  private ownTable(config: PortalConfig): Table {
    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDef.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDef.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      stream: StreamViewType[tableDef.stream],
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: PITR_WINDOW_DAYS,
      },
      timeToLiveAttribute: tableDef.timeToLiveAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: config.prodLike,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of tableDef.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }

  private uploadsBucket(config: PortalConfig): Bucket {
    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(config.prodLike ? 365 : 90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // cdk-nag accepts a server-access-log target bucket without logs of its own (no S1 here).

    return new Bucket(this, 'Uploads', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Versioned so an overwrite or delete of an applicant's document can be recovered; old
      // versions expire so storage does not grow without bound, but only after the table's
      // point-in-time window (35 days): a document item restored from any point in that window
      // still finds the version it names (docs/reliability.md "Backup and restore").
      versioned: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'uploads/',
      // CORS: set by the Web stack once the distribution's origin is known (uploadsCors in web-stack.ts).
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(PITR_WINDOW_DAYS) },
        // Uploads live under incoming/ only until their scan promotes the scanned bytes (minutes);
        // the scanner deletes them, and what a failed scan left (and the old versions a delete
        // leaves in this versioned bucket) goes after a day or two.
        {
          id: 'expire-incoming',
          prefix: keyPrefixes.incoming,
          expiration: Duration.days(2),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // Template thumbnail uploads (docs/deploy.md) are removed once used or refused; one
        // presigned but never named in a template is gone the next day, with its versions.
        {
          id: 'expire-thumbnail-uploads',
          prefix: 'thumbnails/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
        // The same for organisation image uploads (the stored image is in the table).
        {
          id: 'expire-organisation-image-uploads',
          prefix: 'organisation-images/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
