import { describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../../../functions/platform/adapters/scheduler.js';
import { organisationsService } from '../../../../functions/organisations/service/index.js';
import {
  expiryJob,
  expiryRules,
  expirySchedules,
} from '../../../../functions/organisations/service/expiry.js';
import { handler } from '../../../../functions/organisations/scheduled.js';
import {
  INVITATION_VALIDITY_DAYS,
  MERGE_INVITATION_VALIDITY_DAYS,
  organisationMessages as msg,
} from '../../../../shared/domain/organisations.js';
import { as, T0, world } from './world.js';

const invite = (email = 'new@example.nz') => ({
  email,
  firstName: 'Nia',
  lastName: 'Ngata',
  captchaToken: 'ok',
});

function setup() {
  const w = world();
  w.organisation('o', [['ann', 'Admin']]);
  w.organisation('b', [['ben', 'Admin']]);
  const jobs = new Map<string, ScheduledJob>();
  const schedulePorts = {
    invitation: async (id: string) => w.invitations.get(id),
    mergeInvitation: async (id: string) => w.merges.get(id),
    schedule: async (job: ScheduledJob) => {
      if (jobs.has(job.name)) throw Object.assign(new Error('exists'), { name: 'ConflictException' });
      jobs.set(job.name, job);
    },
    cancel: async (name: string) => void jobs.delete(name),
    now: w.ports.now,
  };
  return {
    w,
    s: organisationsService(w.ports),
    expiry: expiryRules(w.ports),
    schedules: expirySchedules(schedulePorts),
    jobs,
  };
}

describe('invitation expiry jobs (docs/organisations.md)', () => {
  it('names a job by invitation and sent date (a resend gets another), within 64 characters, at the expiry date', () => {
    const inv = {
      invitationId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      sentDate: '2026-03-02T00:00:00.000Z',
      expiryDate: '2026-03-09T00:00:00.000Z',
    };
    const job = expiryJob('invitationExpiry', inv);
    expect(job).toEqual({
      name: 'oi-0f8fad5b-d9cb-469f-a165-70867728950e-20260302000000000',
      at: new Date('2026-03-09T00:00:00.000Z'),
      payload: { target: 'organisations/scheduled', job: 'invitationExpiry', invitationId: inv.invitationId },
    });
    expect(job.name.length).toBeLessThanOrEqual(64);
    expect(expiryJob('invitationExpiry', { ...inv, sentDate: '2026-03-05T00:00:00.000Z' }).name).not.toBe(
      job.name,
    );
    expect(expiryJob('mergeInvitationExpiry', inv).name).toMatch(/^mi-/);
  });

  it('the job flips a still-Pending invitation past its expiry to Expired and releases the one-pending guard; early or twice changes nothing', async () => {
    const { w, s, expiry } = setup();
    const inv = await s.invite(as('o', 'ann'), invite());
    // Early: nothing changes.
    expect(await expiry.expireInvitation(inv.id)).toBe('Unchanged');
    expect(w.invitations.get(inv.id)!.status).toBe('Pending');
    w.advance(INVITATION_VALIDITY_DAYS);
    expect(await expiry.expireInvitation(inv.id)).toBe('Expired');
    expect(w.invitations.get(inv.id)!.status).toBe('Expired');
    expect(w.guards.size).toBe(0);
    // Twice: nothing more.
    expect(await expiry.expireInvitation(inv.id)).toBe('Unchanged');
    // A new invitation of the email is allowed, and the old one still reads Expired.
    const again = await s.invite(as('o', 'ann'), invite());
    expect(again.status).toBe('Pending');
    const read = (await s.sentInvitations(as('o', 'ann'))).invitations;
    expect(read.find((i) => i.id === inv.id)!.status).toBe('Expired');
  });

  it('a late job leaves an invitation that was revoked or resent meanwhile as it is', async () => {
    const { w, s, expiry } = setup();
    const revoked = await s.invite(as('o', 'ann'), invite('r@example.nz'));
    await s.revokeInvitation(as('o', 'ann'), revoked.id);
    const resent = await s.invite(as('o', 'ann'), invite('s@example.nz'));
    w.advance(INVITATION_VALIDITY_DAYS - 1);
    await s.resendInvitation(as('o', 'ann'), resent.id);
    w.advance(1); // the first sending's expiry: its job fires now
    expect(await expiry.expireInvitation(revoked.id)).toBe('Unchanged');
    expect(await expiry.expireInvitation(resent.id)).toBe('Unchanged');
    expect(w.invitations.get(revoked.id)!.status).toBe('Revoked');
    expect(w.invitations.get(resent.id)!.status).toBe('Pending');
  });

  it('an expired invitation whose guard a newer invitation holds is expired without touching that guard', async () => {
    const { w, s, expiry } = setup();
    const old = await s.invite(as('o', 'ann'), invite());
    w.advance(INVITATION_VALIDITY_DAYS + 1);
    const fresh = await s.invite(as('o', 'ann'), invite()); // derived Expired lets it take the guard
    expect(await expiry.expireInvitation(old.id)).toBe('Expired');
    expect([...w.guards.values()]).toEqual([fresh.id]);
    await expect(s.invite(as('o', 'ann'), invite())).rejects.toThrow(msg.alreadyInvited);
  });

  it('expires a merge invitation past its expiry, once', async () => {
    const { w, s, expiry } = setup();
    const inv = await s.inviteMerge(as('o', 'ann'), {
      inviteeOrganisationId: 'b',
      inviteeAdminEmail: 'ben@example.nz',
    });
    expect(await expiry.expireMergeInvitation(inv.id)).toBe('Unchanged');
    w.advance(MERGE_INVITATION_VALIDITY_DAYS);
    expect(
      await expiry.runJob({
        target: 'organisations/scheduled',
        job: 'mergeInvitationExpiry',
        invitationId: inv.id,
      }),
    ).toBe('Expired');
    expect(w.merges.get(inv.id)!.status).toBe('Expired');
    expect(await expiry.expireMergeInvitation(inv.id)).toBe('Unchanged');
  });

  it('schedules on sent (once, however often the event comes), moves the job on resend, cancels on close', async () => {
    const { w, s, schedules, jobs } = setup();
    const inv = await s.invite(as('o', 'ann'), invite());
    expect(await schedules.sent('invitationExpiry', inv.id)).toBe('Scheduled');
    expect(await schedules.sent('invitationExpiry', inv.id)).toBe('Scheduled'); // a retried event
    expect([...jobs.values()]).toEqual([expiryJob('invitationExpiry', w.invitations.get(inv.id)!)]);
    const first = [...jobs.keys()][0]!;
    w.advance(2);
    await s.resendInvitation(as('o', 'ann'), inv.id);
    await schedules.sent('invitationExpiry', inv.id, T0.toISOString());
    expect(jobs.has(first)).toBe(false);
    expect([...jobs.values()].map((j) => j.at.toISOString())).toEqual([
      w.invitations.get(inv.id)!.expiryDate,
    ]);
    await s.revokeInvitation(as('o', 'ann'), inv.id);
    await schedules.closed('invitationExpiry', inv.id);
    expect(jobs.size).toBe(0);
    // Sent, but closed before its event was handled: no job.
    const gone = await s.invite(as('o', 'ann'), invite('g@example.nz'));
    await s.revokeInvitation(as('o', 'ann'), gone.id);
    expect(await schedules.sent('invitationExpiry', gone.id)).toBe('Skipped');
    expect(jobs.size).toBe(0);
  });
});

describe('functions/organisations/scheduled.ts', () => {
  it('drops a payload that is not a job of the feature, changing nothing', async () => {
    expect(await handler({ target: 'organisations/scheduled', job: 'other', invitationId: 'x' })).toEqual({
      outcome: 'Invalid',
    });
  });
});
