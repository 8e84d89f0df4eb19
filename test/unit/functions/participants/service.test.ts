import { describe, expect, it } from 'vitest';
import participantTypesJson from '../../../../shared/reference/participant-types.json' with { type: 'json' };
import qualificationTypesJson from '../../../../shared/reference/qualification-types.json' with { type: 'json' };
import {
  CHANGED_MEANWHILE,
  NOT_YOUR_LEVEL,
  participantsService,
} from '../../../../functions/participants/service/participants.js';
import type { ParticipantPorts } from '../../../../functions/participants/service/participants.js';
import type { ParticipantRecord, ParticipantWrite } from '../../../../functions/participants/repository.js';
import { guardKey, guardsOf } from '../../../../functions/participants/guards.js';
import type { ApplicationAccessRecord, ApplicationRecord } from '../../../../functions/platform/access.js';
import { ParticipantInput } from '../../../../shared/schemas/participants.js';
import { canChangeParticipant, participantMessages } from '../../../../shared/domain/participants.js';
import type { ParticipantType, QualificationType } from '../../../../shared/schemas/reference.js';
import type { Practitioner } from '../../../../shared/schemas/lookups.js';

const TYPES = participantTypesJson as ParticipantType[];
const QTYPES = qualificationTypesJson as QualificationType[];
const APP = '1000001';

/** An in-memory table: participants, guard rows (as the repository's conditions), history, events. */
function world(
  seed: Partial<ParticipantRecord>[],
  opts: { users?: Record<string, string>; register?: Record<string, Practitioner | 'down'> } = {},
) {
  let clock = 0;
  const rows = new Map<string, ParticipantRecord>();
  const guards = new Map<string, string>();
  const writes: ParticipantWrite[] = [];
  const levels: { participantId: string; level: string; by: string }[] = [];
  for (const s of seed) {
    const p = {
      applicationId: APP,
      accessLevel: 'None',
      participantTypes: [],
      invitation: 'None',
      isDeleted: false,
      modifiedDate: '2026-01-01T00:00:00.000Z',
      ...s,
    } as ParticipantRecord;
    rows.set(p.participantId, p);
    for (const g of guardsOf(p, TYPES)) guards.set(guardKey(g), g.participantId);
  }
  /** Runs before a write's conditions are checked (a concurrent request's write). */
  let beforeWrite: (() => Promise<void>) | undefined;
  const ports: ParticipantPorts = {
    participants: async () => [...rows.values()].map((p) => structuredClone(p)),
    participantTypes: () => TYPES,
    qualificationTypes: () => QTYPES,
    userByEmail: async (email) => (opts.users?.[email] ? { userId: opts.users[email]! } : undefined),
    practitioner: async (n) => {
      const r = opts.register?.[n];
      if (r === 'down') throw new Error('register down');
      return r;
    },
    write: async (change) => {
      const hook = beforeWrite;
      beforeWrite = undefined;
      if (hook) await hook();
      for (const c of change.changes) {
        const cur = rows.get(c.next.participantId);
        if (c.previous ? cur?.modifiedDate !== c.previous.modifiedDate : cur) return false;
      }
      const before = new Map(
        change.changes
          .flatMap((c) => (c.previous ? guardsOf(c.previous, TYPES) : []))
          .map((g) => [guardKey(g), g]),
      );
      const after = new Map(
        change.changes.flatMap((c) => guardsOf(c.next, TYPES)).map((g) => [guardKey(g), g]),
      );
      for (const [k, g] of after) {
        const held = guards.get(k);
        if (held && held !== g.participantId && held !== before.get(k)?.participantId) return false;
      }
      for (const [k] of before) if (!after.has(k)) guards.delete(k);
      for (const [k, g] of after) guards.set(k, g.participantId);
      for (const c of change.changes) rows.set(c.next.participantId, structuredClone(c.next));
      writes.push(change);
      return true;
    },
    setNotificationLevel: async (p, level, by) => {
      levels.push({ participantId: p.participantId, level, by });
    },
    now: () => new Date(Date.UTC(2026, 10, 25, 0, 0, clock++)).toISOString(),
    newId: () => `new-${++clock}`,
  };
  const service = participantsService(ports);
  return {
    service,
    rows,
    guards,
    writes,
    levels,
    onNextWrite: (f: () => Promise<void>) => (beforeWrite = f),
  };
}

