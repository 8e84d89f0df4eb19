import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../functions/documents/extraction/handler';
import { readTitle, type TitleResult } from '../../../../functions/documents/extraction/service/title';
import {
  EXTRACTION_AUTHOR,
  proposeFromTitle,
  proposedGroupId,
} from '../../../../functions/documents/extraction/service/proposal';
import { displayAuthor } from '../../../../shared/domain/participants';
import { titleSet } from '../../../support/titles';

const APP = '1000001';
const reading = async (pdf: () => Promise<Uint8Array>) => readTitle((await pdfText(await pdf())).text);
const titled = (name: string) => titleSet.find((t) => t.name === name)!;

describe('the owners group proposed from a record of title', () => {
  it('joint owners: one group "Owners Group" listing both, normalised; the legal description and issue date', async () => {
    const p = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('record of title, joint owners').pdf),
      participants: [],
    });
    expect(p).toEqual({
      hasExtractedData: true,
      titleIssuedDate: '2001-03-15',
      legalDescription: 'Lot 2 Deposited Plan 123456',
      group: {
        action: 'create',
        participantId: proposedGroupId(APP),
        groupName: 'Owners Group',
        groupList: 'Aroha Mere Ngata, Wiremu James Ngata',
      },
    });
    expect(displayAuthor(EXTRACTION_AUTHOR)).toBe('AI');
  });

  it('a company and a family trust with its trustee company: every name whole', async () => {
    const company = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('computer freehold register, a company').pdf),
      participants: [],
    });
    expect(company.group?.groupList).toBe('Kauri Holdings Limited');
    const trust = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('record of title, a family trust with a trustee company').pdf),
      participants: [],
    });
    expect(trust.group?.groupList).toBe(
      'Jane Elizabeth Smith, Robert John Smith, Smith & Partners Trustee Company Limited',
    );
  });

  it('a legal description already on the application is kept', async () => {
    const p = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('record of title, joint owners').pdf),
      participants: [],
      legalDescription: 'Lot 9 DP 1',
    });
    expect(p.legalDescription).toBeUndefined();
  });

  it('re-run: its own group with the same list → nothing written (no duplicate); another list → updated in place', async () => {
    const r = await reading(titled('record of title, joint owners').pdf);
    const own = {
      participantId: proposedGroupId(APP),
      groupName: 'Owners Group',
      groupList: 'Aroha Mere Ngata, Wiremu James Ngata',
      modifiedBy: EXTRACTION_AUTHOR,
    };
    expect(proposeFromTitle({ applicationId: APP, reading: r, participants: [own] })).toMatchObject({
      groupKept: 'AlreadyProposed',
    });
    expect(proposeFromTitle({ applicationId: APP, reading: r, participants: [own] }).group).toBeUndefined();
    expect(
      proposeFromTitle({
        applicationId: APP,
        reading: r,
        participants: [{ ...own, groupList: 'Someone Else' }],
      }).group,
    ).toMatchObject({ action: 'update', participantId: own.participantId });
  });

  it('never overwrites an owners group a person wrote (its own, edited, or another participant’s)', async () => {
    const r = await reading(titled('record of title, joint owners').pdf);
    const edited = {
      participantId: proposedGroupId(APP),
      groupName: 'Owners Group',
      groupList: 'Aroha Ngata',
      modifiedBy: 'user-1',
    };
    const personal = { participantId: 'p-1', groupName: 'Family', groupList: 'A, B', modifiedBy: 'user-1' };
    for (const participants of [[edited], [personal]]) {
      const p = proposeFromTitle({ applicationId: APP, reading: r, participants });
      expect(p.group).toBeUndefined();
      expect(p.groupKept).toBe('WrittenByPerson');
    }
  });

  it('nothing read → nothing proposed, and the note says why (a scan has no text)', async () => {
    const scan = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('a scanned title (no text layer)').pdf),
      participants: [],
    });
    expect(scan).toEqual({ hasExtractedData: false, note: 'NoText' });
    const plan = proposeFromTitle({
      applicationId: APP,
      reading: await reading(titled('a site plan naming registered owners (not a title)').pdf),
      participants: [],
    });
    expect(plan).toEqual({ hasExtractedData: false, note: 'NotATitle' });
  });
});

describe('the extraction test set', () => {
  it('finds every owner of every text-layer title and invents nothing on the others', async () => {
    let expected = 0;
    let found = 0;
    let invented = 0;
    for (const t of titleSet) {
      const r: TitleResult = await reading(t.pdf);
      const proposed = proposeFromTitle({ applicationId: APP, reading: r, participants: [] }).group;
      const names = proposed ? proposed.groupList.split(', ') : [];
      expected += t.owners.length;
      found += t.owners.filter((o) => names.includes(o)).length;
      invented += names.filter((n) => !t.owners.includes(n)).length;
      expect({ title: t.name, names }).toEqual({ title: t.name, names: t.owners });
    }
    console.info(
      `extraction test set: ${titleSet.length} documents, ${found}/${expected} owners found, ${invented} invented`,
    );
    expect({ found, invented }).toEqual({ found: expected, invented: 0 });
  });
});
