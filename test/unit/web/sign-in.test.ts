import { describe, expect, it, vi } from 'vitest';
import {
  normaliseEmail,
  runConfirmTotp,
  runSignIn,
  totpCodeOf,
  type SignInDeps,
} from '../../../web/src/features/auth/signInFlow';
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
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE' },
      })),
    });
    await expect(runSignIn(otherStep, { email: 'a', password: 'b' }, 'USER_SRP_AUTH')).resolves.toEqual({
      ok: false,
      reason: 'LoginFailed',
    });
  });

  it('with two-step sign-in on, the right password asks for the TOTP code (nothing is confirmed yet)', async () => {
    const d = deps({
      signIn: vi.fn(async () => ({
        isSignedIn: false,
        nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
      })),
    });
    await expect(runSignIn(d, { email: 'a@b.nz', password: 'b' }, 'USER_SRP_AUTH')).resolves.toEqual({
      ok: false,
      reason: 'TotpRequired',
    });
    expect(d.confirmSignIn).not.toHaveBeenCalled();
  });

  it('lower-cases and trims e-mails', () => {
    expect(normaliseEmail('  Someone@Example.COM ')).toBe('someone@example.com');
  });
});

describe('the second step: the code from the authenticator app', () => {
  const failing = (name: string, message = 'x') =>
    deps({ confirmSignIn: vi.fn(async () => Promise.reject(Object.assign(new Error(message), { name }))) });

  it('sends the code as the challenge response and is signed in', async () => {
    const d = deps();
    await expect(runConfirmTotp(d, '123456')).resolves.toEqual({ ok: true });
    expect(d.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
  });

  it("a wrong code (Cognito's CodeMismatchException) can be tried again", async () => {
    await expect(runConfirmTotp(failing('CodeMismatchException'), '000000')).resolves.toEqual({
      ok: false,
      reason: 'CodeMismatch',
    });
  });

  it("an expired session (Cognito's or Amplify's own) means starting again from the password", async () => {
    const expired = failing('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    await expect(runConfirmTotp(expired, '123456')).resolves.toEqual({ ok: false, reason: 'SessionExpired' });
    await expect(runConfirmTotp(failing('SignInException'), '123456')).resolves.toEqual({
      ok: false,
      reason: 'SessionExpired',
    });
    await expect(runConfirmTotp(failing('InternalErrorException'), '123456')).resolves.toEqual({
      ok: false,
      reason: 'LoginFailed',
    });
  });

  it('reads six digits, ignoring the space apps show in the middle', () => {
    expect(totpCodeOf('123 456')).toBe('123456');
    expect(totpCodeOf(' 123456 ')).toBe('123456');
    for (const text of ['', '12345', '1234567', '12a456']) expect(totpCodeOf(text)).toBeUndefined();
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
