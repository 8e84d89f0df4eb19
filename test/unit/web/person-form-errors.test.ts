import { describe, expect, it } from 'vitest';
import {
  licenceErrorsOf,
  visibleErrors,
  withoutLicenceErrors,
} from '../../../web/src/features/participants/participantForm';

/** The error rules the participant and contact dialogs share (features/participants/participantForm.ts). */
describe("a person's form errors", () => {
  it('shows the schema’s errors of the fields left only, and every server error', () => {
    expect(
      visibleErrors(
        { firstName: 'Required', email: 'Email is not valid', lastName: undefined },
        { email: true, lastName: true },
        { contactNumber: 'Contact number is not valid', firstName: undefined },
      ),
    ).toEqual({ email: 'Email is not valid', contactNumber: 'Contact number is not valid' });
  });

  it('gives each licence its server errors, and drops them when the licences change', () => {
    const server = {
      email: 'Taken',
      'qualifications.0.number': 'Not on the register',
      'qualifications.1.classes': 'Pick a class',
      'qualifications.2.number': undefined,
    };
    expect(licenceErrorsOf(server)).toEqual({
      '0.number': 'Not on the register',
      '1.classes': 'Pick a class',
    });
    expect(withoutLicenceErrors(server)).toEqual({ email: 'Taken' });
  });
});
