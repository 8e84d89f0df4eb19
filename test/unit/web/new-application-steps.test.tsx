// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { apiRequest } from '../../../web/src/api/client';
import { ServiceError } from '../../../web/src/api/errors';
import { setConfigForTests } from '../../../web/src/lib/config';
import NewApplicationPage from '../../../web/src/features/new-application/NewApplicationPage';
import {
  addressUrl,
  formSelectionUrl,
  propertyRecordsUrl,
} from '../../../web/src/features/new-application/wizard';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { createdApplication, listItem, renderPage } from './applications-support';
import { TEST_CONFIG } from './config-support';
import { authorityDto, formDto, jurisdictionAnswer } from './reference-support';
import type { FormDto } from '../../../shared/schemas/reference';

/** Selects the card whose header has the text (Cloudscape Cards, single selection). */
/**
 * Clicks a card's text, not its radio: the whole card selects. The radios stay one group (one tab
 * stop, arrow keys), and the clicked card's radio is checked.
 */
async function clickCard(header: string, text: string = header) {
  await screen.findByText(header);
  fireEvent.click(screen.getByText(text));
  await waitFor(() => {
    const radio = screen.getByRole('radio', { name: new RegExp(`${header}$`) }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
  });
  const names = new Set(screen.getAllByRole('radio').map((r) => r.getAttribute('name')));
  expect(names.size).toBe(1);
}

async function pickCard(text: string) {
  await screen.findByText(text);
  await waitFor(() => {
    const cards = createWrapper(document.body).findAllCards();
    const item = cards
      .flatMap((c) => c.findItems())
      .find((i) => i.findCardHeader()?.getElement().textContent === text);
    expect(item).toBeTruthy();
    item!.findSelectionArea()!.click();
  });
}

vi.mock('../../../web/src/api/client', () => ({ apiRequest: vi.fn() }));
const api = vi.mocked(apiRequest);

const ADDRESS = {
  address1: '1 Queen Street',
  city: 'Auckland',
  country: 'NZ',
  zipCode: '1010',
  fullAddress: '1 Queen Street, Auckland 1010',
  isManualAddress: false,
};
const PARCEL = {
  parcelId: 'p-1',
  ratingAddress: '1 Queen Street',
  legalDescription: 'Lot 1 DP 12345',
  lotNumber: '1',
  dpNumber: '12345',
  valuationNumber: '1234/567',
};
const authority = (id: string, displayName: string, propertyLookupEnabled: boolean, serviceable = true) =>
  authorityDto({
    id,
    displayName,
    propertyLookupEnabled,
    serviceable,
    email: `${id}@example.nz`,
    phone: '09 000 0000',
    address: { fullAddress: `${displayName} office` },
  });
const form = (
  id: string,
  displayName: string,
  category: FormDto['category'],
  series: FormDto['series'],
  displayOrder: number,
) => formDto({ id, displayName, category, series, displayOrder, imageId: `${id}-image` });
const JURISDICTION = jurisdictionAnswer({
  authorities: [
    authority('akl', 'Auckland Council', true),
    authority('tcc', 'Tauranga City Council', false),
    { ...authority('dcc', 'Dunedin City Council', false, false), website: 'https://www.dunedin.govt.nz' },
  ],
  forms: [
    form('bc', 'Building consent', 'Standalone', 'bc', 1),
    form('ccc', 'Code compliance certificate', 'Supporting', 'ccc', 2),
    form('amend', 'Amendment to a building consent', 'Amendment', 'amendment', 3),
  ],
});

function serve(handlers: Record<string, unknown>) {
  api.mockImplementation(async (path: string, options?: { method?: string }) => {
    const key = `${options?.method ?? 'GET'} ${path}`;
    if (key in handlers) {
      const value = handlers[key];
      if (value instanceof Error) throw value;
      return typeof value === 'function' ? (value as (o: unknown) => unknown)(options) : value;
    }
    throw new ServiceError('ResourceNotFound', `no stub for ${key}`, 404);
  });
}

let i18n: I18n;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  i18n = await initI18n();
  setConfigForTests(TEST_CONFIG);
});
beforeEach(() => {
  api.mockReset();
  // A request the test does not serve (or one a page of the last test still makes) is a 404, never undefined.
  serve({});
});
afterEach(cleanup);

