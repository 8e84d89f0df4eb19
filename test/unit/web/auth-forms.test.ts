import { describe, expect, it } from 'vitest';
import {
  forgotPasswordFormState,
  hasCaptcha,
  INITIAL_REGISTRATION,
  invitationFormState,
  randomId,
  registrationFormState,
  registrationRequest,
  resetPasswordFormState,
  serverFieldErrors,
  validationKey,
  validationMessageKeys,
  type RegistrationValues,
} from '../../../web/src/features/auth/forms';
import { identityMessage } from '../../../web/src/features/auth/identityErrors';
import { withoutTrailingPeriod } from '../../../web/src/api/errors';
import en from '../../../web/src/i18n/en.json';

const valid: RegistrationValues = {
  email: 'Aroha@Example.NZ ',
  firstName: 'Aroha',
  lastName: "O'Neill-Tāne",
  password: 'Kia-ora-2025',
  acknowledgement: true,
  captchaToken: 'eyJwYXlsb2FkIjp0cnVlfQ==',
};

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('registration form (docs/accounts.md)', () => {
  it('is valid and submittable with every field right', () => {
    expect(registrationFormState(valid)).toEqual({ errors: {}, valid: true, submittable: true });
  });

  it('requires every field; submit is disabled while unchanged', () => {
    const state = registrationFormState(INITIAL_REGISTRATION);
    expect(state.submittable).toBe(false);
    expect(state.errors).toEqual({
      email: 'Required',
      firstName: 'Required',
      lastName: 'Required',
      password: 'Required',
      acknowledgement: 'Required',
      captchaToken: 'Please complete the CAPTCHA challenge',
    });
  });

  it.each([
    ['email', 'not-an-email', 'Invalid email format'],
    ['email', 'a@b', 'Invalid email format'],
    ['email', 'a b@c.nz', 'Invalid email format'],
    ['firstName', '1Aroha', 'Please enter a name with a valid format'],
    ['firstName', 'Aroha!', 'Please enter a name with a valid format'],
    ['lastName', '-Smith', 'Please enter a name with a valid format'],
    ['password', 'short1!A', undefined],
    ['password', 'Short1!', 'Requires at least 8, upper, lower, numerical & special characters'],
    ['password', 'alllower1!', 'Requires at least 8, upper, lower, numerical & special characters'],
    ['password', 'ALLUPPER1!', 'Requires at least 8, upper, lower, numerical & special characters'],
    ['password', 'NoDigits!!', 'Requires at least 8, upper, lower, numerical & special characters'],
    ['password', 'NoSpecial12', 'Requires at least 8, upper, lower, numerical & special characters'],
    ['acknowledgement', false, 'Required'],
    ['captchaToken', '', 'Please complete the CAPTCHA challenge'],
  ] as const)('%s = %j gives %j', (field, value, message) => {
    const state = registrationFormState({ ...valid, [field]: value });
    expect(state.errors[field]).toBe(message);
    expect(state.submittable).toBe(message === undefined);
  });

  it('builds the request with a lowercased, trimmed email and trimmed names', () => {
    expect(registrationRequest({ ...valid, firstName: ' Aroha ' })).toEqual({
      email: 'aroha@example.nz',
      firstName: 'Aroha',
      lastName: "O'Neill-Tāne",
      password: 'Kia-ora-2025',
      acknowledgement: true,
      captchaToken: valid.captchaToken,
    });
  });

  it('treats a missing captcha payload as missing', () => {
    expect(hasCaptcha('')).toBe(false);
    expect(hasCaptcha('abc')).toBe(true);
  });
});

