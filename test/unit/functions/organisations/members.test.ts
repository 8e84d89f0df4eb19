import { describe, expect, it } from 'vitest';
import { organisationsService } from '../../../../functions/organisations/service/index.js';
import { organisationMessages as msg } from '../../../../shared/domain/organisations.js';
import { rateLimitSettings } from '../../../../functions/platform/rate-limit.js';
import { TooManyRequests } from '../../../../functions/platform/errors.js';
import { as, world } from './world.js';

describe('organisation members (docs/organisations.md)', () => {
  it('a user who never joined an organisation reads themselves as its only active admin', async () => {
    const w = world();
    w.user('sam');
    const res = await organisationsService(w.ports).members({
      organisationId: 'sole-trader-sam',
      userId: 'sam',
      role: 'Admin',
      status: 'Active',
      soleTrader: true,
    });
    expect(res.organisationId).toBe('sole-trader-sam');
    expect(res.users).toEqual([expect.objectContaining({ id: 'sam', role: 'Admin', status: 'Active' })]);
    expect(w.orgs.size).toBe(0); // a read writes nothing
  });

  it('an admin makes a member an admin and removes it again; the user record follows', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['bob', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    expect((await s.setRole(as('o', 'ann'), 'bob', true)).role).toBe('Admin');
    expect(w.users.get('bob')!.organisationRole).toBe('Admin');
    expect((await s.setRole(as('o', 'ann'), 'bob', false)).role).toBe('Normal');
    expect(w.member('o', 'bob')!.role).toBe('Normal');
  });

  it('demoting, disabling or releasing the last active admin is refused and changes nothing', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['bob', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    await expect(s.setRole(as('o', 'ann'), 'ann', false)).rejects.toThrow(msg.lastAdmin);
    await expect(s.setStatus(as('o', 'ann'), 'ann', 'Disabled')).rejects.toThrow(msg.lastAdmin);
    w.members.get('o\nbob')!.role = 'Admin'; // bob may release ann only if another admin stays
    w.members.get('o\nbob')!.status = 'Disabled';
    await expect(s.release(as('o', 'bob'), 'ann')).rejects.toThrow(msg.lastAdmin);
    expect(w.member('o', 'ann')).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(w.orgs.get('o')!.membersVersion).toBe(0);
  });

  it('the admin count excludes disabled members: a disabled admin does not keep the organisation administered', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['cat', 'Admin', 'Disabled'],
    ]);
    await expect(organisationsService(w.ports).setRole(as('o', 'ann'), 'ann', false)).rejects.toThrow(
      msg.lastAdmin,
    );
  });

  it('with two active admins one may step down; enabling and disabling a Normal member is free', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['dan', 'Admin'],
      ['bob', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    expect((await s.setRole(as('o', 'ann'), 'ann', false)).role).toBe('Normal');
    expect((await s.setStatus(as('o', 'dan'), 'bob', 'Disabled')).status).toBe('Disabled');
    expect((await s.setStatus(as('o', 'dan'), 'bob', 'Active')).status).toBe('Active');
  });

  it('two concurrent demotions of the last two admins: one succeeds, the other is refused', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['dan', 'Admin'],
    ]);
    const s = organisationsService(w.ports);
    w.gate(2); // both requests read the members before either writes
    const results = await Promise.allSettled([
      s.setRole(as('o', 'ann'), 'ann', false),
      s.setRole(as('o', 'dan'), 'dan', false),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(String(refused.reason)).toContain(msg.lastAdmin);
    const admins = [...w.members.values()].filter((m) => m.role === 'Admin' && m.status === 'Active');
    expect(admins).toHaveLength(1);
  });

  it('a member of another organisation is not found', async () => {
    const w = world();
    w.organisation('o', [['ann', 'Admin']]);
    w.organisation('p', [['zed', 'Normal']]);
    const s = organisationsService(w.ports);
    await expect(s.setRole(as('o', 'ann'), 'zed', true)).rejects.toMatchObject({
      description: msg.memberNotFound,
    });
    await expect(s.release(as('o', 'ann'), 'zed')).rejects.toMatchObject({ description: msg.memberNotFound });
  });

  it('release: the member becomes the admin of a new organisation of their own, with history', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['bob', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    const org = await s.release(as('o', 'ann'), 'bob');
    expect(w.member('o', 'bob')).toBeUndefined();
    expect(w.member(org.id, 'bob')).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(w.users.get('bob')).toMatchObject({ organisationId: org.id, organisationRole: 'Admin' });
    expect(w.history).toEqual([expect.stringContaining(`bob o→${org.id} Release`)]);
    await expect(s.release(as('o', 'ann'), 'ann')).rejects.toThrow(msg.releaseSelf);
  });

  it("a sole trader's first change writes their organisation first", async () => {
    const w = world();
    w.user('sam');
    const s = organisationsService(w.ports);
    const sole = {
      organisationId: 'sole-trader-sam',
      userId: 'sam',
      role: 'Admin',
      status: 'Active',
      soleTrader: true,
    } as const;
    const org = await s.updateOrganisation(sole, { displayName: 'Sam Builds', colour: '#336699' });
    expect(org).toEqual({ id: 'sole-trader-sam', displayName: 'Sam Builds', colour: '#336699' });
    expect(w.member('sole-trader-sam', 'sam')).toMatchObject({ role: 'Admin', status: 'Active' });
    expect(w.users.get('sam')!.organisationId).toBe('sole-trader-sam');
  });

  it('lookup: the organisation of an active admin by email, with its administrators; nobody else', async () => {
    const w = world();
    w.organisation('o', [['ann', 'Admin']]);
    w.organisation('p', [
      ['pat', 'Admin'],
      ['pip', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    expect(await s.lookup(as('o', 'ann'), 'pat@example.nz')).toEqual({
      id: 'p',
      displayName: 'Org p',
      administrators: [{ name: 'pat', email: 'pat@example.nz' }],
    });
    await expect(s.lookup(as('o', 'ann'), 'pip@example.nz')).rejects.toMatchObject({
      description: msg.noAdministrator,
    });
    await expect(s.lookup(as('o', 'ann'), 'nobody@example.nz')).rejects.toMatchObject({
      description: msg.noAdministrator,
    });
    await expect(s.lookup(as('o', 'ann'), 'ann@example.nz')).rejects.toThrow(msg.sameOrganisation);
  });

  it("lookup answers about the admin asked for only: never another person's email or name (docs/organisations.md)", async () => {
    const w = world();
    w.organisation('o', [['ann', 'Admin']]);
    w.organisation('p', [
      ['pat', 'Admin'],
      ['pia', 'Admin'],
      ['pip', 'Normal'],
    ]);
    const s = organisationsService(w.ports);
    const found = await s.lookup(as('o', 'ann'), 'pat@example.nz');
    expect(found).toEqual({
      id: 'p',
      displayName: 'Org p',
      administrators: [{ name: 'pat', email: 'pat@example.nz' }],
    });
    expect(JSON.stringify(found)).not.toMatch(/pia|pip/);
    // A sole trader's organisation: the person asked for, as before.
    w.user('sam');
    expect(await s.lookup(as('o', 'ann'), 'sam@example.nz')).toEqual({
      id: 'sole-trader-sam',
      displayName: 'sam Tester',
      administrators: [{ name: 'sam Tester', email: 'sam@example.nz' }],
    });
  });

  it('lookup is limited per user: past the limit 429 with the seconds to wait, whatever the answer; others unaffected', async () => {
    const w = world();
    w.organisation('o', [
      ['ann', 'Admin'],
      ['amy', 'Admin'],
    ]);
    w.organisation('p', [['pat', 'Admin']]);
    const s = organisationsService(w.ports);
    const { limit, windowSeconds } = rateLimitSettings.organisationLookupPerUser;
    for (let i = 0; i < limit; i++) {
      // Misses count too: a harvester learns nothing more by guessing.
      const email = i % 2 ? 'pat@example.nz' : `nobody-${i}@example.nz`;
      await s.lookup(as('o', 'ann'), email).catch((e: { kind?: string }) => {
        if (e.kind !== 'notFound') throw e;
      });
    }
    const refused = await s.lookup(as('o', 'ann'), 'pat@example.nz').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as TooManyRequests).retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
    expect((await s.lookup(as('o', 'amy'), 'pat@example.nz')).id).toBe('p');
    w.advance(windowSeconds / 86_400);
    expect((await s.lookup(as('o', 'ann'), 'pat@example.nz')).id).toBe('p');
  });
});