const open = (url: string) => renderPage(i18n, <NewApplicationPage />, { path: '/new-application/*', url });

describe('intent selection', () => {
  it('offers the four starts; a new application goes to the address step', async () => {
    const { router } = open('/new-application/intent-selection');
    expect(screen.getByRole('heading', { level: 1, name: 'New application' })).toBeTruthy();
    for (const name of ['Start an amendment', 'Start a supporting application', 'Start from a template'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Start a new application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-application/address'));
  });
});

describe('form selection', () => {
  const url = formSelectionUrl({
    address: ADDRESS,
    authorityId: 'akl',
    category: 'Standalone',
    parcel: PARCEL,
  });

  it('lists the standalone forms the authority enables, with images; Create posts the site with its parcel', async () => {
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'POST /user/applications': createdApplication({ id: '1000123', authorityId: 'akl' }),
    });
    const { router } = open(url);
    expect(await screen.findByText('Forms of Auckland Council')).toBeTruthy();
    expect(screen.getByText('Building consent')).toBeTruthy();
    expect(screen.queryByText('Code compliance certificate')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/api/public/images/bc-image');

    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    expect(await screen.findByText('Choose a form to continue')).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('/user/applications', expect.anything());

    await clickCard('Building consent');
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application-form/1000123'));
    expect(api).toHaveBeenCalledWith('/user/applications', {
      method: 'POST',
      body: {
        operationName: 'Create',
        authorityId: 'akl',
        formId: 'bc',
        address: { ...ADDRESS, ...PARCEL },
      },
    });
  });

  it('a failed create is an error toast and the page keeps the choice', async () => {
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'POST /user/applications': new ServiceError('ServerError', 'Form is not enabled', 400),
    });
    const { router } = open(url);
    await pickCard('Building consent');
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    expect(await screen.findByText('Failed to create application')).toBeTruthy();
    expect(screen.getByText('Form is not enabled')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/new-application/form-selection');
    const selected = createWrapper(document.body).findCards()!.findSelectedItems();
    expect(selected.map((i) => i.findCardHeader()!.getElement().textContent)).toEqual(['Building consent']);
  });

  it('Back returns to the property records with the parcel kept', async () => {
    serve({ 'GET /public/jurisdictions/nz': JURISDICTION });
    const { router } = open(url);
    await screen.findByText('Forms of Auckland Council');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        propertyRecordsUrl({ address: ADDRESS, authorityId: 'akl', parcelId: 'p-1' }),
      ),
    );
  });

  it('without an address in the query, goes back to intent selection', async () => {
    serve({ 'GET /public/jurisdictions/nz': JURISDICTION });
    const { router } = open('/new-application/form-selection?authority-id=akl');
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-application/intent-selection'));
  });
});

describe('property records', () => {
  it('lists the parcels and requires a pick; the pick goes on to form selection', async () => {
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /v1/service/property-lookup/parcels': { parcels: [PARCEL] },
    });
    const { router } = open(propertyRecordsUrl({ address: ADDRESS, authorityId: 'akl' }));
    expect(await screen.findByText('Lot 1 DP 12345')).toBeTruthy();
    expect(screen.getByText('1234/567')).toBeTruthy();
    // Lot, DP and valuation number explained (docs/applications.md).
    expect(screen.getByText(/Lot and DP \(deposited plan\) are the land's legal description/)).toBeTruthy();
    expect(screen.getByText(/the valuation number is the council's rating number/)).toBeTruthy();
    expect(api).toHaveBeenCalledWith('/v1/service/property-lookup/parcels', {
      query: { authority: 'akl', address: JSON.stringify(ADDRESS) },
      signal: expect.anything(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose a property record to continue')).toBeTruthy();
    await clickCard('Lot 1 DP 12345', '1234/567');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        formSelectionUrl({ address: ADDRESS, authorityId: 'akl', category: 'Standalone', parcel: PARCEL }),
      ),
    );
  });

  it('an authority without property lookup continues without a parcel', async () => {
    serve({ 'GET /public/jurisdictions/nz': JURISDICTION });
    const { router } = open(propertyRecordsUrl({ address: ADDRESS, authorityId: 'tcc' }));
    expect(
      await screen.findByText(
        'Tauranga City Council does not look up property records. Continue without one.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-application/form-selection'));
    expect(api).not.toHaveBeenCalledWith('/v1/service/property-lookup/parcels', expect.anything());
  });

  it('a failed lookup shows the service’s message', async () => {
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /v1/service/property-lookup/parcels': new ServiceError(
        'ServerError',
        'Failed to fetch parcels',
        502,
      ),
    });
    open(propertyRecordsUrl({ address: ADDRESS, authorityId: 'akl' }));
    expect((await screen.findAllByText('Failed to fetch parcels')).length).toBeGreaterThan(0);
  });
});

