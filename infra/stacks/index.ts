import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import { PortalNagChecks } from '../constructs/nag.js';
import { ApiStack } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import { configFromContext, resolveConfig, type PortalConfig, type ResolvedConfig } from './config.js';
import { DEMO_DATA_CONTEXT, STAGE_CONTEXT } from '../constructs/portal-function.js';
import { DataStack } from './data-stack.js';
import { EdgeLogsStack } from './edge-logs-stack.js';
import { OperationsStack } from './operations-stack.js';
import { Rule } from 'aws-cdk-lib/aws-events';
import { WafStack } from './waf-stack.js';
import { WebStack } from './web-stack.js';
import { WorkflowsStack } from './workflows-stack.js';

export { ApiStack, apiStageName, routeKeysOfTemplate } from './api-stack.js';
export { featureCapabilities, lambdaCapabilities, scheduledCapabilities } from './api-grants.js';
export { AuthStack, passwordPolicy } from './auth-stack.js';
export { configFromContext, PROD_LIKE_STAGES, webUrlParameterName, type PortalConfig } from './config.js';
export { DataStack } from './data-stack.js';
export { ACCESS_LOG_FIELDS, EdgeLogsStack } from './edge-logs-stack.js';
export { alarmSettings, metricSources, OperationsStack } from './operations-stack.js';
export { contentSecurityPolicy, WebStack } from './web-stack.js';
export { BODY_SIZE_LABEL, DEFAULT_WAF_RATE_LIMIT, WafStack } from './waf-stack.js';
export { clamavPaths, documentsPrefix, extractionAslPath, WorkflowsStack } from './workflows-stack.js';

export interface PortalStacks {
  config: ResolvedConfig;
  data: DataStack;
  auth: AuthStack;
  workflows: WorkflowsStack;
  api: ApiStack;
  waf: WafStack;
  web: WebStack;
  /** The distribution's access logs (us-east-1, after Web): standard logging v2 without query strings. */
  edgeLogs: EdgeLogsStack;
  /** The operators' alarm topic, the alarms that page it and the stage's dashboard (docs/deploy.md). */
  operations: OperationsStack;
}

export interface BuildAppOptions {
  /** Overrides of the configuration read from context/environment. */
  config?: Partial<PortalConfig>;
  /** Apply the cdk-nag AwsSolutions pack (default true). */
  nag?: boolean;
}

/**
 * Feature flags the stacks rely on (set unless the context already has them; cdk.json may carry
 * them too). Server access logs are delivered under a bucket policy instead of the legacy
 * LogDeliveryWrite ACL, which would need ACLs on the log bucket.
 */
