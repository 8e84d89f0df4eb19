import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import {
  isValidContactNumber,
  normaliseContactNumber,
  isValidEmail,
  isValidName,
  isValidOrganisationName,
  isValidPassword,
  messages,
  normaliseEmail,
} from '../../../shared/domain/validation';
import { buildFullAddress, fullAddressOf } from '../../../shared/domain/address';
import { checkContactNumber, Email, Password, PersonName } from '../../../shared/schemas/fields';

describe('the spec messages, word for word', () => {
  test('shared patterns (docs/architecture.md)', () => {
    expect(messages).toEqual({
      required: 'Required',
      email: 'Invalid email format',
      password: 'Requires at least 8, upper, lower, numerical & special characters',
      name: 'Please enter a name with a valid format',
      organisationName: 'Please enter a valid organisation name',
      contactNumber: 'Contact number is not valid',
      contactNumberRequired: 'You must provide a valid contact number',
      captcha: 'Please complete the CAPTCHA challenge',
      postcode: 'Enter the 4-digit postcode',
    });
  });
});

describe('email', () => {
  test.each(['a@b.co', 'aroha.ngata@example.co.nz', 'first+tag@sub.domain.nz', ' Sam@Example.NZ '])(
    'valid: %s',
    (v) => expect(isValidEmail(v)).toBe(true),
  );
  test.each(['', 'plain', 'a@b', '@b.co', 'a b@c.nz', 'a@b..nz', 'a@-b.nz'])('invalid: %s', (v) =>
    expect(isValidEmail(v)).toBe(false),
  );
  test('lowercased and trimmed', () => expect(normaliseEmail('  Sam@Example.NZ ')).toBe('sam@example.nz'));
  test('schema: message and normalised value', () => {
    expect(Email.parse(' Sam@Example.NZ')).toBe('sam@example.nz');
    expect(Email.safeParse('nope').error?.issues[0]?.message).toBe('Invalid email format');
    expect(Email.safeParse('').error?.issues[0]?.message).toBe('Required');
  });
});

describe('password: at least 8 with lower, upper, digit and special', () => {
  test.each(['Applicant#2025', 'aB3$efgh', 'Pass word1', 'Ab1-Ab1-'])('valid: %s', (v) =>
    expect(isValidPassword(v)).toBe(true),
  );
  test.each(['aB3$efg', 'ab3$efgh', 'AB3$EFGH', 'aBc$efgh', 'aB3defgh', ''])('invalid: %s', (v) =>
    expect(isValidPassword(v)).toBe(false),
  );
  test('schema message', () =>
    expect(Password.safeParse('short').error?.issues[0]?.message).toBe(
      'Requires at least 8, upper, lower, numerical & special characters',
    ));
});

describe('name: letters, spaces, commas, dots, apostrophes, hyphens, starting with a letter', () => {
  test.each(['Aroha', 'Mary-Jane', "O'Brien", 'O’Brien', 'van der Berg', 'Jr., Sam', 'Māui', 'Zoë'])(
    'valid: %s',
    (v) => expect(isValidName(v)).toBe(true),
  );
  test.each(['', '-Ann', ' Ann', "'Ann", 'Ann2', 'Ann_B', 'Ann@'])('invalid: %s', (v) =>
    expect(isValidName(v)).toBe(false),
  );
  test('schema message', () =>
    expect(PersonName.safeParse('3rd').error?.issues[0]?.message).toBe(
      'Please enter a name with a valid format',
    ));
});

describe('organisation name', () => {
  test.each(['AB', 'Kauri Builders Ltd.', 'Smith & Co'.replace('&', 'and'), 'R_2 ~ D?!', '42'])(
    'valid: %s',
    (v) => expect(isValidOrganisationName(v)).toBe(true),
  );
  test.each(['A', '--', '  ', '_.', 'Smith & Co', 'a/b'])('invalid: %s', (v) =>
    expect(isValidOrganisationName(v)).toBe(false),
  );
});

