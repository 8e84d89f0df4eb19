import type { ContactDto, ContactInput, ContactPage, ContactPatch } from '../../../shared/schemas/contacts';
import { CONTACT_PAGE_SIZE } from '../../../shared/schemas/contacts';
import { apiRequest } from './client';

/** The contact library of the user's organisation (portal-core §7 contacts; docs/participants.md). */
const base = '/user/organisation/contacts';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export interface ContactSearch {
  searchText?: string;
  page?: number;
  pageSize?: number;
}

export const contactsApi = {
  /** GET /user/organisation/contacts?search_text=&page_size=10&page= (portal-core §9: page size 10). */
  search: (
    { searchText = '', page = 1, pageSize = CONTACT_PAGE_SIZE }: ContactSearch,
    signal?: AbortSignal,
  ) =>
    apiRequest<ContactPage>(base, {
      query: { search_text: searchText, page_size: pageSize, page },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) => apiRequest<ContactDto>(one(id), { signal }),
  create: (body: ContactInput) => apiRequest<ContactDto>(base, { method: 'POST', body }),
  /** PATCH: the fields named change (null clears one), the rest are kept. */
  update: (id: string, body: ContactPatch) => apiRequest<ContactDto>(one(id), { method: 'PATCH', body }),
  remove: (id: string) => apiRequest<void>(one(id), { method: 'DELETE' }),
};

export const contactKeys = {
  all: ['contacts'] as const,
  search: (q: ContactSearch) => ['contacts', 'search', q] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
};

/** The spec's message when the library cannot be read (portal-core §8). */
export const contactMessages = { fetch: 'Failed to fetch contacts' } as const;
