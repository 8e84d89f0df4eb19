import { describe, expect, it } from 'vitest';
import type { AuthorityDto, FormDto } from '../../../shared/schemas/reference';
import { parsePropertyQuery } from '../../../web/src/lib/urls/propertyQuery';
import {
  addressUrl,
  afterAddress,
  afterPropertyRecords,
  applicationAddress,
  authorityChoices,
  authorityNotTakingApplications,
  copyRequest,
  createRequest,
  formSelectionUrl,
  formsFor,
  initialAuthority,
  isSiteAddress,
  parseAddressStepQuery,
  parseFormSelectionQuery,
  propertyRecordsUrl,
  siteOf,
} from '../../../web/src/features/new-application/wizard';
import { detectionParams } from '../../../web/src/features/new-application/reference';

const ADDRESS = {
  address1: '1 Queen Street',
  city: 'Auckland',
  country: 'NZ',
  zipCode: '1010',
  fullAddress: '1 Queen Street, Auckland 1010',
  isManualAddress: false,
  latitude: -36.84,
  longitude: 174.76,
};
const PARCEL = {
  parcelId: 'p-1',
  ratingAddress: '1 Queen Street',
  legalDescription: 'Lot 1 DP 12345',
  lotNumber: '1',
  dpNumber: '12345',
  valuationNumber: '1234/567',
};
const search = (url: string) => new URL(url, 'http://portal').searchParams;

const authority = (over: Partial<AuthorityDto>): AuthorityDto =>
  ({
    id: 'a',
    displayName: 'A',
    hidden: false,
    isIndependent: false,
    enabledFormSeries: ['bc'],
    propertyLookupEnabled: true,
    serviceable: true,
    ...over,
  }) as AuthorityDto;
const form = (over: Partial<FormDto>): FormDto =>
  ({
    id: 'f',
    displayName: 'F',
    category: 'Standalone',
    series: 'bc',
    isHidden: false,
    displayOrder: 1,
    ...over,
  }) as FormDto;

describe('wizard query encoding', () => {
  it('address step: the URL round-trips intention, source, address and authority', () => {
    const q = {
      intention: 'from-existing-application' as const,
      refApplicationId: '12',
      address: ADDRESS,
      authorityId: 'auckland',
    };
    const url = addressUrl(q);
    expect(url.startsWith('/new-application/address?')).toBe(true);
    expect(parseAddressStepQuery(search(url))).toEqual(q);
  });

  it('address step: what does not parse is left out', () => {
    expect(
      parseAddressStepQuery(search('/x?intention=nope&refApplicationId=abc&address=%%%&authority-id=')),
    ).toEqual({
      intention: undefined,
      refApplicationId: undefined,
      address: undefined,
      authorityId: undefined,
    });
    expect(addressUrl()).toBe('/new-application/address');
  });

  it('property records: the route rule parses what the wizard writes (and keeps the picked parcel)', () => {
    const url = propertyRecordsUrl({ address: ADDRESS, authorityId: 'auckland', parcelId: 'p-1' });
    const s = search(url);
    expect(parsePropertyQuery(s)).toEqual({
      intention: undefined,
      refApplicationId: undefined,
      address: ADDRESS,
      authorityId: 'auckland',
    });
    expect(s.get('parcel-id')).toBe('p-1');
  });

  it('form selection: address, authority, category, parent and parcel round-trip', () => {
    const q = {
      address: ADDRESS,
      authorityId: 'auckland',
      category: 'Amendment' as const,
      parentApplicationId: '7',
      parcel: PARCEL,
    };
    expect(parseFormSelectionQuery(search(formSelectionUrl(q)))).toEqual(q);
  });

  it('form selection: Standalone by default; no address or authority gives undefined', () => {
    const url = formSelectionUrl({ address: ADDRESS, authorityId: 'a', category: 'Standalone' });
    expect(parseFormSelectionQuery(search(url))?.category).toBe('Standalone');
    expect(parseFormSelectionQuery(search('/x?authority-id=a'))).toBeUndefined();
    expect(parseFormSelectionQuery(search(url.replace(/authority-id=a/, '')))).toBeUndefined();
  });
});

