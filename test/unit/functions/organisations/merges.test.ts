import { describe, expect, it } from 'vitest';
import { organisationsService } from '../../../../functions/organisations/service/index.js';
import {
  MERGE_INVITATION_VALIDITY_DAYS,
  organisationMessages as msg,
} from '../../../../shared/domain/organisations.js';
import { as, T0, world } from './world.js';

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

describe('organisation merges (docs/organisations.md)', () => {
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

  describe('after a merge (docs/organisations.md)', () => {
    /** b with a pending invitation to join (zoe, who has an account) and merge invitations b→c, d→b. */
    async function merged() {
      const { w, s } = setup();
      w.organisation('c', [['cal', 'Admin']]);
      w.organisation('d', [['dan', 'Admin']]);
      w.user('zoe');
      const join = await s.invite(as('b', 'ben'), {
        email: 'zoe@example.nz',
        firstName: 'Zoe',
        lastName: 'Tester',
        captchaToken: 'ok',
      });
      const toC = await s.inviteMerge(as('b', 'ben'), {
        inviteeOrganisationId: 'c',
        inviteeAdminEmail: 'cal@example.nz',
      });
      const fromD = await s.inviteMerge(as('d', 'dan'), {
        inviteeOrganisationId: 'b',
        inviteeAdminEmail: 'ben@example.nz',
      });
      const inv = await s.inviteMerge(as('a', 'ann'), {
        inviteeOrganisationId: 'b',
        inviteeAdminEmail: 'ben@example.nz',
      });
      return { w, s, join, toC, fromD, inv };
    }

    it("closes the merged organisation's pending invitations: they read Revoked and nobody can accept them", async () => {
      const { w, s, join, toC, fromD, inv } = await merged();
      await s.respondMergeInvitation(as('b', 'ben'), inv.id, 'Accepted');
      expect(w.invitations.get(join.id)!.status).toBe('Revoked');
      expect((await s.receivedInvitations('zoe')).invitations[0]).toMatchObject({ status: 'Revoked' });
      expect(w.merges.get(toC.id)!.status).toBe('Revoked');
      expect(w.merges.get(fromD.id)!.status).toBe('Revoked');
      await expect(s.respondInvitation('zoe', join.id, 'Accepted')).rejects.toThrow(msg.organisationMerged);
      await expect(s.respondMergeInvitation(as('c', 'cal'), toC.id, 'Accepted')).rejects.toThrow();
      await expect(s.respondMergeInvitation(as('d', 'dan'), fromD.id, 'Accepted')).rejects.toThrow();
      expect(w.users.get('zoe')!.organisationId).toBeUndefined();
      expect(w.orgs.get('c')!.mergedInto).toBeUndefined();
      expect(w.orgs.get('b')!.mergedInto).toBe('a');
    });

    it('nobody joins a dissolved organisation, even through an invitation the merge has not closed yet', async () => {
      const { w, s, join, inv } = await merged();
      // The merge committed; the request died before closing anything.
      await w.ports.writeMergeAccepted(w.merges.get(inv.id)!, 'ben', T0.toISOString());
      expect(w.invitations.get(join.id)!.status).toBe('Pending');
      await expect(s.respondInvitation('zoe', join.id, 'Accepted')).rejects.toThrow(msg.organisationMerged);
      expect(w.member('b', 'zoe')).toBeUndefined();
      expect(w.users.get('zoe')!.organisationId).toBeUndefined();
    });

    it('a second Accepted changes nothing: no move, no event, not even of what arrived since', async () => {
      const { w, s, inv } = await merged();
      await s.respondMergeInvitation(as('b', 'ben'), inv.id, 'Accepted');
      const [moves, events] = [[...w.moves], [...w.events]];
      expect(events.filter((e) => e.startsWith('OrganisationsMerged'))).toHaveLength(1);
      // A row left in the dissolved organisation (written behind the service's back).
      w.members.set('b\nzed', {
        organisationId: 'b',
        userId: 'zed',
        email: 'zed@x.nz',
        role: 'Normal',
        status: 'Active',
      } as never);
      for (const who of [as('a', 'ben'), as('a', 'ann')])
        expect((await s.respondMergeInvitation(who, inv.id, 'Accepted')).status).toBe('Accepted');
      expect(w.moves).toEqual(moves);
      expect(w.events).toEqual(events);
      expect(w.member('b', 'zed')).toBeDefined();
    });

    it('an organisation that merged into another cannot take a merge in its turn', async () => {
      const { w, s, toC } = await merged();
      // b merges into d first (its invitation to c still pending: the close was cut short).
      await w.ports.writeMergeAccepted(
        w.merges.get([...w.merges.values()].find((i) => i.organisationId === 'd')!.invitationId)!,
        'ben',
        T0.toISOString(),
      );
      await expect(s.respondMergeInvitation(as('c', 'cal'), toC.id, 'Accepted')).rejects.toThrow(
        msg.organisationMerged,
      );
      expect(w.orgs.get('c')!.mergedInto).toBeUndefined();
      expect(w.member('c', 'cal')).toBeDefined();
    });

    it('moves follow a destination that merged meanwhile: nobody lands in a dissolved organisation', async () => {
      const { w, s, inv } = await merged();
      w.organisation('z', [['zak', 'Admin']]);
      // b→a committed, its moves not yet run; then a merges into z.
      await w.ports.writeMergeAccepted(w.merges.get(inv.id)!, 'ben', T0.toISOString());
      const toZ = await s.inviteMerge(as('z', 'zak'), {
        inviteeOrganisationId: 'a',
        inviteeAdminEmail: 'ann@example.nz',
      });
      await s.respondMergeInvitation(as('a', 'ann'), toZ.id, 'Accepted');
      await s.moveAll('b', 'a');
      expect(w.member('z', 'ben')).toBeDefined();
      expect(w.member('z', 'bea')).toBeDefined();
      expect(
        [...w.members.values()].filter((m) => m.organisationId === 'a' || m.organisationId === 'b'),
      ).toEqual([]);
      expect([...w.contacts.values()]).toEqual(['z', 'z']);
    });
  });
});
