import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AlarmRule,
  AlarmStatusWidget,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  type Alarm,
  type IAlarm,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Rule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import {
  metricCatalogue,
  metricsNamespace,
  type MetricName,
} from '../../functions/platform/observability/catalogue.js';
import type { Feature } from '../../functions/routes.js';
import {
  alarmName,
  portalAlarm,
  routeGroupMetrics,
  runbookLink,
  runbookPath,
  type RunbookAnchor,
} from '../constructs/alarms.js';
import { PortalFunction } from '../constructs/portal-function.js';
import type { Releases } from '../constructs/releases.js';
import type { ResolvedConfig } from './config.js';

/**
 * The Powertools service (POWERTOOLS_SERVICE_NAME) of the Lambda that records each alarmed business
 * figure: the `service` dimension is part of every metric, so an alarm names it exactly.
 */
export const metricSources = {
  ScanVerdicts: 'consent-portal-scan',
  PaymentCatchUpFailures: 'consent-portal-payments-scheduled',
  CardSessionsPastGiveUp: 'consent-portal-payments-scheduled',
  PaymentRequestMailsUnsure: 'consent-portal-events-payments',
  DigestRecipientsDeferred: 'consent-portal-notifications-scheduled',
  WebhookDeliveries: 'consent-portal-webhooks',
} as const satisfies Partial<Record<MetricName, string>>;

/**
 * Thresholds and their reasons (docs/operations.md "Alarms" repeats each). Periods in minutes.
 */
export const alarmSettings = {
  /** Any message in a dead-letter queue is work that was given up on: page at the first one. */
  deadLetters: { periodMinutes: 5, threshold: 1 },
  /**
   * The oldest record a stream consumer read is 10 minutes old, twice in a row: mails, notifications
   * and council webhooks are late by that much. Records expire (and are dead-lettered) at 24 h.
   */
  iteratorAge: { periodMinutes: 5, evaluationPeriods: 2, thresholdMs: 10 * 60_000 },
  /**
   * Three extractions failed, timed out or aborted in half an hour: one unreadable PDF is expected
   * (the applicant enters the owners by hand), three means the step itself is broken.
   */
  extraction: { periodMinutes: 30, threshold: 3 },
  /** Each ScanFailed is a document the applicant cannot use (AV_SCAN_FAILED): page at the first. */
  scan: { periodMinutes: 5, threshold: 1 },
  /**
   * The catch-up (every 5 minutes) could not ask the gateway in two runs in a row: one blip is
   * retried by the next run; two mean the gateway or its credentials are down.
   */
  catchUp: { periodMinutes: 5, evaluationPeriods: 2, threshold: 1 },
  /** Every card session abandoned at its give-up time is a payer who may have paid: page at one. */
  pastGiveUp: { periodMinutes: 5, threshold: 1 },
  /** Each is a payer whose link mail may never have gone (no second link is sent): page at one. */
  requestMailUnsure: { periodMinutes: 5, threshold: 1 },
  /**
   * Digest recipients were left for the next run in four 15-minute periods in a row: one deferral is
   * a big morning catching up; an hour of them means the job cannot keep up and digests go out late.
   */
  digestsDeferred: { periodMinutes: 15, evaluationPeriods: 4, threshold: 1 },
  /** A council's deliveries failed in each of three 5-minute periods: failing for 15 minutes. */
  webhooks: { periodMinutes: 5, evaluationPeriods: 3, threshold: 1 },
  /** A recurring job's rule or a one-off schedule could not invoke its target: page at the first. */
  scheduler: { periodMinutes: 5, threshold: 1 },
  /**
   * Throttles in two 5-minute periods in a row: a burst is retried (streams, async invokes, the
   * SPA); throttling that lasts 10 minutes means concurrency is exhausted.
   */
  throttles: { periodMinutes: 5, evaluationPeriods: 2, threshold: 1 },
  /** Errors of a background Lambda: as the API's (infra/constructs/releases.ts functionErrorSettings). */
  functionErrors: { periodMinutes: 1, evaluationPeriods: 5, datapointsToAlarm: 2, threshold: 1 },
  /** The API as a whole (API Gateway's own count: time-outs and crashes the handler never answers). */
  gateway: { periodMinutes: 5, errorRatePercent: 5, minRequests: 10 },
} as const;

