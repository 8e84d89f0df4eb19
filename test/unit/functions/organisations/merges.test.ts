import { describe, expect, it } from 'vitest';
import { organisationsService } from '../../../../functions/organisations/service/index.js';
import {
  MERGE_INVITATION_VALIDITY_DAYS,
  organisationMessages as msg,
} from '../../../../shared/domain/organisations.js';
import { as, world } from './world.js';

function setup() {
  const w = world();
  w.organisation('a', [['ann', 'Admin']]);
  w.organisation('b', [
    ['ben', 'Admin'],
    ['bea', 'Normal', 'Disabled'],
  ]);
  w.contacts.set('c1', 'b');
  w.contacts.set('c2', 'b');
  const s = organisationsService(w.ports);
  return { w, s };
}

describe('organisation merges (portal-organisation §3 Merge invitation, §4)', () => {
  it("invites by the other admin's email; the invitee's admin sees it; accepting moves every member and contact", async () => {
    const { w, s } = setup();
    const found = await s.lookup(as('a', 'ann'), 'ben@example.nz');
    const inv = await s.inviteMerge(as('a', 'ann'), {
      inviteeOrganisationId: found.id,
      inviteeAdminEmail: 'ben@example.nz',
    });
    expect(inv).toMatchObject({
      status: 'Pending',
      organisationName: 'Org a',
      inviteeOrganisationName: 'Org b',
      inviteeFirstName: 'ben',
    });
    expect((await s.receivedMergeInvitations(as('b', 'ben'))).mergeInvitations.map((i) => i.id)).toEqual([
      inv.id,
    ]);
    expect((await s.respondMergeInvitation(as('b', 'ben'), inv.id, 'Accepted')).status).toBe('Accepted');
    expect(w.member('a', 'ben')).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(w.member('a', 'bea')).toMatchObject({ role: 'Normal', status: 'Disabled' });
    expect(w.users.get('ben')!.organisationId).toBe('a');
    expect([...w.contacts.values()]).toEqual(['a', 'a']);
    expect(w.orgs.get('b')!.mergedInto).toBe('a');
  });

  it('a retried accept moves nothing twice and still answers Accepted', async () => {
    const { w, s } = setup();
    const inv = await s.inviteMerge(as('a', 'ann'), {
      inviteeOrganisationId: 'b',
      inviteeAdminEmail: 'ben@example.nz',
    });
    await s.respondMergeInvitation(as('b', 'ben'), inv.id, 'Accepted');
    const moved = [...w.moves];
    // The caller now belongs to the inviting organisation (as the access policy then grants).
    expect((await s.respondMergeInvitation(as('a', 'ben'), inv.id, 'Accepted')).status).toBe('Accepted');
    expect(await s.merge(as('a', 'ben'), 'a')).toEqual({ organisationId: 'a' });
    expect(w.moves).toEqual(moved);
    expect(moved).toHaveLength(4);
  });

  it('an accept cut short after its commit is finished by the next run, each item once', async () => {
    const { w, s } = setup();
    const inv = await s.inviteMerge(as('a', 'ann'), {
      inviteeOrganisationId: 'b',
      inviteeAdminEmail: 'ben@example.nz',
    });
    await w.ports.writeMergeAccepted(w.merges.get(inv.id)!, 'ben', new Date().toISOString());
    await w.ports.moveMember(w.member('b', 'bea')!, 'a', 'now'); // the request died after one move
    expect(await s.moveAll('b', 'a')).toBe(3);
    expect(await s.moveAll('b', 'a')).toBe(0);
    expect(w.moves).toHaveLength(4);
  });

  it('POST merge accepts the pending invitation of the named organisation', async () => {
    const { w, s } = setup();
    await s.inviteMerge(as('a', 'ann'), { inviteeOrganisationId: 'b', inviteeAdminEmail: 'ben@example.nz' });
    expect(await s.merge(as('b', 'ben'), 'a')).toEqual({ organisationId: 'a' });
    expect(w.member('a', 'ben')).toBeDefined();
    await expect(s.merge(as('b', 'ben'), 'zzz')).rejects.toMatchObject({
      description: msg.invitationNotFound,
    });
  });

  it('reject, revoke, resend and expiry; one pending merge invitation per organisation pair', async () => {
    const { w, s } = setup();
    const req = { inviteeOrganisationId: 'b', inviteeAdminEmail: 'ben@example.nz' };
    const inv = await s.inviteMerge(as('a', 'ann'), req);
    await expect(s.inviteMerge(as('a', 'ann'), req)).rejects.toThrow(msg.mergeAlreadyInvited);
    await expect(s.revokeMergeInvitation(as('b', 'ben'), inv.id)).rejects.toMatchObject({
      description: msg.invitationNotFound,
    });
    await s.resendMergeInvitation(as('a', 'ann'), inv.id);
    expect((await s.respondMergeInvitation(as('b', 'ben'), inv.id, 'Rejected')).status).toBe('Rejected');
    await expect(s.revokeMergeInvitation(as('a', 'ann'), inv.id)).rejects.toThrow(msg.invitationNotPending);
    const second = await s.inviteMerge(as('a', 'ann'), req);
    expect((await s.revokeMergeInvitation(as('a', 'ann'), second.id)).status).toBe('Revoked');
    const third = await s.inviteMerge(as('a', 'ann'), req);
    w.advance(MERGE_INVITATION_VALIDITY_DAYS);
    expect(
      (await s.sentMergeInvitations(as('a', 'ann'))).mergeInvitations.find((i) => i.id === third.id)!.status,
    ).toBe('Expired');
    await expect(s.respondMergeInvitation(as('b', 'ben'), third.id, 'Accepted')).rejects.toThrow(
      msg.invitationNotPending,
    );
    expect(w.member('b', 'ben')).toBeDefined();
    expect(w.moves).toEqual([]);
  });

  it('an invitee organisation named by the wrong admin email is refused', async () => {
    const { s } = setup();
    await expect(
      s.inviteMerge(as('a', 'ann'), { inviteeOrganisationId: 'b', inviteeAdminEmail: 'bea@example.nz' }),
    ).rejects.toMatchObject({ description: msg.noAdministrator });
  });
});
