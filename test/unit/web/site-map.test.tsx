// @vitest-environment jsdom
/**
 * The site map (web/src/components/site-map): its text alternative, the lazy boundary (the map's
 * chunk loads only where a map can draw), the fallback without WebGL or when MapLibre fails, its
 * settings from config.json and its two styles. MapLibre itself needs WebGL, which jsdom has not:
 * the map's chunk is replaced here, the real one is drawn in the e2e journey (new-application.spec.ts).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { initI18n } from '../../../web/src/i18n';
import { setConfigForTests } from '../../../web/src/lib/config';
import { SiteMap } from '../../../web/src/components/site-map/SiteMap';
import { siteMapSettingsOf } from '../../../web/src/components/site-map/settings';
import { siteMapStyle, siteZoom } from '../../../web/src/components/site-map/style';
import type { SiteMapCanvasProps } from '../../../web/src/components/site-map/SiteMapCanvas';
import { DEFAULT_MAP_CENTRE } from '../../../shared/domain/site-map';
import { TEST_CONFIG } from './config-support';

const loaded = vi.hoisted(() => ({ count: 0, props: [] as unknown[] }));
vi.mock('../../../web/src/components/site-map/SiteMapCanvas', () => {
  loaded.count += 1;
  return {
    default: (props: SiteMapCanvasProps) => {
      loaded.props.push(props);
      return (
        <div data-testid="canvas">
          <button onClick={props.onFail}>lose the context</button>
        </div>
      );
    },
  };
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setConfigForTests(undefined);
});

const aro = {
  address1: '14 Aro Street',
  city: 'Wellington',
  fullAddress: '14 Aro Street, Aro Valley, Wellington 6021',
  latitude: -41.2955,
  longitude: 174.7652,
};

const webgl = (on: boolean) =>
  vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((() => (on ? ({} as WebGLRenderingContext) : null)) as never);

const show = (address: Parameters<typeof SiteMap>[0]['address']) =>
  render(
    <I18nextProvider i18n={i18n}>
      <SiteMap address={address} />
    </I18nextProvider>,
  );

describe('SiteMap', () => {
  // First in the file: the map's module has not been imported by any test yet.
  it('without WebGL: a plain message and the text alternative, and the map chunk is never loaded', async () => {
    webgl(false);
    show(aro);
    expect(screen.getByText('The map cannot be shown in this browser.', { exact: false })).toBeTruthy();
    expect(screen.getByText('Map showing 14 Aro Street, Aro Valley, Wellington 6021')).toBeTruthy();
    expect(screen.getByText('Location: 41.2955° south, 174.7652° east')).toBeTruthy();
    // The figure is named by its caption.
    expect(screen.getByRole('figure').getAttribute('aria-labelledby')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loaded.count).toBe(0);
    expect(screen.queryByTestId('canvas')).toBeNull();
  });

  it('shows nothing for an address without coordinates (a manual address)', () => {
    webgl(true);
    const { container } = show({ ...aro, latitude: undefined, longitude: undefined, isManualAddress: true });
    expect(container.innerHTML).toBe('');
  });

  it('with WebGL: loads the map lazily on the site, offline (no key), named and keyboard-described', async () => {
    webgl(true);
    show(aro);
    expect(await screen.findByTestId('canvas')).toBeTruthy();
    expect(loaded.count).toBe(1);
    expect(loaded.props.at(-1)).toMatchObject({
      latitude: -41.2955,
      longitude: 174.7652,
      mapsKey: undefined,
      label:
        'Map showing 14 Aro Street, Aro Valley, Wellington 6021. Use the arrow keys to move the map and the plus and minus keys to zoom.',
    });
    // The text alternative stays beside the map.
    expect(screen.getByText('Location: 41.2955° south, 174.7652° east')).toBeTruthy();
    expect(screen.queryByText('The map cannot be shown in this browser.', { exact: false })).toBeNull();
  });

  it('when MapLibre cannot start (or loses WebGL): the plain message instead, never a blank box', async () => {
    webgl(true);
    show(aro);
    const lose = await screen.findByRole('button', { name: 'lose the context' });
    act(() => lose.click());
    expect(screen.queryByTestId('canvas')).toBeNull();
    expect(screen.getByText('The map cannot be shown in this browser.', { exact: false })).toBeTruthy();
    expect(screen.getByText('Map showing 14 Aro Street, Aro Valley, Wellington 6021')).toBeTruthy();
  });

  it('passes the configured maps key to the map', async () => {
    webgl(true);
    setConfigForTests({
      ...TEST_CONFIG,
      map: { centre: DEFAULT_MAP_CENTRE, zoom: 5, key: 'c01h3wgs0g0vbcf' },
    });
    show(aro);
    await screen.findByTestId('canvas');
    expect(loaded.props.at(-1)).toMatchObject({ mapsKey: 'c01h3wgs0g0vbcf' });
  });
});

describe('the map settings of config.json', () => {
  it('reads the centre, zoom and key', () => {
    expect(
      siteMapSettingsOf({ centre: { latitude: -36.85, longitude: 174.76 }, zoom: 6, key: 'abcdefgh12' }),
    ).toEqual({ centre: { latitude: -36.85, longitude: 174.76 }, zoom: 6, key: 'abcdefgh12' });
  });

  it('falls back to the defaults and the offline map on anything it cannot trust', () => {
    const defaults = { centre: DEFAULT_MAP_CENTRE, zoom: 5 };
    expect(siteMapSettingsOf(undefined)).toEqual(defaults);
    expect(siteMapSettingsOf({ centre: { latitude: -33.87, longitude: 151.21 }, key: 'abcdefgh12' })).toEqual(
      defaults,
    );
    expect(siteMapSettingsOf({ key: 'x&y=1' })).toEqual(defaults);
  });
});

describe('the map styles', () => {
  const site = { latitude: -41.2955, longitude: 174.7652 };
  const land = { type: 'FeatureCollection' as const, features: [] };

  it('offline: inline GeoJSON only (the outline and the marker), no URL, glyphs or sprite', () => {
    const style = siteMapStyle({ site, land, landAttribution: 'Outline of New Zealand: Natural Earth' });
    expect(JSON.stringify(style)).not.toMatch(/https?:|\/\//);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.values(style.sources).map((s) => s.type)).toEqual(['geojson', 'geojson']);
    expect(style.sources.site).toMatchObject({
      data: { geometry: { type: 'Point', coordinates: [174.7652, -41.2955] } },
    });
    expect(style.layers.map((l) => l.id)).toEqual(['sea', 'land', 'coast', 'site-marker']);
    expect(siteZoom(false)).toBeLessThan(siteZoom(true));
  });

  it('with a key: LINZ Basemaps aerial tiles with the key, and the same marker', () => {
    const style = siteMapStyle({ site, key: 'abc-123_XYZ' });
    expect(style.sources.linz).toMatchObject({
      type: 'raster',
      tiles: [
        'https://basemaps.linz.govt.nz/v1/tiles/aerial/WebMercatorQuad/{z}/{x}/{y}.webp?api=abc-123_XYZ',
      ],
    });
    expect(style.layers.map((l) => l.id)).toEqual(['aerial', 'site-marker']);
  });
});
