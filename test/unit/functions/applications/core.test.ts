/** Pure parts of the applications core: list rows, list items, DTOs, action items, create helpers, thumbnails. */
import { describe, expect, it } from 'vitest';
import { listRowFields, searchTextOf } from '../../../../functions/applications/model/list-row';
import { toListItem } from '../../../../functions/applications/service/list-item';
import { toApplicationDto } from '../../../../functions/applications/service/dto';
import type { ApplicationSource } from '../../../../functions/applications/service/dto';
import { actionItems } from '../../../../functions/applications/service/action-items';
import {
  deltaOf,
  legalDescriptionOf,
  pageOf,
  siteAddressOf,
} from '../../../../functions/applications/service/create';
import {
  fitWithin,
  Jimp,
  makeThumbnail,
  sniffImageType,
  THUMBNAIL_MESSAGE,
} from '../../../../functions/platform/adapters/images';
import { formatApplicationNumber } from '../../../../functions/applications/repository/applications';
import formsJson from '../../../../shared/reference/forms.json';

const app = (over: Partial<ApplicationSource> = {}): ApplicationSource => ({
  applicationId: '1000001',
  recordType: 'Draft',
  status: 'Draft',
  authorityId: 'akl',
  jurisdictionId: 'nz',
  formId: 'bc',
  userId: 'u1',
  etag: 'e1',
  startedDate: '2025-01-01T00:00:00.000Z',
  modifiedDate: '2025-02-01T00:00:00.000Z',
  applicationNumber: 'BLD-2025-00001',
  address: { address1: '12 Queen Street', city: 'Auckland', zipCode: '1010' },
  ...over,
});

describe('list row fields', () => {
  it('search text: number, consent, address, form, authority, name; lower-cased, single-spaced, joined by " | "', () => {
    const f = listRowFields(app({ name: 'My  House', consentNumber: 'BC-9' }), {
      formDisplayName: 'Building consent',
      authorityDisplayName: 'Auckland Council',
      formCategory: 'Standalone',
    });
    expect(f.searchText).toBe(
      'bld-2025-00001 | bc-9 | 12 queen street, auckland 1010 | building consent | auckland council | my house',
    );
    expect(searchTextOf([undefined, ' A  B '])).toBe(' | a b');
  });
  it('record type as the V3 list shows it; outstanding flags; optional fields only when set', () => {
    const draft = listRowFields(app(), {});
    expect(draft).toMatchObject({
      recordType: 'Draft',
      status: 'Draft',
      applicationType: 'Standalone',
      fullAddress: '12 Queen Street, Auckland 1010',
      hasOutstandingActions: false,
    });
    expect(draft).not.toHaveProperty('consentNumber');
    expect(draft).not.toHaveProperty('formCategory');
    const consent = listRowFields(app({ consentNumber: 'BC-1', hasOutstandingRFIs: true }), {
      formCategory: 'Standalone',
    });
    expect(consent).toMatchObject({
      recordType: 'Consent',
      hasOutstandingRFIs: true,
      hasOutstandingActions: true,
      formCategory: 'Standalone',
    });
    expect(listRowFields(app({ recordType: 'Template' }), {}).recordType).toBe('Template');
  });
  it('a rejected upload of a council group is an outstanding action until the council reviews again or closes it (docs/applications.md)', () => {
    const group = (status: string, reviews: Record<string, { councilStatus: string }>) => ({
      guid: 'g1',
      name: 'Plans',
      status,
      type: 'DocumentContainer',
      displayOrder: 1,
      documentContainerId: 'plans',
      reviews,
    });
    const rejected = group('Received', { 'plans.pdf': { councilStatus: 'Rejected' } });
    expect(
      listRowFields({ ...app({ status: 'InProgress' }), requiredDocumentGroups: [rejected] }, {}),
    ).toMatchObject({
      hasOutstandingDocuments: true,
      hasOutstandingActions: true,
    });
    const reviewedAgain = group('Received', {
      'plans.pdf': { councilStatus: 'Rejected' },
      'plans-v2.pdf': { councilStatus: 'Accepted' },
    });
    expect(
      listRowFields({ ...app({ status: 'InProgress' }), requiredDocumentGroups: [reviewedAgain] }, {}),
    ).toMatchObject({ hasOutstandingDocuments: false, hasOutstandingActions: false });
    const closed = group('Accepted', { 'plans.pdf': { councilStatus: 'Rejected' } });
    expect(
      listRowFields({ ...app({ status: 'InProgress' }), requiredDocumentGroups: [closed] }, {})
        .hasOutstandingDocuments,
    ).toBe(false);
  });
});

