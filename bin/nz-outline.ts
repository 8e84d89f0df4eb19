/**
 * Writes the site map's offline New Zealand land outline (web/src/components/site-map/nz-land.json),
 * the only source of the bundled map style when no maps key is configured (docs/lookups.md "The site
 * on a map"): `npx tsx bin/nz-outline.ts`.
 *
 * From world-atlas's countries-50m (Natural Earth 1:50m, public domain) through topojson-client:
 * New Zealand (ISO 3166 numeric 554) without Tokelau (north of 30° S, part of the realm, not where
 * consents are issued), coordinates rounded to 3 decimals (about 100 m, finer than the 1:50m source)
 * and repeated points dropped. A unit test compares the file with a fresh generation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Position } from 'geojson';

export const NZ_LAND_FILE = path.resolve(
  import.meta.dirname,
  '..',
  'web/src/components/site-map/nz-land.json',
);
const NEW_ZEALAND_ID = '554';

const round = (n: number) => Math.round(n * 1000) / 1000;

function ring(points: Position[]): Position[] {
  const out: Position[] = [];
  for (const [x, y] of points) {
    const p = [round(x!), round(y!)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/** The outline as JSON text (one line: a generated file, kept small). */
export function nzLandOutline(): string {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(
    readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
  ) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const geometry = topology.objects.countries.geometries.find((g) => g.id === NEW_ZEALAND_ID);
  if (!geometry) throw new Error(`world-atlas countries-50m has no country ${NEW_ZEALAND_ID}`);
  const nz = feature(topology, geometry) as Feature<MultiPolygon>;
  const polygons = nz.geometry.coordinates
    // Tokelau lies about 9° S; New Zealand's islands (the Kermadecs aside) lie south of 30° S.
    .filter((polygon) => polygon[0]!.every(([, lat]) => lat! < -30))
    .map((polygon) => polygon.map(ring).filter((r) => r.length >= 4));
  const out: FeatureCollection<MultiPolygon> = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 554,
        properties: { name: 'New Zealand', source: 'Natural Earth 1:50m via world-atlas countries-50m' },
        geometry: { type: 'MultiPolygon', coordinates: polygons },
      },
    ],
  };
  return `${JSON.stringify(out)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const text = nzLandOutline();
  writeFileSync(NZ_LAND_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), NZ_LAND_FILE)}: ${text.length} bytes`);
}
