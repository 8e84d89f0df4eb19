import { retryOnConflict } from '../platform/data/retry.js';
import { ContactInput } from '../../shared/schemas/contacts.js';
import type { ContactFields, ContactPatchFields } from '../../shared/schemas/contacts.js';
import { defined } from '../../shared/domain/objects.js';
import { soleTraderOrganisationId } from '../../shared/domain/organisations.js';
import { Invalid, NotFound } from '../platform/errors.js';
import { qualificationRules, type QualificationPorts } from '../participants/index.js';
import type { ContactRecord, ContactWrite } from './repository.js';

/** What the contact library needs (the table, the qualification types, the LBP register). */
export interface ContactPorts extends QualificationPorts {
  /** The organisation the user belongs to, if any. */
  organisationOf(userId: string): Promise<string | undefined>;
  /** The organisation's contacts whose search text contains `text` (lower case; '' for all). */
  contacts(organisationId: string, text: string): Promise<ContactRecord[]>;
  contact(organisationId: string, contactId: string): Promise<ContactRecord | undefined>;
  /** The contact holding this email in the organisation's library, if any. */
  contactIdByEmail(organisationId: string, email: string): Promise<string | undefined>;
  /** Writes the change in one transaction; false when a condition failed. */
  write(change: ContactWrite): Promise<boolean>;
  /** Sets lastUsed unless the contact is gone or already as recent; true when it changed. */
  touch(organisationId: string, contactId: string, at: string): Promise<boolean>;
  now(): string;
  newId(): string;
}

export const CONTACT_NOT_FOUND = 'Contact not found';
// Ours, worded after the participant's 'Email used on existing participant: email must be unique'.
export const CONTACT_EMAIL_UNIQUE = 'Email used on existing contact: email must be unique';
export const CONTACTS_CHANGED_MEANWHILE = 'The contact changed meanwhile: try again';

/** How many times a change is tried from a fresh read after a concurrent one. */
const ATTEMPTS = 3;

/**
 * The library of a user without an organisation: their own, as a sole trader's (docs/participants.md
 * "Contact library"); the organisation they get on their first organisation change has this id.
 */
export { soleTraderOrganisationId };

/** Lower-cased "first last email organisation": what a search matches (contains). */
export const searchTextOf = (c: Pick<ContactFields, 'firstName' | 'lastName' | 'email' | 'organisation'>) =>
  [c.firstName, c.lastName, c.email, c.organisation]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ');

