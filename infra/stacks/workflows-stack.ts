import { Duration, RemovalPolicy, Size, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LayerVersion } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, EventType, type IBucket } from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { EventConsumers } from '../constructs/event-consumers.js';
import { WebhookDelivery } from '../constructs/webhook-delivery.js';
import { acknowledge, findings, lambdaBasicExecutionPolicy } from '../constructs/nag.js';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PortalFunction, pdfJsFiles, repoRoot } from '../constructs/portal-function.js';
import { keyPrefixes } from '../../functions/documents/model/keys.js';
import { webUrlParameterName, type PortalConfig } from './config.js';
import { scheduledArnTemplate } from './scheduled-targets.js';

export interface WorkflowsStackProps extends StackProps {
  config: PortalConfig;
  table: ITable;
  uploads: IBucket;
}

/** Path of the one extraction state machine definition (shared with the local runner). */
export const extractionAslPath = path.join(repoRoot, 'infra', 'workflows', 'extraction.asl.json');
/** Key prefix of scanned documents (written by the scanner; read by the extraction). */
export const documentsPrefix = keyPrefixes.documents;
/** Where presigned PUTs land; the scan trigger's prefix. */
export const incomingPrefix = keyPrefixes.incoming;

/** Key prefix of the text the extraction writes. */
export const extractedPrefix = 'extracted/';

/** Where the ClamAV layer puts clamscan and its database (layers unpack under /opt). */
export const clamavPaths = {
  CLAMSCAN_PATH: '/opt/bin/clamscan',
  CLAMAV_DB_DIR: '/opt/var/lib/clamav',
} as const;

const tableIndexSuppression = {
  id: 'AwsSolutions-IAM5',
  reason: 'Table grants include its GSIs (`<table arn>/index/*`): queries run on the indexes.',
  appliesTo: [findings.tableIndexes],
};

/**
 * Document scanning (S3 ObjectCreated → scan Lambda), the extraction state machine and the
 * EventBridge Scheduler group with the role Scheduler assumes.
 */
export class WorkflowsStack extends Stack {
  readonly scanFunction: PortalFunction;
  readonly extractionFunction: PortalFunction;
  readonly extractionStateMachine: StateMachine;
  readonly scheduleGroup: ScheduleGroup;
  /** The role EventBridge Scheduler assumes to invoke schedule targets. */
  readonly schedulerRole: Role;
  /** Domain-event consumers on the table stream (outbox → stream Lambda → dead-letter queue). */
  readonly eventConsumers: EventConsumers;
  /** Council webhook deliveries: their own Lambda, mapping and grants (docs/deploy.md). */
  readonly webhookDelivery: WebhookDelivery;

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    const { config, table } = props;
    // The bucket lives in the data stack. Notifications are configured on an imported reference so
    // the custom resource that writes them sits here: a notification on the data stack's own bucket
    // would make the data stack depend on this one (a cycle).
    const uploads = Bucket.fromBucketAttributes(this, 'Uploads', {
      bucketArn: props.uploads.bucketArn,
      bucketName: props.uploads.bucketName,
    });

    // --- Extraction: Lambda + state machine -------------------------------------------------
    this.extractionFunction = new PortalFunction(this, 'Extraction', {
      entry: 'functions/documents/extraction/handler.ts',
      serviceName: 'consent-portal-extraction',
      description: 'Steps of the document-extraction state machine',
      memorySize: 1536,
      timeout: Duration.minutes(5),
      ephemeralStorageSize: Size.mebibytes(1024),
      environment: { TABLE_NAME: table.tableName, UPLOADS_BUCKET: uploads.bucketName },
      files: pdfJsFiles,
    });
    table.grantReadWriteData(this.extractionFunction);
    uploads.grantRead(this.extractionFunction, `${documentsPrefix}*`);
    // The text of a document goes to extracted/{key}.txt (functions/documents/model/keys.ts).
    uploads.grantPut(this.extractionFunction, `${extractedPrefix}*`);