describe('forgot and reset password forms', () => {
  it('forgot password: email required and matching the pattern', () => {
    expect(forgotPasswordFormState({ email: '' }).errors).toEqual({ email: 'Required' });
    expect(forgotPasswordFormState({ email: 'nope' }).errors).toEqual({ email: 'Invalid email format' });
    expect(forgotPasswordFormState({ email: 'a@b.nz' })).toEqual({
      errors: {},
      valid: true,
      submittable: true,
    });
    expect(forgotPasswordFormState({ email: 'a@b.nz' }, { email: 'a@b.nz' }).submittable).toBe(false);
  });

  it('reset password: code and password required, the password pattern', () => {
    expect(resetPasswordFormState({ email: 'a@b.nz', code: '', password: '' })).toEqual({
      errors: { code: 'Required', password: 'Required' },
      valid: false,
      submittable: false,
    });
    expect(resetPasswordFormState({ email: 'a@b.nz', code: '123456', password: 'weak' }).errors).toEqual({
      password: 'Requires at least 8, upper, lower, numerical & special characters',
    });
    expect(
      resetPasswordFormState({ email: 'a@b.nz', code: '123456', password: 'Strong#2025' }).submittable,
    ).toBe(true);
  });
});

describe('invitation registration form', () => {
  it('password pattern and acknowledgement', () => {
    expect(invitationFormState({ password: '', acknowledgement: false }).errors).toEqual({
      password: 'Required',
      acknowledgement: 'Required',
    });
    expect(invitationFormState({ password: 'Strong#2025', acknowledgement: false }).errors).toEqual({
      acknowledgement: 'Required',
    });
    expect(invitationFormState({ password: 'weakpass', acknowledgement: true }).errors).toEqual({
      password: 'Requires at least 8, upper, lower, numerical & special characters',
    });
    expect(invitationFormState({ password: 'Strong#2025', acknowledgement: true }).submittable).toBe(true);
  });
});

describe('messages', () => {
  it('every shared validation message has an en.json key with the same words', () => {
    for (const [message, key] of Object.entries(validationMessageKeys)) {
      expect(lookup(key)).toBe(message);
      expect(validationKey(message)).toBe(key);
    }
    expect(validationKey('Something new')).toBeUndefined();
  });

  it('has the spec strings of the account pages', () => {
    expect(en.accountPages.registration.exists).toBe('An account already exists with this email');
    expect(en.accountPages.resend.sent).toBe('A verification email will be sent to this email address.');
    expect(en.accountPages.resend.failed).toBe('We cannot send verification email. Please try again later.');
    expect(en.accountPages.confirm.failed).toBe('We are not able to confirm your registration.');
    expect(en.accountPages.invitation.invalid).toBe('Invitation code is not valid');
    expect(en.accountPages.invitation.registerFailed).toBe('Unable to register with invitation code');
    expect(en.auth.signIn.failed).toBe('Your login attempt has failed. Please try again.');
    expect(en.support.hours).toBe('Monday to Friday 8am to 6pm excluding public holidays');
  });

  it('identity messages lose their trailing period; known ones come from en.json', () => {
    expect(withoutTrailingPeriod('Invalid verification code provided, please try again.')).toBe(
      'Invalid verification code provided, please try again',
    );
    const known = identityMessage(
      Object.assign(new Error('Invalid verification code provided, please try again.'), {
        name: 'CodeMismatchException',
      }),
    );
    expect(known.key).toBe('accountPages.identity.CodeMismatchException');
    expect(lookup(known.key!)).toBe(known.text);
    for (const key of Object.values(en.accountPages.identity)) expect(key.endsWith('.')).toBe(false);
    expect(identityMessage(Object.assign(new Error('Something odd.'), { name: 'OddException' }))).toEqual({
      key: undefined,
      text: 'Something odd',
    });
    expect(identityMessage(undefined).text).toBe('Error');
  });
});

describe('helpers', () => {
  it('acknowledgement ids are random, 5 characters, starting with a letter', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId()));
    expect(ids.size).toBeGreaterThan(45);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]{4}$/);
    expect(randomId(5, () => 0)).toBe('aaaaa');
  });

  it('maps server field issues to form fields', () => {
    expect(
      serverFieldErrors(
        [
          { field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' },
          { field: 'body.email', reason: 'Invalid email format' },
          { field: 'body.email', reason: 'second' },
          { field: 'query.other', reason: 'x' },
          'junk',
        ],
        ['email', 'captchaToken'] as const,
      ),
    ).toEqual({ captchaToken: 'Please complete the CAPTCHA challenge', email: 'Invalid email format' });
    expect(serverFieldErrors(undefined, ['email'] as const)).toEqual({});
  });
});