describe('address step', () => {
  it('duplicating shows the source and starts from its address and authority; Create sends Duplicate', async () => {
    const source = {
      ...listItem({ id: '42', formDisplayName: 'Building consent', applicationNumber: 'BLD-2025-00042' }),
      participants: [],
      authorityId: 'tcc',
      address: { ...ADDRESS, parcelId: 'old', legalDescription: 'Old lot' },
    };
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /user/applications/42': {
        application: source,
        requiredDocuments: [],
        requiredInspections: [],
        template: null,
      },
      'GET /public/authorities/detection': { authorityId: 'akl' },
      'POST /user/applications': createdApplication({ id: '1000200', authorityId: 'tcc' }),
    });
    const { router } = open(addressUrl({ intention: 'from-existing-application', refApplicationId: '42' }));
    expect(await screen.findByText('Source application')).toBeTruthy();
    expect(await screen.findByText('BLD-2025-00042')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toContain('authority-id=tcc'));
    // The source's authority stays chosen (detection does not override it).
    expect(await screen.findByRole('heading', { level: 2, name: 'Tauranga City Council' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application-form/1000200'));
    expect(api).toHaveBeenCalledWith('/user/applications', {
      method: 'POST',
      body: { operationName: 'Duplicate', applicationId: '42', address: ADDRESS, authorityId: 'tcc' },
    });
  });
});

describe('address step from a template', () => {
  it("names the template, not its id; a source that is gone says 'Application not found'", async () => {
    const source = {
      ...listItem({ id: '1000007', recordType: 'Template', formDisplayName: 'Building consent' }),
      applicationNumber: undefined,
      participants: [],
      address: ADDRESS,
    };
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /user/applications/1000007': {
        application: source,
        requiredDocuments: [],
        requiredInspections: [],
        template: { applicationId: '1000007', displayName: 'Two-storey house', numOfDocuments: 0 },
      },
      'GET /public/authorities/detection': { authorityId: 'akl' },
    });
    open(addressUrl({ intention: 'from-template', refApplicationId: '1000007' }));
    expect(await screen.findByText('Two-storey house')).toBeTruthy();
    expect(screen.getByText('Template')).toBeTruthy();
    expect(screen.queryByText('1000007')).toBeNull();
    cleanup();

    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /user/applications/1000004': new ServiceError('ResourceNotFound', 'Application not found', 404),
    });
    open(addressUrl({ intention: 'from-existing-application', refApplicationId: '1000004' }));
    expect(await screen.findByText('Application not found')).toBeTruthy();
    expect(screen.queryByText(/Fail to fetch application/)).toBeNull();
  });
});

