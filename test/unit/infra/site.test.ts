import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readSiteDetails } from '../../../infra/site';

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
});