const grant = (accessLevel: string, status = 'Draft') => ({
  application: { applicationId: APP, status } as ApplicationRecord,
  access: { applicationId: APP, userId: 'me', accessLevel } as unknown as ApplicationAccessRecord,
});
const me = { kind: 'user', userId: 'me' } as const;

/** The creator as applications make them: the self-applying owner's roles, Manage. */
const creator: Partial<ParticipantRecord> = {
  participantId: 'p-me',
  loginUserId: 'me',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  phone: '0211234567',
  address: {
    address1: '1 Cuba Street',
    city: 'Wellington',
    country: 'NZ',
    zipCode: '6011',
    fullAddress: '1 Cuba Street, Wellington 6011',
  },
  participantTypes: ['RegisteredOwner', 'Owner', 'OwnerContact', 'InvoicePayer'],
  accessLevel: 'Manage',
  invitation: 'Accepted',
};

const input = (fields: Record<string, unknown>) =>
  ParticipantInput.parse({ firstName: 'Tama', lastName: 'Rangi', ...fields });
/** The dialog's fields of a stored participant, with changes. */
const edit = (p: Partial<ParticipantRecord>, changes: Record<string, unknown>) =>
  input({
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    address: p.address,
    participantTypes: p.participantTypes,
    accessLevel: p.accessLevel,
    ...changes,
  });
const contact = {
  phone: '021 555 1234',
  address: { address1: '5 Willis Street', city: 'Wellington', country: 'NZ', zipCode: '6011' },
};

