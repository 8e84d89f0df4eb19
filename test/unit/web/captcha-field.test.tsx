// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { CaptchaField } from '../../../web/src/features/auth/CaptchaField';

// The captcha widget (altcha) does not run in jsdom: a stand-in that shows whether it is marked invalid.
vi.mock('../../../web/src/features/auth/Captcha', () => ({
  Captcha: ({ invalid }: { invalid?: boolean }) => <span>{invalid ? 'widget invalid' : 'widget'}</span>,
}));

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(cleanup);

const REQUIRED = 'Please complete the CAPTCHA challenge';
const show = (props: Partial<Parameters<typeof CaptchaField>[0]>) =>
  render(
    <I18nextProvider i18n={i18n}>
      <CaptchaField onChange={() => undefined} resetKey={0} othersValid={false} {...props} />
    </I18nextProvider>,
  );

describe('CaptchaField (registration and organisation invitations)', () => {
  it('is labelled Verification and says nothing while the rest of the form is incomplete', () => {
    show({ formError: REQUIRED });
    expect(screen.getByText('Verification')).toBeTruthy();
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(screen.getByText('widget')).toBeTruthy();
  });

  it('asks for the challenge once every other field is valid', () => {
    show({ formError: REQUIRED, othersValid: true });
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(screen.getByText('widget invalid')).toBeTruthy();
  });

  it("shows the server's refusal at once, whatever the other fields", () => {
    show({ serverError: 'Invalid CAPTCHA solution', othersValid: false });
    expect(screen.getByText('Invalid CAPTCHA solution')).toBeTruthy();
    expect(screen.getByText('widget invalid')).toBeTruthy();
  });
});
