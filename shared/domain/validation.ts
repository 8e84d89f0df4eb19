/**
 * The shared validation patterns and their messages (docs/architecture.md). One place for web forms and server schemas: the messages are the spec's, word
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
  postcode: 'Enter the 4-digit postcode',
} as const;

/** Default phone country prefix and region (docs/architecture.md). */
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
 * A contact number as it is stored: the ways people write numbers (spaces, dashes, dots, brackets)
 * taken out, and a leading international prefix of the chosen country code (+64, 0064, or '+64 (0)')
 * written the national way, with the leading 0 for +64: '+64 21 123 4567' and '021-123-4567' are
 * both '0211234567'. Anything else is left for the rule to refuse.
 */
export function normaliseContactNumber(
  value: string,
  phoneCountryCode: string = DEFAULT_PHONE_COUNTRY_CODE,
): string {
  const compact = value.trim().replace(/[\s\-.()]/g, '');
  const code = normaliseCountryCode(phoneCountryCode).slice(1);
  if (!/^\d{1,4}$/.test(code)) return compact;
  const international = new RegExp(`^(?:\\+|00)${code}(\\d+)$`).exec(compact);
  if (!international) return compact;
  const national = international[1]!;
  return code === '64' && !national.startsWith('0') ? `0${national}` : national;
}

/**
 * Contact number (docs/architecture.md). For +64: starts with 0, then area code 3, 4, 6, 7 or 9 plus 7
 * digits, or 2 plus 7 to 9 digits. Otherwise 7 to 14 digits. Checked on the normalised number, so
 * spaces, dashes and a leading +64 are accepted.
 */
export function isValidContactNumber(value: string, phoneCountryCode: string = DEFAULT_PHONE_COUNTRY_CODE) {
  const digits = normaliseContactNumber(value, phoneCountryCode);
  if (normaliseCountryCode(phoneCountryCode) === '+64') return /^0(?:[34679]\d{7}|2\d{7,9})$/.test(digits);
  return /^\d{7,14}$/.test(digits);
}

/** A New Zealand postcode is 4 digits (NZ Post); other countries' codes are not checked. */
export const isValidPostcode = (value: string, country: string = DEFAULT_COUNTRY): boolean =>
  country !== DEFAULT_COUNTRY || /^\d{4}$/.test(value.trim());

/** '64', ' +64 ' → '+64'. */
export const normaliseCountryCode = (code: string): string => {
  const c = code.trim();
  return c.startsWith('+') ? c : `+${c}`;
};