describe('participants: the dialog schema (docs/participants.md)', () => {
  const issues = (fields: Record<string, unknown>) => {
    const r = ParticipantInput.safeParse({ firstName: 'Tama', lastName: 'Rangi', ...fields });
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('names are required and follow the name pattern', () => {
    expect(issues({ firstName: '', lastName: '1abc' })).toEqual([
      'firstName: Required',
      'lastName: Please enter a name with a valid format',
    ]);
  });
  it('email: format, required with access at least ReadOnly or with roles, lowercased and trimmed', () => {
    expect(issues({ email: 'nope' })).toEqual(['email: Invalid email format']);
    expect(issues({ accessLevel: 'ReadOnly' })).toEqual(['email: Required']);
    expect(issues({ participantTypes: ['Builder'] })).toEqual(['email: Required']);
    expect(issues({ accessLevel: 'None' })).toEqual([]);
    expect(input({ email: '  Tama@Example.NZ ' }).email).toBe('tama@example.nz');
  });
  it('contact number and complete address for OwnerContact, Agent and InvoicePayer', () => {
    expect(issues({ email: 'a@b.nz', participantTypes: ['Agent'] })).toEqual([
      'phone: You must provide a valid contact number',
      "address: Complete address required for participant's role",
    ]);
    expect(issues({ email: 'a@b.nz', participantTypes: ['Agent'], ...contact })).toEqual([]);
    expect(issues({ phone: '12' })).toEqual(['phone: Contact number is not valid']);
    expect(input({ email: 'a@b.nz', participantTypes: ['Agent'], ...contact }).address?.fullAddress).toBe(
      '5 Willis Street, Wellington 6011',
    );
  });
  it("owners group: the list normalised, the name defaults to 'Owners Group'", () => {
    const p = input({ groupList: 'J. Smith,  Mere Tane ,,' });
    expect(p.groupList).toBe('J Smith, Mere Tane');
    expect(p.groupName).toBe('Owners Group');
  });
});

describe('participants service: adding (docs/participants.md)', () => {
  it('adds a participant with a history entry and the raised access of its roles', async () => {
    const w = world([creator]);
    const p = await w.service.add(
      me,
      grant('Manage'),
      input({ email: 'b@x.nz', participantTypes: ['Builder'] }),
    );
    expect(p).toMatchObject({ participantTypes: ['Builder'], accessLevel: 'ReadOnly', invitation: 'Queued' });
    expect(w.writes[0]).toMatchObject({ eventType: 'ParticipantAdded', invite: true });
    expect(w.writes[0]!.history[0]).toMatchObject({
      entityId: p.participantId,
      eventType: 'ParticipantAdded',
    });
  });

  it('an email already used on the application is refused, whatever its case', async () => {
    const w = world([creator]);
    await expect(
      w.service.add(me, grant('Manage'), input({ email: 'AROHA@example.nz' })),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Email used on existing participant: email must be unique',
    });
    expect(w.writes).toEqual([]);
  });

  it('a user who already signs up with that email is attached at once (Accepted, their access row)', async () => {
    const w = world([creator], { users: { 'kiri@x.nz': 'user-kiri' } });
    const p = await w.service.add(me, grant('Manage'), input({ email: 'kiri@x.nz', accessLevel: 'Edit' }));
    expect(p).toMatchObject({ loginUserId: 'user-kiri', invitation: 'Accepted', accessLevel: 'Edit' });
    expect(w.writes[0]!.invite).toBe(false);
  });

  it('nobody gives more access than they have', async () => {
    const w = world([{ ...creator, accessLevel: 'Edit' }]);
    await expect(
      w.service.add(me, grant('Edit'), input({ email: 'a@x.nz', participantTypes: ['Agent'], ...contact })),
    ).rejects.toMatchObject({ kind: 'forbidden', message: 'You cannot give more access than you have' });
  });

  it('RegisteredOwner removes AdditionalOwner; unknown types are refused', async () => {
    const w = world([creator]);
    const p = await w.service.add(
      me,
      grant('Manage'),
      input({ email: 'o@x.nz', participantTypes: ['AdditionalOwner', 'RegisteredOwner'] }),
    );
    expect(p.participantTypes).toEqual(['RegisteredOwner']);
    await expect(
      w.service.add(me, grant('Manage'), input({ email: 'z@x.nz', participantTypes: ['Wizard'] })),
    ).rejects.toMatchObject({ kind: 'invalid', details: [{ field: 'body.participantTypes' }] });
  });

  it('a one-person role moves from its holder in the same write (reassignment)', async () => {
    const w = world([creator]);
    const p = await w.service.add(
      me,
      grant('Manage'),
      input({ email: 'pay@x.nz', participantTypes: ['InvoicePayer'], ...contact }),
    );
    expect(w.rows.get('p-me')!.participantTypes).toEqual(['RegisteredOwner', 'Owner', 'OwnerContact']);
    expect(w.rows.get(p.participantId)!.participantTypes).toEqual(['InvoicePayer']);
    expect(w.writes[0]!.changes).toHaveLength(2);
    expect(w.writes[0]!.history.map((h) => [h.entityId, h.eventType])).toEqual([
      [p.participantId, 'ParticipantAdded'],
      ['p-me', 'ParticipantUpdated'],
    ]);
  });

  it('two adds giving the same ExactlyOne role at once: exactly one holder after both', async () => {
    const w = world([creator]);
    // The second add's write runs while the first is between its read and its write.
    w.onNextWrite(async () => {
      await w.service.add(
        me,
        grant('Manage'),
        input({ email: 'second@x.nz', participantTypes: ['InvoicePayer'], ...contact }),
      );
    });
    await w.service.add(
      me,
      grant('Manage'),
      input({ email: 'first@x.nz', participantTypes: ['InvoicePayer'], ...contact }),
    );
    const holders = [...w.rows.values()].filter(
      (p) => !p.isDeleted && p.participantTypes?.includes('InvoicePayer'),
    );
    expect(holders).toHaveLength(1);
    expect(w.rows.size).toBe(3);
  });

  it('gives up after repeated concurrent changes with a conflict', async () => {
    const w = world([creator]);
    let n = 0;
    const again = async () => {
      if (n++ < 5) {
        const p = w.rows.get('p-me')!;
        w.rows.set('p-me', { ...p, modifiedDate: `2026-02-0${n}T00:00:00.000Z` });
        w.onNextWrite(again);
      }
    };
    w.onNextWrite(again);
    await expect(
      w.service.add(
        me,
        grant('Manage'),
        input({ email: 'pay@x.nz', participantTypes: ['InvoicePayer'], ...contact }),
      ),
    ).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
  });
});

