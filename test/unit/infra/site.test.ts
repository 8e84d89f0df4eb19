import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSiteDetails, siteRuntimeConfig } from '../../../infra/site';
import { contentSecurityPolicy } from '../../../infra/csp';
import { DEFAULT_MAP_CENTRE, isInsideNewZealand } from '../../../shared/domain/site-map';

const file = (content: unknown) => {
  const f = path.join(mkdtempSync(path.join(tmpdir(), 'site-')), 'site.json');
  writeFileSync(f, JSON.stringify(content));
  return f;
};

describe('site details (infra/site.json → config.json)', () => {
  test('the checked-in file is valid and has every link and the support contact', () => {
    const site = readSiteDetails();
    expect(site.termsUrl).toMatch(/^https:\/\//);
    expect(site.privacyUrl).toMatch(/^https:\/\//);
    expect(site.onlineHelpUrl).toMatch(/^https:\/\//);
    expect(site.support).toMatchObject({ email: expect.stringContaining('@'), phone: expect.any(String) });
  });

  test('a bad value names its field', () => {
    expect(() => readSiteDetails(file({ termsUrl: 'javascript:alert(1)' }))).toThrow(/termsUrl/);
    expect(() => readSiteDetails(file({ support: { email: 'nope' } }))).toThrow(/support\.email/);
  });

  test('an unknown key is refused (a typo would silently hide a link)', () => {
    expect(() => readSiteDetails(file({ termsURL: 'https://x.example/terms' }))).toThrow(
      /termsURL|Unrecognized/,
    );
  });

  test('every field is optional', () => {
    expect(readSiteDetails(file({}))).toEqual({});
  });

  test('the checked-in map centre lies inside New Zealand', () => {
    const map = readSiteDetails().map!;
    expect(isInsideNewZealand(map.centre)).toBe(true);
  });

  test('a map centre outside New Zealand fails the synth and the local start, naming the field', () => {
    expect(() => readSiteDetails(file({ map: { centre: { latitude: -33.87, longitude: 151.21 } } }))).toThrow(
      /map\.centre: The default map centre must lie inside New Zealand/,
    );
  });

  test('a maps key is never part of site.json (it is a deploy setting)', () => {
    expect(() => readSiteDetails(file({ map: { key: 'c01h3wgs0g0vbcfm6ph0nf5yb1d' } }))).toThrow(/map/);
  });
});

describe("config.json's map", () => {
  test('without a maps key: the centre and zoom only (the offline map)', () => {
    expect(siteRuntimeConfig({}, undefined).map).toEqual({ centre: DEFAULT_MAP_CENTRE, zoom: 5 });
  });

  test('with a maps key: the key beside them', () => {
    const config = siteRuntimeConfig(
      { map: { centre: { latitude: -36.85, longitude: 174.76 }, zoom: 6 } },
      'k3y-0123456',
    );
    expect(config.map).toEqual({
      centre: { latitude: -36.85, longitude: 174.76 },
      zoom: 6,
      key: 'k3y-0123456',
    });
  });
});

describe("the CSP and the map's tiles", () => {
  const base = {
    cognitoOrigin: 'http://127.0.0.1:4004',
    uploadsOrigin: 'http://127.0.0.1:4005',
    upgradeInsecureRequests: false,
  };

  test('no tile origin is allowed without a maps key', () => {
    expect(contentSecurityPolicy(base)).not.toContain('basemaps');
  });

  test('LINZ Basemaps is allowed for fetch and images with a key', () => {
    const csp = contentSecurityPolicy({ ...base, mapTilesOrigin: 'https://basemaps.linz.govt.nz' });
    expect(csp).toMatch(/connect-src [^;]* https:\/\/basemaps\.linz\.govt\.nz/);
    expect(csp).toMatch(/img-src [^;]* https:\/\/basemaps\.linz\.govt\.nz/);
  });
});
