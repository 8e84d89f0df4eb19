/**
 * The profile page's forms as pure functions (validated with the shared contract, so the browser
 * and PATCH /user agree): values from the user record, field errors, "changed", and the request body.
 */
import * as z from 'zod';
import countries from '../../../../shared/reference/countries.json';
import { ChangePasswordRequest, UserPatchRequest } from '../../../../shared/schemas/accounts';
import type { Address, NotificationLevel } from '../../../../shared/schemas/common';
import { checkContactNumber } from '../../../../shared/schemas/fields';
import { buildFullAddress } from '../../../../shared/domain/address';
import {
  DEFAULT_COUNTRY,
  DEFAULT_PHONE_COUNTRY_CODE,
  isValidPostcode,
  messages,
} from '../../../../shared/domain/validation';
import type { CurrentUser } from '../../api/user';

export const NOTIFICATION_LEVELS = [
  'Watching',
  'Normal',
  'Muted',
] as const satisfies readonly NotificationLevel[];

/** Countries of the reference data: address country (ISO code) and phone prefixes. */
export const COUNTRIES = countries as ReadonlyArray<{
  id: number;
  name: string;
  abbreviatedName: string;
  phoneCountryCode: string;
}>;

/** One option per phone prefix (several countries share +1, +7, …: the first one names it). */
export const PHONE_COUNTRY_CODES: ReadonlyArray<{ code: string; country: string }> = COUNTRIES.reduce<
  Array<{ code: string; country: string }>
>(
  (list, c) =>
    list.some((o) => o.code === c.phoneCountryCode)
      ? list
      : [...list, { code: c.phoneCountryCode, country: c.name }],
  [],
);

export interface ProfileValues {
  firstName: string;
  lastName: string;
  phoneCountryCode: string;
  contactNumber: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  /**
   * Address picker mode: the address picked from the NZ Post lookup (null while none is picked).
   * Absent: manual entry with the fields above.
   */
  lookupAddress?: Address | null;
}
export type ProfileField = Exclude<keyof ProfileValues, 'lookupAddress'>;

export interface PreferenceValues {
  defaultApplicationNotificationLevel: NotificationLevel;
  emailPreference: boolean;
  smsPreference: boolean;
  pushPreference: boolean;
}

export interface PasswordValues {
  previousPassword: string;
  proposedPassword: string;
}
export type PasswordField = keyof PasswordValues;

export interface FormState<F extends string, B> {
  errors: Partial<Record<F, string>>;
  valid: boolean;
  changed: boolean;
  /** Save is enabled only when the form has changed and is valid. */
  submittable: boolean;
  body: B;
}

/**
 * The form's values. A saved address that came from the lookup, or none, opens on the search; a
 * manual address opens in manual entry.
 */
export function profileValuesOf(user: CurrentUser): ProfileValues {
  const a = user.address ?? {};
  const values: ProfileValues = {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneCountryCode: user.phoneCountryCode || DEFAULT_PHONE_COUNTRY_CODE,
    contactNumber: user.contactNumber ?? '',
    address1: a.address1 ?? '',
    address2: a.address2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    country: a.country || DEFAULT_COUNTRY,
    zipCode: a.zipCode ?? '',
  };
  // A picked address, or none yet, opens on the search; a manual address opens in manual entry.
  if (!user.address) values.lookupAddress = null;
  else if (user.address.isManualAddress === false) values.lookupAddress = user.address;
  return values;
}

/** Switches the address between the picker and manual entry (manual entry starts from the pick). */
export function withAddressMode(values: ProfileValues, manual: boolean): ProfileValues {
  const { lookupAddress, ...rest } = values;
  if (!manual) return { ...rest, lookupAddress: null };
  if (!lookupAddress) return rest;
  return {
    ...rest,
    address1: lookupAddress.address1 ?? '',
    address2: lookupAddress.address2 ?? '',
    city: lookupAddress.city ?? '',
    state: lookupAddress.state ?? '',
    country: lookupAddress.country || DEFAULT_COUNTRY,
    zipCode: lookupAddress.zipCode ?? '',
  };
}

