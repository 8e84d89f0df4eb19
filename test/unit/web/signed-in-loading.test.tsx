// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { SignedInLoading } from '../../../web/src/app/SignedInLoading';
import en from '../../../web/src/i18n/en.json';

afterEach(cleanup);

describe('a signed-in load while the signed-in app downloads', () => {
  it('draws the shell’s top bar (logo and name, linking home) over the loading state', () => {
    render(<SignedInLoading />);
    const bar = screen.getByRole('banner', { name: en.shell.topNavigation });
    const home = within(bar).getByRole('link', { name: en.app.logoAlt });
    expect(home.getAttribute('href')).toBe('/');
    expect(home.textContent).toBe(en.app.name);
    const logo = bar.querySelector('img')!;
    // Sized, so nothing moves when it arrives.
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['32', '32']);
    expect(screen.getByRole('status').textContent).toBe(en.app.loading);
  });
});
