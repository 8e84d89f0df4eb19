import { describe, expect, it } from 'vitest';
import qualificationTypesJson from '../../../../shared/reference/qualification-types.json' with { type: 'json' };
import {
  CONTACT_EMAIL_UNIQUE,
  contactsService,
  soleTraderOrganisationId,
} from '../../../../functions/contacts/service.js';
import type { ContactPorts } from '../../../../functions/contacts/service.js';
import type { ContactRecord, ContactWrite } from '../../../../functions/contacts/repository.js';
import { contactConsumers } from '../../../../functions/contacts/consumers.js';
import { ContactInput, ContactPatch, ContactsQuery } from '../../../../shared/schemas/contacts.js';
import type { QualificationType } from '../../../../shared/schemas/reference.js';
import type { Practitioner } from '../../../../shared/schemas/lookups.js';

const QTYPES = qualificationTypesJson as QualificationType[];
const ORG = 'org-1';

/** An in-memory table: contacts per organisation and the email guard rows, as the repository's conditions. */
function world(opts: { orgs?: Record<string, string>; register?: Record<string, Practitioner> } = {}) {
  let clock = 0;
  let ids = 0;
  const rows = new Map<string, ContactRecord>();
  const emails = new Map<string, string>();
  const key = (org: string, id: string) => `${org}\n${id}`;
  const writes: ContactWrite[] = [];
  /** Runs before a write's conditions are checked (a concurrent request's write). */
  let beforeWrite: (() => Promise<void>) | undefined;
  const ports: ContactPorts = {
    organisationOf: async (userId) => opts.orgs?.[userId],
    contacts: async (org, text) =>
      [...rows.values()]
        .filter((c) => c.organisationId === org && (!text || (c.searchText ?? '').includes(text)))
        .map((c) => structuredClone(c)),
    contact: async (org, id) => structuredClone(rows.get(key(org, id))),
    contactIdByEmail: async (org, email) => emails.get(key(org, email)),
    write: async (change) => {
      const hook = beforeWrite;
      beforeWrite = undefined;
      if (hook) await hook();
      const { previous, next } = change;
      const c = (next ?? previous)!;
      const cur = rows.get(key(c.organisationId, c.contactId));
      if (previous ? cur?.updatedAt !== previous.updatedAt : cur) return false;
      const newEmail = next?.email;
      if (newEmail && newEmail !== previous?.email && emails.has(key(c.organisationId, newEmail)))
        return false;
      if (previous?.email && previous.email !== newEmail)
        emails.delete(key(c.organisationId, previous.email));
      if (newEmail) emails.set(key(c.organisationId, newEmail), c.contactId);
      if (next) rows.set(key(c.organisationId, c.contactId), { ...next, updatedAt: `t${++clock}` });
      else rows.delete(key(c.organisationId, c.contactId));
      writes.push(change);
      return true;
    },
    touch: async (org, id, at) => {
      const c = rows.get(key(org, id));
      if (!c || (c.lastUsed ?? '') >= at) return false;
      c.lastUsed = at;
      return true;
    },
    qualificationTypes: () => QTYPES,
    practitioner: async (n) => opts.register?.[n],
    now: () => '2026-02-01T00:00:00.000Z',
    newId: () => `c${++ids}`,
  };
  return {
    ports,
    rows,
    writes,
    service: contactsService(ports),
    concurrently: (fn: () => Promise<void>) => {
      beforeWrite = fn;
    },
  };
}

const input = (fields: ContactInput) => ContactInput.parse(fields);
const tama = { firstName: 'Tama', lastName: 'Rangi', email: 'Tama@Example.NZ ' };
const reasonOf = (e: unknown) => (e as { details?: { field: string; reason: string }[] }).details?.[0];