    const smLogs = new LogGroup(this, 'ExtractionStateMachineLogs', {
      logGroupName: `/aws/vendedlogs/states/consent-portal-${config.stage}-extraction`,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.extractionStateMachine = new StateMachine(this, 'ExtractionStateMachine', {
      stateMachineType: StateMachineType.STANDARD,
      // Inline (fromString), not fromFile: fromFile uploads the file as an S3 asset, and the local
      // runner reads the definition from the synthesised template.
      definitionBody: DefinitionBody.fromString(readFileSync(extractionAslPath, 'utf8')),
      definitionSubstitutions: { ExtractionFunctionArn: this.extractionFunction.functionArn },
      logs: { destination: smLogs, level: LogLevel.ALL, includeExecutionData: true },
      tracingEnabled: true,
      timeout: Duration.minutes(30),
    });
    // The ASL invokes the unqualified function ARN only.
    this.extractionStateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.extractionFunction.functionArn],
      }),
    );

    // --- Scan: S3 ObjectCreated on documents/ ---------------------------------------------------
    // ClamAV is a deploy-time input: pass a layer with clamscan and a freshclam-maintained database
    // as context `clamavLayerArn` (or CONSENT_PORTAL_CLAMAV_LAYER_ARN). This stack builds no layer;
    // without one the scanner paths are not set and the scan function reports AV_SCAN_FAILED.
    const clamavLayer = config.clamavLayerArn
      ? [LayerVersion.fromLayerVersionArn(this, 'ClamAvLayer', config.clamavLayerArn)]
      : undefined;
    this.scanFunction = new PortalFunction(this, 'Scan', {
      entry: 'functions/documents/scan/handler.ts',
      serviceName: 'consent-portal-scan',
      description: 'Scans uploaded documents (ClamAV, PDF checks) and sets their status',
      memorySize: 3008,
      timeout: Duration.minutes(10),
      // Files up to 250 MB are streamed to /tmp for clamscan.
      ephemeralStorageSize: Size.mebibytes(2048),
      layers: clamavLayer,
      files: pdfJsFiles,
      environment: {
        TABLE_NAME: table.tableName,
        UPLOADS_BUCKET: uploads.bucketName,
        EXTRACTION_STATE_MACHINE_ARN: this.extractionStateMachine.stateMachineArn,
        ...(clamavLayer ? clamavPaths : {}),
      },
    });
    // The scanner reads and removes uploads (incoming/), and writes the bytes it scanned to
    // documents/ (removing its copy when another scan of the same upload settled first).
    uploads.grantRead(this.scanFunction, `${incomingPrefix}*`);
    uploads.grantDelete(this.scanFunction, `${incomingPrefix}*`);
    uploads.grantPut(this.scanFunction, `${documentsPrefix}*`);
    uploads.grantDelete(this.scanFunction, `${documentsPrefix}*`);
    table.grantReadWriteData(this.scanFunction);
    this.extractionStateMachine.grantStartExecution(this.scanFunction);
    // Only incoming/ triggers the scan: never thumbnails/, the scanner's own documents/ writes or
    // the server's generated/ and extracted/ files (the local trigger filters alike, infra/local/s3.ts).
    uploads.addEventNotification(EventType.OBJECT_CREATED, new LambdaDestination(this.scanFunction), {
      prefix: incomingPrefix,
    });

    // --- Scheduler ------------------------------------------------------------------------------
    this.scheduleGroup = new ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: `consent-portal-${config.stage}`,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to invoke schedule targets of the portal',
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: {
            'aws:SourceArn': `arn:${this.partition}:scheduler:${this.region}:${this.account}:schedule/${this.scheduleGroup.scheduleGroupName}/*`,
          },
        },
      }),
    });
    // Targets (one Lambda per feature that schedules jobs) are in the Api stack, which lets this role
    // invoke them (infra/stacks/scheduled-targets.ts).

    // --- Domain events ---------------------------------------------------------------------------
    // Here rather than in the data stack: consumers will use this stack's scheduler and mail.
    this.eventConsumers = new EventConsumers(this, 'EventConsumers', {
      table,
      uploads,
      ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
      ...(config.webUrl ? { webUrl: config.webUrl } : {}),
      webUrlParameter: webUrlParameterName(config.stage),
      extractionStateMachine: this.extractionStateMachine,
      // Consumers schedule jobs of any feature (invitation expiry): the target is named, not referenced.
      scheduler: {
        group: this.scheduleGroup,
        role: this.schedulerRole,
        targetArnTemplate: scheduledArnTemplate(this, config.stage),
      },
    });

    // Council webhooks: a function of their own, apart from the other consumers.
    this.webhookDelivery = new WebhookDelivery(this, 'WebhookDelivery', { table });

    // --- cdk-nag ---------------------------------------------------------------------------------
    acknowledge(this.scanFunction, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The scanner reads and removes uploads under incoming/ (`<bucket arn>/incoming/*`, keys are per upload) and writes the bytes it scanned under documents/ (`<bucket arn>/documents/*`, keys are per scan), removing its copy when another scan of the same upload won; s3:DeleteObject* and s3:Abort* are the grantDelete and grantPut action groups.',
        appliesTo: [
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          findings.uploadsIncoming,
          findings.uploadsDocuments,
        ],
      },
    ]);
    for (const fn of [this.extractionFunction, this.scanFunction]) {
      acknowledge(fn, [
        tableIndexSuppression,
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Read access to uploaded documents: object keys are generated per document, so the grant is on the documents/ prefix (`<bucket arn>/documents/*`); s3:GetObject* / s3:List* are the grantRead action groups.',
          appliesTo: [
            'Action::s3:GetObject*',
            'Action::s3:GetBucket*',
            'Action::s3:List*',
            findings.uploadsDocuments,
          ],
        },
      ]);
    }
    acknowledge(this.extractionFunction, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The extraction writes the text of each document to extracted/{key}.txt: puts are limited to that prefix (`<bucket arn>/extracted/*`); s3:Abort* (multipart) is part of the grantPut action group.',
        appliesTo: ['Action::s3:Abort*', findings.uploadsExtracted],
      },
    ]);
    acknowledge(this.extractionStateMachine, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'CloudWatch Logs delivery and X-Ray actions (logs:CreateLogDelivery, xray:PutTraceSegments, ...) do not support resource-level permissions; CDK adds them for state machine logging and tracing.',
        appliesTo: ['Resource::*'],
      },
    ]);
    const notificationsHandler = this.node.tryFindChild(
      'BucketNotificationsHandler050a0587b7544547bf325f094a3db834',
    );
    if (!notificationsHandler)
      throw new Error('CDK bucket notifications handler not found: its construct id changed');
    acknowledge(notificationsHandler, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'CDK-provided custom resource that writes the bucket notification configuration; its role uses AWSLambdaBasicExecutionRole for logs only.',
        appliesTo: [lambdaBasicExecutionPolicy],
      },
    ]);
  }

  /** Lets Scheduler (through the scheduler role) invoke a target function. */
  grantSchedulerInvoke(target: { functionArn: string }): void {
    this.schedulerRole.addToPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['lambda:InvokeFunction'],
        resources: [target.functionArn],
      }),
    );
  }
}