describe('participants service: qualifications (docs/participants.md)', () => {
  const lbp = (n: string, classes = ['Carpentry']) => ({
    qualificationName: 'LBP',
    qualificationNumber: n,
    licensingClasses: classes,
  });
  const practitioner = (n: string, classes: Practitioner['licenceClasses']): Practitioner => ({
    lbpNumber: n,
    firstName: 'Tama',
    lastName: 'Rangi',
    fullName: 'Tama Rangi',
    licenceClasses: classes,
  });

  it('the number follows the type, classes are required, Other needs its name, no ";"', async () => {
    const w = world([creator]);
    const reason = async (q: Record<string, unknown>) =>
      w.service
        .add(me, grant('Manage'), input({ qualifications: [q] }))
        .then(() => 'ok')
        .catch((e: { details?: { reason: string }[] }) => e.details?.[0]?.reason);
    expect(await reason({ qualificationName: 'LBP', licensingClasses: ['Carpentry'] })).toBe('Required');
    expect(await reason(lbp('12345'))).toBe('Qualification number is not valid');
    expect(await reason(lbp('BP123456', []))).toBe('At least one license class must be selected');
    expect(await reason({ qualificationName: 'Other' })).toBe('Other qualification type is required');
    expect(await reason({ qualificationName: 'Other', otherQualificationType: 'CPEng;x' })).toBe(
      'Invalid other qualification type. Other qualification type cannot contain ";" character',
    );
    expect(
      await reason({
        qualificationName: 'LDGP',
        licensingClasses: ['Drainlaying'],
        qualificationNumber: 'a;b',
      }),
    ).toMatch(/cannot contain ";" character|Unknown license class/);
    expect(await reason({ qualificationName: 'Other', otherQualificationType: 'CPEng' })).toBe('ok');
  });

  it('a licence number already on the application is refused', async () => {
    const w = world(
      [
        {
          ...creator,
          qualifications: [
            { qualificationName: 'LBP', qualificationNumber: 'BP123456', licensingClasses: ['Carpentry'] },
          ],
        },
      ],
      {
        register: { BP123456: practitioner('BP123456', [{ licenceClass: 'Carpentry', status: 'Active' }]) },
      },
    );
    await expect(
      w.service.add(me, grant('Manage'), input({ qualifications: [lbp('BP123456')] })),
    ).rejects.toMatchObject({ message: 'This license number is already in use on this application' });
  });

  it('the LBP register warns of a number it does not know, or cannot be reached, and of inactive classes', async () => {
    const w = world([creator], {
      register: {
        BP111111: practitioner('BP111111', [
          { licenceClass: 'Carpentry', status: 'Active' },
          { licenceClass: 'Roofing', status: 'Inactive', reason: 'Suspended (Voluntary)' },
        ]),
        BP333333: 'down',
      },
    });
    const warnings = async (n: string) =>
      (
        await w.service.add(me, grant('Manage'), input({ qualifications: [lbp(n)] }))
      ).qualifications?.[0]?.warnings?.map((x) => x.warning);
    expect(await warnings('BP111111')).toEqual(['Roofing license status: Suspended (Voluntary)']);
    expect(await warnings('BP222222')).toEqual(['Could not verify BP222222 in LBP Register']);
    expect(await warnings('BP333333')).toEqual(['Could not verify BP333333 in LBP Register']);
  });
});

