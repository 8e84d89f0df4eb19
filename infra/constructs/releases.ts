import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { Feature, RouteDef } from '../../functions/routes.js';
import { apiAlarmSettings, portalAlarm, routeGroupMetrics, routeGroups } from './alarms.js';
import { acknowledge } from './nag.js';

/** The alias the API's integrations invoke; CodeDeploy shifts it from the old version to the new. */
export const liveAliasName = 'live';

/**
 * How a request Lambda's release goes out: 10 % of its traffic for 5 minutes, then all of it; any
 * rollback alarm in ALARM during the canary (or a failed deployment) shifts the alias back.
 */
export const releaseDeploymentConfig = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/**
 * A request Lambda's errors (the Lambda service's count: crashes, time-outs, failed inits; the
 * HTTP wrapper answers a thrown error with a 500 itself, counted by the 5xx alarm): at least one
 * in 2 of 5 minutes. One time-out is logged and on the dashboard; one that repeats pages, and
 * during a canary rolls the release back.
 */
export const functionErrorSettings = {
  periodMinutes: 1,
  evaluationPeriods: 5,
  datapointsToAlarm: 2,
} as const;

export interface ReleasesProps {
  stage: string;
  routes: readonly RouteDef[];
}

/**
 * Releases that roll back (docs/deploy.md) for the HTTP API's Lambdas: each publishes a version
 * behind the `live` alias, which the API invokes, and has a CodeDeploy deployment group (canary)
 * whose rollback triggers are its own errors alarm and its route group's 5xx and p99 alarms.
 * These alarms notify nobody themselves: they are children of the Operations stack's composites
 * (api-errors, api-latency, function-errors), which page the operators' topic.
 */
export class Releases extends Construct {
  readonly application: LambdaApplication;
  readonly role: Role;
  /** By route group (feature): the services (POWERTOOLS_SERVICE_NAME) of the Lambdas serving it. */
  readonly groups: Map<Feature, string[]>;
  /** By route group (feature): its 5xx-rate and p99-latency alarms. */
  readonly groupAlarms = new Map<Feature, { errors: Alarm; latency: Alarm }>();
  /** By Lambda id: the function's errors alarm. */
  readonly functionErrors: Record<string, Alarm> = {};
  readonly aliases: Record<string, Alias> = {};
  readonly deploymentGroups: Record<string, LambdaDeploymentGroup> = {};
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: ReleasesProps) {
    super(scope, id);
    this.stage = props.stage;
    this.application = new LambdaApplication(this, 'Application', {
      applicationName: `consent-portal-${props.stage}-api`,
    });
    // One service role for every deployment group (a role each would add 20 resources to the stack).
    this.role = new Role(this, 'DeployRole', {
      description: 'Assumed by CodeDeploy to shift the live aliases of the API Lambdas (canary releases)',
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited'),
      ],
    });
    acknowledge(this.role, [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'AWSCodeDeployRoleForLambdaLimited is the AWS-maintained minimum for CodeDeploy Lambda deployments (update aliases, read alarms, invoke hooks named CodeDeployHook_*).',
        appliesTo: [
          'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited',
        ],
      },
    ]);

    const { evaluationPeriods, datapointsToAlarm } = apiAlarmSettings;
    this.groups = routeGroups(props.routes);
    for (const [group, services] of this.groups) {
      const metrics = routeGroupMetrics(props.stage, group, services);
      const errors = portalAlarm(this, `ApiErrors-${group}`, {
        stage: props.stage,
        name: `api-5xx-${group}`,
        summary: `API route group ${group}: more than ${apiAlarmSettings.errorRatePercent} % of answers were 5xx (${datapointsToAlarm} of ${evaluationPeriods} minutes, at least ${apiAlarmSettings.minRequests} requests a minute). A rollback trigger of its Lambdas' releases.`,
        anchor: 'api-errors',
        metric: metrics.errorRate,
        threshold: apiAlarmSettings.errorRatePercent,
        evaluationPeriods,
        datapointsToAlarm,
      });
      const budget = apiAlarmSettings.heavyGroups.includes(group)
        ? apiAlarmSettings.heavyP99Ms
        : apiAlarmSettings.p99Ms;
      const latency = portalAlarm(this, `ApiLatency-${group}`, {
        stage: props.stage,
        name: `api-p99-${group}`,
        summary: `API route group ${group}: p99 latency above ${budget} ms (${datapointsToAlarm} of ${evaluationPeriods} minutes). A rollback trigger of its Lambdas' releases.`,
        anchor: 'api-latency',
        metric: metrics.p99,
        threshold: budget,
        evaluationPeriods,
        datapointsToAlarm,
      });
      this.groupAlarms.set(group, { errors, latency });
    }
  }

  /** Publishes `fn` behind the live alias with its canary deployment group; returns the alias. */
  release(id: string, fn: LambdaFunction, group: Feature): Alias {
    const alarms = this.groupAlarms.get(group);
    if (!alarms) throw new Error(`No route group alarms for ${group}`);
    const errors = portalAlarm(this, `Errors-${id}`, {
      stage: this.stage,
      name: `errors-${id}`,
      summary: `Lambda ${id} (API) failed (errors in ${functionErrorSettings.datapointsToAlarm} of ${functionErrorSettings.evaluationPeriods} minutes). A rollback trigger of its releases.`,
      anchor: 'function-errors',
      metric: fn.metricErrors({
        period: Duration.minutes(functionErrorSettings.periodMinutes),
        statistic: 'Sum',
      }),
      threshold: 1,
      evaluationPeriods: functionErrorSettings.evaluationPeriods,
      datapointsToAlarm: functionErrorSettings.datapointsToAlarm,
    });
    this.functionErrors[id] = errors;
    const alias = new Alias(this, `Live-${id}`, { aliasName: liveAliasName, version: fn.currentVersion });
    this.aliases[id] = alias;
    this.deploymentGroups[id] = new LambdaDeploymentGroup(this, `Deploy-${id}`, {
      application: this.application,
      alias,
      role: this.role,
      deploymentConfig: releaseDeploymentConfig,
      alarms: [errors, alarms.errors, alarms.latency],
      autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
    });
    return alias;
  }
}
