// @vitest-environment jsdom
/** Page not found (docs/architecture.md): says so and offers the way back to the dashboard. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import NotFoundPage from '../../../web/src/features/shell/NotFoundPage';
import { renderPage } from './applications-support';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(cleanup);

describe('the page-not-found page', () => {
  it('names the problem and links to the dashboard', async () => {
    renderPage(i18n, <NotFoundPage />, { path: '*', url: '/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/');
  });
});