describe('application DTO and list item', () => {
  it('the full view carries the caller access, stages (initial when none), archived flag and full address', () => {
    const dto = toApplicationDto(
      app(),
      { accessLevel: 'Edit', visibility: 'hidden', notificationLevel: 'Muted' },
      {
        formDisplayName: 'Building consent',
        formCategory: 'Standalone',
        participants: [{ id: 'p1' }],
        isParticipant: true,
      },
    );
    expect(dto).toMatchObject({
      id: '1000001',
      accessLevel: 'Edit',
      notificationLevel: 'Muted',
      isHidden: true,
      isParticipant: true,
      formCategory: 'Standalone',
      participants: [{ id: 'p1' }],
      address: { fullAddress: '12 Queen Street, Auckland 1010' },
    });
    expect(dto.workflowStages).toHaveLength(4);
  });
  it('the statutory clock’s dates, and the authority’s conventions once accepted', () => {
    const conventions = { clockConventions: { rfiSentDayCounts: false } };
    expect(toApplicationDto(app(), { accessLevel: 'Edit' }, conventions).clockConventions).toBeUndefined();
    const accepted = app({
      status: 'InProgress',
      acceptedDate: '2026-03-02T00:00:00.000Z',
      clockSuspensions: [{ from: '2026-03-06T00:00:00.000Z' }],
    });
    expect(toApplicationDto(accepted, { accessLevel: 'Edit' }, conventions)).toMatchObject({
      acceptedDate: '2026-03-02T00:00:00.000Z',
      clockSuspensions: [{ from: '2026-03-06T00:00:00.000Z' }],
      clockConventions: { rfiSentDayCounts: false },
    });
  });
  it('list item computes editable, deletable, archived, labels, stages and migrated by the shared rules', () => {
    const item = toListItem(
      app(),
      { accessLevel: 'Manage', visibility: 'visible' },
      { hasChildApplications: true },
    );
    expect(item).toMatchObject({
      isEditable: true,
      isDeletable: true,
      isArchived: false,
      isMigrated: false,
      hasChildApplications: true,
      currentStatusLabel: 'Draft',
      currentStage: 'Lodgement',
      recordType: 'Draft',
      // The caller's list row exists because of their participant record.
      isParticipant: true,
    });
    expect(item).not.toHaveProperty('participants');
    const consent = toListItem(
      app({ consentNumber: 'BC-1', status: 'VRFISuspended', migrationSource: 'legacy' }),
      { accessLevel: 'Edit', visibility: 'hidden' },
    );
    expect(consent).toMatchObject({
      recordType: 'Consent',
      isEditable: true,
      isDeletable: false,
      isArchived: true,
      isMigrated: true,
      currentStatusLabel: 'Suspended · RFIs',
    });
    expect(toListItem(app(), { accessLevel: 'ReadOnly' }).isEditable).toBe(false);
  });
});

