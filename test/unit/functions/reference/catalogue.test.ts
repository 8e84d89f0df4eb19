import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { catalogue } from '../../../../functions/reference/catalogue.js';
import {
  getAuthorities,
  jurisdictionCollection,
  listDocumentContainers,
} from '../../../../functions/reference/repository/reference.js';
import { seedReferenceData } from '../../../../infra/seed/seed-reference.js';
import { fakeTable } from '../reference-table.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
});

const ddb = mockClient(DynamoDBDocumentClient);
const byId = <T extends { id: string }>(xs: readonly T[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id));

beforeEach(async () => {
  ddb.reset();
  fakeTable(ddb);
  await seedReferenceData();
});

describe('the reference catalogue (bundled JSON) and the table copy the public endpoints serve agree', () => {
  it('forms, authorities, document categories and containers', async () => {
    const cat = catalogue();
    for (const j of cat.data().jurisdictions) {
      const table = await jurisdictionCollection(j.id);
      expect(byId(table.forms)).toEqual(byId(cat.forms(j.id)));
      expect(byId(table.documentCategories).map((c) => c.id)).toEqual(
        [...cat.documentCategoryIds(j.id)].sort(),
      );
    }
    const ids = cat.data().authorities.map((a) => a.id);
    expect(byId(await getAuthorities(ids))).toEqual(byId(cat.data().authorities));
    expect(byId(await listDocumentContainers())).toEqual(byId(cat.documentContainers()));
  });

  it("required documents are the form's required containers, with their names", () => {
    const docs = catalogue().requiredDocuments('bc');
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      const container = catalogue()
        .documentContainers()
        .find((c) => c.id === d.documentContainerId);
      expect(d).toMatchObject({ id: container?.id, name: container?.displayName, status: 'Required' });
    }
    expect(catalogue().requiredDocuments('no-such-form')).toEqual([]);
  });

  it('names of a form and an authority for list rows', () => {
    const form = catalogue().form('bc')!;
    const authority = catalogue().data().authorities[0]!;
    expect(catalogue().names({ formId: 'bc', authorityId: authority.id })).toEqual({
      formDisplayName: form.displayName,
      formCategory: form.category,
      authorityDisplayName: authority.displayName,
    });
  });

  it('an authority’s own statutory clock conventions come with its names', async () => {
    const { catalogueOf } = await import('../../../../functions/reference/catalogue.js');
    const data = catalogue().data();
    const [first, ...rest] = data.authorities;
    const own = catalogueOf({
      ...data,
      authorities: [{ ...first!, statutoryClock: { rfiSentDayCounts: false } }, ...rest],
    });
    expect(own.names({ formId: 'bc', authorityId: first!.id })).toMatchObject({
      clockConventions: { rfiSentDayCounts: false },
    });
  });
});