export function preferenceValuesOf(user: CurrentUser): PreferenceValues {
  return {
    defaultApplicationNotificationLevel: user.defaultApplicationNotificationLevel ?? 'Normal',
    // Default email notification preference: on (docs/accounts.md).
    emailPreference: user.emailPreference ?? true,
    smsPreference: user.smsPreference ?? false,
    pushPreference: user.pushPreference ?? false,
  };
}

const ADDRESS_PARTS = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;
const REQUIRED_ADDRESS_PARTS = ['address1', 'city', 'country', 'zipCode'] as const;

/**
 * The PATCH /user body of the personal details form: the picked address as the lookup gave it, or
 * the manual address with its full address built.
 */
export function profileBody(values: ProfileValues): UserPatchRequest {
  const trimmed = (v: string) => v.trim();
  const picker = values.lookupAddress !== undefined;
  const hasAddress = !picker && ADDRESS_PARTS.some((part) => trimmed(values[part]) !== '');
  const body: UserPatchRequest = {
    firstName: values.firstName,
    lastName: values.lastName,
    phoneCountryCode: values.phoneCountryCode,
    contactNumber: trimmed(values.contactNumber),
  };
  if (values.lookupAddress) body.address = values.lookupAddress;
  if (hasAddress) {
    const parts = {
      address1: trimmed(values.address1),
      address2: trimmed(values.address2) || undefined,
      city: trimmed(values.city),
      state: trimmed(values.state) || undefined,
      country: values.country,
      zipCode: trimmed(values.zipCode),
    };
    body.address = { ...parts, fullAddress: buildFullAddress(parts), isManualAddress: true };
  }
  return body;
}

/** Personal details: names, a contact number (required, valid for its country code), an address. */
const ProfileSchema = UserPatchRequest.superRefine(checkContactNumber(true)).superRefine((body, ctx) => {
  if (!body.address) return;
  for (const part of REQUIRED_ADDRESS_PARTS) {
    if (!body.address[part]?.trim())
      ctx.addIssue({ code: 'custom', path: [part], message: messages.required });
  }
  const postcode = body.address.zipCode?.trim();
  if (body.address.isManualAddress && postcode && !isValidPostcode(postcode, body.address.country))
    ctx.addIssue({ code: 'custom', path: ['zipCode'], message: messages.postcode });
});

function firstIssuePerField<F extends string>(error: z.ZodError | undefined, fields: readonly F[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[issue.path.length - 1] ?? '') as F;
    if (fields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const PROFILE_FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'phoneCountryCode',
  'contactNumber',
  'address1',
  'address2',
  'city',
  'state',
  'country',
  'zipCode',
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function profileFormState(
  values: ProfileValues,
  initial: ProfileValues,
): FormState<ProfileField, UserPatchRequest> {
  const body = profileBody(values);
  const parsed = ProfileSchema.safeParse(body);
  const errors = firstIssuePerField(parsed.error, PROFILE_FIELDS);
  const valid = parsed.success;
  const changed = !same(body, profileBody(initial));
  return { errors, valid, changed, submittable: valid && changed, body: parsed.success ? parsed.data : body };
}

export function preferencesFormState(
  values: PreferenceValues,
  initial: PreferenceValues,
): FormState<keyof PreferenceValues, UserPatchRequest> {
  const parsed = UserPatchRequest.safeParse(values);
  const changed = !same(values, initial);
  return { errors: {}, valid: parsed.success, changed, submittable: parsed.success && changed, body: values };
}

const PasswordSchema = ChangePasswordRequest.omit({ accessToken: true });

export function passwordFormState(values: PasswordValues): FormState<PasswordField, PasswordValues> {
  const parsed = PasswordSchema.safeParse(values);
  const errors = firstIssuePerField(parsed.error, ['previousPassword', 'proposedPassword'] as const);
  const changed = values.previousPassword !== '' || values.proposedPassword !== '';
  return { errors, valid: parsed.success, changed, submittable: parsed.success && changed, body: values };
}
