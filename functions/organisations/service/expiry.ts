import { retryOnConflict } from '../../platform/data/retry.js';
import type { ScheduledJob } from '../../platform/adapters/scheduler.js';
import type { OrganisationScheduledJob } from '../../../shared/schemas/organisations.js';
import type { OrganisationPorts } from '../ports.js';

type ExpiryKind = OrganisationScheduledJob['job'];

/**
 * The one-off job that expires an invitation (or merge invitation) at its expiry date. Its name is
 * derived from the invitation and its sent date, so a resend's job is distinct from the first one
 * (EventBridge Scheduler names are 1–64 of [0-9a-zA-Z-_.]).
 */
export function expiryJob(
  job: ExpiryKind,
  invitation: { invitationId: string; sentDate: string; expiryDate: string },
): ScheduledJob {
  const name = `${job === 'invitationExpiry' ? 'oi' : 'mi'}-${invitation.invitationId}-${invitation.sentDate.replace(/\D/g, '')}`;
  if (name.length > 64 || !/^[0-9a-zA-Z_.-]+$/.test(name)) throw new Error(`Invalid schedule name ${name}`);
  const payload: OrganisationScheduledJob = {
    target: 'organisations/scheduled',
    job,
    invitationId: invitation.invitationId,
  };
  return { name, at: new Date(invitation.expiryDate), payload };
}

export type ExpiryOutcome = 'Expired' | 'Unchanged';

/**
 * Expiry jobs (docs/organisations.md): a still-Pending invitation past its expiry date becomes
 * Expired in storage with its event, and its pending-invitation guard is released. A job that
 * fires early, late or twice changes nothing wrong: every write is conditional, and readers derive
 * Expired from the date anyway.
 */
export function expiryRules(ports: OrganisationPorts) {
  const due = (i: { status: string; expiryDate: string } | undefined, now: string) =>
    i?.status === 'Pending' && i.expiryDate <= now;

  async function expireInvitation(invitationId: string): Promise<ExpiryOutcome> {
    return retryOnConflict(3, 'The invitation changed meanwhile', async () => {
      const now = ports.now().toISOString();
      const inv = await ports.getInvitation(invitationId);
      if (!inv || !due(inv, now)) return 'Unchanged';
      const guarded = await ports.pendingInvitationIdOf(inv.organisationId, inv.email);
      return (await ports.expireInvitation(inv, guarded === invitationId, now)) ? 'Expired' : undefined;
    });
  }

  async function expireMergeInvitation(invitationId: string): Promise<ExpiryOutcome> {
    return retryOnConflict(3, 'The merge invitation changed meanwhile', async () => {
      const now = ports.now().toISOString();
      const inv = await ports.getMergeInvitation(invitationId);
      if (!inv || !due(inv, now)) return 'Unchanged';
      return (await ports.expireMergeInvitation(inv, now)) ? 'Expired' : undefined;
    });
  }

  /** Runs a scheduled job of the organisations. */
  async function runJob(job: OrganisationScheduledJob): Promise<ExpiryOutcome> {
    return job.job === 'invitationExpiry'
      ? expireInvitation(job.invitationId)
      : expireMergeInvitation(job.invitationId);
  }

  return { expireInvitation, expireMergeInvitation, runJob };
}

/** What scheduling the expiry jobs needs: the invitations as stored, and the scheduler. */
export interface ExpirySchedulePorts {
  invitation(id: string): Promise<ScheduledInvitation | undefined>;
  mergeInvitation(id: string): Promise<ScheduledInvitation | undefined>;
  schedule(job: ScheduledJob): Promise<void>;
  cancel(name: string): Promise<void>;
  now(): Date;
}
interface ScheduledInvitation {
  invitationId: string;
  status: string;
  sentDate: string;
  expiryDate: string;
}

/** CreateSchedule of a name that exists: this job was scheduled already (a retried event). */
const alreadyScheduled = (e: unknown) => (e as { name?: string } | undefined)?.name === 'ConflictException';

/**
 * The expiry schedules, kept by the event consumers (functions/organisations/consumers.ts) so the
 * request that sends an invitation stays one transaction: a sent (or resent) invitation still
 * Pending gets its job at its expiry date (a resend cancels the job of the sent date it replaces);
 * a closed one (revoked, accepted, rejected, merged) has its job cancelled. Retried events are
 * harmless: the name of a job is fixed by the invitation and sent date.
 */
export function expirySchedules(ports: ExpirySchedulePorts) {
  const read = (job: ExpiryKind, id: string) =>
    job === 'invitationExpiry' ? ports.invitation(id) : ports.mergeInvitation(id);

  async function sent(
    job: ExpiryKind,
    invitationId: string,
    replacesSentDate?: string,
  ): Promise<'Scheduled' | 'Skipped'> {
    const inv = await read(job, invitationId);
    if (!inv) return 'Skipped';
    if (replacesSentDate && replacesSentDate !== inv.sentDate)
      await ports.cancel(expiryJob(job, { ...inv, sentDate: replacesSentDate }).name);
    if (inv.status !== 'Pending') return 'Skipped';
    const scheduled = expiryJob(job, inv);
    // A job due already (an event delivered late) runs a minute from now: Scheduler wants a future time.
    const soonest = new Date(ports.now().getTime() + 60_000);
    if (scheduled.at < soonest) scheduled.at = soonest;
    try {
      await ports.schedule(scheduled);
    } catch (e) {
      if (!alreadyScheduled(e)) throw e;
    }
    return 'Scheduled';
  }

  async function closed(job: ExpiryKind, invitationId: string): Promise<void> {
    const inv = await read(job, invitationId);
    if (inv) await ports.cancel(expiryJob(job, inv).name);
  }

  return { sent, closed };
}
