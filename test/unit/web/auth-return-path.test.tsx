// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { confirmRegistration } from '../../../web/src/api/accounts';
import ConfirmRegistrationPage from '../../../web/src/features/auth/ConfirmRegistrationPage';
import { renderPage } from './applications-support';

vi.mock('../../../web/src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/api/accounts')>()),
  confirmRegistration: vi.fn(),
}));

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(cleanup);

const confirmAt = async (query: string) => {
  vi.mocked(confirmRegistration).mockResolvedValue(undefined);
  const view = renderPage(i18n, <ConfirmRegistrationPage />, {
    path: '/confirm-registration',
    url: `/confirm-registration?verification_code=123456&email=ana%40example.nz${query}`,
  });
  const signIn = await screen.findByRole('button', { name: 'Sign in' });
  await act(async () => void fireEvent.click(signIn));
  return view.router.state.location;
};

describe('the confirmation page hands the invitation’s return path to the sign-in', () => {
  it('a path of this site goes on to /?returnTo=', async () => {
    const at = await confirmAt('&returnTo=%2Fapplication-details%2F101');
    expect(`${at.pathname}${at.search}`).toBe(
      '/?email=ana%40example.nz&returnTo=%2Fapplication-details%2F101',
    );
  });

  it('another site is dropped', async () => {
    const at = await confirmAt('&returnTo=%2F%2Fevil.example');
    expect(`${at.pathname}${at.search}`).toBe('/?email=ana%40example.nz');
  });
});

describe('a failed confirmation says why and what to do (docs/accounts.md)', () => {
  const failAt = async (url: string, error?: unknown) => {
    if (error) vi.mocked(confirmRegistration).mockRejectedValue(error);
    renderPage(i18n, <ConfirmRegistrationPage />, { path: '/confirm-registration', url });
    return screen.findByText('We are not able to confirm your registration.');
  };

  it('a refused code: expired, replaced or already confirmed; sign in or send a new email', async () => {
    const { ServiceError } = await import('../../../web/src/api/errors');
    await failAt(
      '/confirm-registration?verification_code=1&email=ana%40example.nz',
      new ServiceError('ClientError', 'no', 400),
    );
    expect(screen.getByText(/^The link may have expired \(links work for 24 hours\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /email/i })).toBeTruthy(); // resend
  });

  it('an incomplete link says so', async () => {
    await failAt('/confirm-registration?email=ana%40example.nz');
    expect(screen.getByText(/^The link is incomplete\./)).toBeTruthy();
  });

  it('the service unreachable: try again later, not "your link is wrong"', async () => {
    const { ServiceError } = await import('../../../web/src/api/errors');
    await failAt(
      '/confirm-registration?verification_code=1&email=ana%40example.nz',
      new ServiceError('NetworkError', 'down', 503),
    );
    expect(screen.getByText(/^We could not reach the service just now\./)).toBeTruthy();
  });
});
