/**
 * Recurring jobs on AWS (functions/platform/recurring-jobs.ts; docs/payments.md, docs/notifications.md):
 * the notifications' digest is a rule every 15 minutes on its scheduled target (which may mail);
 * payments' catch-up is an EventBridge rule every 5 minutes invoking the payments scheduled-target Lambda with its
 * constant input; that Lambda has the gateway's URL and secret, and only payments' Lambdas may read
 * that secret.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { recurringJobs } from '../../functions/platform/recurring-jobs.js';
import { lambdaId, routes } from '../../functions/routes.js';
import { sharedTestApp, template } from './helpers.js';
import { actionsOf, type Statement } from './iam.js';

type Resource = { Type: string; Properties: Record<string, unknown> };

let t: Template;
let resources: Record<string, Resource>;
beforeAll(() => {
  t = template(sharedTestApp().stacks.api);
  resources = t.toJSON().Resources as Record<string, Resource>;
});

const idOf = (type: string, description: string) =>
  Object.entries(resources).find(([, r]) => r.Type === type && r.Properties.Description === description)?.[0];

/** The logical ids of the functions whose role's policies read the secret `secretId`. */
function readersOf(secretId: string): string[] {
  const roles = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .filter((p) =>
      (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement.some(
        (st) =>
          actionsOf(st).includes('secretsmanager:GetSecretValue') &&
          JSON.stringify(st.Resource).includes(secretId),
      ),
    )
    .flatMap((p) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref));
  return Object.entries(resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
    .filter(([, r]) => roles.includes((r.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0]))
    .map(([id]) => id);
}

describe("payments' catch-up: a recurring rule", () => {
  it('is declared once: every 5 minutes, target payments/scheduled, job catch-up', () => {
    expect(recurringJobs.map((j) => [j.name, j.everyMinutes, j.payload])).toEqual([
      ['payments-catch-up', 5, { target: 'payments/scheduled', job: 'catch-up' }],
      ['notifications-digest', 15, { target: 'notifications/scheduled', job: 'digest' }],
    ]);
  });

  it('an EventBridge rule at rate(5 minutes) invokes the payments scheduled-target Lambda with the constant input', () => {
    const targetId = idOf('AWS::Lambda::Function', 'Scheduled jobs: payments');
    expect(targetId).toBeDefined();
    const rules = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r).includes('payments/scheduled'),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [targetId, 'Arn'] },
          Input: JSON.stringify({ target: 'payments/scheduled', job: 'catch-up' }),
        },
      ],
    });
    // EventBridge may invoke it (the function's resource policy), from that rule only.
    const permissions = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::Permission' &&
        r.Properties.Principal === 'events.amazonaws.com' &&
        JSON.stringify(r.Properties.FunctionName).includes(targetId!),
    );
    expect(permissions).toEqual([
      expect.objectContaining({
        Properties: expect.objectContaining({
          FunctionName: { 'Fn::GetAtt': [targetId, 'Arn'] },
          SourceArn: expect.anything(),
        }),
      }),
    ]);
  });

  it('the Lambda has the table, the gateway URL and secret, a time limit of 300 s, and no origin secret', () => {
    const fn = resources[idOf('AWS::Lambda::Function', 'Scheduled jobs: payments')!]!.Properties;
    const env = (fn.Environment as { Variables: Record<string, unknown> }).Variables;
    const [secretId] = Object.keys(t.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('PaymentGatewaySecret'),
    );
    expect(env).toMatchObject({
      TABLE_NAME: expect.anything(),
      PAYMENT_GATEWAY_URL: 'https://uat.windcave.com',
      PAYMENT_GATEWAY_SECRET_ARN: { Ref: secretId },
    });
    expect(env.ORIGIN_VERIFY_SECRET_ARN).toBeUndefined();
    expect(fn.Timeout).toBe(300);
  });

  it("only payments' Lambdas (its HTTP Lambdas and its scheduled target) read the gateway secret", () => {
    const [secretId] = Object.keys(t.findResources('AWS::SecretsManager::Secret')).filter((id) =>
      id.startsWith('PaymentGatewaySecret'),
    );
    const payments = [...new Set(routes.filter((r) => r.feature === 'payments').map(lambdaId))];
    const expected = [
      ...payments.map((id) =>
        Object.keys(resources).find(
          (k) => k.startsWith(`Fn${id.replace(/-/g, '')}`) && resources[k]!.Type === 'AWS::Lambda::Function',
        )!,
      ),
      idOf('AWS::Lambda::Function', 'Scheduled jobs: payments')!,
    ];
    expect(readersOf(secretId!).sort()).toEqual(expected.sort());
  });

  it("the scheduler role may invoke it too: payments schedules the payment requests' reminders and expiry", () => {
    const targetId = idOf('AWS::Lambda::Function', 'Scheduled jobs: payments')!;
    // The scheduler role's policy (the webhooks Lambda's invoke of the delivery function is its own).
    const invoke = Object.values(resources).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(r).includes('lambda:InvokeFunction') &&
        JSON.stringify(r).includes('SchedulerRole'),
    );
    expect(invoke).toHaveLength(1);
    expect(JSON.stringify(invoke[0])).toContain(targetId);
  });
});

