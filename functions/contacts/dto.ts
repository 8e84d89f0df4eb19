import type { ContactDto } from '../../shared/schemas/contacts.js';
import { defined } from '../../shared/domain/objects.js';
import type { ContactRecord } from './repository.js';

/** A library contact as the API returns it (portal-core §3 Contact). */
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
    qualifications: (c.qualifications ?? []).map((q) => ({
      qualificationName: q.qualificationName ?? '',
      licensingClasses: q.licensingClasses ?? [],
      otherQualificationType: q.otherQualificationType,
      qualificationNumber: q.qualificationNumber,
      warnings: (q.warnings ?? []).map((w) => ({ label: w.label ?? '', warning: w.warning ?? '' })),
    })),
  }) as ContactDto;
}
