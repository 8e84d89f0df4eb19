import { describe, expect, it } from 'vitest';
import {
  coordinatesInWords,
  DEFAULT_MAP_CENTRE,
  isInsideNewZealand,
  MAP_CENTRE_OUTSIDE_NZ,
  MapCentre,
  MapSettings,
  MapsKey,
  siteLocationOf,
} from '../../../shared/domain/site-map';

describe('the default map centre lies inside New Zealand', () => {
  it.each([
    ['Wellington', -41.2865, 174.7762],
    ['Cape Reinga', -34.4286, 172.6803],
    ['Auckland', -36.8485, 174.7633],
    ['Dunedin', -45.8788, 170.5028],
    ['Stewart Island', -46.9, 168.1],
    ['Gisborne', -38.6623, 178.0176],
  ])('%s is inside', (_name, latitude, longitude) => {
    expect(isInsideNewZealand({ latitude, longitude })).toBe(true);
    expect(MapCentre.safeParse({ latitude, longitude }).success).toBe(true);
  });

  it.each([
    ['Sydney', -33.8688, 151.2093],
    ['Hobart', -42.8821, 147.3272],
    ['the Chatham Islands (across the antimeridian)', -43.95, -176.55],
    ['Nuku‘alofa', -21.1394, -175.2049],
    ['latitude and longitude swapped', 174.7762, -41.2865],
    ['0, 0', 0, 0],
  ])('%s is refused', (_name, latitude, longitude) => {
    expect(isInsideNewZealand({ latitude, longitude })).toBe(false);
    const parsed = MapCentre.safeParse({ latitude, longitude });
    expect(parsed.success).toBe(false);
  });

  it('says why a centre outside New Zealand is refused', () => {
    const parsed = MapCentre.safeParse({ latitude: -33.8688, longitude: 151.2093 });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([MAP_CENTRE_OUTSIDE_NZ]);
  });

  it('is Wellington when the operator sets none, at the whole country zoom', () => {
    expect(MapSettings.parse({})).toEqual({ centre: DEFAULT_MAP_CENTRE, zoom: 5 });
    expect(isInsideNewZealand(DEFAULT_MAP_CENTRE)).toBe(true);
  });

  it('refuses settings it does not know (a key belongs to the deployment, not site.json)', () => {
    expect(MapSettings.safeParse({ key: 'abc' }).success).toBe(false);
    expect(MapSettings.safeParse({ zoom: 30 }).success).toBe(false);
  });
});

describe('a maps key', () => {
  it('is a browser key: letters, digits, dashes, underscores', () => {
    expect(MapsKey.parse(' c01h3wgs0g0vbcfm6ph0nf5yb1d ')).toBe('c01h3wgs0g0vbcfm6ph0nf5yb1d');
    expect(MapsKey.safeParse('abc&x=1').success).toBe(false);
    expect(MapsKey.safeParse('short').success).toBe(false);
  });
});

describe('the location of a site', () => {
  it('is its address latitude and longitude', () => {
    expect(siteLocationOf({ latitude: -41.2965, longitude: 174.7636 })).toEqual({
      latitude: -41.2965,
      longitude: 174.7636,
    });
  });

  it.each([
    ['no address', undefined],
    ['a manual address without coordinates', { latitude: undefined, longitude: undefined }],
    ['only a latitude', { latitude: -41.3 }],
    ['0, 0', { latitude: 0, longitude: 0 }],
    ['out of range', { latitude: -141.3, longitude: 174.7 }],
    ['not a number', { latitude: Number.NaN, longitude: 174.7 }],
  ])('is none for %s', (_name, address) => {
    expect(siteLocationOf(address)).toBeUndefined();
  });

  it('reads in words with four decimals and the hemisphere', () => {
    expect(coordinatesInWords({ latitude: -41.29651, longitude: 174.76364 })).toBe(
      '41.2965° south, 174.7636° east',
    );
    expect(coordinatesInWords({ latitude: 51.5, longitude: -0.12 })).toBe('51.5000° north, 0.1200° west');
  });
});
