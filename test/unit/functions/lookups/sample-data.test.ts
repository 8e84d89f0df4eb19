import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSampleData } from '../../../../functions/platform/adapters/lookups/local.js';
import { cities, inactiveReasons, licenceClasses } from '../../../../shared/sample-data/generate-data.js';
import { LbpInactiveReason, Parcel } from '../../../../shared/schemas/lookups.js';

const dir = path.resolve(import.meta.dirname, '../../../../shared/sample-data');
const files = ['addresses.json', 'parcels.json', 'practitioners.json'];

describe('bundled sample data (shared/sample-data)', () => {
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
