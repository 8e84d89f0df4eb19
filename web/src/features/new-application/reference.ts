import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import type { Address } from '../../../../shared/schemas/common';
import { detectionQueryOf } from '../../../../shared/domain/address';
import type { Parcel } from '../../../../shared/schemas/lookups';
import { api, routePath } from '../../api/call';
import { ServiceError } from '../../api/errors';
import { getConfig } from '../../lib/config';

/**
 * Reference data and lookups the new-application wizard and the details pages read (docs/reference-data.md):
 * the jurisdiction (forms, authorities), authority detection, parcels, images and Form.io definitions.
 */

/** The one jurisdiction the portal serves. */
export const JURISDICTION_ID = 'nz';

export const referenceKeys = {
  all: ['reference'] as const,
  jurisdiction: (id: string) => [...referenceKeys.all, 'jurisdiction', id] as const,
  detection: (q: Record<string, string>) => [...referenceKeys.all, 'detection', q] as const,
  parcels: (authorityId: string, address: Address) =>
    [...referenceKeys.all, 'parcels', authorityId, address] as const,
  formio: (name: string) => [...referenceKeys.all, 'formio', name] as const,
};

/** GET /public/jurisdictions/{id}: forms, breadcrumbs, steps and authorities. */
export const jurisdictionQuery = (id: string = JURISDICTION_ID) =>
  queryOptions({
    queryKey: referenceKeys.jurisdiction(id),
    queryFn: ({ signal }) =>
      api('GET /public/jurisdictions/{id}', { params: { id }, anonymous: true, signal }),
    staleTime: 10 * 60_000,
  });

/**
 * The detection query of an address as query parameters (shared/domain/address.ts
 * detectionQueryOf: coordinates, city and postcode; the server checks names, cities, postcodes,
 * then coordinates). Undefined when the address gives nothing to detect by.
 */
export function detectionParams(address: Address): Record<string, string> | undefined {
  const q = detectionQueryOf(address);
  return q && Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
}

const Detection = z.object({ authorityId: z.string() });

/** GET /public/authorities/detection → the first authority serving the address (undefined: none). */
export const detectionQuery = (q: Record<string, string>) =>
  queryOptions({
    queryKey: referenceKeys.detection(q),
    queryFn: async ({ signal }) => {
      try {
        const raw = await api('GET /public/authorities/detection', {
          query: q,
          anonymous: true,
          signal,
        });
        return Detection.parse(raw).authorityId;
      } catch (error) {
        // 404: no authority serves the address; the user chooses one.
        if (error instanceof ServiceError && error.code === 'ResourceNotFound') return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET /v1/service/property-lookup/parcels?authority=&address= (the address as JSON). */
export const parcelsQuery = (authorityId: string, address: Address) =>
  queryOptions({
    queryKey: referenceKeys.parcels(authorityId, address),
    queryFn: async ({ signal }): Promise<Parcel[]> => {
      const body = await api('GET /v1/service/property-lookup/parcels', {
        query: { authority: authorityId, address: JSON.stringify(address) },
        signal,
      });
      return body.parcels;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET /public/formio/{name} → the step's Form.io definition. */
export const formioQuery = (name: string) =>
  queryOptions({
    queryKey: referenceKeys.formio(name),
    queryFn: async ({ signal }) =>
      (await api('GET /public/formio/{name}', { params: { name }, anonymous: true, signal })).formJson,
    staleTime: 10 * 60_000,
  });

/** The URL of a reference image (GET /public/images/{id}). */
export function imageUrl(imageId: string): string {
  return `${getConfig().apiUrl}${routePath('GET /public/images/{id}', { id: imageId })}`;
}
