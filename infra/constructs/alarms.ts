import { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { metricsNamespace } from '../../functions/platform/observability/catalogue.js';
import { lambdaId, type Feature, type RouteDef } from '../../functions/routes.js';

/**
 * The runbook's alarm entries (docs/operations.md "Alarms"): every alarm's description ends with
 * `Runbook: docs/operations.md#<anchor>`, and test/infra/operations.test.ts checks both ways that
 * each anchor is a heading there and each heading an alarm's anchor.
 */
export const runbookAnchors = [
  'api-errors',
  'api-latency',
  'function-errors',
  'function-throttles',
  'dead-letters',
  'stream-iterator-age',
  'extraction-failed',
  'scan-failed',
  'payment-catch-up',
  'card-sessions-past-give-up',
  'payment-request-mail-unsure',
  'digests-deferred',
  'webhook-failing',
  'scheduler-failures',
] as const;
export type RunbookAnchor = (typeof runbookAnchors)[number];

export const runbookPath = 'docs/operations.md';
export const runbookLink = (anchor: RunbookAnchor) => `Runbook: ${runbookPath}#${anchor}`;

/** `consent-portal-<stage>-<name>`: alarm names an operator can list by prefix (docs/operations.md). */
export const alarmName = (stage: string, name: string) => `consent-portal-${stage}-${name}`;

export interface PortalAlarmProps {
  stage: string;
  /** The name after `consent-portal-<stage>-`. */
  name: string;
  /** What it means, one sentence (the runbook link is added). */
  summary: string;
  anchor: RunbookAnchor;
  metric: IMetric;
  threshold: number;
  /** Default: one period. */
  evaluationPeriods?: number;
  datapointsToAlarm?: number;
  /** Default: greater than or equal to the threshold. */
  comparison?: ComparisonOperator;
  /** Default notBreaching: every alarm here counts something, and no data means nothing happened. */
  treatMissingData?: TreatMissingData;
}

/**
 * A CloudWatch alarm of the portal: a fixed name, the description with its runbook anchor, missing
 * data deliberately not breaching (counts: nothing counted is nothing wrong). Actions are added by
 * the caller (the operators' topic) or by a composite alarm that has this one as a child.
 */
export function portalAlarm(scope: Construct, id: string, props: PortalAlarmProps): Alarm {
  return new Alarm(scope, id, {
    alarmName: alarmName(props.stage, props.name),
    alarmDescription: `${props.summary} ${runbookLink(props.anchor)}`,
    metric: props.metric,
    threshold: props.threshold,
    evaluationPeriods: props.evaluationPeriods ?? 1,
    ...(props.datapointsToAlarm ? { datapointsToAlarm: props.datapointsToAlarm } : {}),
    comparisonOperator: props.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: props.treatMissingData ?? TreatMissingData.NOT_BREACHING,
  });
}

/** The Powertools service name of an API Lambda (POWERTOOLS_SERVICE_NAME, infra/stacks/api-stack.ts). */
export const apiServiceName = (id: string) => `consent-portal-${id}`;

/**
 * The route groups (features) of a route table, each with the services (API Lambdas) that answer
 * its routes: ApiResponses and ApiLatency carry `service` (Powertools' default dimension) beside
 * `routeGroup`, so a group's figure is the sum over its Lambdas.
 */
export function routeGroups(routes: readonly RouteDef[]): Map<Feature, string[]> {
  const groups = new Map<Feature, string[]>();
  for (const r of routes) {
    const services = groups.get(r.feature) ?? [];
    const service = apiServiceName(lambdaId(r));
    if (!services.includes(service)) services.push(service);
    groups.set(r.feature, services);
  }
  return groups;
}

/**
 * Thresholds of the API alarms, with their reasons (docs/operations.md repeats them).
 * - 5xx: more than 5 % of a minute's answers, in 3 of 5 minutes, counted only when the group had at
 *   least 5 requests that minute. 5 %: a canary at 10 % whose every answer fails raises the group's
 *   rate to about 10 %, so it trips within the 5 canary minutes; one stray 500 in a quiet minute
 *   does not (the function-errors alarm and the dashboard show it).
 * - p99 latency: the slowest of the group's Lambdas above its budget in 3 of 5 minutes. 5 s is
 *   several cold starts (1–1.5 s measured, docs/performance.md) above normal; the groups with the
 *   heavy Lambdas (Form.io and the summary PDF, image scaling, the RFIs PDF, external look-ups)
 *   get 10 s. The HTTP API gives up at 30 s.
 */
export const apiAlarmSettings = {
  periodMinutes: 1,
  evaluationPeriods: 5,
  datapointsToAlarm: 3,
  errorRatePercent: 5,
  minRequests: 5,
  p99Ms: 5000,
  heavyP99Ms: 10_000,
  heavyGroups: ['applications', 'organisations', 'rfis', 'lookups'] as readonly Feature[],
} as const;

/** One route group's 5xx rate (percent) and p99 latency (ms, the slowest of its Lambdas). */
export function routeGroupMetrics(
  stage: string,
  group: Feature,
  services: readonly string[],
  /** Prefix of the metric ids (a graph of several groups needs them distinct). */
  prefix = '',
): { errorRate: MathExpression; p99: MathExpression; requests: MathExpression } {
  const period = Duration.minutes(apiAlarmSettings.periodMinutes);
  const namespace = metricsNamespace(stage);
  const errors: Record<string, IMetric> = {};
  const counts: Record<string, IMetric> = {};
  const latencies: Record<string, IMetric> = {};
  services.forEach((service, i) => {
    errors[`${prefix}e${i}`] = new Metric({
      namespace,
      metricName: 'ApiResponses',
      dimensionsMap: { service, routeGroup: group, statusClass: '5xx' },
      statistic: 'Sum',
      period,
    });
    // Every request records one ApiLatency: its sample count is the group's requests (fewer metrics
    // than summing ApiResponses over the four status classes: an alarm takes at most 10).
    counts[`${prefix}n${i}`] = new Metric({
      namespace,
      metricName: 'ApiLatency',
      dimensionsMap: { service, routeGroup: group },
      statistic: 'SampleCount',
      period,
    });
    latencies[`${prefix}p${i}`] = new Metric({
      namespace,
      metricName: 'ApiLatency',
      dimensionsMap: { service, routeGroup: group },
      statistic: 'p99',
      period,
    });
  });
  const sum = (ids: string[]) => ids.map((id) => `FILL(${id}, 0)`).join(' + ');
  const e = sum(Object.keys(errors));
  const n = sum(Object.keys(counts));
  return {
    errorRate: new MathExpression({
      expression: `IF((${n}) >= ${apiAlarmSettings.minRequests}, 100 * (${e}) / (${n}), 0)`,
      usingMetrics: { ...errors, ...counts },
      label: `${group} 5xx %`,
      period,
    }),
    requests: new MathExpression({
      expression: n,
      usingMetrics: counts,
      label: group,
      period,
    }),
    p99: new MathExpression({
      expression: `MAX([${Object.keys(latencies).join(', ')}])`,
      usingMetrics: latencies,
      label: `${group} p99 ms`,
      period,
    }),
  };
}
