import { describe, expect, it } from 'vitest';
import { organisationsService } from '../../../../functions/organisations/service/index.js';
import {
  organisationMessages as msg,
  INVITATION_VALIDITY_DAYS,
} from '../../../../shared/domain/organisations.js';
import { messages } from '../../../../shared/domain/validation.js';
import { as, T0, world } from './world.js';

const invite = (email = 'new@example.nz') => ({
  email,
  firstName: 'Nia',
  lastName: 'Ngata',
  captchaToken: 'ok',
});

function setup() {
  const w = world();
  w.organisation('o', [
    ['ann', 'Admin'],
    ['bob', 'Normal'],
  ]);
  return { w, s: organisationsService(w.ports) };
}

describe('organisation invitations (docs/organisations.md)', () => {
  it('an invitation is Pending, sent now and expires after the validity period', async () => {
    const { w, s } = setup();
    const inv = await s.invite(as('o', 'ann'), invite());
    expect(inv).toMatchObject({
      status: 'Pending',
      email: 'new@example.nz',
      organisationName: 'Org o',
      sentDate: T0.toISOString(),
    });
    expect(Date.parse(inv.expiryDate) - T0.getTime()).toBe(INVITATION_VALIDITY_DAYS * 24 * 3600 * 1000);
    expect((await s.sentInvitations(as('o', 'ann'))).invitations.map((i) => i.id)).toEqual([inv.id]);
    w.advance(INVITATION_VALIDITY_DAYS);
    // Derived on read: no schedule has run, the reader sees Expired.
    expect((await s.sentInvitations(as('o', 'ann'))).invitations[0]!.status).toBe('Expired');
  });

  it('one pending invitation per email per organisation; after a revoke or an expiry a new one may be sent', async () => {
    const { w, s } = setup();
    const first = await s.invite(as('o', 'ann'), invite());
    await expect(s.invite(as('o', 'ann'), invite())).rejects.toThrow(msg.alreadyInvited);
    await s.revokeInvitation(as('o', 'ann'), first.id);
    const second = await s.invite(as('o', 'ann'), invite());
    w.advance(INVITATION_VALIDITY_DAYS + 1);
    const third = await s.invite(as('o', 'ann'), invite());
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(w.invitations.size).toBe(3);
  });

  it('two concurrent invitations of one email: one is sent, the other refused', async () => {
    const { w, s } = setup();
    const results = await Promise.allSettled([
      s.invite(as('o', 'ann'), invite()),
      s.invite(as('o', 'ann'), invite()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(w.invitations.size).toBe(1);
  });

  it('a member is not invited again; a failed captcha sends nothing', async () => {
    const { w, s } = setup();
    await expect(s.invite(as('o', 'ann'), invite('bob@example.nz'))).rejects.toThrow(msg.alreadyMember);
    w.failCaptcha();
    await expect(s.invite(as('o', 'ann'), invite())).rejects.toMatchObject({
      details: [{ field: 'body.captchaToken', reason: messages.captcha }],
    });
    expect(w.invitations.size).toBe(0);
  });

  it('revoke and resend only a pending invitation of the organisation; resend starts the expiry again', async () => {
    const { w, s } = setup();
    w.organisation('p', [['pat', 'Admin']]);
    const inv = await s.invite(as('o', 'ann'), invite());
    await expect(s.revokeInvitation(as('p', 'pat'), inv.id)).rejects.toMatchObject({
      description: msg.invitationNotFound,
    });
    w.advance(3);
    await s.resendInvitation(as('o', 'ann'), inv.id);
    expect(w.invitations.get(inv.id)!.sentDate).toBe(new Date(T0.getTime() + 3 * 86400000).toISOString());
    expect(w.invitations.get(inv.id)!.expiryDate > inv.expiryDate).toBe(true);
    expect((await s.revokeInvitation(as('o', 'ann'), inv.id)).status).toBe('Revoked');
    await expect(s.revokeInvitation(as('o', 'ann'), inv.id)).rejects.toThrow(msg.invitationNotPending);
    await expect(s.resendInvitation(as('o', 'ann'), inv.id)).rejects.toThrow(msg.invitationNotPending);
  });

  it('an existing user sees the invitation and accepts it: they join as an active Normal member', async () => {
    const { w, s } = setup();
    w.organisation('q', [['quinn', 'Admin']]); // a sole member leaves their own organisation
    const inv = await s.invite(as('o', 'ann'), invite('quinn@example.nz'));
    expect((await s.receivedInvitations('quinn')).invitations.map((i) => i.id)).toEqual([inv.id]);
    expect((await s.respondInvitation('quinn', inv.id, 'Accepted')).status).toBe('Accepted');
    expect(w.member('o', 'quinn')).toMatchObject({ role: 'Normal', status: 'Active' });
    expect(w.member('q', 'quinn')).toBeUndefined();
    expect(w.users.get('quinn')).toMatchObject({ organisationId: 'o', organisationRole: 'Normal' });
    await expect(s.respondInvitation('quinn', inv.id, 'Accepted')).rejects.toThrow(msg.invitationNotPending);
  });

  it("the last active admin of an organisation with other members cannot leave it by accepting; another's invitation is not found", async () => {
    const { w, s } = setup();
    w.organisation('q', [
      ['quinn', 'Admin'],
      ['quill', 'Normal'],
    ]);
    const inv = await s.invite(as('o', 'ann'), invite('quinn@example.nz'));
    await expect(s.respondInvitation('quill', inv.id, 'Accepted')).rejects.toMatchObject({
      description: msg.invitationNotFound,
    });
    await expect(s.respondInvitation('quinn', inv.id, 'Accepted')).rejects.toThrow(msg.lastAdmin);
    expect(w.member('q', 'quinn')).toBeDefined();
    expect((await s.respondInvitation('quinn', inv.id, 'Rejected')).status).toBe('Rejected');
  });

  it('an expired invitation cannot be accepted', async () => {
    const { w, s } = setup();
    w.user('eve', 'eve@example.nz');
    const inv = await s.invite(as('o', 'ann'), invite('eve@example.nz'));
    w.advance(INVITATION_VALIDITY_DAYS);
    await expect(s.respondInvitation('eve', inv.id, 'Accepted')).rejects.toThrow(msg.invitationNotPending);
    expect(w.member('o', 'eve')).toBeUndefined();
  });
});
