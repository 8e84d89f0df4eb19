/**
 * The real property lookup: LINZ Data Service parcels (WFS 2.0 `GetFeature` on the primary parcels
 * layer, JSON output) under the address's coordinates, with the title's appellation as the legal
 * description. LINZ data is national; the authority only scopes the council's valuation numbers,
 * which LINZ does not hold (valuationNumber is left out).
 *
 * `GET {base}/services;key={apiKey}/wfs?service=WFS&version=2.0.0&request=GetFeature
 *   &typeNames=layer-{layer}&outputFormat=json&srsName=EPSG:4326
 *   &cql_filter=INTERSECTS(shape,POINT({lat} {lon}))`
 * → `{ type: 'FeatureCollection', features: [{ properties: { id, appellation, ... } }] }`.
 */
import * as z from 'zod';
import type { Parcel } from '../../../../shared/schemas/lookups.js';
import { requestJson, type FetchLike } from './http.js';
import { LookupServiceError, type PropertyService } from './types.js';

export interface LinzConfig {
  /** e.g. https://data.linz.govt.nz */
  baseUrl: string;
  apiKey: string;
  /** The parcels layer id (NZ Primary Parcels: 50772). */
  layer: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

const Features = z.object({
  features: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).optional(),
      properties: z.looseObject({
        id: z.union([z.string(), z.number()]).optional(),
        appellation: z.string().nullable().optional(),
      }),
    }),
  ),
});

/** Lot and DP of an appellation such as 'Lot 2 DP 12345' or 'Pt Lot 4 DP 3456'. */
export function lotAndDp(appellation: string): { lotNumber?: string; dpNumber?: string } {
  const m = /\bLot\s+(\w+)\s+DP\s+(\d+)/i.exec(appellation);
  return m ? { lotNumber: m[1]!, dpNumber: m[2]! } : {};
}

export function linzClient(config: LinzConfig): PropertyService {
  return {
    async parcels(_authority, address) {
      const { latitude, longitude } = address;
      if (typeof latitude !== 'number' || typeof longitude !== 'number') return [];
      const params = new URLSearchParams({
        service: 'WFS',
        version: '2.0.0',
        request: 'GetFeature',
        typeNames: `layer-${config.layer}`,
        outputFormat: 'json',
        srsName: 'EPSG:4326',
        cql_filter: `INTERSECTS(shape,POINT(${latitude} ${longitude}))`,
      });
      const url = `${config.baseUrl.replace(/\/$/, '')}/services;key=${encodeURIComponent(config.apiKey)}/wfs?${params.toString()}`;
      const { body } = await requestJson(
        url,
        { headers: { accept: 'application/json' } },
        { service: 'property', timeoutMs: config.timeoutMs, fetch: config.fetch },
      );
      const parsed = Features.safeParse(body);
      if (!parsed.success) throw new LookupServiceError('property', 'invalid', 'unexpected answer');
      const rating = address.fullAddress ?? [address.address1, address.city].filter(Boolean).join(', ');
      return parsed.data.features.flatMap((f): Parcel[] => {
        const appellation = f.properties.appellation?.trim();
        const id = f.properties.id ?? f.id;
        if (!appellation || id === undefined) return [];
        return [
          {
            parcelId: String(id).replace(/^layer-\d+\./, ''),
            ratingAddress: rating,
            legalDescription: appellation,
            ...lotAndDp(appellation),
          },
        ];
      });
    },
  };
}
