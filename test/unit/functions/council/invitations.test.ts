import { describe, expect, it } from 'vitest';
import {
  councilEventTypeOfAnswer,
  invitationsService,
} from '../../../../functions/council/invitations/service.js';
import type { InvitationPorts } from '../../../../functions/council/invitations/service.js';
import type { RegisteredApplicantInvitationRecord as Record_ } from '../../../../functions/council/invitations/repository.js';
import { councilEventOf } from '../../../../functions/council/service/feed.js';
import { registeredApplicantInvitationMessages as msg } from '../../../../shared/domain/council-invitations.js';
import { RegisteredApplicantInvitation } from '../../../../shared/schemas/council.js';
import { captureMetrics, expectOnlyCatalogueValues } from '../metrics-capture.js';

const T0 = new Date('2026-11-26T01:00:00.000Z');
const DAY = 24 * 3600 * 1000;

function world() {
  let now = T0;
  let n = 0;
  const rows = new Map<string, Record_>();
  const writes: string[] = [];
  const users: Record<string, string> = { ana: 'Ana@Example.nz', ben: 'ben@example.nz' };
  const ports: InvitationPorts = {
    getInvitation: async (id) => rows.get(id),
    invitationsOfAuthority: async (a) => [...rows.values()].filter((r) => r.authorityId === a).reverse(),
    invitationsTo: async (email, status) =>
      [...rows.values()].filter((r) => r.email === email && (!status || r.status === status)).reverse(),
    userEmail: async (userId) => users[userId],
    authorityOf: async (id) =>
      id === 'wcc' ? { abbr: 'WCC', name: 'Wellington City Council' } : { name: `Council ${id}` },
    writeNewInvitation: async (inv) => {
      rows.set(inv.invitationId, { ...inv });
      writes.push(`sent:${inv.invitationId}`);
    },
    writeAnswer: async (inv, status, userId) => {
      const row = rows.get(inv.invitationId);
      if (row?.status !== 'Pending') return false;
      rows.set(inv.invitationId, { ...row, status, userId });
      writes.push(`answered:${inv.invitationId}:${status}`);
      return true;
    },
    now: () => now,
    newId: () => `inv-${++n}`,
  };
  return {
    ports,
    rows,
    writes,
    advance: (days: number) => (now = new Date(now.getTime() + days * DAY)),
    s: invitationsService(ports),
  };
}

const ana = { userId: 'ana' };
const ben = { userId: 'ben' };
const invite = {
  email: 'ana@example.nz',
  firstName: 'Ana',
  lastName: 'Ngata',
  registeredApplicantId: 'RA-1',
};

describe('registered-applicant invitations: the council side', () => {
  it('a new invitation is Pending, sent now, with the authority abbreviation as bcaCode and its name', async () => {
    const { s, rows, writes } = world();
    const inv = await s.create('wcc', { ...invite, expiryDate: '2026-12-31' });
    expect(RegisteredApplicantInvitation.parse(inv)).toEqual({
      timestamp: T0.toISOString(),
      id: 'inv-1',
      email: 'ana@example.nz',
      firstName: 'Ana',
      lastName: 'Ngata',
      status: 'Pending',
      sendingDate: T0.toISOString(),
      expiryDate: '2026-12-31',
      registeredApplicantId: 'RA-1',
      bcaCode: 'WCC',
      bcaName: 'Wellington City Council',
    });
    expect(rows.get('inv-1')?.authorityId).toBe('wcc');
    expect(writes).toEqual(['sent:inv-1']);
  });

  it('without an expiry date it expires after 30 days; an expiry date in the past is refused (400) and nothing is written', async () => {
    const { s, writes } = world();
    const inv = await s.create('wcc', { email: 'x@example.nz' });
    expect(Date.parse(inv.expiryDate!) - T0.getTime()).toBe(30 * DAY);
    await expect(s.create('wcc', { ...invite, expiryDate: '2026-11-25' })).rejects.toMatchObject({
      message: msg.expiryInPast,
      details: [{ field: 'body.expiryDate', reason: msg.expiryInPast }],
    });
    await expect(s.create('wcc', { ...invite, expiryDate: '2026-11-26T00:59:00Z' })).rejects.toThrow(
      msg.expiryInPast,
    );
    expect(writes).toHaveLength(1);
  });

  it("a council lists and reads only its own authority's invitations (another's: 404)", async () => {
    const { s } = world();
    const mine = await s.create('wcc', invite);
    const theirs = await s.create('akl', invite);
    expect((await s.councilInvitations('wcc')).map((i) => i.id)).toEqual([mine.id]);
    expect((await s.councilInvitation('wcc', mine.id)).id).toBe(mine.id);
    await expect(s.councilInvitation('wcc', theirs.id)).rejects.toMatchObject({ name: 'NotFound' });
    await expect(s.councilInvitation('wcc', 'nope')).rejects.toMatchObject({ name: 'NotFound' });
  });

  it('the council list filters by status and shows who answered', async () => {
    const { s } = world();
    const a = await s.create('wcc', invite);
    await s.create('wcc', { ...invite, email: 'ben@example.nz' });
    await s.respond(ana, a.id, 'Accepted');
    expect(await s.councilInvitations('wcc', 'Accepted')).toEqual([
      expect.objectContaining({ id: a.id, status: 'Accepted', userId: 'ana' }),
    ]);
    expect((await s.councilInvitations('wcc', 'Pending')).map((i) => i.email)).toEqual(['ben@example.nz']);
  });
});

