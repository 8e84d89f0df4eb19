/**
 * The site on a map (docs/lookups.md): where New Zealand is, the map settings an operator configures
 * (docs/lookups.md "Default map coordinates lie
 * inside New Zealand") and the site's location of an address (docs/lookups.md).
 * Pure rules: the synth and the local stack check infra/site.json with them, the web reads
 * config.json's `map` and an application's address with them.
 */
import * as z from 'zod';

/**
 * New Zealand's main islands, Stewart Island and the near offshore islands as a box of degrees (WGS84).
 * The Chatham Islands (about 176.5° W, across the antimeridian) and the subantarctic islands are
 * outside it: a default map centre there would not show the country people build in.
 */
export const NEW_ZEALAND_BOUNDS = { west: 166.0, south: -47.5, east: 178.8, north: -34.0 } as const;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Whether a point lies inside {@link NEW_ZEALAND_BOUNDS} (edges included). */
export function isInsideNewZealand(point: LatLng): boolean {
  const b = NEW_ZEALAND_BOUNDS;
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    point.latitude >= b.south &&
    point.latitude <= b.north &&
    point.longitude >= b.west &&
    point.longitude <= b.east
  );
}

export const MAP_CENTRE_OUTSIDE_NZ = 'The default map centre must lie inside New Zealand';

/** A default map centre: latitude and longitude inside New Zealand. */
export const MapCentre = z
  .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
  .strict()
  .refine(isInsideNewZealand, MAP_CENTRE_OUTSIDE_NZ);

/** Wellington (the Beehive): the centre when an operator sets none. */
export const DEFAULT_MAP_CENTRE: LatLng = { latitude: -41.2784, longitude: 174.7767 };

/**
 * The operator's map settings (infra/site.json `map`, config.json `map` without the key): the
 * default centre and its zoom. The maps key is a deploy-time setting added beside them.
 */
export const MapSettings = z
  .object({
    centre: MapCentre.default(DEFAULT_MAP_CENTRE),
    zoom: z.number().min(0).max(22).default(5),
  })
  .strict();
export type MapSettings = z.infer<typeof MapSettings>;

/**
 * A maps key as config.json carries it: a browser key of the tiles provider (LINZ Basemaps), put
 * into a tile URL's query string, so letters, digits, dashes and underscores only.
 */
export const MapsKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'A maps key is 8 to 128 letters, digits, dashes or underscores');

/** The location of a site: its address's latitude and longitude when both are real coordinates. */
export function siteLocationOf(
  address: { latitude?: number | null; longitude?: number | null } | null | undefined,
): LatLng | undefined {
  const latitude = address?.latitude;
  const longitude = address?.longitude;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  // 0, 0 is "no location" from a careless source, not a site in the Gulf of Guinea.
  if (latitude === 0 && longitude === 0) return undefined;
  return { latitude, longitude };
}

/**
 * A location in words, for the map's text alternative: "41.2784° south, 174.7767° east" (four
 * decimals: about 10 m, the size of a section).
 */
export function coordinatesInWords(point: LatLng): string {
  const lat = `${Math.abs(point.latitude).toFixed(4)}° ${point.latitude < 0 ? 'south' : 'north'}`;
  const lng = `${Math.abs(point.longitude).toFixed(4)}° ${point.longitude < 0 ? 'west' : 'east'}`;
  return `${lat}, ${lng}`;
}

/**
 * LINZ Basemaps (Toitū Te Whenua), New Zealand's national basemap service: the tiles used when a
 * maps key is configured. The CSP allows this origin only then (infra/csp.ts).
 */
export const LINZ_BASEMAPS_ORIGIN = 'https://basemaps.linz.govt.nz';

/** The aerial imagery tiles of LINZ Basemaps (raster, WebMercatorQuad) for a key. */
export function linzAerialTilesUrl(key: string): string {
  return `${LINZ_BASEMAPS_ORIGIN}/v1/tiles/aerial/WebMercatorQuad/{z}/{x}/{y}.webp?api=${encodeURIComponent(key)}`;
}
