import { describe, expect, it, vi } from 'vitest';
import { normaliseEmail, runSignIn, type SignInDeps } from '../../../web/src/features/auth/signInFlow';
import { loginFormState } from '../../../web/src/features/auth/loginForm';

const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };

function deps(overrides: Partial<SignInDeps> = {}): SignInDeps {
  return { signIn: vi.fn(async () => done), confirmSignIn: vi.fn(async () => done), ...overrides };
}

describe('sign-in flow', () => {
  it('signs in with the configured flow and a normalised e-mail', async () => {
    const d = deps();
    await expect(runSignIn(d, { email: ' A@B.NZ ', password: 'pw' }, 'USER_PASSWORD_AUTH')).resolves.toEqual({
      ok: true,
    });
    expect(d.signIn).toHaveBeenCalledWith({
      username: 'a@b.nz',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(d.confirmSignIn).not.toHaveBeenCalled();
  });

  it('completes a NEW_PASSWORD_REQUIRED challenge automatically with the entered password', async () => {
    const d = deps({
      signIn: vi.fn(async () => ({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
      })),
    });
    await expect(runSignIn(d, { email: 'a@b.nz', password: 'Temp-1234' }, 'USER_SRP_AUTH')).resolves.toEqual({
      ok: true,
    });
    expect(d.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'Temp-1234' });
  });

  it('maps UserNotConfirmedException to UserNotActive and any other failure to LoginFailed', async () => {
    const notConfirmed = Object.assign(new Error('x'), { name: 'UserNotConfirmedException' });
    const wrong = Object.assign(new Error('x'), { name: 'NotAuthorizedException' });
    await expect(
      runSignIn(
        deps({ signIn: vi.fn(async () => Promise.reject(notConfirmed)) }),
        { email: 'a', password: 'b' },
        'USER_SRP_AUTH',
      ),
    ).resolves.toEqual({
      ok: false,
      reason: 'UserNotActive',
    });
    await expect(
      runSignIn(
        deps({ signIn: vi.fn(async () => Promise.reject(wrong)) }),
        { email: 'a', password: 'b' },
        'USER_SRP_AUTH',
      ),
    ).resolves.toEqual({
      ok: false,
      reason: 'LoginFailed',
    });
    const otherStep = deps({
      signIn: vi.fn(async () => ({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
      })),
    });
    await expect(runSignIn(otherStep, { email: 'a', password: 'b' }, 'USER_SRP_AUTH')).resolves.toEqual({
      ok: false,
      reason: 'LoginFailed',
    });
  });

  it('lower-cases and trims e-mails', () => {
    expect(normaliseEmail('  Someone@Example.COM ')).toBe('someone@example.com');
  });
});

describe('login form', () => {
  it('requires account and password; submit is disabled when unchanged or invalid', () => {
    expect(loginFormState({ email: '', password: '' })).toEqual({
      errors: { email: 'required', password: 'required' },
      valid: false,
      submittable: false,
    });
    expect(loginFormState({ email: 'a@b.nz', password: '' }).submittable).toBe(false);
    expect(loginFormState({ email: '   ', password: 'x' }).errors).toEqual({ email: 'required' });
    expect(loginFormState({ email: 'a@b.nz', password: 'x' })).toEqual({
      errors: {},
      valid: true,
      submittable: true,
    });
    expect(
      loginFormState({ email: 'a@b.nz', password: 'x' }, { email: 'a@b.nz', password: 'x' }).submittable,
    ).toBe(false);
  });
});