export const featureFlags: Record<string, unknown> = {
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-lambda:recognizeLayerVersion': true,
  // Keep today's producer-protecting cross-stack exports explicitly (silences the synth warning).
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

/** `ConsentPortal-<Stage>-<Part>`, e.g. ConsentPortal-dev-Api. */
export const stackName = (stage: string, part: string): string => `ConsentPortal-${stage}-${part}`;

/**
 * Creates the portal's eight stacks in `app` for one stage. Used by bin/app.ts and by the infra
 * tests, so both synthesise the same thing.
 */
export function buildApp(app: App, options: BuildAppOptions = {}): PortalStacks {
  for (const [key, value] of Object.entries(featureFlags)) {
    if (app.node.tryGetContext(key) === undefined) app.node.setContext(key, value);
  }
  // Test settings refused in a prod-like stage, test defaults elsewhere (docs/deploy.md).
  const config = resolveConfig({ ...configFromContext(app.node), ...options.config });
  // Every function of a prod-like stage leaves the demo data out (DEMO_DATA).
  app.node.setContext(DEMO_DATA_CONTEXT, config.prodLike ? 'excluded' : 'included');
  // Every function's metrics namespace is the stage's (POWERTOOLS_METRICS_NAMESPACE).
  app.node.setContext(STAGE_CONTEXT, config.stage);
  const env: Environment = { region: config.region, ...(config.account ? { account: config.account } : {}) };
  const name = (part: string) => stackName(config.stage, part);
  const common = { env, config };

  const data = new DataStack(app, name('Data'), {
    ...common,
    description: 'Consent portal: DynamoDB table and uploads bucket',
    terminationProtection: config.prodLike,
  });
  const auth = new AuthStack(app, name('Auth'), {
    ...common,
    description: 'Consent portal: Cognito user pool, its triggers and web client',
    terminationProtection: config.prodLike,
    table: data.table,
  });
  const workflows = new WorkflowsStack(app, name('Workflows'), {
    ...common,
    description: 'Consent portal: document scanning, extraction state machine, scheduler',
    table: data.table,
    uploads: data.uploads,
  });
  const api = new ApiStack(app, name('Api'), {
    ...common,
    description: 'Consent portal: HTTP API and its Lambdas',
    table: data.table,
    uploads: data.uploads,
    userPool: auth.userPool,
    webClient: auth.webClient,
    council: {
      issuer: auth.council.issuer,
      clientIds: Object.values(auth.council.clients).map((c) => c.userPoolClientId),
    },
    scheduleGroup: workflows.scheduleGroup,
    schedulerRole: workflows.schedulerRole,
    webhookDeliveryFunction: workflows.webhookDelivery.function,
  });
  // A CLOUDFRONT web ACL must be in us-east-1: its own stack there, referenced across regions.
  const waf = new WafStack(app, name('Waf'), {
    env: { ...env, region: 'us-east-1' },
    config,
    description: 'Consent portal: WAF web ACL of the CloudFront distribution (us-east-1)',
    crossRegionReferences: true,
  });
  const web = new WebStack(app, name('Web'), {
    ...common,
    crossRegionReferences: true,
    originSecret: api.originSecret,
    webAclArn: waf.webAcl.attrArn,
    description: 'Consent portal: SPA on CloudFront with /api/* to the HTTP API',
    apiDomainName: api.apiDomainName,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.webClient.userPoolClientId,
    cognitoEndpoint: auth.cognitoEndpoint,
    uploadsDomainName: data.uploads.bucketRegionalDomainName,
    uploadsBucketName: data.uploads.bucketName,
    uploadsBucketArn: data.uploads.bucketArn,
  });

  // CloudFront's log delivery source must be in us-east-1, and needs the distribution: its own stack.
  const edgeLogs = new EdgeLogsStack(app, name('EdgeLogs'), {
    env: { ...env, region: 'us-east-1' },
    config,
    description: "Consent portal: the distribution's access logs without query strings (us-east-1)",
    crossRegionReferences: true,
    distributionArn: web.distribution.distributionArn,
    logBucketArn: web.logBucket.bucketArn,
  });

  // Alarms and the dashboard over the other stacks (after them: it reads their resources' names).
  const operations = new OperationsStack(app, name('Operations'), {
    ...common,
    description: "Consent portal: the operators' alarm topic, alarms and the stage's dashboard",
    functionStacks: [data, auth, workflows, api],
    releases: api.releases,
    apiStage: api.stage,
    deadLetterQueues: {
      events: workflows.eventConsumers.deadLetterQueue,
      webhooks: workflows.webhookDelivery.deadLetterQueue,
      'merge-failures': workflows.eventConsumers.mergeWorker.failureQueue,
    },
    streamConsumers: {
      ...Object.fromEntries(
        Object.entries(workflows.eventConsumers.functions).map(([feature, fn]) => [`events-${feature}`, fn]),
      ),
      webhooks: workflows.webhookDelivery.function,
    },
    extractionStateMachine: workflows.extractionStateMachine,
    recurringRules: Object.fromEntries(
      api.node
        .findAll()
        .filter((c): c is Rule => c instanceof Rule && c.node.id.startsWith('Recurring-'))
        .map((r) => [r.node.id.replace(/^Recurring-/, ''), r]),
    ),
    scheduleGroup: workflows.scheduleGroup,
  });

  Tags.of(app).add('project', 'consent-portal');
  Tags.of(app).add('stage', config.stage);
  if (options.nag ?? true) Validations.of(app).addPlugins(new PortalNagChecks(app, { verbose: true }));
  return { config, data, auth, workflows, api, waf, web, edgeLogs, operations };
}
