import type { AccessRequest } from '../../../../shared/schemas/access-requests';
import type { ParticipantFormValues } from '../participants/participantForm';

/** Project ID: the consent number, else the application number (docs/access-requests.md). */
export const projectIdOf = (r: Pick<AccessRequest, 'consentNumber' | 'applicationNumber'>): string =>
  r.consentNumber ?? r.applicationNumber ?? '';

/** The requester as the table shows them: first and last name, else the email. */
export const requesterName = (r: Pick<AccessRequest, 'requestUser'>): string =>
  [r.requestUser.firstName, r.requestUser.lastName].filter(Boolean).join(' ') || r.requestUser.email;

/**
 * The participant dialog's details from the requester (docs/access-requests.md): email, first and
 * last name, country code, phone, organisation and the address (its parts and manual flag with it).
 */
export function prefillOf(r: Pick<AccessRequest, 'requestUser'>): Partial<ParticipantFormValues> {
  const u = r.requestUser;
  return {
    email: u.email,
    firstName: u.firstName ?? '',
    lastName: u.lastName ?? '',
    ...(u.phoneCountryCode ? { phoneCountryCode: u.phoneCountryCode } : {}),
    phone: u.phoneNumber ?? '',
    organisation: u.organisation ?? '',
    address: u.address ?? null,
  };
}
