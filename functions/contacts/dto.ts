import type { ContactDto } from '../../shared/schemas/contacts.js';
import { defined } from '../../shared/domain/objects.js';
import { toQualificationDtos } from '../participants/index.js';
import type { ContactRecord } from './repository.js';

/** A library contact as the API returns it (docs/participants.md). */
export function toContactDto(c: ContactRecord): ContactDto {
  return defined({
    id: c.contactId,
    firstName: c.firstName,
    lastName: c.lastName,
    organisation: c.organisation,
    phoneCountryCode: c.phoneCountryCode,
    phone: c.phone,
    email: c.email,
    address: c.address,
    lastUsed: c.lastUsed || undefined,
    qualifications: toQualificationDtos(c.qualifications),
  }) as ContactDto;
}
