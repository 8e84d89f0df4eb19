import { vi } from 'vitest';
import type {
  MergeInvitation,
  OrganisationInvitation,
  OrganisationMember,
  OrganisationMembersResponse,
} from '../../../shared/schemas/organisations';
import type { CurrentUser } from '../../../web/src/api/user';
import { user } from './applications-support';

/** The organisation pages' fixtures (test/unit/web/organisations-*.test.tsx). */
export const admin: CurrentUser = { ...user, organisationId: 'org-1', organisationRole: 'Admin' };

export const member = (over: Partial<OrganisationMember>): OrganisationMember => ({
  id: over.userId ?? 'user-1',
  userId: 'user-1',
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  organisationId: 'org-1',
  role: 'Admin',
  status: 'Active',
  ...over,
});

export const aroha = member({});
export const tama = member({
  userId: 'user-2',
  firstName: 'Tama',
  lastName: 'Reti',
  email: 'tama@example.nz',
  role: 'Normal',
});
export const mere = member({
  userId: 'user-3',
  firstName: 'Mere',
  lastName: 'Kahu',
  email: 'mere@example.nz',
  role: 'Normal',
  status: 'Disabled',
});

export const membersOf = (users: OrganisationMember[]): OrganisationMembersResponse => ({
  users,
  organisationId: 'org-1',
  organisation: { id: 'org-1', displayName: 'Ngata Design', colour: '#336699' },
});

export const invitation = (over: Partial<OrganisationInvitation> = {}): OrganisationInvitation => ({
  id: 'inv-1',
  organisationId: 'org-1',
  organisationName: 'Ngata Design',
  firstName: 'Hemi',
  lastName: 'Walker',
  email: 'hemi@example.nz',
  status: 'Pending',
  sentDate: '2026-11-20T01:00:00.000Z',
  expiryDate: '2026-11-27T01:00:00.000Z',
  ...over,
});

export const mergeInvitation = (over: Partial<MergeInvitation> = {}): MergeInvitation => ({
  id: 'merge-1',
  organisationId: 'org-1',
  organisationName: 'Ngata Design',
  inviteeFirstName: 'Rangi',
  inviteeLastName: 'Parata',
  inviteeEmail: 'rangi@example.nz',
  status: 'Pending',
  sentDate: '2026-11-20T01:00:00.000Z',
  expiryDate: '2026-11-27T01:00:00.000Z',
  inviteeOrganisationId: 'org-2',
  inviteeOrganisationName: 'Parata Architects',
  ...over,
});

/** The organisations API with every call a mock (vi.mock factory). */
export async function mockedOrganisationsApi(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('../../../web/src/api/organisations');
  return {
    ...actual,
    organisationsApi: Object.fromEntries(Object.keys(actual.organisationsApi).map((k) => [k, vi.fn()])),
  };
}