describe("notifications' digest: a recurring rule", () => {
  it('an EventBridge rule at rate(15 minutes) invokes the notifications scheduled-target Lambda, which may mail', () => {
    const targetId = idOf('AWS::Lambda::Function', 'Scheduled jobs: notifications');
    expect(targetId).toBeDefined();
    const rules = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r).includes('notifications/scheduled'),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [
        {
          Arn: { 'Fn::GetAtt': [targetId, 'Arn'] },
          Input: JSON.stringify({ target: 'notifications/scheduled', job: 'digest' }),
        },
      ],
    });
    // 300 s: a morning's daily digests in one run or a few (the job leaves 30 s unused).
    expect(resources[targetId!]!.Properties.Timeout).toBe(300);
    // With a sender configured, its role may send mail (the digest).
    const withMail = template(
      sharedTestApp({ config: { mailFrom: 'no-reply@portal.example.nz' } }).stacks.api,
    ).toJSON().Resources as Record<string, Resource>;
    const mailTarget = Object.entries(withMail).find(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' && r.Properties.Description === 'Scheduled jobs: notifications',
    )![1];
    const role = (mailTarget.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const mail = Object.values(withMail).filter(
      (r) =>
        r.Type === 'AWS::IAM::Policy' &&
        (r.Properties.Roles as { Ref: string }[]).some((x) => x.Ref === role) &&
        JSON.stringify(r).includes('ses:SendEmail'),
    );
    expect(mail).toHaveLength(1);
  });

  it("the daily digest at 7 am New Zealand time is the job's rule, not the schedule's: a rate with no cron and no zone, every 15 minutes", () => {
    const [rule] = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r).includes('notifications/scheduled'),
    );
    // A rate fires every 15 minutes whatever the zone: 7 am NZST (19:00 UTC) and NZDT (18:00 UTC)
    // each get a run within 15 minutes, and a failed run is made good by the next (the job reads
    // back 48 hours, once per recipient and period).
    expect(rule!.Properties.ScheduleExpression).toBe('rate(15 minutes)');
    expect(rule!.Properties).not.toHaveProperty('ScheduleExpressionTimezone');
    expect(rule!.Properties.Description).toBe(
      'Notifications: one email per recipient for each hourly digest that ended and each daily digest at 7 am New Zealand time',
    );
    // No EventBridge Scheduler schedule of its own (those are the features' one-off jobs).
    const schedules = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Scheduler::Schedule' && JSON.stringify(r).includes('notifications/scheduled'),
    );
    expect(schedules).toEqual([]);
  });
});