describe('action items', () => {
  const forms = formsJson.map((f) => ({ ...f }));
  const all = ['bc', 'bc-sfh', 'bca', 'bca-sfh', 'ccc', 'eot', 'amendment', 'cpu'];
  it('Save as Template for a standalone application with Manage only', () => {
    const items = (level: 'Manage' | 'Edit', type: 'Standalone' | 'Amendment' = 'Standalone') =>
      actionItems({
        application: { recordType: 'Draft', applicationType: type, status: 'Draft' },
        accessLevel: level,
        forms,
        enabledFormSeries: all,
      });
    expect(items('Manage').map((i) => i.itemType)).toEqual(['SaveAsTemplate']);
    expect(items('Edit')).toEqual([]);
    expect(items('Manage', 'Amendment')).toEqual([]);
  });
  it('a child application item per Amendment/Supporting form the authority enables, only for a consent', () => {
    const consent = {
      recordType: 'Draft' as const,
      applicationType: 'Standalone' as const,
      consentNumber: 'BC-1',
      status: 'InProgress' as const,
    };
    const items = actionItems({
      application: consent,
      accessLevel: 'Edit',
      forms,
      enabledFormSeries: ['bc', 'ccc', 'amendment'],
    });
    expect(items.map((i) => [i.itemType, i.formId, i.displayOrder])).toEqual([
      ['CreateChildApplication', 'amendment', 0],
      ['CreateChildApplication', 'ccc', 1],
    ]);
    expect(items[0]).toMatchObject({ displayName: 'Amendment to a building consent', icon: 'add-plus' });
    expect(
      actionItems({ application: consent, accessLevel: 'ReadOnly', forms, enabledFormSeries: all }),
    ).toEqual([]);
  });
  it('a completed or closed consent offers no child application (shared followOnOffer)', () => {
    for (const status of ['Completed', 'Lapsed', 'Refused', 'Withdrawn'] as const)
      expect(
        actionItems({
          application: {
            recordType: 'Consent',
            applicationType: 'Standalone',
            consentNumber: 'BC-1',
            status,
          },
          accessLevel: 'Manage',
          forms,
          enabledFormSeries: all,
        }).map((i) => i.itemType),
      ).toEqual(['SaveAsTemplate']);
  });
  it('Book inspection opens the council’s booking page for a consent with an inspection still to pass', () => {
    const type = (status: 'NotStarted' | 'Completed') => ({
      inspectionTypeId: 't',
      name: 'Framing',
      status,
      history: [],
    });
    const consent = {
      recordType: 'Consent' as const,
      applicationType: 'Standalone' as const,
      consentNumber: 'WCC-BC-1',
      status: 'InProgress' as const,
      inspectionBookingUrl: 'https://wellington.govt.nz/book',
      requiredInspections: [
        { location: 'Dwelling', inspectionTypes: [type('Completed'), type('NotStarted')] },
      ],
    };
    type Input = Parameters<typeof actionItems>[0]['application'];
    const book = (application: Input, level: 'Edit' | 'ReadOnly' = 'Edit') =>
      actionItems({ application, accessLevel: level, forms, enabledFormSeries: [] }).filter(
        (i) => i.itemType === 'BookInspection',
      );
    expect(book(consent)).toEqual([
      {
        displayName: 'Book inspection',
        itemType: 'BookInspection',
        icon: 'calendar',
        displayOrder: 0,
        url: 'https://wellington.govt.nz/book',
        target: '_blank',
      },
    ]);
    expect(book(consent, 'ReadOnly')).toEqual([]);
    const passed = [{ location: 'Dwelling', inspectionTypes: [type('Completed')] }];
    expect(book({ ...consent, requiredInspections: passed })).toEqual([]);
    expect(book({ ...consent, inspectionBookingUrl: '' })).toEqual([]);
    const { consentNumber: _n, ...notGranted } = consent;
    expect(book({ ...notGranted, recordType: 'Draft' })).toEqual([]);
  });
  it('Print RFIs once the council has raised an RFI, for any caller who may read', () => {
    const lodged = {
      recordType: 'Draft' as const,
      applicationType: 'Standalone' as const,
      status: 'InProgress' as const,
    };
    const print = (hasRFI: boolean, level: 'Manage' | 'ReadOnly' | 'None') =>
      actionItems({ application: { ...lodged, hasRFI }, accessLevel: level, forms, enabledFormSeries: all });
    expect(print(true, 'ReadOnly')).toEqual([
      { displayName: 'Print RFIs', itemType: 'PrintRFIs', icon: 'file-open', displayOrder: 0 },
    ]);
    expect(print(true, 'Manage').map((i) => [i.itemType, i.displayOrder])).toEqual([
      ['SaveAsTemplate', 0],
      ['PrintRFIs', 1],
    ]);
    expect(print(false, 'Manage').map((i) => i.itemType)).toEqual(['SaveAsTemplate']);
    expect(print(true, 'None')).toEqual([]);
  });
});

