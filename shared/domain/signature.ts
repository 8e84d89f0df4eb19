/**
 * The review step's signature (docs/applications.md): the signer types their
 * full name as it is on their profile. Case, surrounding spaces and repeated spaces are forgiven.
 * The review page shows the mismatch inline and the server refuses it (400 on the field).
 */

/** The full name on a profile: first and last name, trimmed, joined by one space. */
export function profileFullName(profile: {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}): string {
  return [profile.firstName, profile.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

const comparable = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-NZ');

/** Whether a typed signature is the profile's full name (a profile without a name matches nothing). */
export function signatureMatches(signature: string, fullName: string): boolean {
  const expected = comparable(fullName);
  return expected !== '' && comparable(signature) === expected;
}

/** The reason given on body.userSignature when it is not the signer's full name. */
export const SIGNATURE_MISMATCH = 'Type your full name as it is on your profile';
