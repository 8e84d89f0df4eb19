import { describe, expect, it, vi } from 'vitest';
import { ServiceError, toServiceError } from '../../../web/src/api/errors';
import {
  confirmAccount,
  confirmationParams,
  confirmPasswordReset,
  lookupInvitationCode,
  registerWithInvitation,
  requestPasswordReset,
  resendVerification,
  resetEmailFromState,
  submitRegistration,
} from '../../../web/src/features/auth/flows';
import type { RegistrationValues } from '../../../web/src/features/auth/forms';
import { runSignIn } from '../../../web/src/features/auth/signInFlow';
import {
  invitationCodeFromHash,
  isLegacyInvitationLink,
  legacyInvitationCode,
} from '../../../web/src/features/auth/invitationLink';

const values: RegistrationValues = {
  email: ' New.Person@Example.NZ',
  firstName: 'New',
  lastName: 'Person',
  password: 'Strong#2025',
  acknowledgement: true,
  captchaToken: 'payload',
};

const errorBody = (body: object, status = 400) => toServiceError(status, JSON.stringify(body));

describe('registration', () => {
  it('posts the normalised request and reports the username', async () => {
    const register = vi.fn(async () => ({ username: 'u-1' }));
    await expect(submitRegistration(register, values)).resolves.toEqual({
      kind: 'registered',
      email: 'new.person@example.nz',
      username: 'u-1',
    });
    expect(register).toHaveBeenCalledWith({
      email: 'new.person@example.nz',
      firstName: 'New',
      lastName: 'Person',
      password: 'Strong#2025',
      acknowledgement: true,
      captchaToken: 'payload',
    });
  });

  it('USER.EXISTS.COGNITO.400 is the exists outcome (message plus a reset link)', async () => {
    const register = vi.fn(async () => {
      throw errorBody({ code: 'USER.EXISTS.COGNITO.400', message: 'exists' });
    });
    await expect(submitRegistration(register, values)).resolves.toEqual({ kind: 'exists' });
  });

  it('a refused captcha comes back on the captcha field', async () => {
    const register = vi.fn(async () => {
      throw errorBody({
        code: 'ClientError',
        message: 'Invalid request',
        details: [{ field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' }],
      });
    });
    await expect(submitRegistration(register, values)).resolves.toEqual({
      kind: 'invalid',
      errors: { captchaToken: 'Please complete the CAPTCHA challenge' },
    });
  });

  it('anything else is a failure', async () => {
    const error = errorBody({ code: 'ServerError', message: 'boom' }, 500);
    await expect(
      submitRegistration(
        vi.fn(async () => Promise.reject(error)),
        values,
      ),
    ).resolves.toEqual({ kind: 'failed', error });
    await expect(
      submitRegistration(
        vi.fn(async () => Promise.reject(new TypeError('x'))),
        values,
      ),
    ).resolves.toEqual({ kind: 'failed', error: undefined });
  });
});

describe('resend verification', () => {
  it('sent on success, failed on any error or a bad email', async () => {
    const resend = vi.fn(async () => undefined);
    await expect(resendVerification(resend, ' A@B.NZ ')).resolves.toBe('sent');
    expect(resend).toHaveBeenCalledWith({ email: 'a@b.nz' });
    await expect(
      resendVerification(
        vi.fn(async () => Promise.reject(new ServiceError('ServerError', 'Error'))),
        'a@b.nz',
      ),
    ).resolves.toBe('failed');
    const never = vi.fn(async () => undefined);
    await expect(resendVerification(never, 'not-an-email')).resolves.toBe('failed');
    expect(never).not.toHaveBeenCalled();
  });
});

describe('confirmation (confirming → confirmed | failed)', () => {
  it('reads verification_code and email from the query', () => {
    expect(confirmationParams(new URLSearchParams('verification_code=123456&email=A%40B.nz'))).toEqual({
      code: '123456',
      email: 'a@b.nz',
    });
    expect(confirmationParams(new URLSearchParams('email=a%40b.nz'))).toBeUndefined();
    expect(confirmationParams(new URLSearchParams('verification_code=1&email=nope'))).toBeUndefined();
  });

  it('confirmed when the call succeeds, failed when it fails or the query is incomplete', async () => {
    const confirm = vi.fn(async () => undefined);
    await expect(confirmAccount(confirm, { email: 'a@b.nz', code: '1' })).resolves.toBe('confirmed');
    expect(confirm).toHaveBeenCalledWith({ email: 'a@b.nz', code: '1' });
    await expect(
      confirmAccount(
        vi.fn(async () => Promise.reject(errorBody({ code: 'ClientError', message: 'bad code' }))),
        { email: 'a@b.nz', code: '1' },
      ),
    ).resolves.toBe('failed');
    const unused = vi.fn(async () => undefined);
    await expect(confirmAccount(unused, undefined)).resolves.toBe('failed');
    expect(unused).not.toHaveBeenCalled();
  });
});

describe('forgot and reset password (Amplify)', () => {
  it('requests a code for the normalised email', async () => {
    const resetPassword = vi.fn(async () => ({ isPasswordReset: false }));
    await expect(requestPasswordReset({ resetPassword }, ' A@B.NZ')).resolves.toEqual({
      ok: true,
      email: 'a@b.nz',
    });
    expect(resetPassword).toHaveBeenCalledWith({ username: 'a@b.nz' });
  });

  it('shows identity failures without the trailing period', async () => {
    const limit = Object.assign(new Error('Attempt limit exceeded, please try after some time.'), {
      name: 'LimitExceededException',
    });
    await expect(
      requestPasswordReset({ resetPassword: vi.fn(async () => Promise.reject(limit)) }, 'a@b.nz'),
    ).resolves.toEqual({
      ok: false,
      message: {
        key: 'accountPages.identity.LimitExceededException',
        text: 'Attempt limit exceeded, please try after some time',
      },
    });
  });

  it('confirms the reset with code and new password', async () => {
    const confirmResetPassword = vi.fn(async () => undefined);
    await expect(
      confirmPasswordReset(
        { confirmResetPassword },
        { email: 'a@b.nz', code: ' 123456 ', password: 'New#Pass2025' },
      ),
    ).resolves.toEqual({ ok: true, email: 'a@b.nz' });
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: 'a@b.nz',
      confirmationCode: '123456',
      newPassword: 'New#Pass2025',
    });
    const mismatch = Object.assign(new Error('Invalid verification code provided, please try again.'), {
      name: 'CodeMismatchException',
    });
    const failed = await confirmPasswordReset(
      { confirmResetPassword: vi.fn(async () => Promise.reject(mismatch)) },
      { email: 'a@b.nz', code: '1', password: 'New#Pass2025' },
    );
    expect(failed).toEqual({
      ok: false,
      message: {
        key: 'accountPages.identity.CodeMismatchException',
        text: 'Invalid verification code provided, please try again',
      },
    });
  });

  it('the reset page needs a valid email in router state', () => {
    expect(resetEmailFromState({ email: 'A@B.nz' })).toBe('a@b.nz');
    expect(resetEmailFromState({ email: 'nope' })).toBeUndefined();
    expect(resetEmailFromState({})).toBeUndefined();
    expect(resetEmailFromState(null)).toBeUndefined();
    expect(resetEmailFromState('a@b.nz')).toBeUndefined();
  });
});

