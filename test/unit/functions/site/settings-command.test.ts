import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSiteSettingsArgs, readAnnouncementsFile } from '../../../../infra/seed/site-settings.js';

describe('site-settings operator command', () => {
  it('parses --maintenance on|off, --announcements, --show and the target', () => {
    expect(parseSiteSettingsArgs(['--maintenance', 'ON'])).toEqual({ maintenance: 'on' });
    expect(parseSiteSettingsArgs(['--maintenance', 'off', '--table', 'consent-portal-prod'])).toEqual({
      maintenance: 'off',
      table: 'consent-portal-prod',
    });
    expect(parseSiteSettingsArgs(['--announcements', 'none', '--outputs', 'x.json'])).toEqual({
      announcements: 'none',
      outputs: 'x.json',
    });
    expect(parseSiteSettingsArgs(['--show'])).toEqual({ show: true });
  });

  it('refuses nothing to do, a bad flag value and unknown options', () => {
    expect(() => parseSiteSettingsArgs([])).toThrow(/nothing to do/);
    expect(() => parseSiteSettingsArgs(['--maintenance', 'maybe'])).toThrow(/on or off/);
    expect(() => parseSiteSettingsArgs(['--bogus'])).toThrow();
  });

  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    // Nothing is left in the temp folder.
    expect(dirs.filter((dir) => existsSync(dir))).toEqual([]);
  });

  it('reads an announcements file with the shared schema ("none" clears)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'announcements-'));
    dirs.push(dir);
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ id: 'a1', header: 'Outage', persistent: true }]));
    expect(readAnnouncementsFile(good)).toEqual([
      { id: 'a1', header: 'Outage', severity: 'info', persistent: true },
    ]);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ header: 'no id' }]));
    expect(() => readAnnouncementsFile(bad)).toThrow();
    expect(readAnnouncementsFile('none')).toEqual([]);
  });
});
