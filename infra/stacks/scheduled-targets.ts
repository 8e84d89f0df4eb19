import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, type Stack } from 'aws-cdk-lib';
import { Policy, PolicyStatement, Role, type IRole } from 'aws-cdk-lib/aws-iam';
import type { EnvName } from '../../functions/platform/config.js';
import type { Feature } from '../../functions/routes.js';
import { PortalFunction, repoRoot } from '../constructs/portal-function.js';
import { featureCapabilities, grantFeature, type Capability, type GrantProps } from './api-grants.js';

/**
 * Schedule targets (docs/architecture.md): a feature that schedules one-off jobs (capability
 * 'scheduler') has `functions/<feature>/scheduled.ts` exporting `handler(payload)`; its jobs carry
 * `target: '<feature>/scheduled'`. On AWS each such feature gets one Lambda EventBridge Scheduler
 * invokes with the job's payload; locally infra/local/scheduler.ts loads the module the target names.
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

/** Features that schedule jobs and have their scheduled module (a feature may get it later). */
export function scheduledFeatures(features: readonly Feature[]): Feature[] {
  return features.filter(
    (f) => featureCapabilities[f].includes('scheduler') && existsSync(path.join(repoRoot, scheduledEntry(f))),
  );
}

/** What a scheduled job may touch: its feature's table writes, mail and uploads, nothing else. */
const targetCapabilities: readonly Capability[] = ['tableWrite', 'mail', 'uploads'];
/** Capabilities of those a feature's jobs do not use (organisations: uploads serve its profile image only). */
const notForTargets: Partial<Record<Feature, readonly Capability[]>> = { organisations: ['uploads'] };

/**
 * One scheduled-target Lambda per feature, and the scheduler role's right to invoke exactly those:
 * a policy here attached to the role imported by ARN (the role lives in the Workflows stack; a
 * grant on the role itself would make Workflows reference this stack: a cycle).
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
    const fn = new PortalFunction(stack, `Scheduled-${feature}`, {
      entry: scheduledEntry(feature),
      functionName: scheduledFunctionName(props.config.stage, feature),
      serviceName: `consent-portal-${feature}-scheduled`,
      description: `Scheduled jobs: ${feature}`,
      timeout: Duration.seconds(30),
      environment: props.environment,
    });
    const caps = featureCapabilities[feature].filter(
      (c) => targetCapabilities.includes(c) && !notForTargets[feature]?.includes(c),
    );
    grantFeature(stack, fn, feature, caps, props);
    targets[feature] = fn;
  }
  const arns = Object.values(targets).map((fn) => fn.functionArn);
  if (arns.length) {
    const role = Role.fromRoleArn(stack, 'SchedulerRoleRef', props.schedulerRole.roleArn, { mutable: true });
    new Policy(stack, 'SchedulerInvokeTargets', {
      roles: [role],
      statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: arns })],
    });
  }
  return targets;
}