describe('wizard steps', () => {
  const q = { address: ADDRESS, authorityId: 'a' };

  it('after the address: property records when the authority looks parcels up, else form selection', () => {
    expect(afterAddress(q, { propertyLookupEnabled: true })).toEqual({ url: propertyRecordsUrl(q) });
    expect(afterAddress(q, { propertyLookupEnabled: false })).toEqual({
      url: formSelectionUrl({ ...q, category: 'Standalone' }),
    });
  });

  it('a duplicate or a template is created straight after the site (no form selection)', () => {
    const copy = { ...q, intention: 'from-template' as const, refApplicationId: '9' };
    expect(afterAddress(copy, { propertyLookupEnabled: false })).toBe('create');
    expect(afterPropertyRecords(copy, PARCEL)).toBe('create');
    expect(afterPropertyRecords(q, PARCEL)).toEqual({
      url: formSelectionUrl({ ...q, category: 'Standalone', parcel: PARCEL }),
    });
  });

  it('requests: Create, Duplicate and CreateFromTemplate carry the site with its parcel fields', () => {
    const site = applicationAddress(ADDRESS, PARCEL);
    expect(site).toMatchObject({
      ...ADDRESS,
      parcelId: 'p-1',
      legalDescription: 'Lot 1 DP 12345',
      dpNumber: '12345',
    });
    expect(siteOf(site)).toEqual(ADDRESS);
    expect(createRequest(site, 'a', 'f')).toEqual({
      operationName: 'Create',
      address: site,
      authorityId: 'a',
      formId: 'f',
    });
    expect(copyRequest('from-existing-application', '9', site, 'a')).toEqual({
      operationName: 'Duplicate',
      applicationId: '9',
      address: site,
      authorityId: 'a',
    });
    expect(copyRequest('from-template', '9', site, 'a').operationName).toBe('CreateFromTemplate');
  });

  it('a site address needs a full address or line 1 and a city', () => {
    expect(isSiteAddress(ADDRESS)).toBe(true);
    expect(isSiteAddress({ address1: '1 Main Road', city: 'Hamilton' })).toBe(true);
    expect(isSiteAddress({ address1: '1 Main Road' })).toBe(false);
    expect(isSiteAddress(null)).toBe(false);
  });
});

describe('authorities and forms', () => {
  const all = [
    authority({ id: 'wcc', displayName: 'Wellington' }),
    authority({ id: 'acc', displayName: 'Auckland' }),
    authority({ id: 'hidden', displayName: 'Hidden', hidden: true }),
    authority({ id: 'ibca', displayName: 'Independent', isIndependent: true }),
  ];

  it('choices: normal non-hidden authorities plus the user’s own independent ones', () => {
    expect(authorityChoices(all, {}).map((a) => a.id)).toEqual(['acc', 'wcc']);
    const user = {
      independentAuthorities: [{ id: 'ibca', displayName: 'Independent', defaultIndependent: true }],
    };
    expect(authorityChoices(all, user).map((a) => a.id)).toEqual(['acc', 'ibca', 'wcc']);
  });

  it('the detected authority is preselected; else the user’s default independent one', () => {
    const user = {
      independentAuthorities: [{ id: 'ibca', displayName: 'Independent', defaultIndependent: true }],
    };
    const choices = authorityChoices(all, user);
    expect(initialAuthority(choices, 'wcc', user)).toBe('wcc');
    expect(initialAuthority(choices, null, user)).toBe('ibca');
    expect(initialAuthority(authorityChoices(all, {}), 'hidden', {})).toBeUndefined();
  });

  it('an authority not taking applications yet is never preselected; the applicant is told about it', () => {
    const closed = [...all, authority({ id: 'dcc', displayName: 'Dunedin', serviceable: false })];
    const user = {
      independentAuthorities: [{ id: 'ibca', displayName: 'Independent', defaultIndependent: true }],
    };
    const choices = authorityChoices(closed, user);
    expect(choices.map((a) => a.id)).toContain('dcc');
    expect(initialAuthority(authorityChoices(closed, {}), 'dcc', {})).toBeUndefined();
    expect(initialAuthority(choices, 'dcc', user)).toBe('ibca');
    expect(authorityNotTakingApplications(choices, undefined, 'dcc')?.id).toBe('dcc');
    expect(authorityNotTakingApplications(choices, 'dcc', 'wcc')?.id).toBe('dcc');
    expect(authorityNotTakingApplications(choices, 'wcc', 'dcc')).toBeUndefined();
    expect(authorityNotTakingApplications(choices, undefined, null)).toBeUndefined();
  });

  it('forms: the category’s visible forms of the enabled series, in display order', () => {
    const forms = [
      form({ id: 'b', displayOrder: 2 }),
      form({ id: 'a', displayOrder: 1 }),
      form({ id: 'sfh', series: 'bc-sfh' }),
      form({ id: 'hidden', isHidden: true }),
      form({ id: 'amend', category: 'Amendment', series: 'amendment' }),
    ];
    expect(formsFor(forms, { enabledFormSeries: ['bc'] }, 'Standalone').map((f) => f.id)).toEqual(['a', 'b']);
    expect(formsFor(forms, { enabledFormSeries: ['bc', 'amendment'] }, 'Amendment').map((f) => f.id)).toEqual(
      ['amend'],
    );
    expect(formsFor(forms, undefined, 'Standalone')).toEqual([]);
  });

  it('detection asks by coordinates, city and a four-digit postcode', () => {
    expect(detectionParams(ADDRESS)).toEqual({
      latitude: '-36.84',
      longitude: '174.76',
      city: 'Auckland',
      postcode: '1010',
    });
    expect(detectionParams({ zipCode: 'abc' })).toBeUndefined();
  });
});
