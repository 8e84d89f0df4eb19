import { describe, expect, it } from 'vitest';
import {
  passwordFormState,
  PHONE_COUNTRY_CODES,
  preferenceValuesOf,
  preferencesFormState,
  profileFormState,
  profileValuesOf,
} from '../../../web/src/features/user/profileForm';
import type { CurrentUser } from '../../../web/src/api/user';
import { isProfileComplete } from '../../../shared/domain/user';

const user: CurrentUser = {
  id: 'u1',
  username: 'u1',
  email: 'aroha@example.nz',
  firstName: 'Aroha',
  lastName: 'Ngata',
  organisationRole: 'Normal',
  defaultApplicationNotificationLevel: 'Normal',
  emailPreference: true,
  smsPreference: false,
  pushPreference: false,
};

describe('profile form', () => {
  const initial = profileValuesOf(user);

  it('defaults: +64 and NZ; email preference on', () => {
    expect(initial).toMatchObject({
      phoneCountryCode: '+64',
      country: 'NZ',
      contactNumber: '',
      address1: '',
    });
    expect(
      preferenceValuesOf({ ...user, emailPreference: undefined as unknown as boolean }).emailPreference,
    ).toBe(true);
    expect(PHONE_COUNTRY_CODES[0]).toEqual({ code: '+64', country: 'New Zealand' });
    expect(new Set(PHONE_COUNTRY_CODES.map((o) => o.code)).size).toBe(PHONE_COUNTRY_CODES.length);
  });

  it('Save is disabled when unchanged', () => {
    const state = profileFormState(initial, initial);
    expect(state.changed).toBe(false);
    expect(state.submittable).toBe(false);
  });

  it('requires a valid contact number with both messages (NZ rules for +64)', () => {
    expect(profileFormState({ ...initial, firstName: 'Ari' }, initial).errors.contactNumber).toBe(
      'You must provide a valid contact number',
    );
    expect(profileFormState({ ...initial, contactNumber: '12345' }, initial).errors.contactNumber).toBe(
      'Contact number is not valid',
    );
    expect(profileFormState({ ...initial, contactNumber: '021 123 4567' }, initial)).toMatchObject({
      valid: true,
      submittable: true,
    });
    expect(profileFormState({ ...initial, contactNumber: '09 123 4567' }, initial).valid).toBe(true);
    // The common ways New Zealanders write numbers, stored the one way.
    for (const written of ['+64 21 123 4567', '021-123-4567', '(021) 123 4567', '+64 (0)21 123 4567']) {
      const state = profileFormState({ ...initial, contactNumber: written }, initial);
      expect(state.errors.contactNumber, written).toBeUndefined();
      expect(state.body.contactNumber, written).toBe('0211234567');
    }
    expect(profileFormState({ ...initial, contactNumber: '5551234567' }, initial).valid).toBe(false);
    expect(
      profileFormState({ ...initial, phoneCountryCode: '+1', contactNumber: '5551234567' }, initial).valid,
    ).toBe(true);
  });

  it('checks names with the shared pattern', () => {
    const state = profileFormState(
      { ...initial, firstName: '1abc', lastName: '', contactNumber: '0211234567' },
      initial,
    );
    expect(state.errors).toEqual({
      firstName: 'Please enter a name with a valid format',
      lastName: 'Required',
    });
  });

  it('an address, once started, needs line 1, city and zip; its full address is built', () => {
    // Manual entry (a user without an address opens on the search).
    const manual = { ...initial, lookupAddress: undefined };
    const started = profileFormState({ ...manual, contactNumber: '0211234567', city: 'Auckland' }, initial);
    expect(started.errors).toEqual({ address1: 'Required', zipCode: 'Required' });
    const complete = profileFormState(
      {
        ...manual,
        contactNumber: '021 123 4567',
        address1: '1 Queen Street',
        address2: 'Level 2',
        city: 'Auckland',
        state: 'Auckland',
        zipCode: '1010',
      },
      initial,
    );
    expect(complete.submittable).toBe(true);
    expect(complete.body).toEqual({
      firstName: 'Aroha',
      lastName: 'Ngata',
      phoneCountryCode: '+64',
      contactNumber: '0211234567',
      address: {
        address1: '1 Queen Street',
        address2: 'Level 2',
        city: 'Auckland',
        state: 'Auckland',
        country: 'NZ',
        zipCode: '1010',
        fullAddress: '1 Queen Street, Level 2, Auckland, Auckland 1010',
        isManualAddress: true,
      },
    });
    expect(isProfileComplete({ ...user, ...complete.body })).toBe(true);
  });

  it('preferences: Save only when changed', () => {
    const prefs = preferenceValuesOf(user);
    expect(preferencesFormState(prefs, prefs).submittable).toBe(false);
    const changed = preferencesFormState(
      { ...prefs, defaultApplicationNotificationLevel: 'Watching' },
      prefs,
    );
    expect(changed.submittable).toBe(true);
    expect(changed.body).toEqual({ ...prefs, defaultApplicationNotificationLevel: 'Watching' });
  });

  it('change password: previous required, new password pattern', () => {
    expect(passwordFormState({ previousPassword: '', proposedPassword: '' })).toMatchObject({
      submittable: false,
    });
    expect(passwordFormState({ previousPassword: 'x', proposedPassword: 'short' }).errors).toEqual({
      proposedPassword: 'Requires at least 8, upper, lower, numerical & special characters',
    });
    expect(passwordFormState({ previousPassword: '', proposedPassword: 'Abcdef1!' }).errors).toEqual({
      previousPassword: 'Required',
    });
    expect(
      passwordFormState({ previousPassword: 'Old#2025', proposedPassword: 'New#2025x' }).submittable,
    ).toBe(true);
  });
});
