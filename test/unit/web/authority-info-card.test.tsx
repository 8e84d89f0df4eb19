// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import * as z from 'zod';
import authorities from '../../../shared/reference/authorities.json';
import { Authority } from '../../../shared/schemas/reference';
import { initI18n } from '../../../web/src/i18n';
import AuthorityInfoCard from '../../../web/src/features/authority/AuthorityInfoCard';
import { safeWebsite, telHref, type AuthorityInfo } from '../../../web/src/features/authority/authority';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => cleanup());

const wcc: AuthorityInfo = {
  displayName: 'Wellington City Council',
  address: {
    address1: '113 The Terrace',
    city: 'Wellington',
    zipCode: '6011',
    country: 'NZ',
    fullAddress: '113 The Terrace, Wellington Central, Wellington 6011',
  },
  email: 'building.consents@wcc.govt.nz',
  phone: '+64 4 499 4444',
  website: 'https://wellington.govt.nz/building',
};

const renderCard = (authority: AuthorityInfo) =>
  render(
    <I18nextProvider i18n={i18n}>
      <AuthorityInfoCard authority={authority} />
    </I18nextProvider>,
  );

describe('AuthorityInfoCard', () => {
  it('shows the display name, address and mailto, tel and external website links', () => {
    renderCard(wcc);
    expect(screen.getByRole('heading', { name: 'Wellington City Council' })).toBeTruthy();
    expect(screen.getByText('113 The Terrace, Wellington Central, Wellington 6011')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'building.consents@wcc.govt.nz' }).getAttribute('href')).toBe(
      'mailto:building.consents@wcc.govt.nz',
    );
    expect(screen.getByRole('link', { name: '+64 4 499 4444' }).getAttribute('href')).toBe('tel:+6444994444');
    const website = screen.getByRole('link', { name: /wellington\.govt\.nz\/building/ });
    expect(website.getAttribute('href')).toBe('https://wellington.govt.nz/building');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
  });

  it('builds the address from its parts and says what is missing without links', () => {
    renderCard({
      displayName: 'Independent BCA',
      address: { address1: '1 Main St', city: 'Hamilton', zipCode: '3204' },
      website: 'javascript:alert(1)',
    });
    expect(screen.getByText('1 Main St, Hamilton 3204')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getAllByText('Not provided')).toHaveLength(3);
  });

  it('renders every authority of the reference data with its links; what is not verified is not provided', () => {
    for (const authority of z.array(Authority).parse(authorities)) {
      renderCard(authority);
      expect(screen.getByRole('heading', { name: authority.displayName })).toBeTruthy();
      const missing = [authority.address, authority.email, authority.phone].filter((x) => !x).length;
      if (authority.email)
        expect(screen.getByRole('link', { name: authority.email }).getAttribute('href')).toBe(
          `mailto:${authority.email}`,
        );
      if (authority.phone)
        expect(screen.getByRole('link', { name: authority.phone }).getAttribute('href')).toMatch(
          /^tel:\+?\d+$/,
        );
      const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
      expect(hrefs).toContain(safeWebsite(authority.website));
      expect(screen.queryAllByText('Not provided')).toHaveLength(missing);
      cleanup();
    }
  });

  it('tel and website rules', () => {
    expect(telHref('09 301 0101')).toBe('tel:093010101');
    expect(safeWebsite('http://example.nz')).toBe('http://example.nz/');
    expect(safeWebsite('not a url')).toBeUndefined();
    expect(safeWebsite(undefined)).toBeUndefined();
  });
});