describe('participants service: changing roles and access (docs/participants.md)', () => {
  const builder: Partial<ParticipantRecord> = {
    participantId: 'p-b',
    loginUserId: 'user-b',
    firstName: 'Bob',
    lastName: 'Builder',
    email: 'bob@x.nz',
    participantTypes: ['Builder'],
    accessLevel: 'ReadOnly',
  };

  it('a mandatory role held cannot be unselected; a required one only once past Draft', async () => {
    const w = world([creator]);
    const drop = (types: string[], status: string) =>
      w.service.update(me, grant('Manage', status), 'p-me', edit(creator, { participantTypes: types }));
    await expect(drop(['RegisteredOwner', 'OwnerContact', 'InvoicePayer'], 'Draft')).rejects.toMatchObject({
      message: 'A valid application needs to have Owner role',
    });
    await expect(drop(['RegisteredOwner', 'Owner', 'InvoicePayer'], 'Submitted')).rejects.toMatchObject({
      message: 'A valid application needs to have Owner contact role',
    });
    const p = await drop(['RegisteredOwner', 'Owner', 'InvoicePayer'], 'Draft');
    expect(p.participantTypes).toEqual(['RegisteredOwner', 'Owner', 'InvoicePayer']);
  });

  it('read plainly (docs/participants.md): a second holder cannot unselect a mandatory role, nor a required one past Draft; ids and names alike', async () => {
    const mere: Partial<ParticipantRecord> = {
      participantId: 'p-o',
      firstName: 'Mere',
      lastName: 'Tane',
      email: 'mere@x.nz',
      participantTypes: ['RegisteredOwner', 'Owner'],
    };
    for (const stored of [
      ['RegisteredOwner', 'Owner'],
      ['registered-owner', 'owner'],
    ]) {
      const w = world([creator, { ...mere, participantTypes: stored }]);
      const set = (types: string[], status: string) =>
        w.service.update(me, grant('Manage', status), 'p-o', edit(mere, { participantTypes: types }));
      await expect(set(['RegisteredOwner'], 'Draft')).rejects.toMatchObject({
        message: 'A valid application needs to have Owner role',
      });
      await expect(set(['owner'], 'Submitted')).rejects.toMatchObject({
        message: 'A valid application needs to have Registered owner role',
      });
      expect(w.writes).toEqual([]);
      // In Draft a required (not mandatory) role may be unselected, sent by id or by name.
      expect((await set(['OWNER'], 'Draft')).participantTypes).toEqual(['Owner']);
    }
  });

  it('a one-person required role moves by giving it to someone else (the transfer), past Draft too', async () => {
    const w = world([creator]);
    const tama = await w.service.add(
      me,
      grant('Manage', 'Submitted'),
      input({ email: 'tama@x.nz', participantTypes: ['invoice-payer'], ...contact }),
    );
    expect(tama.participantTypes).toEqual(['InvoicePayer']);
    expect(w.rows.get('p-me')!.participantTypes).toEqual(['RegisteredOwner', 'Owner', 'OwnerContact']);
  });

  it("an Agent sent by its id ('agent') is an Agent: the contact number and address are asked for", () => {
    const r = ParticipantInput.safeParse({
      firstName: 'Tama',
      lastName: 'Rangi',
      email: 'tama@x.nz',
      participantTypes: ['agent'],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'You must provide a valid contact number',
      "Complete address required for participant's role",
    ]);
  });

  it('without Edit, a participant sets only themself, only to roles their roles manage, within their access', async () => {
    const bobOwner = { ...builder, participantTypes: ['Owner'], accessLevel: 'ReadOnly' as const };
    const w = world([creator, bobOwner]);
    const bob = { kind: 'user', userId: 'user-b' } as const;
    const g = {
      ...grant('ReadOnly'),
      access: {
        applicationId: APP,
        userId: 'user-b',
        accessLevel: 'ReadOnly',
      } as unknown as ApplicationAccessRecord,
    };
    await expect(
      w.service.update(bob, g, 'p-me', edit(creator, { participantTypes: [] })),
    ).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(
      w.service.update(bob, g, 'p-b', edit(bobOwner, { participantTypes: ['Owner', 'Engineer'] })),
    ).rejects.toMatchObject({
      message: 'Without edit access you can only set yourself to roles you may manage',
    });
    // Owner manages InvoicePayer (None minimum): allowed, and it moves from its holder.
    const p = await w.service.update(
      bob,
      g,
      'p-b',
      edit(bobOwner, { participantTypes: ['Owner', 'InvoicePayer'], firstName: 'Ignored', ...contact }),
    );
    expect(p).toMatchObject({
      participantTypes: ['Owner', 'InvoicePayer'],
      firstName: 'Bob',
      accessLevel: 'ReadOnly',
    });
    // Owner manages Agent, but Agent needs Manage: more than a ReadOnly caller has.
    await expect(
      w.service.update(
        bob,
        g,
        'p-b',
        edit(bobOwner, { participantTypes: ['Owner', 'InvoicePayer', 'Agent'], ...contact }),
      ),
    ).rejects.toMatchObject({
      message: 'You cannot give more access than you have',
    });
  });

  it('the last Manage participant who signs in cannot be lowered or removed', async () => {
    const w = world([creator, builder]);
    await expect(
      w.service.update(me, grant('Manage'), 'p-me', edit(creator, { accessLevel: 'Edit' })),
    ).rejects.toMatchObject({ message: 'The application needs at least one participant with Manage access' });
  });

  it('resending needs an email, no sign-in, access above None and state Unregistered, Error or Queued', async () => {
    const w = world([
      creator,
      {
        participantId: 'p-x',
        firstName: 'Ana',
        lastName: 'Lee',
        email: 'ana@x.nz',
        accessLevel: 'ReadOnly',
        invitation: 'Error',
      },
    ]);
    const p = await w.service.update(
      me,
      grant('Manage'),
      'p-x',
      input({ email: 'ana@x.nz', accessLevel: 'ReadOnly', invitation: 'Queued' }),
    );
    expect(p.invitation).toBe('Queued');
    expect(w.writes.at(-1)!.invite).toBe(true);
    await expect(
      w.service.update(me, grant('Manage'), 'p-me', edit(creator, { invitation: 'Queued' })),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('participants service: removing and restoring (docs/participants.md)', () => {
  it("anyone holding a required role cannot be removed, sole holder or not: '{types} type is required'", async () => {
    const mere = {
      participantId: 'p-o',
      firstName: 'Mere',
      lastName: 'Tane',
      email: 'mere@x.nz',
      participantTypes: ['Owner'],
    };
    const w = world([creator, mere]);
    await expect(w.service.remove(me, grant('Manage'), 'p-me')).rejects.toMatchObject({
      message: 'Registered owner, Owner, Owner contact, Invoice payer type is required',
    });
    // Mere is a second Owner (Aroha holds it too): still blocked, read plainly (docs/participants.md).
    await expect(w.service.remove(me, grant('Manage'), 'p-o')).rejects.toMatchObject({
      message: 'Owner type is required',
    });
    // Stored by id (an older item): the same rule.
    const w2 = world([creator, { ...mere, participantTypes: ['owner'] }]);
    await expect(w2.service.remove(me, grant('Manage'), 'p-o')).rejects.toMatchObject({
      message: 'Owner type is required',
    });
    expect(w.writes).toEqual([]);
    expect(w2.writes).toEqual([]);
  });

  it('removal marks deleted and clears roles (email free again); restore brings them back, with history', async () => {
    const w = world([
      creator,
      {
        participantId: 'p-o',
        firstName: 'Mere',
        lastName: 'Tane',
        email: 'mere@x.nz',
        participantTypes: ['Builder'],
      },
    ]);
    await w.service.remove(me, grant('Manage'), 'p-o');
    expect(w.rows.get('p-o')).toMatchObject({ isDeleted: true, participantTypes: [] });
    expect(w.guards.has('participantEmail\nmere@x.nz')).toBe(false);
    expect((await w.service.list(APP, false)).map((p) => p.participantId)).toEqual(['p-me']);
    expect((await w.service.list(APP, true)).map((p) => p.participantId)).toEqual(['p-me', 'p-o']);
    const back = await w.service.restore(me, grant('Manage'), 'p-o');
    expect(back.isDeleted).toBe(false);
    expect(w.writes.map((x) => x.eventType)).toEqual(['ParticipantRemoved', 'ParticipantRestored']);
    expect(w.writes[1]!.history[0]!.delta).toEqual({ isDeleted: [true, false] });
  });

  it('restoring someone whose email was taken meanwhile is refused', async () => {
    const w = world([
      creator,
      { participantId: 'p-o', firstName: 'Mere', lastName: 'Tane', email: 'mere@x.nz', isDeleted: true },
    ]);
    await w.service.add(me, grant('Manage'), input({ email: 'mere@x.nz' }));
    await expect(w.service.restore(me, grant('Manage'), 'p-o')).rejects.toMatchObject({
      message: 'Email used on existing participant: email must be unique',
    });
  });
});

describe('participants service: nobody lowers, re-addresses or removes someone above their own access (docs/participants.md)', () => {
  /** Another participant at `level`, invited (no sign-in yet), without roles. */
  const at = (level: 'ReadOnly' | 'Edit' | 'Manage'): Partial<ParticipantRecord> => ({
    participantId: `p-${level}`,
    firstName: 'Wiremu',
    lastName: level,
    email: `${level.toLowerCase()}@x.nz`,
    accessLevel: level,
    invitation: 'Unregistered',
  });
  const below = { ReadOnly: 'None', Edit: 'ReadOnly', Manage: 'Edit' } as const;
  const levels = ['ReadOnly', 'Edit', 'Manage'] as const;
  const rank = (l: string) => levels.indexOf(l as (typeof levels)[number]);

  for (const caller of ['Edit', 'Manage'] as const)
    for (const target of levels) {
      const allowed = rank(target) <= rank(caller);
      it(`a caller at ${caller} ${allowed ? 'may' : 'may not'} lower or remove a participant at ${target}`, async () => {
        const t = at(target);
        const w = world([creator, t]);
        const lower = () =>
          w.service.update(me, grant(caller), t.participantId!, edit(t, { accessLevel: below[target] }));
        const remove = () => w.service.remove(me, grant(caller), t.participantId!);
        if (allowed) {
          expect((await lower()).accessLevel).toBe(below[target]);
          await remove();
          expect(w.rows.get(t.participantId!)!.isDeleted).toBe(true);
          return;
        }
        const refusal = { kind: 'forbidden', message: participantMessages.aboveYourAccess };
        await expect(lower()).rejects.toMatchObject(refusal);
        await expect(remove()).rejects.toMatchObject(refusal);
        expect(w.writes).toEqual([]);
        expect(w.rows.get(t.participantId!)).toMatchObject({ accessLevel: target, isDeleted: false });
      });
    }

  it("an Edit caller cannot send a Manage participant's invitation elsewhere (their email), but may edit the rest", async () => {
    const t = at('Manage');
    const w = world([creator, t]);
    await expect(
      w.service.update(me, grant('Edit'), t.participantId!, edit(t, { email: 'mine@x.nz' })),
    ).rejects.toMatchObject({ kind: 'forbidden', message: participantMessages.aboveYourAccess });
    expect(w.writes).toEqual([]);
    const p = await w.service.update(me, grant('Edit'), t.participantId!, edit(t, { phone: '021 555 1234' }));
    expect(p).toMatchObject({ accessLevel: 'Manage', email: 'manage@x.nz', phone: '021 555 1234' });
  });

  it('the rule both sides run: not above your own; Manage changes anyone', () => {
    expect(canChangeParticipant('Manage', 'Manage')).toBe(true);
    expect(canChangeParticipant('Edit', 'Edit')).toBe(true);
    expect(canChangeParticipant('Edit', 'Manage')).toBe(false);
    expect(canChangeParticipant('ReadOnly', 'Edit')).toBe(false);
    expect(canChangeParticipant('Edit', 'None')).toBe(true);
  });
});

describe('participants service: notification level', () => {
  it("anyone on the application sets their own participant's level", async () => {
    const w = world([creator]);
    await w.service.setNotificationLevel(me, grant('ReadOnly').access, 'p-me', 'Muted');
    expect(w.levels).toEqual([{ participantId: 'p-me', level: 'Muted', by: 'me' }]);
  });

  it("nobody sets another person's level, not even a manager (docs/participants.md)", async () => {
    const w = world([creator, { participantId: 'p2', loginUserId: 'someone' }, { participantId: 'p4' }]);
    for (const level of ['Edit', 'Manage'] as const)
      for (const id of ['p2', 'p4'])
        await expect(
          w.service.setNotificationLevel(me, grant(level).access, id, 'Muted'),
        ).rejects.toMatchObject({
          kind: 'forbidden',
          message: NOT_YOUR_LEVEL,
        });
    expect(w.levels).toEqual([]);
  });

  it('a deleted or unknown participant is not found', async () => {
    const w = world([{ participantId: 'p3', loginUserId: 'me', isDeleted: true }]);
    for (const id of ['p3', 'nobody'])
      await expect(
        w.service.setNotificationLevel(me, grant('Manage').access, id, 'Muted'),
      ).rejects.toMatchObject({
        kind: 'notFound',
      });
  });
});
