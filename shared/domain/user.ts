import type { Address, OrganisationRole } from '../schemas/common.js';

/** Organisation role as read from a user record: Admin or Normal; anything else reads as Normal. */
export function readOrganisationRole(value: unknown): OrganisationRole {
  return value === 'Admin' ? 'Admin' : 'Normal';
}

/** Profile complete: first name, last name, contact number and full address all present. */
export function isProfileComplete(user: {
  firstName?: string | null;
  lastName?: string | null;
  contactNumber?: string | null;
  address?: Pick<Address, 'fullAddress'> | null;
}): boolean {
  const present = (s: string | null | undefined) => typeof s === 'string' && s.trim().length > 0;
  return (
    present(user.firstName) &&
    present(user.lastName) &&
    present(user.contactNumber) &&
    present(user.address?.fullAddress)
  );
}
