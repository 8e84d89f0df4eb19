import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, type Stack } from 'aws-cdk-lib';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Policy, PolicyStatement, Role, type IRole } from 'aws-cdk-lib/aws-iam';
import type { EnvName } from '../../functions/platform/config.js';
import { recurringJobs } from '../../functions/platform/recurring-jobs.js';
import type { Feature } from '../../functions/routes.js';
import { PortalFunction, repoRoot } from '../constructs/portal-function.js';
import { featureCapabilities, grantFeature, scheduledCapabilities, type GrantProps } from './api-grants.js';

/**
 * Schedule targets (docs/architecture.md): a feature that schedules one-off jobs (capability
 * 'scheduler') or has a recurring job (functions/platform/recurring-jobs.ts) has
 * `functions/<feature>/scheduled.ts` exporting `handler(payload)`; its jobs carry
 * `target: '<feature>/scheduled'`. On AWS each such feature gets one Lambda that EventBridge Scheduler
 * (one-off jobs) and EventBridge rules at a rate (recurring jobs, constant input) invoke with the
 * job's payload; locally infra/local/scheduler.ts loads the module the target names.
 */

/** The entry of a feature's scheduled-target Lambda. */
export const scheduledEntry = (feature: Feature) => `functions/${feature}/scheduled.ts`;

/**
 * The fixed name of a feature's scheduled-target Lambda: the event consumers (Workflows stack, which
 * the Api stack depends on) schedule jobs too and name the target by it, without a reference.
 */
export const scheduledFunctionName = (stage: string, feature: string) =>
  `consent-portal-${stage}-${feature}-scheduled`;

/** Its ARN with `{feature}` left open (SCHEDULER_TARGET_ARN_TEMPLATE). */
export const scheduledArnTemplate = (stack: Stack, stage: string) =>
  `arn:${stack.partition}:lambda:${stack.region}:${stack.account}:function:${scheduledFunctionName(stage, '{feature}')}`;

const schedules = (f: Feature) => featureCapabilities[f].includes('scheduler');
const recurs = (f: Feature) => recurringJobs.some((j) => j.feature === f);

/**
 * Features that schedule jobs or have a recurring one, and have their scheduled module (a feature
 * that schedules may get it later; a recurring job without it fails the synth).
 */
export function scheduledFeatures(features: readonly Feature[]): Feature[] {
  return features.filter((f) => {
    const has = existsSync(path.join(repoRoot, scheduledEntry(f)));
    if (recurs(f) && !has) throw new Error(`A recurring job of ${f} without ${scheduledEntry(f)}`);
    return (schedules(f) || recurs(f)) && has;
  });
}

/**
 * A run's time limit. Payments' catch-up asks the gateway about the stale sessions one after another
 * (up to 500: functions/payments/scheduled.ts), each call up to the adapter's 15 s: a run cut short
 * leaves the rest Pending for the next run (settling is idempotent). The notifications' digest job
 * mails a morning's daily digests (thousands of recipients, eight at a time) and stops starting
 * recipients 30 s before its limit, leaving the rest for the next run (docs/notifications.md
 * "Digest"). 300 s: shorter than the 15-minute rate, so runs do not overlap.
 */
export const scheduledTimeoutSeconds: Partial<Record<Feature, number>> = {
  payments: 300,
  notifications: 300,
};
const timeoutSeconds = (feature: Feature) => scheduledTimeoutSeconds[feature] ?? 30;

/**
 * One scheduled-target Lambda per feature; the scheduler role's right to invoke exactly those of the
 * features that schedule: a policy here attached to the role imported by ARN (the role lives in the
 * Workflows stack; a grant on the role itself would make Workflows reference this stack: a cycle);
 * and one EventBridge rule per recurring job, at its rate, with the job's payload as constant input.
 */
export function addScheduledTargets(
  stack: Stack,
  features: readonly Feature[],
  props: Omit<GrantProps, 'originSecret'> & {
    schedulerRole: IRole;
    environment: Partial<Record<EnvName, string>>;
  },
): Partial<Record<Feature, PortalFunction>> {
  const targets: Partial<Record<Feature, PortalFunction>> = {};
  for (const feature of scheduledFeatures(features)) {
    // What its jobs use (api-grants.ts scheduledCapabilities), never its HTTP Lambdas' rights.
    const caps = scheduledCapabilities[feature];
    if (!caps) throw new Error(`No capabilities declared for the scheduled target of ${feature}`);
    const gateway = caps.includes('paymentGateway') ? props.paymentGatewaySecret : undefined;
    const fn = new PortalFunction(stack, `Scheduled-${feature}`, {
      entry: scheduledEntry(feature),
      functionName: scheduledFunctionName(props.config.stage, feature),
      serviceName: `consent-portal-${feature}-scheduled`,
      description: `Scheduled jobs: ${feature}`,
      timeout: Duration.seconds(timeoutSeconds(feature)),
      environment: {
        ...props.environment,
        ...(gateway
          ? {
              PAYMENT_GATEWAY_URL: props.config.paymentGatewayUrl,
              PAYMENT_GATEWAY_SECRET_ARN: gateway.secretArn,
            }
          : {}),
      },
    });
    grantFeature(stack, fn, feature, caps, props);
    targets[feature] = fn;
  }
  for (const job of recurringJobs) {
    const fn = targets[job.feature];
    if (!fn) continue; // the feature is not in this app (a test's route table)
    new Rule(stack, `Recurring-${job.name}`, {
      description: job.description,
      schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
      targets: [new LambdaFunction(fn, { event: RuleTargetInput.fromObject(job.payload) })],
    });
  }
  const arns = Object.entries(targets)
    .filter(([feature]) => schedules(feature as Feature))
    .map(([, fn]) => fn.functionArn);
  if (arns.length) {
    const role = Role.fromRoleArn(stack, 'SchedulerRoleRef', props.schedulerRole.roleArn, { mutable: true });
    new Policy(stack, 'SchedulerInvokeTargets', {
      roles: [role],
      statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: arns })],
    });
  }
  return targets;
}