describe('contact fields: the participant form rules without the role-dependent ones (docs/participants.md)', () => {
  const issues = (fields: Record<string, unknown>) => {
    const r = ContactInput.safeParse(fields);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('requires names in the name pattern; email, phone and address are optional but checked', () => {
    expect(issues({})).toEqual([
      ['firstName', 'Required'],
      ['lastName', 'Required'],
    ]);
    expect(issues({ firstName: '1Tama', lastName: 'Rangi' })).toEqual([
      ['firstName', 'Please enter a name with a valid format'],
    ]);
    expect(issues({ ...tama, email: 'not-an-email' })).toEqual([['email', 'Invalid email format']]);
    expect(issues({ ...tama, phone: '12' })).toEqual([['phone', 'Contact number is not valid']]);
    expect(issues({ ...tama, address: { zipCode: '12', country: 'NZ' } })).toEqual([
      ['address.zipCode', expect.any(String)],
    ]);
    expect(issues({ firstName: 'Tama', lastName: "O'Neil-Smith" })).toEqual([]);
  });

  it('lower-cases and trims the email and builds the full address from its parts', () => {
    const c = input({
      ...tama,
      address: { address1: '5 Willis Street', city: 'Wellington', country: 'NZ', zipCode: '6011' },
    });
    expect(c.email).toBe('tama@example.nz');
    expect(c.address?.fullAddress).toContain('5 Willis Street');
  });

  it('searches with page size 10 by default, at most 100', () => {
    expect(ContactsQuery.parse({})).toEqual({ search_text: '', page_size: 10, page: 1 });
    expect(ContactsQuery.safeParse({ page_size: '101' }).success).toBe(false);
  });
});

describe('contacts service: the library of the caller organisation', () => {
  it('adds a contact to the caller organisation; another organisation does not find it', async () => {
    const w = world({ orgs: { alice: ORG, bob: ORG, carol: 'org-2' } });
    const c = await w.service.add('alice', input(tama));
    expect(c).toMatchObject({ organisationId: ORG, email: 'tama@example.nz', lastUsed: '' });
    expect((await w.service.get('bob', c.contactId)).firstName).toBe('Tama');
    await expect(w.service.get('carol', c.contactId)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(w.service.update('carol', c.contactId, input(tama))).rejects.toMatchObject({
      kind: 'notFound',
    });
    await expect(w.service.remove('carol', c.contactId)).rejects.toMatchObject({ kind: 'notFound' });
    expect(w.rows.size).toBe(1);
  });

  it("a user without an organisation keeps their own (sole trader's) library", async () => {
    const w = world();
    const c = await w.service.add('dave', input(tama));
    expect(c.organisationId).toBe(soleTraderOrganisationId('dave'));
    await expect(w.service.get('erin', c.contactId)).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('an email is unique in the library (400 on the email, nothing written), free again once deleted', async () => {
    const w = world({ orgs: { alice: ORG, carol: 'org-2' } });
    const first = await w.service.add('alice', input(tama));
    const refused = await w.service
      .add('alice', input({ ...tama, email: 'TAMA@example.nz' }))
      .catch((e) => e);
    expect(reasonOf(refused)).toEqual({ field: 'body.email', reason: CONTACT_EMAIL_UNIQUE });
    const other = await w.service.add('alice', input({ firstName: 'Mere', lastName: 'Hau' }));
    await expect(
      w.service.update('alice', other.contactId, input({ ...tama, firstName: 'Mere' })),
    ).rejects.toMatchObject({
      details: [{ field: 'body.email', reason: CONTACT_EMAIL_UNIQUE }],
    });
    expect(w.writes).toHaveLength(2);
    await w.service.add('carol', input(tama)); // another library
    await w.service.update('alice', first.contactId, input({ ...tama, lastName: 'Rangi-Smith' })); // its own email
    await w.service.remove('alice', first.contactId);
    expect((await w.service.add('alice', input(tama))).email).toBe('tama@example.nz');
  });

  it('two adds with the same email at once: one contact, the other refused on the email', async () => {
    const w = world({ orgs: { alice: ORG, bob: ORG } });
    w.concurrently(async () => {
      await w.service.add('bob', input(tama));
    });
    await expect(w.service.add('alice', input(tama))).rejects.toMatchObject({
      details: [{ field: 'body.email', reason: CONTACT_EMAIL_UNIQUE }],
    });
    expect([...w.rows.values()].filter((c) => c.email === 'tama@example.nz')).toHaveLength(1);
  });

  it('an edit keeps lastUsed, and the qualifications when they are not sent', async () => {
    const w = world({ orgs: { alice: ORG } });
    const q = { qualificationName: 'Other', otherQualificationType: 'CPEng' };
    const c = await w.service.add('alice', input({ ...tama, qualifications: [q] }));
    await w.service.markUsed('alice', c.contactId, '2026-03-01T00:00:00.000Z');
    const edited = await w.service.update('alice', c.contactId, input({ ...tama, phone: '021 555 1234' }));
    expect(edited).toMatchObject({ phone: '021 555 1234', lastUsed: '2026-03-01T00:00:00.000Z' });
    expect(edited.qualifications).toEqual([expect.objectContaining(q)]);
    const cleared = await w.service.update('alice', c.contactId, input({ ...tama, qualifications: [] }));
    expect(cleared.qualifications).toEqual([]);
  });
});

describe('PATCH a contact: the fields it names, the rest kept (docs/participants.md)', () => {
  const patch = (fields: ContactPatch) => ContactPatch.parse(fields);

  it('one field changes that field; the merged contact is checked with the full rules', async () => {
    const w = world({ orgs: { alice: ORG } });
    const c = await w.service.add(
      'alice',
      input({ ...tama, phone: '021 555 1234', organisation: 'Old Ltd' }),
    );
    const edited = await w.service.update('alice', c.contactId, patch({ organisation: 'Rangi Design' }));
    expect(edited).toMatchObject({
      firstName: 'Tama',
      lastName: 'Rangi',
      email: 'tama@example.nz',
      phone: '021 555 1234',
      organisation: 'Rangi Design',
    });
    expect(edited.searchText).toBe('tama rangi tama@example.nz rangi design');
    // null clears a field; the merged result must still pass the rules.
    const cleared = await w.service.update('alice', c.contactId, patch({ phone: null, organisation: null }));
    expect(cleared.phone).toBeUndefined();
    expect(cleared.organisation).toBeUndefined();
    expect(cleared.firstName).toBe('Tama');
    const writes = w.writes.length;
    await expect(w.service.update('alice', c.contactId, patch({ lastName: null }))).rejects.toMatchObject({
      kind: 'invalid',
      details: [{ field: 'body.lastName', reason: 'Required' }],
    });
    await expect(w.service.update('alice', c.contactId, patch({ phone: '12' }))).rejects.toMatchObject({
      details: [{ field: 'body.phone', reason: 'Contact number is not valid' }],
    });
    expect(w.writes.length).toBe(writes);
  });

  it('the patch schema takes any subset and null to clear; the service checks and normalises the merged contact', async () => {
    expect(ContactPatch.parse({})).toEqual({});
    expect(ContactPatch.parse({ email: ' A@B.NZ ', phone: null })).toEqual({ email: 'A@B.NZ', phone: null });
    expect(ContactPatch.safeParse({ firstName: 7 }).success).toBe(false);
    const w = world({ orgs: { alice: ORG } });
    const c = await w.service.add('alice', input(tama));
    expect((await w.service.update('alice', c.contactId, patch({ email: ' A@B.NZ ' }))).email).toBe('a@b.nz');
    await expect(w.service.update('alice', c.contactId, patch({ email: 'nope' }))).rejects.toMatchObject({
      details: [{ field: 'body.email', reason: 'Invalid email format' }],
    });
  });
});

describe('contacts service: qualifications as on a participant (docs/participants.md)', () => {
  const lbp = (n: string, classes = ['Carpentry']) => ({
    qualificationName: 'LBP',
    qualificationNumber: n,
    licensingClasses: classes,
  });
  const reason = (w: ReturnType<typeof world>, q: Record<string, unknown>) =>
    w.service
      .add('alice', input({ ...tama, qualifications: [q as never] }))
      .then(() => 'ok')
      .catch((e: unknown) => reasonOf(e));

  it('refuses what the qualification form refuses, on the field, and writes nothing', async () => {
    const w = world({ orgs: { alice: ORG } });
    expect(await reason(w, lbp('12345'))).toEqual({
      field: 'body.qualifications.0.qualificationNumber',
      reason: 'Qualification number is not valid',
    });
    expect(await reason(w, lbp('BP123456', []))).toEqual({
      field: 'body.qualifications.0.licensingClasses',
      reason: 'At least one license class must be selected',
    });
    expect(await reason(w, { qualificationName: 'Other' })).toMatchObject({
      reason: 'Other qualification type is required',
    });
    expect(w.rows.size).toBe(0);
  });

  it('warns of an LBP number the register does not know and of inactive classes', async () => {
    const w = world({
      orgs: { alice: ORG },
      register: {
        BP111111: {
          lbpNumber: 'BP111111',
          firstName: 'Tama',
          lastName: 'Rangi',
          fullName: 'Tama Rangi',
          licenceClasses: [{ licenceClass: 'Roofing', status: 'Inactive', reason: 'Lapsed' }],
        },
      },
    });
    const warnings = async (n: string, email: string) =>
      (await w.service.add('alice', input({ ...tama, email, qualifications: [lbp(n)] }))).qualifications?.[0]
        ?.warnings;
    expect(await warnings('BP111111', 'a@x.nz')).toEqual([
      { label: 'BP111111', warning: 'Roofing license status: Lapsed' },
    ]);
    expect(await warnings('BP222222', 'b@x.nz')).toEqual([
      { label: 'BP222222', warning: 'Could not verify BP222222 in LBP Register' },
    ]);
  });
});

describe('contacts service: search (docs/participants.md)', () => {
  it('matches name, email or organisation case-insensitively, most recently used first, then by name', async () => {
    const w = world({ orgs: { alice: ORG, carol: 'org-2' } });
    const add = (firstName: string, lastName: string, extra: Record<string, string> = {}) =>
      w.service.add('alice', input({ firstName, lastName, ...extra }));
    const zoe = await add('Zoe', 'Adams', { organisation: 'Karaka Builders' });
    await add('Amy', 'Baker', { email: 'amy@karaka.nz' });
    const ben = await add('Ben', 'Clark');
    await add('Cat', 'Karaka');
    await w.service.add('carol', input({ firstName: 'Kara', lastName: 'Other' }));
    await w.service.markUsed('alice', ben.contactId, '2026-03-01T00:00:00.000Z');
    await w.service.markUsed('alice', zoe.contactId, '2026-03-02T00:00:00.000Z');
    const names = async (q: Record<string, unknown>) =>
      (await w.service.search('alice', ContactsQuery.parse(q))).items.map((c) => c.firstName);
    expect(await names({})).toEqual(['Zoe', 'Ben', 'Amy', 'Cat']);
    expect(await names({ search_text: 'KARAKA' })).toEqual(['Zoe', 'Amy', 'Cat']);
    expect(await names({ search_text: '  ben  clark ' })).toEqual(['Ben']);
    const page = await w.service.search('alice', ContactsQuery.parse({ page_size: '2', page: '2' }));
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 4 });
    expect(page.items.map((c) => c.firstName)).toEqual(['Amy', 'Cat']);
  });
});

describe('contacts.lastUsed consumer: a participant from the library marks the contact used', () => {
  const event = (
    type: 'ParticipantAdded' | 'ParticipantUpdated',
    at: string,
    data: Record<string, unknown>,
  ) =>
    ({
      eventId: `e-${at}`,
      type,
      aggregate: { type: 'application', id: '1000001' },
      occurredAt: at,
      actor: 'alice',
      data: { participantId: 'p1', userIds: [], reassignedFrom: [], ...data },
    }) as never;
  const ctx = { logger: { info: () => undefined } } as never;

  it('sets lastUsed to the event time, only ever forward (a replay or a late event changes nothing)', async () => {
    const w = world({ orgs: { alice: ORG } });
    const c = await w.service.add('alice', input(tama));
    const [consumer] = contactConsumers(w.ports);
    await consumer!.handle(
      event('ParticipantAdded', '2026-03-02T00:00:00.000Z', { libraryContactId: c.contactId }),
      ctx,
    );
    expect((await w.service.get('alice', c.contactId)).lastUsed).toBe('2026-03-02T00:00:00.000Z');
    await consumer!.handle(
      event('ParticipantUpdated', '2026-03-01T00:00:00.000Z', { libraryContactId: c.contactId }),
      ctx,
    );
    await consumer!.handle(event('ParticipantUpdated', '2026-03-05T00:00:00.000Z', {}), ctx);
    expect((await w.service.get('alice', c.contactId)).lastUsed).toBe('2026-03-02T00:00:00.000Z');
    await consumer!.handle(
      event('ParticipantUpdated', '2026-03-03T00:00:00.000Z', { libraryContactId: c.contactId }),
      ctx,
    );
    expect((await w.service.get('alice', c.contactId)).lastUsed).toBe('2026-03-03T00:00:00.000Z');
  });

  it("leaves another organisation's contact alone", async () => {
    const w = world({ orgs: { alice: ORG, carol: 'org-2' } });
    const c = await w.service.add('carol', input(tama));
    const [consumer] = contactConsumers(w.ports);
    await consumer!.handle(
      event('ParticipantAdded', '2026-03-02T00:00:00.000Z', { libraryContactId: c.contactId }),
      ctx,
    );
    expect((await w.service.get('carol', c.contactId)).lastUsed).toBe('');
  });
});
