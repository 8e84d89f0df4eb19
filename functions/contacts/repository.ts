import type { EntityItem } from 'electrodb';
import { entities, service } from '../platform/data/service.js';
import type { contact as contactEntity } from '../platform/data/entities/contacts.js';

export type ContactRecord = EntityItem<typeof contactEntity>;

/** A contact's change: `previous` absent for a new one, `next` absent for a deletion. */
export interface ContactWrite {
  previous?: ContactRecord;
  next?: ContactRecord;
}

/**
 * The organisation's contacts (C1: its partition, sk begins `contact`), those whose search text
 * contains `text` (lower case) when given: DynamoDB filters them, so only the matches travel.
 */
export async function listContacts(organisationId: string, text: string): Promise<ContactRecord[]> {
  const query = entities.contact.query.byOrganisation({ organisationId });
  const { data } = await (text ? query.where((a, o) => o.contains(a.searchText, text)) : query).go({
    pages: 'all',
  });
  return data;
}

/** One contact of the organisation (C2), read consistently (it guards the next write). */
export async function getContact(
  organisationId: string,
  contactId: string,
): Promise<ContactRecord | undefined> {
  const { data } = await entities.contact.get({ organisationId, contactId }).go({ consistent: true });
  return data ?? undefined;
}

/** The contact of the organisation's library holding this email (the guard row), if any. */
export async function contactIdByEmail(organisationId: string, email: string): Promise<string | undefined> {
  const { data } = await entities.contactEmail.get({ organisationId, email }).go({ consistent: true });
  return data?.contactId;
}

/**
 * Writes a contact change in one transaction with its email guard rows (docs/participants.md
 * "Contact library"): the contact conditional on its `updatedAt` (or absent when new), the new
 * email's guard with `attribute_not_exists`, the old one deleted. False when a condition failed
 * (a concurrent change, or the email taken meanwhile).
 */
export async function writeContact(change: ContactWrite): Promise<boolean> {
  const { previous, next } = change;
  const organisationId = (next ?? previous)!.organisationId;
  const contactId = (next ?? previous)!.contactId;
  const oldEmail = previous?.email;
  const newEmail = next?.email;
  const result = await service.transaction
    .write((e) => {
      const ops = [];
      if (next) {
        const { createdAt: _c, updatedAt: _u, ...item } = next;
        const put = e.contact.put(item);
        ops.push(
          previous
            ? put.where((a, o) => o.eq(a.updatedAt, previous.updatedAt)).commit()
            : put.where((a, o) => o.notExists(a.contactId)).commit(),
        );
      } else {
        ops.push(
          e.contact
            .delete({ organisationId, contactId })
            .where((a, o) => o.eq(a.updatedAt, previous!.updatedAt))
            .commit(),
        );
      }
      if (oldEmail && oldEmail !== newEmail)
        ops.push(
          e.contactEmail
            .delete({ organisationId, email: oldEmail })
            .where((a, o) => `${o.notExists(a.contactId)} OR ${o.eq(a.contactId, contactId)}`)
            .commit(),
        );
      if (newEmail && newEmail !== oldEmail)
        ops.push(
          e.contactEmail
            .put({ organisationId, email: newEmail, contactId })
            .where((a, o) => o.notExists(a.contactId))
            .commit(),
        );
      return ops;
    })
    .go();
  return !result.canceled;
}

/**
 * Sets the contact's lastUsed to `at` unless it is gone or already as recent (so a replayed or late
 * event changes nothing). True when it changed.
 */
export async function touchContact(organisationId: string, contactId: string, at: string): Promise<boolean> {
  try {
    await entities.contact
      .patch({ organisationId, contactId })
      .set({ lastUsed: at })
      .where((a, o) => o.lt(a.lastUsed, at))
      .go({ response: 'none' });
    return true;
  } catch (err) {
    if ((err as { cause?: { name?: string } })?.cause?.name === 'ConditionalCheckFailedException')
      return false;
    throw err;
  }
}

/** The organisation whose contact library the user keeps: theirs, else their own (docs/participants.md). */
export async function organisationOfUser(userId: string): Promise<string | undefined> {
  const { data } = await entities.user.get({ userId }).go();
  return data ? (data.organisationId ?? undefined) : undefined;
}

/**
 * One contact moves into the library `to` with its email guard; when that library already holds
 * the email, the moved one is dropped (the library's own contact is kept). False when it had
 * already moved.
 */
export async function moveContact(contact: ContactRecord, to: string, emailTaken: boolean): Promise<boolean> {
  const from = contact.organisationId;
  const { organisationId: _o, createdAt: _c, updatedAt: _u, ...rest } = contact;
  const keep = !emailTaken;
  const result = await service.transaction
    .write((e) => [
      e.contact
        .delete({ organisationId: from, contactId: contact.contactId })
        .where((a, op) => op.exists(a.contactId))
        .commit(),
      ...(contact.email
        ? [e.contactEmail.delete({ organisationId: from, email: contact.email }).commit()]
        : []),
      ...(keep ? [e.contact.put({ ...rest, organisationId: to }).commit()] : []),
      ...(keep && contact.email
        ? [
            e.contactEmail
              .create({ organisationId: to, email: contact.email, contactId: contact.contactId })
              .commit(),
          ]
        : []),
    ])
    .go();
  return !result.canceled;
}
