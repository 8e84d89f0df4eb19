/**
 * The map itself (MapLibre GL JS), a chunk of its own loaded only by pages that show a site
 * (SiteMap.tsx lazy-loads it): maplibre-gl, its CSS, its worker (an asset of its own) and the
 * bundled New Zealand outline never reach the sign-in page or the dashboard.
 */
import { useEffect, useRef } from 'react';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { FeatureCollection, Geometry } from 'geojson';
import type { LatLng } from '../../../../shared/domain/site-map';
import nzLand from './nz-land.json';
import { siteMapStyle, siteZoom } from './style';
import styles from './siteMap.module.css';

// The worker is served from the portal's own /assets (CSP worker-src 'self'), not next to a
// node_modules file the bundle no longer has.
setWorkerUrl(workerUrl);

export interface SiteMapCanvasProps {
  /** The site (numbers, not an object: a parent's re-render must not draw the map again). */
  latitude: number;
  longitude: number;
  /** LINZ Basemaps key: absent, the offline outline. */
  mapsKey?: string;
  /** The canvas's accessible name ("Map showing …" and the keys). */
  label: string;
  landAttribution: string;
  /** WebGL could not start (or was lost): the caller shows the text alternative alone. */
  onFail: () => void;
}

export default function SiteMapCanvas({
  latitude,
  longitude,
  mapsKey,
  label,
  landAttribution,
  onFail,
}: SiteMapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const failed = useRef(onFail);
  useEffect(() => {
    failed.current = onFail;
  }, [onFail]);

  useEffect(() => {
    if (!container.current) return;
    const site: LatLng = { latitude, longitude };
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: siteMapStyle({
          site,
          key: mapsKey,
          land: nzLand as FeatureCollection<Geometry>,
          landAttribution,
        }),
        center: [site.longitude, site.latitude],
        zoom: siteZoom(mapsKey !== undefined),
        // Arrow keys pan, + and - zoom (MapLibre's keyboard handler, on the focusable canvas).
        keyboard: true,
        // The wheel scrolls the page past the map; zoom with the buttons or the + and - keys.
        scrollZoom: false,
        attributionControl: { compact: true },
      });
    } catch {
      failed.current();
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    const canvas = map.getCanvas();
    canvas.setAttribute('aria-label', label);
    map.on('webglcontextlost', () => failed.current());
    return () => map.remove();
  }, [latitude, longitude, mapsKey, label, landAttribution]);

  return <div ref={container} className={styles.map} data-testid="site-map-canvas" />;
}
