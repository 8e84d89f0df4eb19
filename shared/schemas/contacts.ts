/**
 * The contact library's requests and responses (docs/participants.md participant form and
 * qualification form, contacts, contact search page size 10; docs/participants.md "Contact
 * library"). A contact's fields follow the participant form's rules without those that depend on a
 * participant's roles or access: names required, email (optional) in the standard format, phone
 * (optional) valid, postcode valid; qualifications as on a participant (checked by the service).
 */
import * as z from 'zod';
import { Address } from './common.js';
import { Qualification } from './qualifications.js';
import { checkPersonFields, normalisePersonFields, personFields } from './participants.js';

/** Contact search page size (docs/participants.md). */
export const CONTACT_PAGE_SIZE = 10;
export const MAX_CONTACT_PAGE_SIZE = 100;

/** POST /user/organisation/contacts (the whole contact); the merged contact of a PATCH. */
export const ContactInput = z
  .object(personFields)
  .superRefine((p, ctx) => checkPersonFields(p, ctx, { email: false, contact: false }))
  .transform((p) => normalisePersonFields(p));
export type ContactInput = z.input<typeof ContactInput>;
export type ContactFields = z.output<typeof ContactInput>;

/**
 * PATCH /user/organisation/contacts/{id} (docs/participants.md): the fields it names change, the rest
 * are kept; `null` clears a field. The service merges it with the stored contact and checks the
 * result with {@link ContactInput}'s full rules (names still required, formats), so a PATCH of one
 * field answers as the whole edit would. `qualifications` left out are kept, `[]` clears them.
 */
export const ContactPatch = z.object({
  firstName: personFields.firstName.unwrap().nullable().optional(),
  lastName: personFields.lastName.unwrap().nullable().optional(),
  organisation: personFields.organisation.unwrap().nullable().optional(),
  phoneCountryCode: personFields.phoneCountryCode.unwrap().nullable().optional(),
  phone: personFields.phone.unwrap().nullable().optional(),
  email: personFields.email.unwrap().nullable().optional(),
  address: personFields.address.unwrap().nullable().optional(),
  qualifications: personFields.qualifications,
});
export type ContactPatch = z.input<typeof ContactPatch>;
export type ContactPatchFields = z.output<typeof ContactPatch>;

/** GET /user/organisation/contacts?search_text=&page_size=&page= */
export const ContactsQuery = z.object({
  search_text: z.string().trim().max(200).default(''),
  page_size: z.coerce.number().int().min(1).max(MAX_CONTACT_PAGE_SIZE).default(CONTACT_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10000).default(1),
});

export const ContactIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** A library contact (docs/participants.md); lastUsed absent until it is first used on an application. */
export const ContactDto = z.object({
  id: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  organisation: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  address: Address.optional(),
  lastUsed: z.string().optional(),
  qualifications: z.array(Qualification).default([]),
});
export type ContactDto = z.infer<typeof ContactDto>;

/** A page of the library: most recently used first, then by name; `total` counts every match. */
export const ContactPage = z.object({
  items: z.array(ContactDto),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type ContactPage = z.infer<typeof ContactPage>;