describe('contact number', () => {
  test('normalised to the one stored form', () => {
    expect(normaliseContactNumber('+64 21 123 4567')).toBe('0211234567');
    expect(normaliseContactNumber('021-123-4567', '+64')).toBe('0211234567');
    expect(normaliseContactNumber('+64 (0)9 123 4567', '64')).toBe('091234567');
    expect(normaliseContactNumber('+61 412 345 678', '+61')).toBe('412345678');
    expect(normaliseContactNumber(' 09 123 4567 ', 'not a code')).toBe('091234567');
  });
  test.each([
    ['093 456 789', '+64'], // landline 0 + 9 + 7 digits
    ['03 456 7890', '+64'],
    ['0212345678', '+64'], // mobile 02 + 8 digits
    ['021 234 567', '+64'], // 02 + 7 digits
    ['022 1234 5678', '+64'], // 02 + 9 digits
    ['0412345678', '+61'], // elsewhere: 7 to 14 digits
    ['1234567', '+1'],
    ['12345678901234', '+44'],
    ['+64 21 123 4567', '+64'], // the ways New Zealanders write numbers
    ['021-123-4567', '+64'],
    ['0064 9 123 4567', '+64'],
    ['+61 412 345 678', '+61'],
  ])('valid: %s (%s)', (n, c) => expect(isValidContactNumber(n, c)).toBe(true));
  test.each([
    ['93456789', '+64'], // no leading 0
    ['0534567890', '+64'], // area code 5
    ['0812345678', '+64'], // area code 8
    ['09345678', '+64'], // landline too short
    ['0934567890', '+64'], // landline too long
    ['021234567890', '+64'], // mobile too long
    ['02123456', '+64'], // mobile too short
    ['123456', '+61'],
    ['123456789012345', '+61'],
    ['021-234-56', '+64'], // too short, however it is written
    ['+61 21 123 4567', '+64'], // another country's prefix
  ])('invalid: %s (%s)', (n, c) => expect(isValidContactNumber(n, c)).toBe(false));
  test('the default country code is +64', () => expect(isValidContactNumber('1234567')).toBe(false));

  const Schema = (required: boolean) =>
    z
      .object({ contactNumber: z.string().optional(), phoneCountryCode: z.string().optional() })
      .superRefine(checkContactNumber(required));
  test('required variant and invalid variant messages', () => {
    expect(Schema(true).safeParse({}).error?.issues[0]).toMatchObject({
      path: ['contactNumber'],
      message: 'You must provide a valid contact number',
    });
    expect(Schema(false).safeParse({}).success).toBe(true);
    expect(
      Schema(false).safeParse({ contactNumber: '123', phoneCountryCode: '+64' }).error?.issues[0]?.message,
    ).toBe('Contact number is not valid');
  });
});

describe('full address (docs/architecture.md)', () => {
  test('built from address1, address2, city, state joined by commas, then the zip after a space', () => {
    expect(
      buildFullAddress({
        address1: '12 Kauri Street',
        address2: 'Unit 3',
        city: 'Wellington',
        state: 'Wellington',
        zipCode: '6011',
      }),
    ).toBe('12 Kauri Street, Unit 3, Wellington, Wellington 6011');
  });
  test('empty parts are left out', () => {
    expect(buildFullAddress({ address1: '12 Kauri Street', city: 'Nelson', zipCode: '7010' })).toBe(
      '12 Kauri Street, Nelson 7010',
    );
    expect(buildFullAddress({ zipCode: '7010' })).toBe('7010');
    expect(buildFullAddress({})).toBe('');
  });
  test('an existing fullAddress wins', () => {
    expect(fullAddressOf({ fullAddress: '1 Queen Street, Auckland 1010', address1: 'x' })).toBe(
      '1 Queen Street, Auckland 1010',
    );
    expect(fullAddressOf(undefined)).toBe('');
  });
});