describe('address step: a council not on the portal yet', () => {
  it('is named with its own website, cannot be chosen, and Next does not go on', async () => {
    const DUNEDIN = {
      address1: '1 Princes Street',
      city: 'Dunedin',
      country: 'NZ',
      zipCode: '9016',
      fullAddress: '1 Princes Street, Dunedin 9016',
      isManualAddress: false,
    };
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /public/authorities/detection': { authorityId: 'dcc' },
    });
    const { router } = open(addressUrl({ address: DUNEDIN }));
    expect(
      await screen.findByText('Dunedin City Council is not taking applications on this portal yet'),
    ).toBeTruthy();
    expect(screen.getByText(/Apply to the council directly through its own website/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /www\.dunedin\.govt\.nz/ }).getAttribute('href')).toBe(
      'https://www.dunedin.govt.nz/',
    );
    // Not chosen for the applicant, and listed as not available.
    const select = createWrapper(document.body).findSelect()!;
    expect(select.findTrigger().getElement().textContent).toContain('Choose an authority');
    select.openDropdown();
    const option = select.findDropdown().findOptionByValue('dcc')!;
    expect(option.getElement().textContent).toContain('Not taking applications on this portal yet');
    const disabled = select
      .findDropdown()
      .findDisabledOptions()
      .map((o) => o.getElement().textContent);
    expect(disabled).toEqual([expect.stringContaining('Dunedin City Council')]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/new-application/address');
  });
});

describe('address step: a duplicate at another address', () => {
  it('a new address detects its authority again, as for a new application; Next goes on with it', async () => {
    const TAURANGA = {
      address1: '5 Devonport Road',
      city: 'Tauranga',
      country: 'NZ',
      zipCode: '3110',
      fullAddress: '5 Devonport Road, Tauranga 3110',
      isManualAddress: false,
    };
    const source = {
      ...listItem({ id: '42', formDisplayName: 'Building consent', applicationNumber: 'BLD-2025-00042' }),
      participants: [],
      authorityId: 'tcc',
      address: TAURANGA,
    };
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /user/applications/42': {
        application: source,
        requiredDocuments: [],
        requiredInspections: [],
        template: null,
      },
      // Detection by the address's city: Tauranga → tcc, Auckland → akl.
      'GET /public/authorities/detection': (o: { query: { city?: string } }) => ({
        authorityId: o.query.city === 'Auckland' ? 'akl' : 'tcc',
      }),
    });
    const { router } = open(addressUrl({ intention: 'from-existing-application', refApplicationId: '42' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tauranga City Council' })).toBeTruthy();

    // The applicant moves the copy to an Auckland address.
    await act(() => screen.getByRole('button', { name: 'Enter address manually' }).click());
    const wrapper = createWrapper(document.body);
    const fill = (label: string, value: string) =>
      act(() => {
        const input = wrapper
          .findAllFormFields()
          .find((f) => f.findLabel()?.getElement().textContent === label)!
          .findControl()!
          .findInput()!;
        input.focus();
        input.setInputValue(value);
        input.blur();
      });
    await fill('Address line 1', '1 Queen Street');
    await fill('City', 'Auckland');
    await fill('Postcode', '1010');

    expect(await screen.findByRole('heading', { level: 2, name: 'Auckland Council' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toContain('authority-id=akl'));
    // Auckland looks up property records: Next goes to them, for Auckland.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const propertyRecords = propertyRecordsUrl({ address: ADDRESS, authorityId: 'akl' }).split('?')[0];
    await waitFor(() => expect(router.state.location.pathname).toBe(propertyRecords));
    expect(router.state.location.search).toContain('authority-id=akl');
  });
});

describe('child application', () => {
  it('pick a consent, then an amendment form its authority enables; Create posts the child', async () => {
    const consent = listItem({
      id: '500',
      consentNumber: 'BC-2024-0500',
      recordType: 'Consent',
      status: 'InProgress',
      authorityId: 'akl',
    });
    serve({
      'GET /public/jurisdictions/nz': JURISDICTION,
      'GET /user/applicationsV3': { items: [consent], pageIndex: 1, pageSize: 100, hasMore: false },
      'POST /user/applications/500/child-applications': createdApplication({
        id: '1000300',
        applicationType: 'Amendment',
        parentApplicationId: '500',
        authorityId: 'akl',
        formId: 'amend',
      }),
    });
    const { router } = open('/new-application/child-application?type=amendment');
    await pickCard('BC-2024-0500');
    await waitFor(() => expect(router.state.location.search).toContain('parent-application-id=500'));
    await pickCard('Amendment to a building consent');
    expect(screen.queryByText('Code compliance certificate')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create application' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application-form/1000300'));
    expect(api).toHaveBeenCalledWith('/user/applications/500/child-applications', {
      method: 'POST',
      body: { formId: 'amend' },
    });
  });
});
