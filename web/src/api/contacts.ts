import type { ContactInput, ContactPatch } from '../../../shared/schemas/contacts';
import { CONTACT_PAGE_SIZE } from '../../../shared/schemas/contacts';
import { api } from './call';

/** The contact library of the user's organisation (docs/participants.md). */

export interface ContactSearch {
  searchText?: string;
  page?: number;
  pageSize?: number;
}

export const contactsApi = {
  /** GET /user/organisation/contacts?search_text=&page_size=10&page= (docs/participants.md: page size 10). */
  search: (
    { searchText = '', page = 1, pageSize = CONTACT_PAGE_SIZE }: ContactSearch,
    signal?: AbortSignal,
  ) =>
    api('GET /user/organisation/contacts', {
      query: { search_text: searchText, page_size: pageSize, page },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api('GET /user/organisation/contacts/{id}', { params: { id }, signal }),
  create: (body: ContactInput) => api('POST /user/organisation/contacts', { body }),
  /** PATCH: the fields named change (null clears one), the rest are kept. */
  update: (id: string, body: ContactPatch) =>
    api('PATCH /user/organisation/contacts/{id}', { params: { id }, body }),
  remove: (id: string) => api('DELETE /user/organisation/contacts/{id}', { params: { id } }),
};

export const contactKeys = {
  all: ['contacts'] as const,
  search: (q: ContactSearch) => ['contacts', 'search', q] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
};

/** The spec's message when the library cannot be read (docs/participants.md). */
export const contactMessages = { fetch: 'Failed to fetch contacts' } as const;
