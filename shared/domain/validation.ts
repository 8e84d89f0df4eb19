/**
 * The shared validation patterns and their messages (portal-organisation §5 "Shared patterns",
 * portal-core §5). One place for web forms and server schemas: the messages are the spec's, word
 * for word.
 */

export const messages = {
  required: 'Required',
  email: 'Invalid email format',
  password: 'Requires at least 8, upper, lower, numerical & special characters',
  name: 'Please enter a name with a valid format',
  organisationName: 'Please enter a valid organisation name',
  contactNumber: 'Contact number is not valid',
  contactNumberRequired: 'You must provide a valid contact number',
  captcha: 'Please complete the CAPTCHA challenge',
} as const;

/** Default phone country prefix and region (portal-core §9). */
export const DEFAULT_PHONE_COUNTRY_CODE = '+64';
export const DEFAULT_COUNTRY = 'NZ';

/**
 * Standard email format: a local part, '@', and a domain with at least one dot; no spaces. (The
 * HTML living standard's pattern, the one browsers use for type=email, plus a required dot.)
 */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Emails are lowercased and trimmed on blur (and before they are stored or compared). */
export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

export const isValidEmail = (value: string): boolean => EMAIL.test(value.trim());

/**
 * At least 8 characters with lower case, upper case, a digit and a special character. "Special" is
 * Cognito's set: any of ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space.
 */
const SPECIAL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;
export const isValidPassword = (value: string): boolean =>
  value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && SPECIAL.test(value);

/**
 * Names: letters (any script, so macrons as in Māori names are letters), spaces, commas, dots,
 * apostrophes (straight or typographic) and hyphens, starting with a letter.
 */
const NAME = /^\p{L}[\p{L}\p{M} ,.'’-]*$/u;
export const isValidName = (value: string): boolean => NAME.test(value);

/**
 * Organisation name: at least 2 characters from letters, digits, space and ' . _ ~ ? ! -, and
 * containing a letter or a digit.
 */
const ORGANISATION = /^[\p{L}\p{M}\p{N} '._~?!-]{2,}$/u;
export const isValidOrganisationName = (value: string): boolean =>
  ORGANISATION.test(value) && /[\p{L}\p{N}]/u.test(value);

/**
 * Contact number. For +64: starts with 0, then area code 3, 4, 6, 7 or 9 plus 7 digits, or 2 plus
 * 7 to 9 digits (spaces allowed). Otherwise 7 to 14 digits.
 */
export function isValidContactNumber(value: string, phoneCountryCode: string = DEFAULT_PHONE_COUNTRY_CODE) {
  const digits = value.replace(/ /g, '');
  if (normaliseCountryCode(phoneCountryCode) === '+64') return /^0(?:[34679]\d{7}|2\d{7,9})$/.test(digits);
  return /^\d{7,14}$/.test(digits);
}

/** '64', ' +64 ' → '+64'. */
export const normaliseCountryCode = (code: string): string => {
  const c = code.trim();
  return c.startsWith('+') ? c : `+${c}`;
};