const nameOf = (c: ContactRecord) => `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim().toLowerCase();

/** Most recently used first (never used last), then by name, then by id (a stable page order). */
export function byLastUsedThenName(a: ContactRecord, b: ContactRecord): number {
  const used = (b.lastUsed ?? '').localeCompare(a.lastUsed ?? '');
  if (used !== 0) return used;
  return nameOf(a).localeCompare(nameOf(b)) || a.contactId.localeCompare(b.contactId);
}

const invalid = (field: string, message: string) =>
  new Invalid([{ field: `body.${field}`, reason: message }], message);

/**
 * The contact library of the caller's organisation (docs/participants.md): every
 * read and write is scoped to it, so another organisation's contact is not found.
 */
export function contactsService(ports: ContactPorts) {
  const { qualificationsOf } = qualificationRules(ports);

  async function libraryOf(userId: string): Promise<string> {
    return (await ports.organisationOf(userId)) ?? soleTraderOrganisationId(userId);
  }

  /** Retries `attempt` from a fresh read while a concurrent change beats it. */
  const withRetry = <T>(attempt: () => Promise<T | undefined>) =>
    retryOnConflict(ATTEMPTS, CONTACTS_CHANGED_MEANWHILE, attempt);

  async function existing(organisationId: string, contactId: string): Promise<ContactRecord> {
    const c = await ports.contact(organisationId, contactId);
    if (!c) throw new NotFound(CONTACT_NOT_FOUND);
    return c;
  }

  async function checkEmailFree(organisationId: string, email: string | undefined, contactId: string) {
    if (!email) return;
    const holder = await ports.contactIdByEmail(organisationId, email);
    if (holder && holder !== contactId) throw invalid('email', CONTACT_EMAIL_UNIQUE);
  }

  /** The stored contact from the checked input (qualifications omitted: kept as they are). */
  async function recordOf(
    organisationId: string,
    contactId: string,
    input: ContactFields,
    current: ContactRecord | undefined,
  ): Promise<ContactRecord> {
    await checkEmailFree(organisationId, input.email, contactId);
    const qualifications =
      (await qualificationsOf(input.qualifications, contactId, [])) ?? current?.qualifications;
    return defined({
      organisationId,
      contactId,
      firstName: input.firstName,
      lastName: input.lastName,
      organisation: input.organisation,
      phoneCountryCode: input.phoneCountryCode,
      phone: input.phone,
      email: input.email,
      address: input.address,
      qualifications,
      searchText: searchTextOf(input),
      lastUsed: current?.lastUsed ?? '',
    }) as ContactRecord;
  }

  /** A page of the library matching `searchText` (case-insensitive contains on name, email, organisation). */
  async function search(userId: string, q: { search_text: string; page_size: number; page: number }) {
    const organisationId = await libraryOf(userId);
    const text = q.search_text.toLowerCase().replace(/\s+/g, ' ');
    const all = (await ports.contacts(organisationId, text)).sort(byLastUsedThenName);
    const start = (q.page - 1) * q.page_size;
    return {
      items: all.slice(start, start + q.page_size),
      page: q.page,
      pageSize: q.page_size,
      total: all.length,
    };
  }

  async function get(userId: string, contactId: string): Promise<ContactRecord> {
    return existing(await libraryOf(userId), contactId);
  }

  async function add(userId: string, input: ContactFields): Promise<ContactRecord> {
    const organisationId = await libraryOf(userId);
    const contactId = ports.newId();
    return withRetry(async () => {
      const next = await recordOf(organisationId, contactId, input, undefined);
      return (await ports.write({ next })) ? next : undefined;
    });
  }

  /**
   * PATCH: the named fields over the stored contact (null clears one), the merged contact checked
   * with the full rules (ContactInput), field issues as a 400 on `body.<field>` (docs/participants.md).
   */
  function merged(current: ContactRecord, patch: ContactPatchFields): ContactFields {
    const keys = [
      'firstName',
      'lastName',
      'organisation',
      'phoneCountryCode',
      'phone',
      'email',
      'address',
    ] as const;
    const whole: Record<string, unknown> = {};
    for (const k of keys) {
      const v = k in patch ? patch[k] : current[k];
      if (v !== null && v !== undefined) whole[k] = v;
    }
    if (patch.qualifications !== undefined) whole.qualifications = patch.qualifications;
    const r = ContactInput.safeParse(whole);
    if (!r.success)
      throw new Invalid(
        r.error.issues.map((i) => ({ field: ['body', ...i.path.map(String)].join('.'), reason: i.message })),
      );
    return r.data;
  }

  async function update(
    userId: string,
    contactId: string,
    patch: ContactPatchFields,
  ): Promise<ContactRecord> {
    const organisationId = await libraryOf(userId);
    return withRetry(async () => {
      const previous = await existing(organisationId, contactId);
      const next = await recordOf(organisationId, contactId, merged(previous, patch), previous);
      return (await ports.write({ previous, next })) ? next : undefined;
    });
  }

  async function remove(userId: string, contactId: string): Promise<void> {
    const organisationId = await libraryOf(userId);
    await withRetry(async () => {
      const previous = await existing(organisationId, contactId);
      return (await ports.write({ previous })) ? true : undefined;
    });
  }

  /**
   * A library contact was used on an application by `userId` at `at` (a participant added or
   * edited with its `libraryContactId`): its lastUsed becomes `at`. Idempotent: a replay, a late
   * event or a contact of another library (or gone) changes nothing.
   */
  async function markUsed(userId: string, contactId: string, at: string): Promise<boolean> {
    return ports.touch(await libraryOf(userId), contactId, at);
  }

  return { search, get, add, update, remove, markUsed };
}

export type ContactsService = ReturnType<typeof contactsService>;
