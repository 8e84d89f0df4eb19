import { consumerFunctions } from '../../functions/platform/events/consumer-functions.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaId, routedFeatures, routes } from '../../functions/routes.js';
import { metricsNamespace } from '../../functions/platform/observability/catalogue.js';
import { runbookAnchors, runbookPath } from '../../infra/constructs/alarms.js';
import { repoRoot } from '../../infra/constructs/portal-function.js';
import type { PortalStacks } from '../../infra/stacks/index.js';
import { buildTestApp, propsOf, template } from './helpers.js';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Alarm = {
  stack: string;
  logicalId: string;
  composite: boolean;
  props: Record<string, unknown> & { AlarmName: string; AlarmDescription: string };
};

const json = (v: unknown) => JSON.stringify(v);

/** The anchors of the `###` entries under docs/operations.md's "## Alarms" (GitHub's slugs). */
function runbookEntries(): string[] {
  const text = readFileSync(path.join(repoRoot, runbookPath), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Alarms')) ?? '';
  return [...section.matchAll(/^### (.+)$/gm)].map((m) =>
    (m[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  );
}

describe('operations: alarms, dashboard and canary releases (docs/operations.md)', () => {
  let stacks: PortalStacks;
  let templates: Record<string, Template>;
  let alarms: Alarm[];
  const portalStacks = () =>
    ({
      data: stacks.data,
      auth: stacks.auth,
      workflows: stacks.workflows,
      api: stacks.api,
      operations: stacks.operations,
    }) as Record<string, Stack>;

  beforeAll(() => {
    stacks = buildTestApp({ config: { councils: ['wcc', 'akl'], alarmEmail: 'oncall@example.nz' } }).stacks;
    templates = Object.fromEntries(Object.entries(portalStacks()).map(([k, s]) => [k, template(s)]));
    alarms = Object.entries(templates).flatMap(([stack, t]) =>
      Object.entries(t.toJSON().Resources as Record<string, Resource>)
        .filter(
          ([, r]) => r.Type === 'AWS::CloudWatch::Alarm' || r.Type === 'AWS::CloudWatch::CompositeAlarm',
        )
        .map(([logicalId, r]) => ({
          stack,
          logicalId,
          composite: r.Type === 'AWS::CloudWatch::CompositeAlarm',
          props: {
            ...r.Properties,
            AlarmName: String(r.Properties.AlarmName ?? r.Properties.CompositeAlarmName ?? ''),
          } as Alarm['props'],
        })),
    );
  });

  const resources = (stack: string, type: string) =>
    Object.entries(templates[stack]!.toJSON().Resources as Record<string, Resource>).filter(
      ([, r]) => r.Type === type,
    );
  /** The alarms whose metric (or one metric of its math) is `name`, as JSON. */
  const alarmsOn = (metricName: string) =>
    alarms.filter((a) => json(a.props).includes(`"MetricName":"${metricName}"`));

  it('alarms on each dead-letter and failure queue (visible messages, page at the first)', () => {
    const queues = resources('workflows', 'AWS::SQS::Queue').map(([id]) => id);
    expect(queues).toHaveLength(3);
    for (const q of queues) {
      const a = alarmsOn('ApproximateNumberOfMessagesVisible').find((x) => json(x.props).includes(q));
      expect(a, q).toBeDefined();
      expect(a?.props).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('alarms on the iterator age of each table-stream consumer (a function per feature, and the webhook delivery)', () => {
    const consumers = resources('workflows', 'AWS::Lambda::EventSourceMapping').map(
      ([, r]) => (r.Properties.FunctionName as { Ref: string }).Ref,
    );
    expect(consumers).toHaveLength(consumerFunctions.length + 1);
    for (const fn of consumers) {
      const a = alarmsOn('IteratorAge').find((x) => json(x.props).includes(fn));
      expect(a?.props.Threshold, fn).toBe(600_000);
    }
  });

  it('alarms on the 5xx rate and p99 latency of every route group, with the exact dimensions the handlers emit', () => {
    const fns = resources('api', 'AWS::Lambda::Function').map(([, r]) => r.Properties);
    const serviceOf = (id: string) =>
      (
        fns.find((f) => f.Description === `HTTP API feature: ${id}`) as {
          Environment: { Variables: { POWERTOOLS_SERVICE_NAME: string } };
        }
      ).Environment.Variables.POWERTOOLS_SERVICE_NAME;
    for (const feature of routedFeatures()) {
      const services = [...new Set(routes.filter((r) => r.feature === feature).map(lambdaId))].map(serviceOf);
      const errors = alarms.find((a) => a.props.AlarmName === `consent-portal-dev-api-5xx-${feature}`);
      const latency = alarms.find((a) => a.props.AlarmName === `consent-portal-dev-api-p99-${feature}`);
      for (const [a, metric] of [
        [errors, 'ApiResponses'],
        [latency, 'ApiLatency'],
      ] as const) {
        expect(a, `${metric} ${feature}`).toBeDefined();
        const stats = (a?.props.Metrics as { MetricStat?: { Metric: Record<string, unknown> } }[])
          .map((m) => m.MetricStat?.Metric)
          .filter((m) => m?.MetricName === metric);
        expect(stats.length).toBeLessThanOrEqual(10);
        for (const m of stats) expect(m?.Namespace).toBe(metricsNamespace('dev'));
        const dimensionsOf = (m: Record<string, unknown> | undefined) =>
          Object.fromEntries(
            (m?.Dimensions as { Name: string; Value: string }[]).map((d) => [d.Name, d.Value]),
          );
        expect(stats.map((m) => dimensionsOf(m).service).sort()).toEqual([...services].sort());
        for (const m of stats) expect(dimensionsOf(m).routeGroup).toBe(feature);
        if (metric === 'ApiResponses')
          for (const m of stats) expect(dimensionsOf(m)).toMatchObject({ statusClass: '5xx' });
      }
      expect(errors?.props.Threshold).toBe(5);
    }
    // API Gateway's own 5xx count (time-outs and crashes no handler answers).
    expect(alarmsOn('5xx').map((a) => a.props.AlarmName)).toEqual(['consent-portal-dev-api-gateway-5xx']);
  });

  it('alarms on the errors and the throttles of every portal function', () => {
    for (const [stack, t] of Object.entries(templates)) {
      if (stack === 'operations') continue;
      const fns = Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(
        ([, r]) =>
          r.Type === 'AWS::Lambda::Function' &&
          json(r.Properties.Environment ?? {}).includes('POWERTOOLS_SERVICE_NAME'),
      );
      expect(fns.length, stack).toBeGreaterThan(0);
      for (const [id] of fns) {
        for (const metric of ['Errors', 'Throttles']) {
          const on = alarmsOn(metric).filter((a) =>
            (a.props.Dimensions as { Name: string; Value: unknown }[] | undefined)?.some(
              (d) => d.Name === 'FunctionName' && json(d.Value).includes(id),
            ),
          );
          expect(on.length, `${metric} of ${stack}/${id}`).toBe(1);
        }
      }
    }
  });

  it('alarms on failed extractions, scan failures, the payment catch-up, sessions past give-up and the scheduler', () => {
    const named = (name: string) => alarms.find((a) => a.props.AlarmName === `consent-portal-dev-${name}`);
    expect(json(named('extraction-failed')?.props)).toContain('ExecutionsFailed');
    expect(json(named('scan-failed')?.props)).toContain('"Name":"verdict","Value":"ScanFailed"');
    expect(named('payment-catch-up-failures')?.props).toMatchObject({
      MetricName: 'PaymentCatchUpFailures',
      EvaluationPeriods: 2,
    });
    expect(named('card-sessions-past-give-up')?.props.MetricName).toBe('CardSessionsPastGiveUp');
    expect(named('payment-request-mail-unsure')?.props).toMatchObject({
      MetricName: 'PaymentRequestMailsUnsure',
      Dimensions: [{ Name: 'service', Value: 'consent-portal-events-payments' }],
      Threshold: 1,
    });
    expect(named('digests-deferred')?.props).toMatchObject({
      MetricName: 'DigestRecipientsDeferred',
      Dimensions: [{ Name: 'service', Value: 'consent-portal-notifications-scheduled' }],
      Period: 900,
      EvaluationPeriods: 4,
      Threshold: 1,
    });
    expect(named('scheduler-target-errors')?.props.MetricName).toBe('TargetErrorCount');
    expect(named('scheduler-dropped')?.props.MetricName).toBe('InvocationDroppedCount');
    const rules = alarmsOn('FailedInvocations').map((a) => a.props.AlarmName);
    expect(rules.sort()).toEqual([
      'consent-portal-dev-scheduler-failed-notifications-digest',
      'consent-portal-dev-scheduler-failed-payments-catch-up',
    ]);
  });

  it("alarms when a council's webhook deliveries fail for 15 minutes, one per onboarded authority", () => {
    for (const authority of ['wcc', 'akl']) {
      const a = alarms.find((x) => x.props.AlarmName === `consent-portal-dev-webhook-failing-${authority}`);
      expect(a?.props).toMatchObject({ MetricName: 'WebhookDeliveries', Period: 300, EvaluationPeriods: 3 });
      expect(json(a?.props.Dimensions)).toContain(`{"Name":"authority","Value":"${authority}"}`);
      expect(json(a?.props.Dimensions)).toContain('{"Name":"outcome","Value":"Failed"}');
    }
    expect(alarmsOn('WebhookDeliveries')).toHaveLength(2);
  });

  it('treats missing data as not breaching in every metric alarm (they count things)', () => {
    for (const a of alarms.filter((x) => !x.composite))
      expect(a.props.TreatMissingData, a.props.AlarmName).toBe('notBreaching');
  });

  it('every alarm pages the topic, or is a child of a composite that does', () => {
    const topic = resources('operations', 'AWS::SNS::Topic').map(([id]) => id);
    expect(topic).toHaveLength(1);
    const pages = (a: Alarm) => json(a.props.AlarmActions ?? []).includes(topic[0]!);
    const composites = alarms.filter((a) => a.composite);
    expect(composites.map((c) => c.props.AlarmName).sort()).toEqual(
      ['api-errors', 'api-latency', 'function-errors', 'function-throttles'].map(
        (n) => `consent-portal-dev-${n}`,
      ),
    );
    for (const c of composites) expect(pages(c), c.props.AlarmName).toBe(true);
    for (const a of alarms.filter((x) => !x.composite)) {
      const parents = composites.filter((c) => json(c.props.AlarmRule).includes(a.logicalId));
      // A child notifies nobody itself (its composite does); a lone alarm pages.
      if (parents.length) expect(a.props.AlarmActions, a.props.AlarmName).toBeUndefined();
      expect(pages(a) || parents.some(pages), a.props.AlarmName).toBe(true);
    }
    // One fault, one page: function errors wait while the API as a whole is in alarm.
    const fe = composites.find((c) => c.props.AlarmName === 'consent-portal-dev-function-errors');
    const ae = composites.find((c) => c.props.AlarmName === 'consent-portal-dev-api-errors');
    expect(json(fe?.props.ActionsSuppressor)).toContain(ae!.logicalId);
  });

  it('the topic is KMS-encrypted, mails the configured address and its ARN is an output', () => {
    const t = templates.operations!;
    const [key] = resources('operations', 'AWS::KMS::Key');
    expect(key?.[1].Properties.EnableKeyRotation).toBe(true);
    t.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: { 'Fn::GetAtt': [key?.[0], 'Arn'] } });
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.nz' });
    expect(Object.keys(t.findOutputs('AlarmTopicArn'))).toEqual(['AlarmTopicArn']);
    // CloudWatch may publish (this account's alarms) and use the key; nothing without TLS.
    const policy = json(propsOf(t, 'AWS::SNS::TopicPolicy'));
    expect(policy).toContain('"Service":"cloudwatch.amazonaws.com"');
    expect(policy).toContain('"aws:SecureTransport":"false"');
    expect(json(key?.[1].Properties.KeyPolicy)).toContain('"Service":"cloudwatch.amazonaws.com"');
  });

  it("every alarm's description names its runbook entry, and every entry of docs/operations.md is an alarm's", () => {
    const anchors = new Set<string>();
    for (const a of alarms) {
      const m = /Runbook: docs\/operations\.md#([a-z0-9-]+)$/.exec(a.props.AlarmDescription);
      expect(m, a.props.AlarmName).not.toBeNull();
      anchors.add(m![1]!);
    }
    const entries = runbookEntries();
    expect([...anchors].sort()).toEqual([...runbookAnchors].sort());
    expect([...entries].sort()).toEqual([...anchors].sort());
  });

  it('one dashboard for the stage: route groups, latency percentiles, the catalogue, queues, stream age, councils', () => {
    const dashboards = resources('operations', 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = json(dashboards[0]![1].Properties.DashboardBody);
    for (const f of routedFeatures()) expect(body).toContain(`\\"${f} 5xx %\\"`);
    for (const text of [
      'p50',
      'p99',
      'Lodgements',
      'CardSettlements',
      'WebhookDeliveries',
      'CouncilFeedReads',
      'ApproximateNumberOfMessagesVisible',
      'IteratorAge',
    ])
      expect(body).toContain(text);
  });

  it('every request Lambda runs behind a live alias that the API invokes, released by CodeDeploy as a 10 % canary with rollback alarms', () => {
    const fns = resources('api', 'AWS::Lambda::Function').filter(([, r]) =>
      String(r.Properties.Description).startsWith('HTTP API feature: '),
    );
    expect(fns).toHaveLength(new Set(routes.map(lambdaId)).size);
    const aliases = resources('api', 'AWS::Lambda::Alias');
    const groups = resources('api', 'AWS::CodeDeploy::DeploymentGroup');
    const integrations = resources('api', 'AWS::ApiGatewayV2::Integration');
    for (const [fnId] of fns) {
      const alias = aliases.find(([, r]) => json(r.Properties.FunctionName).includes(fnId));
      expect(alias?.[1].Properties.Name, fnId).toBe('live');
      const aliasId = alias![0];
      expect(integrations.some(([, r]) => json(r.Properties.IntegrationUri) === json({ Ref: aliasId }))).toBe(
        true,
      );
      expect(
        integrations.some(([, r]) => json(r.Properties.IntegrationUri).includes(`"${fnId}"`)),
        `${fnId} invoked unaliased`,
      ).toBe(false);
      const update = (templates.api!.toJSON().Resources[aliasId] as { UpdatePolicy?: unknown }).UpdatePolicy;
      const groupId = (update as { CodeDeployLambdaAliasUpdate: { DeploymentGroupName: { Ref: string } } })
        .CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref;
      const group = groups.find(([id]) => id === groupId)?.[1].Properties;
      expect(group).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        AlarmConfiguration: { Enabled: true },
        AutoRollbackConfiguration: {
          Enabled: true,
          Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']),
        },
      });
      const names = json(
        (group?.AlarmConfiguration as { Alarms: { Name: { Ref: string } }[] }).Alarms.map(
          (a) => alarms.find((x) => x.logicalId === a.Name.Ref)?.props.AlarmName,
        ),
      );
      const id = String(fns.find(([x]) => x === fnId)?.[1].Properties.Description).replace(
        'HTTP API feature: ',
        '',
      );
      const feature = routes.find((r) => lambdaId(r) === id)?.feature;
      expect(names, fnId).toContain(`api-5xx-${feature}`);
      expect(names).toContain(`api-p99-${feature}`);
      expect(names).toContain(`consent-portal-dev-errors-${id}"`);
    }
  });
});

describe('operations in a stage with no council onboarded', () => {
  it('has no webhook alarm and no email subscription, and still pages the topic', () => {
    const { stacks } = buildTestApp({ config: { councils: [] } });
    const t = template(stacks.operations);
    expect(json(t.findResources('AWS::CloudWatch::Alarm'))).not.toContain('WebhookDeliveries');
    t.resourceCountIs('AWS::SNS::Subscription', 0);
    t.resourceCountIs('AWS::SNS::Topic', 1);
  });
});