export interface OperationsStackProps extends StackProps {
  config: ResolvedConfig;
  /** The portal's stacks whose PortalFunctions get errors and throttles alarms. */
  functionStacks: Stack[];
  /** Request Lambdas' release alarms (Api stack). */
  releases: Releases;
  apiStage: HttpStage;
  deadLetterQueues: Record<string, IQueue>;
  /** Table-stream consumers, by short name. */
  streamConsumers: Record<string, LambdaFunction>;
  extractionStateMachine: IStateMachine;
  recurringRules: Record<string, Rule>;
  scheduleGroup: IScheduleGroup;
}

/** The Powertools service name of a PortalFunction (its POWERTOOLS_SERVICE_NAME). */
function serviceOf(fn: LambdaFunction): string {
  const env = Stack.of(fn).resolve((fn.node.defaultChild as CfnFunction).environment) as {
    Variables?: Record<string, unknown>;
    variables?: Record<string, unknown>;
  };
  const name = (env?.Variables ?? env?.variables)?.POWERTOOLS_SERVICE_NAME;
  if (typeof name !== 'string') throw new Error(`${fn.node.path} has no POWERTOOLS_SERVICE_NAME`);
  return name;
}

/**
 * Eyes on a deployed stage (docs/operations.md): the operators' SNS topic (KMS-encrypted, an
 * email subscription when context `alarmEmail` is set, its ARN an output), every alarm that pages
 * through it, the composites that page once for a fault that raises many children, and the one
 * dashboard of the stage. The request Lambdas' rollback alarms are in the Api stack
 * (infra/constructs/releases.ts); they page through the composites here.
 */
export class OperationsStack extends Stack {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** Every alarm that notifies the topic itself (children of composites are not here). */
  readonly paging: IAlarm[] = [];
  private readonly action: SnsAction;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.stage = config.stage;
    const ns = metricsNamespace(config.stage);
    const minutes = (n: number) => Duration.minutes(n);

