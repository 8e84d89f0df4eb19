/**
 * The contact library through the local API (docs/participants.md "Contact
 * library"): CRUD, search (name, email, organisation; most recently used first, then by name),
 * organisation scoping (another library's contact is 404 and cannot be changed), 400s with the field
 * and reason that change nothing, lastUsed set when a participant comes from the library, and a
 * library of a few thousand contacts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api } from '../support/accounts';
import { waitFor } from '../support/wait';
import type { CreateApplicationResponse } from '../../shared/schemas/applications';
import type { ContactDto, ContactPage } from '../../shared/schemas/contacts';

const o = readOutputs();
process.env.TABLE_NAME = o.TableName;
process.env.AWS_REGION = o.Region;
process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
const { entities } = await import('../../functions/platform/data/service');
const { searchTextOf, soleTraderOrganisationId } = await import('../../functions/contacts/service');

const demo = (email: string) => {
  const u = o.DemoUsers.find((d) => d.email === email);
  if (!u) throw new Error(`no demo user ${email}`);
  return u;
};

let owner: string; // applicant@: their own (sole trader's) library
let other: string; // agent@: another library
const URL = '/user/organisation/contacts';

type Answer = { status: number; body: ContactDto & { details?: { field: string; reason: string }[] } };
const call = (method: string, path: string, body?: unknown, token = owner) =>
  api(method, path, body, { token }) as Promise<Answer>;
const search = async (query: string, token = owner) => {
  const res = await api('GET', `${URL}${query}`, undefined, { token });
  expect(res.status).toBe(200);
  return res.body as ContactPage;
};
/** A unique word, so each test finds only its own contacts in the shared library. */
const tag = () =>
  `Tag${randomUUID()
    .replace(/\W/g, '')
    .slice(0, 10)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

beforeAll(async () => {
  const [a, b] = await Promise.all(
    ['applicant@demo.consent.nz', 'agent@demo.consent.nz'].map((e) => signIn(e, demo(e).password, o)),
  );
  owner = a!.IdToken;
  other = b!.IdToken;
});

describe('contacts: add, read, edit, delete', () => {
  test('a contact is added, read, edited and deleted; its email lower-cased, its full address built', async () => {
    const org = tag();
    const added = await call('POST', URL, {
      firstName: 'Tama',
      lastName: 'Rangi',
      organisation: org,
      email: ` Tama.${org}@Example.NZ `,
      phone: '021 555 1234',
      address: { address1: '5 Willis Street', city: 'Wellington', country: 'NZ', zipCode: '6011' },
      qualifications: [
        { qualificationName: 'LBP', qualificationNumber: 'BP999999', licensingClasses: ['Carpentry'] },
      ],
    });
    expect(added.status).toBe(201);
    const c = added.body;
    expect(c).toMatchObject({ email: `tama.${org.toLowerCase()}@example.nz`, organisation: org });
    expect(c.address?.fullAddress).toContain('5 Willis Street');
    expect(c.lastUsed).toBeUndefined();
    expect(c.qualifications[0]?.warnings.map((w) => w.warning)).toEqual([
      'Could not verify BP999999 in LBP Register',
    ]);

    expect((await call('GET', `${URL}/${c.id}`)).body).toEqual(c);
    const edited = await call('PATCH', `${URL}/${c.id}`, {
      firstName: 'Tamati',
      lastName: 'Rangi',
      organisation: org,
      email: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ firstName: 'Tamati', qualifications: c.qualifications });
    expect(edited.body.email).toBeUndefined();
    expect(edited.body.phone).toBe('021 555 1234');
    expect((await search(`?search_text=${org}`)).items.map((x) => x.firstName)).toEqual(['Tamati']);

    expect((await call('DELETE', `${URL}/${c.id}`)).status).toBe(204);
    expect((await call('GET', `${URL}/${c.id}`)).status).toBe(404);
    expect((await search(`?search_text=${org}`)).total).toBe(0);
  });

  test('a PATCH of one field changes that field and keeps the rest (docs/participants.md)', async () => {
    const org = tag();
    const c = (
      await call('POST', URL, {
        firstName: 'Aroha',
        lastName: 'Ngata',
        organisation: org,
        email: `a@${org}.nz`,
        phone: '021 555 1234',
      })
    ).body;
    const renamed = `${org}Ltd`;
    const res = await call('PATCH', `${URL}/${c.id}`, { organisation: renamed });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c, organisation: renamed });
    expect((await call('GET', `${URL}/${c.id}`)).body).toEqual({ ...c, organisation: renamed });
    // Found by its new organisation (the search text follows the merged contact).
    expect((await search(`?search_text=${renamed}`)).items.map((x) => x.id)).toEqual([c.id]);
    // The merged contact is checked with the full rules: a bad phone or a cleared name is refused.
    const bad = await call('PATCH', `${URL}/${c.id}`, { phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'body.phone', reason: 'Contact number is not valid' }]);
    const noName = await call('PATCH', `${URL}/${c.id}`, { firstName: null });
    expect(noName.body.details).toEqual([{ field: 'body.firstName', reason: 'Required' }]);
    expect((await call('GET', `${URL}/${c.id}`)).body).toEqual({ ...c, organisation: renamed });
  });

  test('bad input is refused with the field and reason, and changes nothing', async () => {
    const org = tag();
    const c = (
      await call('POST', URL, { firstName: 'Mere', lastName: 'Hau', organisation: org, email: `m@${org}.nz` })
    ).body;
    const refused = async (method: string, path: string, body: unknown) => {
      const res = await call(method, path, body);
      expect(res.status).toBe(400);
      return res.body.details?.map((d) => [d.field, d.reason]);
    };
    expect(await refused('POST', URL, { firstName: '1', lastName: 'Hau', organisation: org })).toEqual([
      ['body.firstName', 'Please enter a name with a valid format'],
    ]);
    expect(
      await refused('POST', URL, { firstName: 'Ana', lastName: 'Hau', email: 'nope', organisation: org }),
    ).toEqual([['body.email', 'Invalid email format']]);
    expect(
      await refused('POST', URL, { firstName: 'Ana', lastName: 'Hau', phone: '12', organisation: org }),
    ).toEqual([['body.phone', 'Contact number is not valid']]);
    expect(
      await refused('POST', URL, {
        firstName: 'Ana',
        lastName: 'Hau',
        organisation: org,
        qualifications: [
          { qualificationName: 'LBP', qualificationNumber: 'X1', licensingClasses: ['Carpentry'] },
        ],
      }),
    ).toEqual([['body.qualifications.0.qualificationNumber', 'Qualification number is not valid']]);
    const duplicate = [['body.email', 'Email used on existing contact: email must be unique']];
    expect(
      await refused('POST', URL, {
        firstName: 'Ana',
        lastName: 'Hau',
        email: `M@${org}.NZ`,
        organisation: org,
      }),
    ).toEqual(duplicate);
    const second = (await call('POST', URL, { firstName: 'Ana', lastName: 'Hau', organisation: org })).body;
    expect(
      await refused('PATCH', `${URL}/${second.id}`, {
        firstName: 'Ana',
        lastName: 'Hau',
        email: `m@${org}.nz`,
      }),
    ).toEqual(duplicate);
    expect(await refused('PATCH', `${URL}/${c.id}`, { firstName: 'Mere', lastName: '' })).toEqual([
      ['body.lastName', 'Required'],
    ]);
    expect((await api('GET', `${URL}?page_size=101`, undefined, { token: owner })).status).toBe(400);
    const page = await search(`?search_text=${org}`);
    expect(page.items).toEqual([c, second].sort((a, b) => a.firstName!.localeCompare(b.firstName!)));
  });

  test("another organisation's contact is not found and cannot be changed or deleted", async () => {
    const org = tag();
    const c = (
      await call('POST', URL, {
        firstName: 'Hemi',
        lastName: 'Walker',
        organisation: org,
        email: `h@${org}.nz`,
      })
    ).body;
    expect((await call('GET', `${URL}/${c.id}`, undefined, other)).status).toBe(404);
    expect((await call('PATCH', `${URL}/${c.id}`, { firstName: 'X', lastName: 'Y' }, other)).status).toBe(
      404,
    );
    expect((await call('DELETE', `${URL}/${c.id}`, undefined, other)).status).toBe(404);
    expect((await search(`?search_text=${org}`, other)).total).toBe(0);
    // The same email is free in the other library.
    const theirs = await call(
      'POST',
      URL,
      { firstName: 'Hemi', lastName: 'Walker', email: `h@${org}.nz` },
      other,
    );
    expect(theirs.status).toBe(201);
    expect((await call('GET', `${URL}/${c.id}`)).body).toEqual(c);
  });
});

describe('contacts: search and lastUsed', () => {
  test('search matches name, email or organisation in any case; most recently used first, then by name; paged', async () => {
    const t = tag();
    const add = async (body: Record<string, unknown>) => (await call('POST', URL, body)).body;
    await add({ firstName: 'Zoe', lastName: t });
    await add({ firstName: 'Amy', lastName: 'Baker', email: `amy@${t}.nz` });
    const ben = await add({ firstName: 'Ben', lastName: 'Clark', organisation: `${t} Builders` });
    await add({ firstName: 'Cat', lastName: 'Dunn' });

    // Ben from the library on an application: the participant carries libraryContactId.
    const app = await api(
      'POST',
      '/user/applications',
      {
        operationName: 'Create',
        authorityId: 'akl',
        formId: 'bc',
        address: { address1: '12 Karaka Street', city: 'Auckland', zipCode: '1010', country: 'NZ' },
      },
      { token: owner },
    );
    const appId = (app.body as CreateApplicationResponse).id;
    const participant = await api(
      'POST',
      `/user/applications/${appId}/participantsV2`,
      { firstName: 'Ben', lastName: 'Clark', libraryContactId: ben.id },
      { token: owner },
    );
    expect(participant.status).toBe(201);
    const used = await waitFor(
      'lastUsed set',
      async () => (await call('GET', `${URL}/${ben.id}`)).body.lastUsed,
    );
    expect(Date.parse(used)).toBeGreaterThan(Date.now() - 60_000);

    const names = async (q: string) => (await search(q)).items.map((c) => c.firstName);
    expect(await names(`?search_text=${t.toUpperCase()}`)).toEqual(['Ben', 'Amy', 'Zoe']);
    expect(await names(`?search_text=${encodeURIComponent(`amy@${t.toLowerCase()}`)}`)).toEqual(['Amy']);
    const page2 = await search(`?search_text=${t}&page_size=2&page=2`);
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.items.map((c) => c.firstName)).toEqual(['Zoe']);
    // The default page size is 10 (docs/participants.md).
    expect((await search('')).pageSize).toBe(10);
  });

  test('a library of 3000 contacts: the first page and a search answer from the organisation partition', async () => {
    const me = (await api('GET', '/user', undefined, { token: other })).body as { id: string };
    const organisationId = soleTraderOrganisationId(me.id);
    const t = tag();
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const fields = {
        firstName: `Person${String(i).padStart(4, '0')}`,
        lastName: t,
        email: `p${i}@${t.toLowerCase()}.nz`,
        organisation: i % 100 === 0 ? 'Needle Ltd' : 'Haystack Ltd',
      };
      return {
        organisationId,
        contactId: randomUUID(),
        ...fields,
        phone: '021 555 1234',
        address: { address1: `${i} Long Street`, city: 'Wellington', country: 'NZ', zipCode: '6011' },
        searchText: searchTextOf(fields),
        lastUsed: i === 1234 ? '2026-01-01T00:00:00.000Z' : '',
      };
    });
    await entities.contact.put(rows).go({ concurrent: 8 });
    const timed = async (q: string) => {
      const start = performance.now();
      const page = await search(q, other);
      return { page, ms: Math.round(performance.now() - start) };
    };
    const first = await timed('');
    const needle = await timed('?search_text=needle');
    const mine = await timed(`?search_text=${t}`);
    const none = await timed(`?search_text=${t}zzz`);
    console.info(
      `contacts: 3000 in a library: first page ${first.ms} ms, all 3000 matching ${mine.ms} ms, search 'needle' ${needle.ms} ms, no match ${none.ms} ms`,
    );
    expect(first.page.total).toBeGreaterThanOrEqual(3000);
    expect(first.page.items).toHaveLength(10);
    expect(mine.page.total).toBe(3000);
    expect(mine.page.items.map((c) => c.firstName).slice(0, 3)).toEqual([
      'Person1234',
      'Person0000',
      'Person0001',
    ]);
    expect(needle.page.total).toBe(30);
    expect(none.page.total).toBe(0);
  }, 300_000);
});
