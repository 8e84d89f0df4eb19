/**
 * Council webhook deliveries in a function of their own (docs/architecture.md): its own event
 * source mapping on the table stream (the council event types only), its own dead-letter queue, no
 * bucket and no table rights beyond the authority's and the event's partitions (the delivery log,
 * the registration, the consumers' records); the key sealing the signing secrets is read by it
 * alone; only the webhooks Lambda may invoke it; no deployed function may reach loopback.
 */
import {
  consumerFilterPattern,
  consumerFunctions,
} from '../../functions/platform/events/consumer-functions.js';
import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  webhookDeliveryFilterPattern,
} from '../../functions/council/webhooks-events.js';
import {
  webhookDeliveryPartitions,
  webhookDeliveryTableActions,
} from '../../infra/constructs/webhook-delivery.js';
import { eventSourceSettings } from '../../infra/constructs/event-consumers.js';
import type { PortalStacks } from '../../infra/stacks/index.js';
import { propsOf, sharedTestApp, template } from './helpers.js';
import { actionsOf, policyOf, policyOfFunction, type Statement } from './iam.js';

let stacks: PortalStacks;
let workflows: Template;
let api: Template;
let delivery: Statement[];
beforeAll(() => {
  stacks = sharedTestApp({ config: { mailFrom: 'no-reply@portal.example.nz' } }).stacks;
  workflows = template(stacks.workflows);
  api = template(stacks.api);
  delivery = policyOf(workflows, 'WebhookDeliveryFunction');
});

const functionId = (t: Template, description: string) =>
  Object.entries(t.findResources('AWS::Lambda::Function')).find(([, r]) =>
    String((r as { Properties: { Description?: string } }).Properties.Description).startsWith(description),
  )![0];
const allStacks = (): Stack[] => [
  stacks.data,
  stacks.auth,
  stacks.workflows,
  stacks.api,
  stacks.waf,
  stacks.web,
  stacks.edgeLogs,
];

describe('the webhook delivery function', () => {
  it('runs functions/council/webhooks-delivery.ts on a mapping of its own: the council event types, retries, its own DLQ', () => {
    const deliveryId = functionId(workflows, 'Council webhook deliveries');
    // One mapping per feature's consumer function (test/infra/events.test.ts) and this one.
    const mappings = propsOf(workflows, 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(consumerFunctions.length + 1);
    const of = (id: string) => mappings.find((m) => JSON.stringify(m.FunctionName).includes(id))!;
    const pattern = (m: Record<string, unknown>) =>
      (m.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map(
        (f) => JSON.parse(f.Pattern) as unknown,
      );
    expect(pattern(of(deliveryId))).toEqual([webhookDeliveryFilterPattern]);
    expect(JSON.parse(JSON.stringify(webhookDeliveryFilterPattern))).toMatchObject({
      dynamodb: { NewImage: { type: { S: [...WEBHOOK_EVENT_TYPES] } } },
    });
    // No consumer function takes the council event types for the webhooks: council.webhooks runs here only.
    const councilId = functionId(workflows, 'Domain-event consumers of council:');
    expect(pattern(of(councilId))).toEqual([
      consumerFilterPattern(consumerFunctions.find((f) => f.feature === 'council')!),
    ]);
    expect(of(deliveryId)).toMatchObject({
      StartingPosition: 'LATEST',
      MaximumRetryAttempts: eventSourceSettings.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
    });
    const dlq = JSON.stringify((of(deliveryId).DestinationConfig as object) ?? {});
    expect(dlq).toMatch(/WebhookDeliveryDeadLetters/);
  });

  it('has no bucket rights, and on the table only reads, puts and updates of the authority’s and event’s partitions', () => {
    expect(delivery.flatMap(actionsOf).filter((a) => a.startsWith('s3:'))).toEqual([]);
    const onTable = delivery.filter((st) =>
      actionsOf(st).some((a) =>
        /^dynamodb:(?!DescribeStream|GetRecords|GetShardIterator|ListStreams)/.test(a),
      ),
    );
    expect(onTable).toEqual([
      expect.objectContaining({
        Action: [...webhookDeliveryTableActions],
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...webhookDeliveryPartitions] } },
      }),
    ]);
    for (const banned of ['dynamodb:Scan', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:*'])
      expect(delivery.flatMap(actionsOf)).not.toContain(banned);
    expect(webhookDeliveryPartitions).toEqual(['$portal#authorityId_*', '$portal#eventId_*']);
  });

  it('alone reads the key sealing the signing secrets (not the event consumers, not any API Lambda)', () => {
    const readsKey = (sts: Statement[]) =>
      sts.some(
        (st) =>
          actionsOf(st).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(st.Resource).includes('SealingKey'),
      );
    expect(readsKey(delivery)).toBe(true);
    for (const stack of allStacks()) {
      const t = template(stack);
      for (const id of Object.keys(t.findResources('AWS::Lambda::Function'))) {
        if (stack === stacks.workflows && id === functionId(workflows, 'Council webhook deliveries'))
          continue;
        expect(readsKey(policyOfFunction(t, id)), `${stack.stackName} ${id}`).toBe(false);
      }
    }
  });

  it('may be invoked by the webhooks Lambda only, which is told its name', () => {
    const invokers = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([, p]) =>
      JSON.stringify(p).includes('WebhookDeliveryFunction'),
    );
    expect(invokers.map(([id]) => id)).toEqual([expect.stringMatching(/^Fncouncilwebhooks/)]);
    const fn = propsOf(api, 'AWS::Lambda::Function').find(
      (f) => (f.Description as string) === 'HTTP API feature: council-webhooks',
    )!;
    expect(JSON.stringify((fn.Environment as { Variables: object }).Variables)).toMatch(
      /COUNCIL_WEBHOOK_DELIVERY_FUNCTION.*WebhookDeliveryFunction/,
    );
  });
});

describe('no deployed function reaches loopback (docs/architecture.md)', () => {
  it('no function of any stack has COUNCIL_WEBHOOK_ALLOW_LOOPBACK (the local stack sets it for itself)', () => {
    for (const stack of allStacks())
      for (const f of propsOf(template(stack), 'AWS::Lambda::Function'))
        expect(JSON.stringify(f.Environment ?? {}), stack.stackName).not.toContain('ALLOW_LOOPBACK');
  });
});
