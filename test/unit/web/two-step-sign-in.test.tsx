// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { initI18n } from '../../../web/src/i18n';
import { ToastProvider } from '../../../web/src/components/toasts';
import TwoStepSignIn from '../../../web/src/features/user/TwoStepSignIn';
import {
  groupedSecret,
  isTotpOn,
  totpSetupUri,
  verifyFailure,
  type TwoStepDeps,
} from '../../../web/src/features/user/twoStepRules';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(cleanup);

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const GOOD = '246810';

function fakeDeps(enabled: string[] = []) {
  const state = { enabled };
  const deps: TwoStepDeps = {
    fetchMFAPreference: vi.fn(async () => ({ enabled: state.enabled })),
    setUpTOTP: vi.fn(async () => ({ sharedSecret: SECRET })),
    verifyTOTPSetup: vi.fn(async ({ code }: { code: string }) => {
      if (code !== GOOD)
        throw Object.assign(new Error('Code mismatch and fail enable Software Token MFA'), {
          name: 'EnableSoftwareTokenMFAException',
        });
    }),
    updateMFAPreference: vi.fn(async ({ totp }: { totp: 'PREFERRED' | 'DISABLED' }) => {
      state.enabled = totp === 'PREFERRED' ? ['TOTP'] : [];
    }),
  };
  return deps;
}

function renderSection(deps: TwoStepDeps) {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <TwoStepSignIn email="aroha@example.nz" deps={async () => deps} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return createWrapper(container);
}

const codeInput = () => screen.getByLabelText(/Enter the 6-digit code/) as HTMLInputElement;
const typeCode = async (page: ReturnType<typeof createWrapper>, value: string) => {
  const field = page
    .findAllFormFields()
    .find((f) => /Enter the 6-digit code/.test(f.findLabel()?.getElement().textContent ?? ''))!;
  await act(() => field.findControl()!.findInput()!.setInputValue(value));
};

describe('two-step sign-in rules', () => {
  it('builds the otpauth URI with the issuer and the email (Key Uri Format)', () => {
    const uri = totpSetupUri({ issuer: 'Consent Portal', account: 'a+b@example.nz', secret: SECRET });
    expect(uri).toBe(
      `otpauth://totp/Consent%20Portal:a%2Bb%40example.nz?secret=${SECRET}&issuer=Consent%20Portal&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('groups the key by four, reads TOTP from the preference, names a wrong first code', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(isTotpOn({ enabled: ['TOTP'] })).toBe(true);
    expect(isTotpOn({})).toBe(false);
    expect(verifyFailure({ name: 'EnableSoftwareTokenMFAException' })).toBe('CodeMismatch');
    expect(verifyFailure({ name: 'CodeMismatchException' })).toBe('CodeMismatch');
    expect(verifyFailure(new Error('network'))).toBe('Failed');
  });
});

describe('profile → Two-step sign-in', () => {
  it('set up: QR code and key, a wrong code is refused, the right one turns it on', async () => {
    const deps = fakeDeps();
    const page = renderSection(deps);
    expect(await screen.findByText(/Off: you sign in with your email and password only/)).toBeTruthy();

    await act(async () => screen.getByRole('button', { name: 'Set up two-step sign-in' }).click());
    const qr = (await screen.findByAltText(
      /QR code for setting up two-step sign-in for aroha@example.nz/,
    )) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    expect((screen.getByLabelText('Setup key') as HTMLInputElement).value).toBe(groupedSecret(SECRET));
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
    expect(codeInput().getAttribute('inputmode')).toBe('numeric');

    await typeCode(page, '12');
    await act(async () => screen.getByRole('button', { name: 'Verify and turn on' }).click());
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(deps.verifyTOTPSetup).not.toHaveBeenCalled();

    await typeCode(page, '111 111');
    await act(async () => screen.getByRole('button', { name: 'Verify and turn on' }).click());
    expect((await screen.findAllByText(/That code is not right/)).length).toBeGreaterThan(0);
    expect(deps.verifyTOTPSetup).toHaveBeenCalledWith({ code: '111111' });
    expect(deps.updateMFAPreference).not.toHaveBeenCalled();

    await typeCode(page, GOOD);
    await act(async () => screen.getByRole('button', { name: 'Verify and turn on' }).click());
    expect(await screen.findByText(/On: you are asked for a code/)).toBeTruthy();
    expect(deps.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(screen.getByText('Two-step sign-in is on')).toBeTruthy();
    expect(screen.queryByAltText(/QR code/)).toBeNull();
  });

  it('turning it off asks first; Cancel keeps it on, Turn off turns it off', async () => {
    const deps = fakeDeps(['TOTP']);
    renderSection(deps);
    expect(await screen.findByText(/On: you are asked for a code/)).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Turn off two-step sign-in' }).click());
    const modal = createWrapper().findModal()!;
    expect(modal.isVisible()).toBe(true);
    expect(modal.findHeader().getElement().textContent).toBe('Turn off two-step sign-in?');
    await act(async () => modal.findFooter()!.findButton(':first-child')?.click());
    await waitFor(() => expect(createWrapper().findModal()!.isVisible()).toBe(false));
    expect(deps.updateMFAPreference).not.toHaveBeenCalled();

    await act(async () => screen.getByRole('button', { name: 'Turn off two-step sign-in' }).click());
    const turnOff = createWrapper()
      .findModal()!
      .findFooter()!
      .findAllButtons()
      .find((b) => b.getElement().textContent === 'Turn off')!;
    await act(async () => turnOff.click());
    expect(await screen.findByText(/Off: you sign in with your email and password only/)).toBeTruthy();
    expect(deps.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
  });

  it('says so when the setting cannot be read', async () => {
    const deps = fakeDeps();
    deps.fetchMFAPreference = vi.fn(async () => Promise.reject(new Error('offline')));
    renderSection(deps);
    expect(await screen.findByText('Two-step sign-in settings could not be loaded.')).toBeTruthy();
  });
});
