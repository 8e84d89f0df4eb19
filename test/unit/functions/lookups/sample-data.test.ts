import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  loadSampleData,
  readSampleData,
  sampleDataDirs,
} from '../../../../functions/platform/adapters/lookups/local.js';
import { sampleDataFiles } from '../../../../functions/platform/adapters/lookups/sample-data.js';
import { cities, inactiveReasons, licenceClasses } from '../../../../shared/sample-data/generate-data.js';
import { LbpInactiveReason, Parcel } from '../../../../shared/schemas/lookups.js';

const dir = path.resolve(import.meta.dirname, '../../../../shared/sample-data');
const files = ['addresses.json', 'parcels.json', 'practitioners.json'];
const json = (f: string) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as unknown;

describe('reading the sample data (not bundled: read from the files at first use)', () => {
  it('lists every file of shared/sample-data', () => {
    expect([...sampleDataFiles]).toEqual(files);
  });

  it('is read from beside the bundle, else (the TypeScript source) from shared/sample-data', async () => {
    const dirs = sampleDataDirs();
    expect(dirs).toHaveLength(2);
    expect(path.resolve(dirs[1]!)).toBe(dir);
    const d = await loadSampleData();
    const addresses = json('addresses.json') as Record<string, unknown>;
    expect(d.addresses).toEqual(addresses.addresses);
    expect(d.territorialAuthorities).toEqual(addresses.territorialAuthorities);
    expect(d.parcels).toEqual(json('parcels.json'));
    expect(d.practitioners).toEqual(json('practitioners.json'));
    expect(await loadSampleData()).toBe(d); // once
  });

  it('takes the first folder that has every file, and says where it looked when none has', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'sample-data-dirs-'));
    try {
      const partial = path.join(tmp, 'partial');
      const whole = path.join(tmp, 'whole');
      mkdirSync(partial);
      mkdirSync(whole);
      copyFileSync(path.join(dir, 'addresses.json'), path.join(partial, 'addresses.json'));
      for (const f of files) copyFileSync(path.join(dir, f), path.join(whole, f));
      const d = await readSampleData([path.join(tmp, 'missing'), partial, whole, dir]);
      expect(d.practitioners.length).toBeGreaterThan(250);
      rmSync(whole, { recursive: true });
      await expect(readSampleData([partial, path.join(tmp, 'missing')])).rejects.toThrow(
        new RegExp(`none of: ${partial}, ${path.join(tmp, 'missing')}`),
      );
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('sample data (shared/sample-data)', () => {
  it('is hundreds of addresses in the six cities, each file well under 1 MB', async () => {
    for (const f of files) expect(statSync(path.join(dir, f)).size).toBeLessThan(600_000);
    const d = await loadSampleData();
    expect(d.addresses.length).toBeGreaterThan(500);
    expect(new Set(d.addresses.map((a) => a.dpid)).size).toBe(d.addresses.length);
    expect(new Set(d.addresses.map((a) => a.fullAddress)).size).toBe(d.addresses.length);
    for (const c of cities) {
      const inCity = d.addresses.filter((a) => a.city === c.city);
      expect(inCity.length, c.city).toBeGreaterThan(60);
      for (const a of inCity) {
        expect(a.territorialAuthority).toBe(c.territorialAuthority);
        const suburb = c.suburbs.find((s) => s.name === a.suburb)!;
        // The postcode of the suburb, and coordinates within about 2 km of its centre.
        expect(a.postcode).toBe(suburb.postcode);
        expect(Math.abs(a.latitude - suburb.lat)).toBeLessThan(0.02);
        expect(Math.abs(a.longitude - suburb.lon)).toBeLessThan(0.02);
        expect(suburb.streets).toContain(a.street);
      }
    }
  });

  it('has parcels for every address with a legal description, and lot and DP where there are', async () => {
    const d = await loadSampleData();
    for (const a of d.addresses) {
      const parcels = d.parcels[a.dpid];
      expect(parcels?.length, a.fullAddress).toBeGreaterThan(0);
      for (const p of parcels!) {
        Parcel.parse(p);
        if (p.lotNumber) expect(p.legalDescription).toContain(`Lot ${p.lotNumber} DP ${p.dpNumber}`);
      }
    }
  });

  it('has practitioners in every licence class, active and inactive with every reason', async () => {
    const d = await loadSampleData();
    expect(d.practitioners.length).toBeGreaterThan(250);
    expect(new Set(d.practitioners.map((p) => p.lbpNumber)).size).toBe(d.practitioners.length);
    const classes = d.practitioners.flatMap((p) => p.licenceClasses);
    for (const c of licenceClasses) {
      expect(
        classes.some((x) => x.licenceClass === c && x.status === 'Active'),
        c,
      ).toBe(true);
      expect(
        classes.some((x) => x.licenceClass === c && x.status === 'Inactive'),
        c,
      ).toBe(true);
    }
    expect(new Set(classes.map((x) => x.reason).filter(Boolean))).toEqual(new Set(inactiveReasons));
    expect([...inactiveReasons].sort()).toEqual([...LbpInactiveReason.options].sort());
    for (const x of classes) expect(x.status === 'Inactive').toBe(x.reason !== undefined);
  });

  it('is what generate.ts writes (deterministic)', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'sample-data-'));
    try {
      const res = spawnSync('npx', ['tsx', path.join(dir, 'generate.ts'), out], { encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
      for (const f of files) {
        expect(readFileSync(path.join(out, f), 'utf8'), f).toBe(readFileSync(path.join(dir, f), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
