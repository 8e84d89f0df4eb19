// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';

// How a page load restores the session (web/src/features/auth/AuthProvider.tsx): valid stored tokens need no Amplify.
const configure = vi.fn();
const getCurrentUser = vi.fn(async () => ({ username: 'u1' }));
vi.mock('aws-amplify', () => ({ Amplify: { configure: (c: unknown) => configure(c) } }));
vi.mock('aws-amplify/auth', () => ({ getCurrentUser: () => getCurrentUser() }));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn(() => () => undefined) } }));

const { AuthProvider, useAuth } = await import('../../../web/src/features/auth/AuthProvider');
const { setConfigForTests } = await import('../../../web/src/lib/config');
const { default: SignInPage } = await import('../../../web/src/features/auth/SignInPage');
const { MemoryRouter } = await import('react-router');
const { fireEvent } = await import('@testing-library/react');

const CLIENT = 'client-1';
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (expInSeconds: number) =>
  `${base64url({ alg: 'none' })}.${base64url({ exp: Math.floor(Date.now() / 1000) + expInSeconds })}.s`;

function storeSession(expInSeconds: number) {
  const p = `CognitoIdentityServiceProvider.${CLIENT}`;
  localStorage.setItem(`${p}.LastAuthUser`, 'u1');
  localStorage.setItem(`${p}.u1.idToken`, jwt(expInSeconds));
  localStorage.setItem(`${p}.u1.accessToken`, jwt(expInSeconds));
  localStorage.setItem(`${p}.u1.refreshToken`, 'refresh');
}

function Status() {
  return <p data-testid="status">{useAuth().status}</p>;
}
const status = () => screen.getByTestId('status').textContent;

beforeEach(() => {
  setConfigForTests({
    apiUrl: '/api',
    region: 'ap-southeast-2',
    userPoolId: 'pool',
    userPoolClientId: CLIENT,
    authFlowType: 'USER_PASSWORD_AUTH',
    flags: {},
  });
  configure.mockClear();
  getCurrentUser.mockClear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('restoring the session at start', () => {
  it('valid stored tokens: signed in at once, without loading Amplify', async () => {
    storeSession(3600);
    render(
      <AuthProvider onSignInStarted={() => {}}>
        <Status />
      </AuthProvider>,
    );
    expect(status()).toBe('authenticated');
    await act(async () => undefined);
    expect(configure).not.toHaveBeenCalled();
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it('expired tokens with a refresh token: Amplify restores (refreshes) the session', async () => {
    storeSession(-60);
    render(
      <AuthProvider onSignInStarted={() => {}}>
        <Status />
      </AuthProvider>,
    );
    expect(status()).toBe('configuring');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(configure).toHaveBeenCalled();
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
  });

  it('nothing stored: signed out, no Amplify', async () => {
    render(
      <AuthProvider onSignInStarted={() => {}}>
        <Status />
      </AuthProvider>,
    );
    expect(status()).toBe('unauthenticated');
    await act(async () => undefined);
    expect(getCurrentUser).not.toHaveBeenCalled();
  });

  it('a sign-out in another tab (its refresh token removed) signs this tab out, back at /', async () => {
    storeSession(3600);
    window.history.replaceState(null, '', '/user-profile?tab=password');
    render(
      <AuthProvider onSignInStarted={() => {}}>
        <Status />
      </AuthProvider>,
    );
    expect(status()).toBe('authenticated');
    const key = `CognitoIdentityServiceProvider.${CLIENT}.u1.refreshToken`;
    localStorage.removeItem(key);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, oldValue: 'refresh', newValue: null }));
    });
    expect(status()).toBe('unauthenticated');
    // The next sign-in starts on the dashboard, not on the page the person left.
    expect(window.location.pathname + window.location.search).toBe('/');
  });
});

describe('starting to sign in', () => {
  it('typing on the sign-in page runs the onSignInStarted the composition root gave the provider', async () => {
    // main.tsx passes app/preload.ts's preloadSignedInApp: the page itself imports nothing above the features.
    const onSignInStarted = vi.fn();
    render(
      <MemoryRouter>
        <AuthProvider onSignInStarted={onSignInStarted}>
          <SignInPage />
        </AuthProvider>
      </MemoryRouter>,
    );
    expect(onSignInStarted).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    expect(onSignInStarted).toHaveBeenCalled();
  });
});
