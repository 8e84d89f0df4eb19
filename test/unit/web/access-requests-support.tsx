import { vi } from 'vitest';
import type { AccessRequest, ApplicationSearchItem } from '../../../shared/schemas/access-requests';

/** The access-request web tests' fixtures (test/unit/web/access-requests-*.test.tsx). */
export async function mockedAccessRequestsApi(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('../../../web/src/api/access-requests');
  return {
    ...actual,
    accessRequestsApi: Object.fromEntries(Object.keys(actual.accessRequestsApi).map((k) => [k, vi.fn()])),
  };
}

export const searchItem = (over: Partial<ApplicationSearchItem> = {}): ApplicationSearchItem => ({
  applicationId: '501',
  applicationNumber: 'BLD-000501',
  formDisplayName: 'Building consent',
  address: { fullAddress: '86A Renall Street, Ponsonby, Auckland 1011' },
  authorityDisplayName: 'Auckland Council',
  status: 'Draft',
  hasChildApplications: false,
  ...over,
});

export const accessRequest = (over: Partial<AccessRequest> = {}): AccessRequest => ({
  requestGuid: 'g-1',
  applicationId: '501',
  applicationNumber: 'BLD-000501',
  applicationStatus: 'Draft',
  status: 'PENDING',
  address: { fullAddress: '86A Renall Street, Ponsonby, Auckland 1011' },
  requestUser: {
    email: 'tom@example.nz',
    firstName: 'Tom',
    lastName: 'Whitfield',
    phoneCountryCode: '+64',
    phoneNumber: '021 123 4567',
    organisation: 'Whitfield Builders',
    address: {
      address1: '5 Cuba Street',
      city: 'Wellington',
      zipCode: '6011',
      country: 'NZ',
      fullAddress: '5 Cuba Street, Wellington 6011',
      isManualAddress: true,
    },
  },
  createdDate: '2026-11-20T01:00:00.000Z',
  expireTime: '2026-11-27T01:00:00.000Z',
  ...over,
});
