import * as z from 'zod';
import { defineContract } from './define.js';
import {
  AddressDetailsQuery,
  AddressDetailsResponse,
  AddressSuggestQuery,
  AddressSuggestResponse,
  ParcelsQuery,
  ParcelsResponse,
  Practitioner,
  PractitionerSearchQuery,
  PractitionerSearchResponse,
} from '../schemas/lookups.js';

export const LbpNumberParams = z.object({ lbpNumber: z.string().trim().min(1).max(32) });

/** Lookups (docs/lookups.md): a failing service answers 502 with the call's spec message. */
export const contract = defineContract('lookups', {
  'GET /user/nzpost/addresschecker/suggest': {
    query: AddressSuggestQuery,
    response: AddressSuggestResponse,
    summary: 'NZ Post address suggestions',
  },
  'GET /user/nzpost/addresschecker/details': {
    query: AddressDetailsQuery,
    response: AddressDetailsResponse,
    summary: 'NZ Post address details',
  },
  'GET /v1/service/property-lookup/parcels': {
    query: ParcelsQuery,
    response: ParcelsResponse,
    summary: 'LINZ parcels of an address',
  },
  'GET /v1/service/licensed-building-practitioners': {
    query: PractitionerSearchQuery,
    response: PractitionerSearchResponse,
    summary: 'Search the LBP register',
  },
  'GET /v1/service/licensed-building-practitioners/{lbpNumber}': {
    params: LbpNumberParams,
    response: Practitioner,
    summary: 'One practitioner of the LBP register',
  },
});
