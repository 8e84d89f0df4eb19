/**
 * The application lists against the local stack: GET /user/applicationsV3, /user/applicationsV2
 * (templates), /user/applications (V1), /user/applicationsV2/badges and /filters. Two fresh users;
 * their applications and access rows are written straight to the table (the rows are built by the
 * same listRowFields the applications repository uses), then every parameter is pinned through the API.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { readOutputs } from '../support/outputs';
import { signIn } from '../support/cognito';
import { api, solvedCaptcha, waitForMail } from '../support/accounts';
import { waitFor } from '../support/wait';
import type {
  ApplicationFilters,
  ApplicationListItem,
  ApplicationPage,
  BadgeCounts,
} from '../../shared/schemas/applications';

const o = readOutputs();

/** A fresh confirmed user (registered through the API): its token and user id (the token's sub). */
async function newUser() {
  const email = `lists-${randomUUID()}@demo.consent.nz`;
  const password = 'Lists#2025nz';
  const reg = await api('POST', '/public/user/registration', {
    email,
    firstName: 'Hemi',
    lastName: 'Walker',
    password,
    acknowledgement: true,
    captchaToken: await solvedCaptcha(o),
  });
  expect(reg.status).toBe(200);
  const mail = await waitForMail(email, (m) => m.trigger === 'CustomMessage_SignUp', { outputs: o });
  expect((await api('POST', '/public/user/registration/confirm', { email, code: mail.code })).status).toBe(
    204,
  );
  const tokens = await signIn(email, password, o);
  const claims = JSON.parse(Buffer.from(tokens.IdToken.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return { token: tokens.IdToken, userId: claims.sub };
}

/** The table's entities and the list-row builder, pointed at the stack's DynamoDB Local. */
async function tableAccess() {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = String(o.DynamoDbEndpoint);
  process.env.AWS_REGION = o.Region;
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  process.env.TABLE_NAME = o.TableName;
  const { entities } = await import('../../functions/platform/data/service.js');
  const { listRowFields } = await import('../../functions/applications/model/list-row.js');
  return { entities, listRowFields };
}

interface Seed {
  key: string;
  userId: string;
  status?: 'Draft' | 'Submitted' | 'InProgress' | 'Completed';
  recordType?: 'Draft' | 'Consent' | 'Template';
  consentNumber?: string;
  applicationNumber?: string;
  formId?: string;
  authorityId?: string;
  complexity?: string;
  accessLevel?: 'ReadOnly' | 'Edit' | 'Manage';
  hidden?: boolean;
  modifiedDate: string;
  address?: string;
  parentKey?: string;
  rfi?: boolean;
  payment?: boolean;
}

const FORMS: Record<string, { displayName: string; category: string }> = {
  bc: { displayName: 'Building consent', category: 'Standalone' },
  'bc-sfh': { displayName: 'Building consent – single family house', category: 'Standalone' },
  amendment: { displayName: 'Amendment to a building consent', category: 'Amendment' },
};
const AUTHORITIES: Record<string, string> = { wcc: 'Wellington City Council', akl: 'Auckland Council' };

const base = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const ids = new Map<string, string>();
const idOf = (key: string) => {
  if (!ids.has(key)) ids.set(key, String(base + ids.size));
  return ids.get(key)!;
};

let A: { token: string; userId: string };
let B: { token: string; userId: string };

/** User A: 16 visible applications and consents, 2 archived, 1 template; user B: 2 of its own. */
function seeds(): Seed[] {
  const a = A.userId;
  const list: Seed[] = [
    {
      key: 'a1',
      userId: a,
      modifiedDate: '2025-03-10T00:00:00.000Z',
      applicationNumber: 'BLD-2025-00001',
      complexity: 'Simple',
      address: '1 Queen Street, Auckland Central, Auckland 1010',
    },
    {
      key: 'a2',
      userId: a,
      status: 'Submitted',
      formId: 'bc-sfh',
      authorityId: 'akl',
      complexity: 'Complex',
      accessLevel: 'Edit',
      modifiedDate: '2025-03-09T00:00:00.000Z',
      applicationNumber: 'BLD-2025-00010',
      address: '20 Willis Street, Wellington',
      rfi: true,
    },
    // V3's rule: a consent number makes it a Consent, whatever the application record says.
    {
      key: 'a3',
      userId: a,
      status: 'InProgress',
      consentNumber: 'BC-2025-0042',
      authorityId: 'akl',
      accessLevel: 'ReadOnly',
      modifiedDate: '2025-03-08T00:00:00.000Z',
      applicationNumber: 'BLD-2025-00002',
      address: '5 Karaka Road, Hamilton',
      payment: true,
    },
    {
      key: 'a4',
      userId: a,
      formId: 'amendment',
      parentKey: 'a3',
      modifiedDate: '2025-03-07T00:00:00.000Z',
      applicationNumber: 'BLD-2025-00003',
      address: '5 Karaka Road, Hamilton',
    },
    {
      key: 'a5',
      userId: a,
      hidden: true,
      modifiedDate: '2025-03-06T00:00:00.000Z',
      address: '7 Archive Lane, Dunedin',
    },
    {
      key: 'a6',
      userId: a,
      hidden: true,
      status: 'Completed',
      consentNumber: 'BC-2024-0007',
      modifiedDate: '2025-03-05T00:00:00.000Z',
      address: '9 Old Road, Nelson',
    },
    {
      key: 'a7',
      userId: a,
      recordType: 'Template',
      modifiedDate: '2025-03-11T00:00:00.000Z',
      address: '1 Queen Street, Auckland Central, Auckland 1010',
    },
  ];
  for (let i = 8; i <= 19; i++)
    list.push({
      key: `a${i}`,
      userId: a,
      modifiedDate: `2025-02-${String(i).padStart(2, '0')}T00:00:00.000Z`,
      applicationNumber: `BLD-2025-${String(100 + i).padStart(5, '0')}`,
      address: `${i} Lambton Quay, Wellington`,
    });
  list.push(
    {
      key: 'b1',
      userId: B.userId,
      modifiedDate: '2025-03-12T00:00:00.000Z',
      address: '1 Queen Street, Auckland Central, Auckland 1010',
      rfi: true,
    },
    {
      key: 'b2',
      userId: B.userId,
      consentNumber: 'BC-2025-9999',
      status: 'InProgress',
      modifiedDate: '2025-03-01T00:00:00.000Z',
      address: '2 Queen Street, Auckland',
    },
  );
  return list;
}

const visibleA = ['a1', 'a2', 'a3', 'a4', ...Array.from({ length: 12 }, (_, i) => `a${19 - i}`)];

beforeAll(async () => {
  [A, B] = await Promise.all([newUser(), newUser()]);
  const { entities, listRowFields } = await tableAccess();
  for (const s of seeds()) {
    const applicationId = idOf(s.key);
    const formId = s.formId ?? 'bc';
    const application = {
      applicationId,
      recordType: s.recordType === 'Template' ? ('Template' as const) : ('Draft' as const),
      status: s.status ?? 'Draft',
      authorityId: s.authorityId ?? 'wcc',
      jurisdictionId: 'nz',
      formId,
      applicationType: FORMS[formId]!.category as 'Standalone' | 'Amendment',
      userId: s.userId,
      etag: randomUUID(),
      startedDate: '2025-01-01T00:00:00.000Z',
      modifiedDate: s.modifiedDate,
      address: { fullAddress: s.address ?? '' },
      hasOutstandingRFIs: !!s.rfi,
      hasOutstandingPayments: !!s.payment,
      ...(s.applicationNumber ? { applicationNumber: s.applicationNumber } : {}),
      ...(s.consentNumber ? { consentNumber: s.consentNumber } : {}),
      ...(s.complexity ? { complexity: s.complexity } : {}),
      ...(s.parentKey ? { parentApplicationId: idOf(s.parentKey) } : {}),
    };
    await entities.application.put(application).go();
    await entities.applicationAccess
      .put({
        ...listRowFields(application, {
          formDisplayName: FORMS[formId]!.displayName,
          formCategory: FORMS[formId]!.category,
          authorityDisplayName: AUTHORITIES[application.authorityId],
        }),
        applicationId,
        userId: s.userId,
        accessLevel: s.accessLevel ?? 'Manage',
        isOwner: true,
        visibility: s.hidden ? 'hidden' : 'visible',
      })
      .go();
    if (s.recordType === 'Template')
      await entities.template
        .put({
          applicationId,
          displayName: 'My house template',
          description: 'Three bedrooms',
          numOfDocuments: 2,
        })
        .go();
    if (s.parentKey)
      await entities.applicationChild
        .put({
          applicationId: idOf(s.parentKey),
          childApplicationId: applicationId,
          applicationType: 'Amendment',
          formId,
        })
        .go();
    if (s.parentKey)
      await entities.application
        .patch({ applicationId: idOf(s.parentKey) })
        .add({ childCount: 1 })
        .go();
  }
}, 120_000);

const keyOf = (id: string) => [...ids].find(([, v]) => v === id)?.[0] ?? id;
const keys = (items: { id: string }[]) => items.map((i) => keyOf(i.id));

async function page(path: string, token = A.token): Promise<ApplicationPage> {
  const res = await api('GET', path, undefined, { token, outputs: o });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ApplicationPage;
}
const v3 = async (qs = '', token = A.token) => keys((await page(`/user/applicationsV3${qs}`, token)).items);

describe('GET /user/applicationsV3', () => {
  test('defaults: visible, no templates, newest first, page 1 of 10, hasMore', async () => {
    const p = await page('/user/applicationsV3');
    expect(keys(p.items)).toEqual(visibleA.slice(0, 10));
    expect(p).toMatchObject({ pageIndex: 1, pageSize: 10, hasMore: true });
    const a1 = p.items[0]!;
    expect(a1).toMatchObject({
      id: idOf('a1'),
      status: 'Draft',
      recordType: 'Draft',
      accessLevel: 'Manage',
      applicationNumber: 'BLD-2025-00001',
      formId: 'bc',
      authorityId: 'wcc',
      isArchived: false,
      isEditable: true,
      isDeletable: true,
      currentStatusLabel: 'Draft',
    });
  });

  test('paging: every page in turn, hasMore until the last, an empty page after it', async () => {
    const seen: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const p = await page(`/user/applicationsV3?pageSize=5&pageIndex=${i}`);
      expect(p.hasMore, `page ${i}`).toBe(i < 4);
      seen.push(...keys(p.items));
    }
    expect(seen).toEqual(visibleA);
    expect(await page('/user/applicationsV3?pageSize=5&pageIndex=5')).toMatchObject({
      items: [],
      hasMore: false,
    });
    expect(await page('/user/applicationsV3?pageSize=16')).toMatchObject({ hasMore: false });
    expect(await page('/user/applicationsV3?pageSize=15')).toMatchObject({ hasMore: true });
  });

  test('sort both directions: modified date, application number, status, form name', async () => {
    expect(await v3('?pageSize=100&sortDirection=asc')).toEqual([...visibleA].reverse());
    const byNumber = await v3('?pageSize=100&sortBy=applicationNumber&sortDirection=asc');
    expect(byNumber.slice(0, 4)).toEqual(['a1', 'a3', 'a4', 'a2']);
    expect(byNumber.slice(4)).toEqual(visibleA.slice(4).reverse());
    const desc = await v3('?pageSize=100&sortBy=applicationNumber&sortDirection=desc');
    expect(desc.slice(0, 12)).toEqual(visibleA.slice(4));
    expect(desc.slice(12)).toEqual(['a2', 'a4', 'a3', 'a1']);
    // Status: Draft (newest first) < In Progress < Submitted.
    const byStatus = await v3('?pageSize=2&pageIndex=8&sortBy=status&sortDirection=asc');
    expect(byStatus).toEqual(['a3', 'a2']);
    expect(await v3('?pageSize=2&sortBy=status&sortDirection=desc')).toEqual(['a2', 'a3']);
    // Form display names: Amendment… < Building consent < Building consent – single family house.
    const byForm = await v3('?pageSize=100&sortBy=formDisplayName&sortDirection=asc');
    expect(byForm[0]).toBe('a4');
    expect(byForm.at(-1)).toBe('a2');
    expect(await v3('?pageSize=1&sortBy=formDisplayName&sortDirection=DESC')).toEqual(['a2']);
    // Addresses in natural order: 1 Queen, 5 Karaka (newest first), 8 Lambton, …, 20 Willis.
    const byAddress = await v3('?pageSize=100&sortBy=address&sortDirection=asc');
    expect(byAddress.slice(0, 4)).toEqual(['a1', 'a3', 'a4', 'a8']);
    expect(byAddress.at(-1)).toBe('a2');
  });

  test('isArchived: the archived ones only', async () => {
    expect(await v3('?isArchived=true')).toEqual(['a5', 'a6']);
    expect(await v3('?isArchived=TRUE&recordType=Consent')).toEqual(['a6']);
    expect(await v3('?isArchived=false&pageSize=100')).toEqual(visibleA);
  });

  test("record type by V3's rule: Consent when a consent number exists, else Draft", async () => {
    const consents = await page('/user/applicationsV3?recordType=Consent');
    expect(keys(consents.items)).toEqual(['a3']);
    expect(consents.items[0]).toMatchObject({ recordType: 'Consent', consentNumber: 'BC-2025-0042' });
    expect(await v3('?recordType=Draft&pageSize=100')).toEqual(visibleA.filter((k) => k !== 'a3'));
  });

  test('each filter, and filters together', async () => {
    expect(await v3('?form=bc-sfh')).toEqual(['a2']);
    expect(await v3('?form=amendment,bc-sfh')).toEqual(['a2', 'a4']);
    expect(await v3('?authority=akl')).toEqual(['a2', 'a3']);
    expect(await v3('?complexity=Complex')).toEqual(['a2']);
    expect(await v3('?status=Submitted,InProgress')).toEqual(['a2', 'a3']);
    expect(await v3('?accessLevel=ReadOnly')).toEqual(['a3']);
    expect(await v3('?accessLevel=Edit,ReadOnly')).toEqual(['a2', 'a3']);
    expect(await v3('?formCategory=Amendment')).toEqual(['a4']);
    expect(await v3(`?parentApplicationId=${idOf('a3')}`)).toEqual(['a4']);
    expect(await v3('?outstandingActions=RFI')).toEqual(['a2']);
    expect(await v3('?outstandingActions=PAYMENT')).toEqual(['a3']);
    expect(await v3('?outstandingActions=RFI,PAYMENT')).toEqual(['a2', 'a3']);
    expect(await v3('?outstandingActions=PAYMENT&recordType=Draft')).toEqual([]);
    expect(await v3('?authority=akl&status=InProgress')).toEqual(['a3']);
    expect(await v3('?status=Draft&pageSize=3&pageIndex=2')).toEqual(['a18', 'a17', 'a16']);
  });

  test('searchText: lower-cased contains over number, address, form and authority names', async () => {
    expect(await v3('?searchText=%20QUEEN%20%20street%20')).toEqual(['a1']);
    expect(await v3('?searchText=bld-2025-00010')).toEqual(['a2']);
    expect(await v3('?searchText=auckland%20council')).toEqual(['a2', 'a3']);
    expect(await v3('?searchText=karaka&recordType=Draft')).toEqual(['a4']);
    expect(await v3('?searchText=nowhere%20at%20all')).toEqual([]);
  });

  test('400 for bad parameters, with the field', async () => {
    for (const [qs, field] of [
      ['pageSize=0', 'query.pageSize'],
      ['pageIndex=0', 'query.pageIndex'],
      ['pageSize=ten', 'query.pageSize'],
      ['status=Nope', 'query.status'],
      ['sortBy=colour', 'query.sortBy'],
      ['sortDirection=up', 'query.sortDirection'],
      ['isArchived=maybe', 'query.isArchived'],
      ['outstandingActions=FEES', 'query.outstandingActions'],
      ['formCategory=Other', 'query.formCategory'],
      ['recordType=Template', 'query.recordType'],
    ] as const) {
      const res = await api('GET', `/user/applicationsV3?${qs}`, undefined, { token: A.token, outputs: o });
      expect(res.status, qs).toBe(400);
      const body = res.body as { code: string; details: { field: string; reason: string }[] };
      expect(body.code).toBe('ClientError');
      expect(
        body.details.some((d) => d.field === field || d.field.startsWith(`${field}.`)),
        qs,
      ).toBe(true);
    }
    expect((await api('GET', '/user/applicationsV3', undefined, { outputs: o })).status).toBe(401);
  });
});

describe('GET /user/applicationsV2', () => {
  test('recordType Template: the templates with their details, never in the other lists', async () => {
    const p = await page('/user/applicationsV2?recordType=Template&pageSize=1000&pageIndex=1');
    expect(keys(p.items)).toEqual(['a7']);
    expect(p).toMatchObject({ pageSize: 1000, pageIndex: 1, hasMore: false });
    expect(p.items[0]).toMatchObject({
      recordType: 'Template',
      // Its owner (Manage) may delete it: the same rule DELETE /user/applications/{id} applies.
      isDeletable: true,
      template: {
        applicationId: idOf('a7'),
        displayName: 'My house template',
        description: 'Three bedrooms',
        numOfDocuments: 2,
      },
    });
    expect(keys((await page('/user/applicationsV2?pageSize=100')).items)).toEqual(visibleA);
  });

  test('isHidden, record type, filters and sort as V3', async () => {
    expect(keys((await page('/user/applicationsV2?isHidden=true')).items)).toEqual(['a5', 'a6']);
    expect(keys((await page('/user/applicationsV2?recordType=Consent')).items)).toEqual(['a3']);
    expect(keys((await page('/user/applicationsV2?status=Submitted&authority=akl')).items)).toEqual(['a2']);
    expect(
      keys((await page('/user/applicationsV2?searchText=lambton&pageSize=2&sortDirection=asc')).items),
    ).toEqual(['a8', 'a9']);
    expect(
      (await api('GET', '/user/applicationsV2?recordType=Nope', undefined, { token: A.token, outputs: o }))
        .status,
    ).toBe(400);
    expect(
      (await api('GET', '/user/applicationsV2?pageSize=1001', undefined, { token: A.token, outputs: o }))
        .status,
    ).toBe(400);
  });
});

test('GET /user/applications (V1): visible, newest first, of a record type', async () => {
  const get = async (qs: string) => {
    const res = await api('GET', `/user/applications${qs}`, undefined, { token: A.token, outputs: o });
    expect(res.status).toBe(200);
    return keys(res.body as ApplicationListItem[]);
  };
  expect(await get('?recordType=Consent')).toEqual(['a3']);
  expect(await get('?recordType=Draft')).toEqual(visibleA.filter((k) => k !== 'a3'));
  expect(await get('')).toEqual(visibleA);
  expect(
    (await api('GET', '/user/applications?recordType=Template', undefined, { token: A.token, outputs: o }))
      .status,
  ).toBe(400);
});

test('GET /user/applicationsV2/badges: COUNTs of the caller’s rows', async () => {
  const res = await api('GET', '/user/applicationsV2/badges', undefined, { token: A.token, outputs: o });
  expect(res.status).toBe(200);
  expect(res.body as BadgeCounts).toEqual({
    recentApplications: 10,
    allApplications: 16,
    submittedApplications: 1,
    archivedApplications: 2,
    recentConsents: 1,
    currentConsents: 1,
    archivedConsents: 1,
  });
  const b = await api('GET', '/user/applicationsV2/badges', undefined, { token: B.token, outputs: o });
  expect(b.body).toEqual({
    recentApplications: 1,
    allApplications: 2,
    submittedApplications: 0,
    archivedApplications: 0,
    recentConsents: 1,
    currentConsents: 1,
    archivedConsents: 0,
  });
});

test('GET /user/applicationsV2/filters: the options of the caller’s applications with display names', async () => {
  const res = await api('GET', '/user/applicationsV2/filters', undefined, { token: A.token, outputs: o });
  expect(res.status).toBe(200);
  expect(res.body as ApplicationFilters).toEqual({
    forms: [
      { id: 'amendment', name: 'Amendment to a building consent' },
      { id: 'bc', name: 'Building consent' },
      { id: 'bc-sfh', name: 'Building consent – single family house' },
    ],
    authorities: [
      { id: 'akl', name: 'Auckland Council' },
      { id: 'wcc', name: 'Wellington City Council' },
    ],
    statuses: [
      { id: 'Completed', name: 'Completed' },
      { id: 'Draft', name: 'Draft' },
      { id: 'InProgress', name: 'In Progress' },
      { id: 'Submitted', name: 'Submitted' },
    ],
    complexities: [
      { id: 'Complex', name: 'Complex' },
      { id: 'Simple', name: 'Simple' },
    ],
    outstandingActions: [
      { id: 'RFI', name: 'RFI' },
      { id: 'PAYMENT', name: 'Payment' },
      { id: 'DOCUMENT', name: 'Document' },
    ],
  });
});

test('one user never sees another’s applications', async () => {
  expect(await v3('?pageSize=100', B.token)).toEqual(['b1', 'b2']);
  expect(await v3('?searchText=queen', B.token)).toEqual(['b1', 'b2']);
  expect(await v3('?outstandingActions=RFI', B.token)).toEqual(['b1']);
  expect(await v3('?isArchived=true', B.token)).toEqual([]);
  const all = await v3('?pageSize=100');
  expect(all.some((k) => k.startsWith('b'))).toBe(false);
  expect(await v3('?searchText=queen')).toEqual(['a1']);
  const filters = (
    await api('GET', '/user/applicationsV2/filters', undefined, { token: B.token, outputs: o })
  ).body as ApplicationFilters;
  expect(filters.authorities).toEqual([{ id: 'wcc', name: 'Wellington City Council' }]);
  expect(filters.complexities).toEqual([]);
});

describe('the badges and filters read model follows the domain events', () => {
  const site = {
    address1: '3 Event Street',
    city: 'Auckland',
    zipCode: '1010',
    country: 'NZ',
    lotNumber: '12',
    dpNumber: '34567',
  };
  const badges = async (token: string) =>
    (await api('GET', '/user/applicationsV2/badges', undefined, { token, outputs: o })).body as BadgeCounts;

  test('create, rename, archive, unarchive and delete show in the badges, filters and list rows', async () => {
    const C = await newUser();
    // Built from the rows on the first read (no rows yet), then kept by the consumers.
    expect(await badges(C.token)).toMatchObject({ allApplications: 0 });
    const made = await api(
      'POST',
      '/user/applications',
      { operationName: 'Create', authorityId: 'akl', formId: 'bc', address: site },
      { token: C.token, outputs: o },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body as { application: { id: string; etag: string } }).application.id;
    const etag = (made.body as { application: { id: string; etag: string } }).application.etag;
    // The creator's row is in the create transaction: the list shows it at once.
    expect((await page('/user/applicationsV3', C.token)).items.map((i) => i.id)).toEqual([id]);
    await waitFor(
      'the new application in the badges',
      async () => (await badges(C.token)).allApplications === 1,
    );
    const filters = (
      await api('GET', '/user/applicationsV2/filters', undefined, { token: C.token, outputs: o })
    ).body as ApplicationFilters;
    expect(filters.authorities.map((a) => a.id)).toEqual(['akl']);
    expect(filters.statuses.map((s) => s.id)).toEqual(['Draft']);

    const renamed = await api(
      'PATCH',
      `/user/applications/${id}`,
      { etag, name: 'Renamed by event' },
      { token: C.token, outputs: o },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await waitFor('the rename in the list row', async () =>
      (await page('/user/applicationsV3?searchText=renamed%20by%20event', C.token)).items.some(
        (i) => i.id === id,
      ),
    );

    const archive = (isHidden: boolean) =>
      api('PATCH', `/user/applications/${id}/preferences`, { isHidden }, { token: C.token, outputs: o });
    expect((await archive(true)).status).toBe(204);
    await waitFor('the archive in the badges', async () => {
      const b = await badges(C.token);
      return b.allApplications === 0 && b.archivedApplications === 1;
    });
    expect((await archive(false)).status).toBe(204);
    await waitFor('the unarchive in the badges', async () => (await badges(C.token)).allApplications === 1);

    expect(
      (await api('DELETE', `/user/applications/${id}`, undefined, { token: C.token, outputs: o })).status,
    ).toBe(204);
    await waitFor('the delete in the badges and filters', async () => {
      const f = (await api('GET', '/user/applicationsV2/filters', undefined, { token: C.token, outputs: o }))
        .body as ApplicationFilters;
      return (await badges(C.token)).allApplications === 0 && f.authorities.length === 0;
    });
  });
});

describe('the other sort orders from the list-order read model', () => {
  const SORTS = ['applicationNumber', 'consentNumber', 'address', 'status', 'formDisplayName'] as const;
  const QUERIES = ['', '&status=Draft', '&recordType=Consent', '&isArchived=true', '&complexity=Simple'];
  /** Every page of a list in turn (page size 3), checking hasMore on each. */
  async function allPages(qs: string): Promise<string[]> {
    const seen: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const p = await page(`/user/applicationsV3?pageSize=3&pageIndex=${i}${qs}`);
      seen.push(...keys(p.items));
      if (!p.hasMore) return seen;
      expect(p.items, `page ${i} of ${qs} is full when more follow`).toHaveLength(3);
    }
    throw new Error(`more than 20 pages: ${qs}`);
  }

  test('pages read from the entries are the in-memory order, page after page, with filters, both ways', async () => {
    const cases = SORTS.flatMap((s) =>
      (['asc', 'desc'] as const).flatMap((d) => QUERIES.map((q) => `&sortBy=${s}&sortDirection=${d}${q}`)),
    );
    // Before A's entries are built: every matching row read, sorted in memory.
    const inMemory = new Map<string, string[]>();
    for (const qs of cases) inMemory.set(qs, await v3(`?pageSize=100${qs}`));
    await tableAccess();
    const { buildListOrder } = await import('../../functions/applications/repository/list-order.js');
    const built = await buildListOrder(A.userId);
    expect(built.rowsWritten).toBeGreaterThan(0);
    // A second build finds every row's entries current.
    expect((await buildListOrder(A.userId)).rowsWritten).toBe(0);
    for (const qs of cases) expect(await allPages(qs), qs).toEqual(inMemory.get(qs));
    // Another user's rows never show: B's list by number is B's own (no numbers: newest first).
    expect(await v3('?pageSize=100&sortBy=applicationNumber', B.token)).toEqual(['b1', 'b2']);
  }, 120_000);
});
