import { contactIdByEmail, listContacts, moveContact } from './repository.js';

/**
 * The contact library's call other features make: an organisation's merge moves its library into
 * the inviting organisation's (docs/organisations.md "Merge"). Each contact moves in its own
 * conditional transaction, so a second run moves nothing twice; a contact whose email the target
 * library already holds is dropped (the target's own contact is kept). Returns how many moved.
 */
export async function moveLibrary(from: string, to: string): Promise<number> {
  let moved = 0;
  for (const contact of await listContacts(from, '')) {
    const taken = contact.email ? (await contactIdByEmail(to, contact.email)) !== undefined : false;
    if (await moveContact(contact, to, taken)) moved++;
  }
  return moved;
}