describe('registered-applicant invitations: the invitee side', () => {
  it("the invitee (email matched case-insensitively) sees the Pending ones they can still answer; another user's is 404", async () => {
    const { s, advance } = world();
    const first = await s.create('wcc', { ...invite, email: 'ANA@example.NZ ' });
    const short = await s.create('akl', { ...invite, expiryDate: '2026-11-27' });
    expect((await s.myInvitations(ana, 'Pending')).map((i) => i.id)).toEqual([short.id, first.id]);
    expect(await s.myInvitations(ben, 'Pending')).toEqual([]);
    expect((await s.myInvitation(ana, first.id)).bcaName).toBe('Wellington City Council');
    await expect(s.myInvitation(ben, first.id)).rejects.toMatchObject({ name: 'NotFound' });
    // A bare expiry date is valid through that New Zealand day.
    advance(1);
    expect((await s.myInvitations(ana, 'Pending')).map((i) => i.id)).toEqual([short.id, first.id]);
    advance(1);
    expect((await s.myInvitations(ana, 'Pending')).map((i) => i.id)).toEqual([first.id]);
    // Without a filter: all of them, as stored.
    expect(await s.myInvitations(ana)).toHaveLength(2);
  });

  it('falls back to the token email when the user record has none', async () => {
    const { s } = world();
    const inv = await s.create('wcc', { ...invite, email: 'cleo@example.nz' });
    expect((await s.myInvitations({ userId: 'cleo', email: 'Cleo@Example.nz' })).map((i) => i.id)).toEqual([
      inv.id,
    ]);
    expect(await s.myInvitations({ userId: 'nobody' })).toEqual([]);
  });

  it('answers once: Accepted records the user; answering again is 409 and changes nothing', async () => {
    const { s, rows, writes } = world();
    const inv = await s.create('wcc', invite);
    const answered = await s.respond(ana, inv.id, 'Accepted');
    expect(answered).toMatchObject({ status: 'Accepted', userId: 'ana' });
    await expect(s.respond(ana, inv.id, 'Rejected')).rejects.toMatchObject({
      name: 'Conflict',
      message: msg.alreadyAnswered,
    });
    expect(rows.get(inv.id)?.status).toBe('Accepted');
    expect(writes).toEqual([`sent:${inv.id}`, `answered:${inv.id}:Accepted`]);
    expect(await s.myInvitations(ana, 'Pending')).toEqual([]);
  });

  it("another user's invitation is 404 and an expired one 409: nothing changes", async () => {
    const { s, rows, advance } = world();
    const inv = await s.create('wcc', { ...invite, expiryDate: '2026-11-30T00:00:00Z' });
    await expect(s.respond(ben, inv.id, 'Accepted')).rejects.toMatchObject({ name: 'NotFound' });
    advance(5);
    await expect(s.respond(ana, inv.id, 'Rejected')).rejects.toMatchObject({
      name: 'Conflict',
      message: msg.expired,
    });
    expect(rows.get(inv.id)?.status).toBe('Pending');
  });

  it('a concurrent answer that lost the race is 409', async () => {
    const { s, ports, rows } = world();
    const inv = await s.create('wcc', invite);
    const stale = { ...rows.get(inv.id)! };
    await s.respond(ana, inv.id, 'Rejected');
    ports.getInvitation = async () => stale;
    await expect(s.respond(ana, inv.id, 'Accepted')).rejects.toThrow(msg.alreadyAnswered);
    expect(rows.get(inv.id)?.status).toBe('Rejected');
  });

  it("an answer is the council's outbound event of that name", () => {
    expect(councilEventTypeOfAnswer('Accepted')).toBe('RegisteredApplicantInvitationAccepted');
    expect(councilEventTypeOfAnswer('Rejected')).toBe('RegisteredApplicantInvitationRejected');
    expect(
      councilEventOf({
        eventId: 'e1',
        type: 'RegisteredApplicantInvitationAnswered',
        occurredAt: T0.toISOString(),
        actor: 'ana',
        aggregate: { type: 'registeredApplicantInvitation', id: 'inv-1' },
        data: { invitationId: 'inv-1', authorityId: 'wcc', status: 'Rejected', userId: 'ana' },
      }),
    ).toEqual({
      authorityId: 'wcc',
      event: {
        eventId: 'e1',
        type: 'RegisteredApplicantInvitationRejected',
        invitationId: 'inv-1',
        occurredAt: T0.toISOString(),
      },
    });
  });
});

describe('metrics (docs/council-api.md)', () => {
  const metrics = captureMetrics();
  it('an invitation sent is a CouncilWrites invitation; no email, name or id in the metric', async () => {
    const { s } = world();
    await s.create('wcc', invite);
    await s.respond(ana, 'inv-1', 'Accepted');
    expect(metrics.emitted()).toEqual([
      { name: 'CouncilWrites', unit: 'Count', dimensions: { action: 'invitation' } },
    ]);
    expectOnlyCatalogueValues(metrics, ['ana@example.nz', 'Ana', 'Ngata', 'RA-1', 'inv-1', 'wcc']);
  });
});