describe('registration via invitation', () => {
  it("reads the link's code from the fragment; an old ?code= link is recognised, never used as a code", () => {
    expect(invitationCodeFromHash('#code=abc_-9')).toBe('abc_-9');
    expect(invitationCodeFromHash('code=abc')).toBe('abc');
    expect(invitationCodeFromHash('')).toBeUndefined();
    expect(invitationCodeFromHash('#code=%20')).toBeUndefined();
    expect(invitationCodeFromHash('#other=1')).toBeUndefined();
    expect(legacyInvitationCode('?code=inv-1')).toBe('inv-1');
    expect(legacyInvitationCode('?code=')).toBeUndefined();
    expect(legacyInvitationCode('')).toBeUndefined();
    expect(isLegacyInvitationLink({ legacyInvitationLink: true })).toBe(true);
    expect(isLegacyInvitationLink(null)).toBe(false);
    expect(isLegacyInvitationLink({ email: 'a@b.nz' })).toBe(false);
  });

  it('lookup: the email when found; 404 → invalid; other failures → failed', async () => {
    await expect(
      lookupInvitationCode(
        vi.fn(async () => ({ email: 'i@b.nz' })),
        'c',
      ),
    ).resolves.toEqual({
      kind: 'ready',
      email: 'i@b.nz',
    });
    await expect(
      lookupInvitationCode(
        vi.fn(async () => Promise.reject(toServiceError(404, '{"code":"ResourceNotFound","message":"x"}'))),
        'c',
      ),
    ).resolves.toEqual({ kind: 'invalid' });
    const network = new ServiceError('NetworkError', 'Network error');
    await expect(
      lookupInvitationCode(
        vi.fn(async () => Promise.reject(network)),
        'c',
      ),
    ).resolves.toEqual({ kind: 'failed', error: network });
  });

  it('registers with {invitationCode, password}, then signs in automatically', async () => {
    const registerInvited = vi.fn(async () => ({ username: 'u' }));
    const signIn = vi.fn(async () => ({ ok: true as const }));
    await expect(
      registerWithInvitation(
        { registerInvited, signIn },
        { code: 'c-1', email: 'i@b.nz', password: 'Strong#2025' },
      ),
    ).resolves.toEqual({ kind: 'signedIn' });
    expect(registerInvited).toHaveBeenCalledWith({ invitationCode: 'c-1', password: 'Strong#2025' });
    expect(signIn).toHaveBeenCalledWith({ email: 'i@b.nz', password: 'Strong#2025' });
  });

  it('registration failure → registerFailed (no sign-in); sign-in failure → signInFailed', async () => {
    const signIn = vi.fn(async () => ({ ok: true as const }));
    await expect(
      registerWithInvitation(
        {
          registerInvited: vi.fn(async () => Promise.reject(new ServiceError('ServerError', 'Error'))),
          signIn,
        },
        { code: 'c', email: 'i@b.nz', password: 'Strong#2025' },
      ),
    ).resolves.toEqual({ kind: 'registerFailed' });
    expect(signIn).not.toHaveBeenCalled();
    await expect(
      registerWithInvitation(
        {
          registerInvited: vi.fn(async () => ({ username: 'u' })),
          signIn: vi.fn(async () => ({ ok: false as const, reason: 'LoginFailed' as const })),
        },
        { code: 'c', email: 'i@b.nz', password: 'Strong#2025' },
      ),
    ).resolves.toEqual({ kind: 'signInFailed' });
    await expect(
      registerWithInvitation(
        {
          registerInvited: vi.fn(async () => ({ username: 'u' })),
          signIn: vi.fn(async () => Promise.reject(new Error('offline'))),
        },
        { code: 'c', email: 'i@b.nz', password: 'Strong#2025' },
      ),
    ).resolves.toEqual({ kind: 'signInFailed' });
  });
});

describe('sign-in of an unconfirmed user', () => {
  it("Amplify's CONFIRM_SIGN_UP next step is UserNotActive (the resend button shows)", async () => {
    const deps = {
      signIn: vi.fn(async () => ({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })),
      confirmSignIn: vi.fn(),
    };
    await expect(runSignIn(deps, { email: 'a@b.nz', password: 'x' }, 'USER_PASSWORD_AUTH')).resolves.toEqual({
      ok: false,
      reason: 'UserNotActive',
    });
    expect(deps.confirmSignIn).not.toHaveBeenCalled();
  });
});