describe('create helpers', () => {
  it('site address: address fields only, trimmed, full address built when absent', () => {
    expect(
      siteAddressOf({
        address1: ' 1 Queen St ',
        city: 'Auckland',
        zipCode: '1010',
        parcelId: 'p',
        lotNumber: '3',
      }),
    ).toEqual({
      address1: '1 Queen St',
      city: 'Auckland',
      zipCode: '1010',
      fullAddress: '1 Queen St, Auckland 1010',
    });
    expect(siteAddressOf({ fullAddress: '2 Willis Street' })).toEqual({ fullAddress: '2 Willis Street' });
  });
  it('legal description from the parcel fields', () => {
    expect(legalDescriptionOf({ legalDescription: ' Lot 1 DP 2 ' })).toBe('Lot 1 DP 2');
    expect(legalDescriptionOf({ lotNumber: '12', dpNumber: '34567' })).toBe('Lot 12 DP 34567');
    expect(legalDescriptionOf({})).toBeUndefined();
  });
  it('history delta and pages', () => {
    expect(
      deltaOf({ name: 'a', city: 'x' }, { name: 'b', city: 'x' }, ['name', 'city', 'description']),
    ).toEqual({
      name: ['a', 'b'],
    });
    const items = [{ timestamp: '1' }, { timestamp: '3' }, { timestamp: '2' }];
    expect(pageOf(items, { direction: 'desc', page: 1, pageSize: 2 })).toEqual([
      { timestamp: '3' },
      { timestamp: '2' },
    ]);
    expect(pageOf(items, { direction: 'asc', page: 2, pageSize: 2 })).toEqual([{ timestamp: '3' }]);
  });
  it('application numbers: BLD-<YYYY>-<5 digits>', () => {
    expect(formatApplicationNumber(2025, 42)).toBe('BLD-2025-00042');
  });
});

describe('thumbnails', () => {
  it('type by the first bytes', async () => {
    const png = await new Jimp({ width: 4, height: 4, color: 0xff0000ff }).getBuffer('image/png');
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });
  it('fits within 250x150 keeping the ratio, never enlarging', () => {
    expect(fitWithin(1000, 300, 250, 150)).toEqual({ width: 250, height: 75 });
    expect(fitWithin(300, 600, 250, 150)).toEqual({ width: 75, height: 150 });
    expect(fitWithin(100, 50, 250, 150)).toEqual({ width: 100, height: 50 });
  });
  it('scales to a JPEG; anything else is refused with the message', async () => {
    const gif = await new Jimp({ width: 500, height: 500, color: 0x00ff0080 }).getBuffer('image/gif');
    const out = await makeThumbnail(gif);
    expect(sniffImageType(out.jpeg)).toBe('image/jpeg');
    expect([out.width, out.height]).toEqual([150, 150]);
    const decoded = await Jimp.read(out.jpeg);
    expect([decoded.width, decoded.height]).toEqual([150, 150]);
    await expect(makeThumbnail(Buffer.from('%PDF-1.7 nothing'))).rejects.toThrow(THUMBNAIL_MESSAGE);
  });
});
