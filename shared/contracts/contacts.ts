import { defineContract } from './define.js';
import {
  ContactDto,
  ContactIdParams,
  ContactInput,
  ContactPatch,
  ContactPage,
  ContactsQuery,
} from '../schemas/contacts.js';

/** The contact library's routes (docs/participants.md "Contact library"). */
export const contract = defineContract('contacts', {
  'GET /user/organisation/contacts': {
    query: ContactsQuery,
    response: ContactPage,
    summary:
      "A page of the organisation's contact library: search_text matches name, email or organisation; most recently used first",
  },
  'POST /user/organisation/contacts': {
    body: ContactInput,
    status: 201,
    response: ContactDto,
    summary: "Adds a contact to the organisation's library (email unique in the library)",
  },
  'GET /user/organisation/contacts/{id}': {
    params: ContactIdParams,
    response: ContactDto,
    summary: 'One contact of the library',
  },
  'PATCH /user/organisation/contacts/{id}': {
    params: ContactIdParams,
    body: ContactPatch,
    response: ContactDto,
    summary:
      'Edits a contact: the fields named change (null clears one), the rest are kept; the result is checked with the full rules',
  },
  'DELETE /user/organisation/contacts/{id}': {
    params: ContactIdParams,
    status: 204,
    summary: 'Deletes a contact from the library',
  },
});
