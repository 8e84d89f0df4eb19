/**
 * The site map's MapLibre styles, as pure functions (unit-tested without WebGL):
 * - offline (no maps key): the bundled New Zealand land outline (nz-land.json, bin/nz-outline.ts)
 *   on a sea colour, and the site marker. Every source is inline GeoJSON; no glyphs, no sprite, no
 *   URL at all, so the map draws with the network off and nothing leaves the portal;
 * - keyed: LINZ Basemaps aerial imagery (raster tiles, the key in the URL) and the same marker.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { linzAerialTilesUrl, type LatLng } from '../../../../shared/domain/site-map';

/** The marker: a filled circle with a white ring, visible on both the outline and aerial imagery. */
const MARKER_COLOUR = '#0972d3';
const SEA_COLOUR = '#dbeafe';
const LAND_COLOUR = '#f2f0e6';
const COAST_COLOUR = '#7d8998';

export interface SiteMapStyleInput {
  site: LatLng;
  /** LINZ Basemaps key: absent, the offline style. */
  key?: string;
  /** The land outline (offline only). */
  land?: FeatureCollection<Geometry>;
  /** Attribution of the offline outline (its source). */
  landAttribution?: string;
}

function siteSource(site: LatLng) {
  return {
    type: 'geojson' as const,
    data: {
      type: 'Feature' as const,
      properties: {},
      geometry: { type: 'Point' as const, coordinates: [site.longitude, site.latitude] },
    },
  };
}

const markerLayers: StyleSpecification['layers'] = [
  {
    id: 'site-marker',
    type: 'circle',
    source: 'site',
    paint: {
      'circle-radius': 9,
      'circle-color': MARKER_COLOUR,
      'circle-stroke-width': 3,
      'circle-stroke-color': '#ffffff',
    },
  },
];

export function siteMapStyle(input: SiteMapStyleInput): StyleSpecification {
  if (input.key) {
    return {
      version: 8,
      sources: {
        linz: {
          type: 'raster',
          tiles: [linzAerialTilesUrl(input.key)],
          tileSize: 256,
          maxzoom: 20,
          attribution: '© Toitū Te Whenua LINZ, CC BY 4.0',
        },
        site: siteSource(input.site),
      },
      layers: [{ id: 'aerial', type: 'raster', source: 'linz' }, ...markerLayers],
    };
  }
  return {
    version: 8,
    sources: {
      land: {
        type: 'geojson',
        data: input.land ?? { type: 'FeatureCollection', features: [] },
        ...(input.landAttribution ? { attribution: input.landAttribution } : {}),
      },
      site: siteSource(input.site),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': SEA_COLOUR } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND_COLOUR } },
      { id: 'coast', type: 'line', source: 'land', paint: { 'line-color': COAST_COLOUR, 'line-width': 1 } },
      ...markerLayers,
    ],
  };
}

/**
 * The zoom a site opens at: a street block over aerial imagery; with the offline outline (about
 * 100 m fine) the town around it, where the coast still says where the site is.
 */
export const siteZoom = (keyed: boolean): number => (keyed ? 17 : 10);
