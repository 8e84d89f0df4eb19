/**
 * The site map's offline outline (web/src/components/site-map/nz-land.json) is what bin/nz-outline.ts
 * makes from world-atlas: regenerate it with `npx tsx bin/nz-outline.ts` after changing either.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NZ_LAND_FILE, nzLandOutline } from '../../../bin/nz-outline';
import { isInsideNewZealand } from '../../../shared/domain/site-map';

describe('the offline New Zealand outline', () => {
  const committed = readFileSync(NZ_LAND_FILE, 'utf8');

  it('is the generated one', () => {
    expect(committed).toBe(nzLandOutline());
  });

  it('is small, and holds the North and South Islands', () => {
    expect(committed.length).toBeLessThan(20_000);
    const outline = JSON.parse(committed) as {
      features: { geometry: { type: string; coordinates: number[][][][] } }[];
    };
    const polygons = outline.features[0]!.geometry.coordinates;
    const containsPoint = (lng: number, lat: number) =>
      polygons.some((polygon) => {
        const ring = polygon[0]!;
        let inside = false;
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i]!;
          const [xj, yj] = ring[j]!;
          if (yi! > lat !== yj! > lat && lng < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!)
            inside = !inside;
        }
        return inside;
      });
    // Taupō (North Island) and Aoraki / Mount Cook (South Island) are on land; Cook Strait is not.
    expect(containsPoint(176.07, -38.69)).toBe(true);
    expect(containsPoint(170.14, -43.59)).toBe(true);
    expect(containsPoint(174.6, -41.2)).toBe(false);
    expect(isInsideNewZealand({ latitude: -38.69, longitude: 176.07 })).toBe(true);
  });
});