    // --- The operators' topic --------------------------------------------------------------------
    // CloudWatch publishes to an encrypted topic only with a customer managed key it may use.
    const key = new Key(this, 'AlarmTopicKey', {
      description: `Consent portal ${config.stage}: encrypts the operators' alarm topic`,
      enableKeyRotation: true,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', {
      topicName: `consent-portal-${config.stage}-alarms`,
      displayName: `Consent portal ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic's policy (enforceSSL writes one) must let CloudWatch publish: this account's alarms only.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: {
            'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:*`,
          },
        },
      }),
    );
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    this.action = new SnsAction(this.topic);
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'The alarm topic of the operators: subscribe on-call here',
    });

    // --- The API: composites over the Api stack's rollback alarms --------------------------------
    const groups = [...props.releases.groupAlarms.entries()];
    const gw = alarmSettings.gateway;
    const gatewayErrors = portalAlarm(this, 'GatewayErrors', {
      stage: config.stage,
      name: 'api-gateway-5xx',
      summary: `The HTTP API answered more than ${gw.errorRatePercent} % 5xx over 5 minutes (API Gateway's count, at least ${gw.minRequests} requests: includes time-outs and crashed Lambdas).`,
      anchor: 'api-errors',
      metric: new MathExpression({
        expression: `IF(FILL(n, 0) >= ${gw.minRequests}, 100 * FILL(e, 0) / n, 0)`,
        usingMetrics: {
          e: props.apiStage.metricServerError({ period: minutes(gw.periodMinutes), statistic: 'Sum' }),
          n: props.apiStage.metricCount({ period: minutes(gw.periodMinutes), statistic: 'Sum' }),
        },
        period: minutes(gw.periodMinutes),
      }),
      threshold: gw.errorRatePercent,
    });
    const apiErrors = this.composite(
      'ApiErrors',
      'api-errors',
      'api-errors',
      'The API answers 5xx: one route group or more (the children say which), or API Gateway overall.',
      [...groups.map(([, a]) => a.errors), gatewayErrors],
    );
    this.composite(
      'ApiLatency',
      'api-latency',
      'api-latency',
      'API p99 latency above budget in one route group or more (the children say which).',
      groups.map(([, a]) => a.latency),
    );

    // --- Every function: errors and throttles -----------------------------------------------------
    const functions = props.functionStacks.flatMap((s) =>
      s.node.findAll().filter((c): c is PortalFunction => c instanceof PortalFunction),
    );
    const released = new Set(Object.values(props.releases.functionErrors));
    const errorAlarms: IAlarm[] = [...released];
    const throttleAlarms: IAlarm[] = [];
    const releasedFns = new Set(Object.values(props.releases.aliases).map((a) => a.version.lambda.node.path));
    const fe = alarmSettings.functionErrors;
    const th = alarmSettings.throttles;
    for (const fn of functions) {
      const short = serviceOf(fn).replace(/^consent-portal-/, '');
      if (!releasedFns.has(fn.node.path)) {
        errorAlarms.push(
          portalAlarm(this, `Errors-${short}`, {
            stage: config.stage,
            name: `errors-${short}`,
            summary: `Lambda ${short} failed (errors in ${fe.datapointsToAlarm} of ${fe.evaluationPeriods} minutes).`,
            anchor: 'function-errors',
            metric: fn.metricErrors({ period: minutes(fe.periodMinutes), statistic: 'Sum' }),
            threshold: fe.threshold,
            evaluationPeriods: fe.evaluationPeriods,
            datapointsToAlarm: fe.datapointsToAlarm,
          }),
        );
      }
      throttleAlarms.push(
        portalAlarm(this, `Throttles-${short}`, {
          stage: config.stage,
          name: `throttles-${short}`,
          summary: `Lambda ${short} was throttled in ${th.evaluationPeriods} 5-minute periods in a row.`,
          anchor: 'function-throttles',
          metric: fn.metricThrottles({ period: minutes(th.periodMinutes), statistic: 'Sum' }),
          threshold: th.threshold,
          evaluationPeriods: th.evaluationPeriods,
        }),
      );
    }
    // When the API as a whole fails (the table or a dependency down), every function errors: the
    // api-errors page says so, and this composite waits rather than page a second time.
    this.composite(
      'FunctionErrors',
      'function-errors',
      'function-errors',
      'One Lambda or more failed (the children name them).',
      errorAlarms,
      apiErrors,
    );
    this.composite(
      'FunctionThrottles',
      'function-throttles',
      'function-throttles',
      'One Lambda or more is being throttled (the children name them).',
      throttleAlarms,
    );

    // --- Silent loss: dead letters, stream age, extraction, scans, payments, webhooks, scheduler ---
    const dl = alarmSettings.deadLetters;
    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      this.page(
        portalAlarm(this, `DeadLetters-${name}`, {
          stage: config.stage,
          name: `dead-letters-${name}`,
          summary: `Messages are waiting in the ${name} dead-letter queue: work that was given up on.`,
          anchor: 'dead-letters',
          metric: queue.metricApproximateNumberOfMessagesVisible({
            period: minutes(dl.periodMinutes),
            statistic: 'Maximum',
          }),
          threshold: dl.threshold,
        }),
      );
    }
    const ia = alarmSettings.iteratorAge;
    for (const [name, fn] of Object.entries(props.streamConsumers)) {
      this.page(
        portalAlarm(this, `IteratorAge-${name}`, {
          stage: config.stage,
          name: `stream-iterator-age-${name}`,
          summary: `The ${name} stream consumer is more than ${ia.thresholdMs / 60_000} minutes behind the table stream.`,
          anchor: 'stream-iterator-age',
          metric: fn.metric('IteratorAge', { period: minutes(ia.periodMinutes), statistic: 'Maximum' }),
          threshold: ia.thresholdMs,
          evaluationPeriods: ia.evaluationPeriods,
        }),
      );
    }
    const ex = alarmSettings.extraction;
    const sm = props.extractionStateMachine;
    const smOpts = { period: minutes(ex.periodMinutes), statistic: 'Sum' } as const;
    this.page(
      portalAlarm(this, 'ExtractionFailed', {
        stage: config.stage,
        name: 'extraction-failed',
        summary: `${ex.threshold} or more extraction executions failed, timed out or were aborted in ${ex.periodMinutes} minutes.`,
        anchor: 'extraction-failed',
        metric: new MathExpression({
          expression: 'FILL(f, 0) + FILL(t, 0) + FILL(a, 0)',
          usingMetrics: {
            f: sm.metricFailed(smOpts),
            t: sm.metricTimedOut(smOpts),
            a: sm.metricAborted(smOpts),
          },
          period: minutes(ex.periodMinutes),
        }),
        threshold: ex.threshold,
      }),
    );
    const business = (name: keyof typeof metricSources, dims: Record<string, string>, period: number) =>
      new Metric({
        namespace: ns,
        metricName: name,
        dimensionsMap: { service: metricSources[name], ...dims },
        statistic: 'Sum',
        period: minutes(period),
      });
    const sc = alarmSettings.scan;
    this.page(
      portalAlarm(this, 'ScanFailed', {
        stage: config.stage,
        name: 'scan-failed',
        summary: 'The virus scanner could not scan an upload (ScanFailed, AV_SCAN_FAILED).',
        anchor: 'scan-failed',
        metric: business('ScanVerdicts', { verdict: 'ScanFailed' }, sc.periodMinutes),
        threshold: sc.threshold,
      }),
    );
    const cu = alarmSettings.catchUp;
    this.page(
      portalAlarm(this, 'PaymentCatchUp', {
        stage: config.stage,
        name: 'payment-catch-up-failures',
        summary: `The payment catch-up could not ask the card gateway about sessions in ${cu.evaluationPeriods} runs in a row.`,
        anchor: 'payment-catch-up',
        metric: business('PaymentCatchUpFailures', {}, cu.periodMinutes),
        threshold: cu.threshold,
        evaluationPeriods: cu.evaluationPeriods,
      }),
    );
    const pg = alarmSettings.pastGiveUp;
    this.page(
      portalAlarm(this, 'CardSessionsPastGiveUp', {
        stage: config.stage,
        name: 'card-sessions-past-give-up',
        summary: 'A card session was still pending at its give-up time and was abandoned.',
        anchor: 'card-sessions-past-give-up',
        metric: business('CardSessionsPastGiveUp', {}, pg.periodMinutes),
        threshold: pg.threshold,
      }),
    );
    const ru = alarmSettings.requestMailUnsure;
    this.page(
      portalAlarm(this, 'PaymentRequestMailUnsure', {
        stage: config.stage,
        name: 'payment-request-mail-unsure',
        summary: 'A payment request’s link was minted but its mail was not marked sent; no second mail went.',
        anchor: 'payment-request-mail-unsure',
        metric: business('PaymentRequestMailsUnsure', {}, ru.periodMinutes),
        threshold: ru.threshold,
      }),
    );
    const dd = alarmSettings.digestsDeferred;
    this.page(
      portalAlarm(this, 'DigestsDeferred', {
        stage: config.stage,
        name: 'digests-deferred',
        summary: `Notification digests have been left for the next run for ${dd.periodMinutes * dd.evaluationPeriods} minutes.`,
        anchor: 'digests-deferred',
        metric: business('DigestRecipientsDeferred', {}, dd.periodMinutes),
        threshold: dd.threshold,
        evaluationPeriods: dd.evaluationPeriods,
      }),
    );
    // One per onboarded authority (infra/councils.json or context `councils`); a stage with none
    // has none of these (its dashboard still shows any authority's deliveries by search).
    const wh = alarmSettings.webhooks;
    for (const authority of config.councils) {
      this.page(
        portalAlarm(this, `WebhookFailing-${authority}`, {
          stage: config.stage,
          name: `webhook-failing-${authority}`,
          summary: `Webhook deliveries to council ${authority} have failed for ${wh.periodMinutes * wh.evaluationPeriods} minutes.`,
          anchor: 'webhook-failing',
          metric: business('WebhookDeliveries', { authority, outcome: 'Failed' }, wh.periodMinutes),
          threshold: wh.threshold,
          evaluationPeriods: wh.evaluationPeriods,
        }),
      );
    }
    const sch = alarmSettings.scheduler;
    for (const [name, rule] of Object.entries(props.recurringRules)) {
      this.page(
        portalAlarm(this, `RuleFailed-${name}`, {
          stage: config.stage,
          name: `scheduler-failed-${name}`,
          summary: `The recurring job ${name}: EventBridge could not invoke its Lambda (FailedInvocations).`,
          anchor: 'scheduler-failures',
          metric: new Metric({
            namespace: 'AWS/Events',
            metricName: 'FailedInvocations',
            dimensionsMap: { RuleName: rule.ruleName },
            statistic: 'Sum',
            period: minutes(sch.periodMinutes),
          }),
          threshold: sch.threshold,
        }),
      );
    }
    const group = props.scheduleGroup;
    this.page(
      portalAlarm(this, 'SchedulerTargetErrors', {
        stage: config.stage,
        name: 'scheduler-target-errors',
        summary:
          'EventBridge Scheduler could not invoke the target of a one-off schedule (TargetErrorCount).',
        anchor: 'scheduler-failures',
        metric: group.metricTargetErrors({ period: minutes(sch.periodMinutes), statistic: 'Sum' }),
        threshold: sch.threshold,
      }),
    );
    this.page(
      portalAlarm(this, 'SchedulerDropped', {
        stage: config.stage,
        name: 'scheduler-dropped',
        summary:
          'EventBridge Scheduler gave up on a one-off schedule after its retries (InvocationDroppedCount).',
        anchor: 'scheduler-failures',
        metric: group.metricDropped({ period: minutes(sch.periodMinutes), statistic: 'Sum' }),
        threshold: sch.threshold,
      }),
    );

    // --- The dashboard ---------------------------------------------------------------------------
    this.dashboard = this.buildDashboard(
      props,
      groups.map(([g]) => g),
      functions,
      apiErrors,
    );
    new CfnOutput(this, 'DashboardName', { value: this.dashboard.dashboardName });
  }

  /** Adds the topic as the alarm's (and its recovery's) action. */
  private page(alarm: Alarm | CompositeAlarm): void {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.paging.push(alarm);
  }

  /**
   * A composite that pages for any of `children` in ALARM; the children have no action of their
   * own. With `suppressor`, it stays quiet while that alarm is in ALARM (and 5 minutes after).
   */
  private composite(
    id: string,
    name: string,
    anchor: RunbookAnchor,
    summary: string,
    children: IAlarm[],
    suppressor?: IAlarm,
  ): CompositeAlarm {
    const alarm = new CompositeAlarm(this, id, {
      compositeAlarmName: alarmName(this.stage, name),
      alarmDescription: `${summary} ${runbookLink(anchor)}`,
      alarmRule: AlarmRule.anyOf(...children),
      ...(suppressor
        ? {
            actionsSuppressor: suppressor,
            actionsSuppressorWaitPeriod: Duration.minutes(2),
            actionsSuppressorExtensionPeriod: Duration.minutes(5),
          }
        : {}),
    });
    this.page(alarm);
    return alarm;
  }

  private buildDashboard(
    props: OperationsStackProps,
    groups: Feature[],
    functions: PortalFunction[],
    apiErrors: IAlarm,
  ): Dashboard {
    const { config } = props;
    const ns = metricsNamespace(config.stage);
    const period = Duration.minutes(5);
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `consent-portal-${config.stage}`,
      defaultInterval: Duration.hours(6),
    });
    const graph = (title: string, left: IMetric[], width = 12, extra: object = {}) =>
      new GraphWidget({ title, left, width, height: 6, ...extra });
    // Every series of a catalogue metric whatever Lambda records it (the search finds each service).
    const search = (name: MetricName, label?: string) => {
      const dims = ['service', ...Object.keys(metricCatalogue[name].dimensions)].join(',');
      return new MathExpression({
        expression: `SEARCH('{${ns},${dims}} MetricName="${name}"', 'Sum', 300)`,
        usingMetrics: {},
        label: label ?? name,
        period,
      });
    };
    const groupMetrics = groups.map((g, i) =>
      routeGroupMetrics(config.stage, g, props.releases.groups.get(g) ?? [], `g${i}_`),
    );

    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Consent portal ${config.stage}\nIs the portal healthy and is work flowing? Alarms page \`${this.topic.topicName}\`; what each means and what to do: [${runbookPath}](${runbookPath}). Metrics: namespace \`${ns}\`; traces: X-Ray; logs: \`/aws/lambda/*\` log groups of the stage's stacks.`,
        width: 24,
        height: 2,
      }),
      new AlarmStatusWidget({
        title: 'Alarms that page',
        alarms: [apiErrors, ...this.paging.filter((a) => a !== apiErrors)],
        width: 24,
        height: 4,
      }),
    );
    // Traffic, errors and latency per route group.
    dashboard.addWidgets(
      graph(
        'Requests per route group (per minute)',
        groupMetrics.map((m) => m.requests),
        8,
      ),
      graph(
        '5xx % per route group',
        groupMetrics.map((m) => m.errorRate),
        8,
      ),
      graph(
        'p99 latency per route group (ms)',
        groupMetrics.map((m) => m.p99),
        8,
      ),
    );
    dashboard.addWidgets(
      graph(
        'API Gateway latency p50 / p90 / p99 (ms)',
        ['p50', 'p90', 'p99'].map((statistic) =>
          props.apiStage.metricLatency({ statistic, period, label: statistic }),
        ),
      ),
      graph('API Gateway requests, 4xx, 5xx', [
        props.apiStage.metricCount({ period, statistic: 'Sum', label: 'requests' }),
        props.apiStage.metricClientError({ period, statistic: 'Sum', label: '4xx' }),
        props.apiStage.metricServerError({ period, statistic: 'Sum', label: '5xx' }),
      ]),
    );
    // The business figures of the catalogue.
    const figures = (Object.keys(metricCatalogue) as MetricName[]).filter(
      (n) => n !== 'ApiResponses' && n !== 'ApiLatency',
    );
    const figureWidgets = figures.map((n) => graph(n, [search(n)], 6, { statistic: 'Sum' }));
    for (let i = 0; i < figureWidgets.length; i += 4) dashboard.addWidgets(...figureWidgets.slice(i, i + 4));
    // Queues, stream age, extraction, scheduler.
    dashboard.addWidgets(
      graph(
        'Dead-letter queues: messages visible',
        Object.entries(props.deadLetterQueues).map(([name, q]) =>
          q.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: name }),
        ),
        6,
      ),
      graph(
        'Stream iterator age (ms, max)',
        Object.entries(props.streamConsumers).map(([name, fn]) =>
          fn.metric('IteratorAge', { period, statistic: 'Maximum', label: name }),
        ),
        6,
      ),
      graph(
        'Extraction executions',
        [
          props.extractionStateMachine.metricStarted({ period, label: 'started' }),
          props.extractionStateMachine.metricSucceeded({ period, label: 'succeeded' }),
          props.extractionStateMachine.metricFailed({ period, label: 'failed' }),
        ],
        6,
      ),
      graph(
        'Scheduler: one-off target errors, dropped; rules failed',
        [
          props.scheduleGroup.metricTargetErrors({ period, label: 'target errors' }),
          props.scheduleGroup.metricDropped({ period, label: 'dropped' }),
          ...Object.entries(props.recurringRules).map(
            ([name, rule]) =>
              new Metric({
                namespace: 'AWS/Events',
                metricName: 'FailedInvocations',
                dimensionsMap: { RuleName: rule.ruleName },
                statistic: 'Sum',
                period,
                label: `${name} failed`,
              }),
          ),
        ],
        6,
      ),
    );
    // Councils: the feed read and the webhooks' health per authority.
    dashboard.addWidgets(
      graph('Council feed pages read, per authority', [search('CouncilFeedReads')]),
      graph('Webhook deliveries per authority and outcome', [search('WebhookDeliveries')]),
    );
    // Every function: errors and throttles.
    const fnMetric = (kind: 'Errors' | 'Throttles') =>
      functions.map((fn) =>
        fn.metric(kind, {
          period,
          statistic: 'Sum',
          label: serviceOf(fn).replace(/^consent-portal-/, ''),
        }),
      );
    dashboard.addWidgets(
      graph('Lambda errors', fnMetric('Errors')),
      graph('Lambda throttles', fnMetric('Throttles')),
    );
    return dashboard;
  }
}
