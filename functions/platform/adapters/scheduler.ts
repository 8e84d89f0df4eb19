import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-scheduler';
import { requireEnv } from '../config.js';
import { schedulerClient } from './aws/scheduler.js';

/** A one-off job: at `at`, the scheduler target Lambda receives `payload`. */
export interface ScheduledJob {
  /** Unique per job (1–64 of [0-9a-zA-Z-_.]); scheduling the same name twice is an error. */
  name: string;
  at: Date;
  payload: Record<string, unknown>;
}

export interface SchedulerPort {
  schedule(job: ScheduledJob): Promise<void>;
  /** Cancels a job; cancelling an unknown (or already run) job is not an error. */
  cancel(name: string): Promise<void>;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC, as EventBridge Scheduler wants it (no milliseconds, no zone). */
export function atExpression(at: Date): string {
  return `at(${at.toISOString().slice(0, 19)})`;
}

/** The feature of a job's `payload.target` ('<feature>/scheduled'), if it names one. */
export function jobFeature(payload: Record<string, unknown>): string | undefined {
  const target = payload.target;
  if (typeof target !== 'string') return undefined;
  return /^([a-z0-9][a-z0-9-]*)\/scheduled$/.exec(target)?.[1];
}

/**
 * The Lambda a job invokes: its feature's scheduled-target Lambda. A function that schedules for
 * one feature has SCHEDULER_TARGET_ARN; one that schedules for several (the event consumers) has
 * SCHEDULER_TARGET_ARN_TEMPLATE, whose `{feature}` is the job's feature.
 */
export function targetArn(payload: Record<string, unknown>): string {
  const template = process.env.SCHEDULER_TARGET_ARN_TEMPLATE;
  const feature = jobFeature(payload);
  if (template && feature) return template.replace('{feature}', feature);
  return requireEnv('SCHEDULER_TARGET_ARN');
}

/** EventBridge Scheduler: one-time schedules deleted after they run. */
export function eventBridgeScheduler(): SchedulerPort {
  return {
    async schedule({ name, at, payload }) {
      await schedulerClient().send(
        new CreateScheduleCommand({
          Name: name,
          GroupName: requireEnv('SCHEDULER_GROUP'),
          ScheduleExpression: atExpression(at),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: targetArn(payload),
            RoleArn: requireEnv('SCHEDULER_ROLE_ARN'),
            Input: JSON.stringify(payload),
          },
        }),
      );
    },
    async cancel(name) {
      try {
        await schedulerClient().send(
          new DeleteScheduleCommand({ Name: name, GroupName: requireEnv('SCHEDULER_GROUP') }),
        );
      } catch (e) {
        if (e instanceof ResourceNotFoundException) return;
        throw e;
      }
    },
  };
}

let implementation: SchedulerPort | undefined;

/** The scheduler in use: EventBridge Scheduler unless the local stack set its own. */
export function scheduler(): SchedulerPort {
  implementation ??= eventBridgeScheduler();
  return implementation;
}

/** The local stack (or a test) replaces the implementation; `undefined` restores EventBridge. */
export function setSchedulerImplementation(impl: SchedulerPort | undefined): void {
  implementation = impl;
}

export const schedule = (job: ScheduledJob) => scheduler().schedule(job);
export const cancel = (name: string) => scheduler().cancel(name);
