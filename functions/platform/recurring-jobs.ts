import type { Feature } from '../routes.js';

/**
 * Recurring jobs (docs/architecture.md "Scheduled jobs"): the one declaration both deployments read.
 * On AWS each is an EventBridge rule at `rate(everyMinutes)` invoking the feature's scheduled-target
 * Lambda (infra/stacks/scheduled-targets.ts) with `payload` as its constant input; locally
 * infra/local/index.ts registers each with the local scheduler's `every` at start, the interval
 * shortened by the env variable `localIntervalEnv` (milliseconds) when it is set.
 *
 * Pure data: the CDK app imports it at synth time.
 */
export interface RecurringJob {
  /** Unique; the rule's id on AWS, the timer's name locally. */
  name: string;
  /** Whose scheduled module runs it (`functions/<feature>/scheduled.ts`). */
  feature: Feature;
  everyMinutes: number;
  payload: { target: `${Feature}/scheduled`; job: string };
  /** The env variable that shortens the interval locally (milliseconds), e.g. for tests. */
  localIntervalEnv: string;
  description: string;
}

export const recurringJobs: readonly RecurringJob[] = [
  {
    name: 'payments-catch-up',
    feature: 'payments',
    everyMinutes: 5,
    payload: { target: 'payments/scheduled', job: 'catch-up' },
    localIntervalEnv: 'PAYMENT_CATCH_UP_MS',
    description: 'Payments: settle the card sessions whose gateway notification never came',
  },
  {
    name: 'notifications-digest',
    feature: 'notifications',
    everyMinutes: 15,
    payload: { target: 'notifications/scheduled', job: 'digest' },
    localIntervalEnv: 'NOTIFICATION_DIGEST_MS',
    // A rate, not a cron in a zone: the job decides by New Zealand time (digestDue: a daily digest is
    // due at 7 am Pacific/Auckland), so a failed or missed run is made good by the next one, the clock
    // changes are the tz database's, and the local scheduler runs the same rule (docs/notifications.md).
    description:
      'Notifications: one email per recipient for each hourly digest that ended and each daily digest at 7 am New Zealand time',
  },
];

/** The local interval of a job: its env override when it is a positive number, else its rate. */
export function localIntervalMs(job: RecurringJob, env: Record<string, string | undefined> = process.env) {
  const override = Number(env[job.localIntervalEnv]);
  return Number.isFinite(override) && override > 0 ? override : job.everyMinutes * 60_000;
}
