/**
 * The real NZ Post AddressChecker client (API v1: `GET {base}/suggest` and `GET {base}/details`),
 * authenticated with OAuth 2.0 client credentials against NZ Post's token endpoint. The token is
 * cached until shortly before it expires. Every call has a timeout; failures are classified
 * (LookupServiceError) so the handler can answer with the spec's messages.
 *
 * Documented shapes used:
 * - token: POST form `grant_type=client_credentials&client_id&client_secret` →
 *   `{ access_token, expires_in }`;
 * - suggest: `?q=&type=Physical&max=` → `{ success, addresses: [{ DPID, FullAddress }] }`;
 * - details: `?dpid=&type=Physical` → `{ success, details: [{ DPID, AddressLine1..5, Suburb,
 *   CityTown, Postcode, NZGD2kCoord: { coordinates: [lon, lat] }, ... }] }`.
 */
import * as z from 'zod';
import type { AddressLookupResult, AddressSuggestion } from '../../../../shared/schemas/lookups.js';
import { requestJson, type FetchLike } from './http.js';
import { LookupServiceError, type AddressService } from './types.js';

export interface NzPostConfig {
  /** e.g. https://api.nzpost.co.nz/addresschecker/1.0 */
  baseUrl: string;
  /** e.g. https://oauth.nzpost.co.nz/as/token.oauth2 */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  fetch?: FetchLike;
  now?: () => number;
}

const Token = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

const SuggestBody = z.object({
  success: z.boolean(),
  addresses: z
    .array(z.looseObject({ DPID: z.union([z.number(), z.string()]), FullAddress: z.string() }))
    .optional(),
});

const Detail = z.looseObject({
  DPID: z.union([z.number(), z.string()]),
  AddressLine1: z.string().optional(),
  AddressLine2: z.string().optional(),
  AddressLine3: z.string().optional(),
  AddressLine4: z.string().optional(),
  AddressLine5: z.string().optional(),
  Suburb: z.string().optional(),
  CityTown: z.string().optional(),
  Postcode: z.string().optional(),
  FullAddress: z.string().optional(),
  NZGD2kCoord: z.object({ coordinates: z.tuple([z.number(), z.number()]) }).optional(),
  TerritorialAuthority: z.string().optional(),
});
const DetailsBody = z.object({ success: z.boolean(), details: z.array(Detail).optional() });

/** A details record in the portal's shape (undefined when it has no coordinates or city). */
export function fromNzPostDetail(d: z.infer<typeof Detail>): AddressLookupResult | undefined {
  const coords = d.NZGD2kCoord?.coordinates;
  const lines = [d.AddressLine1, d.AddressLine2, d.AddressLine3, d.AddressLine4, d.AddressLine5]
    .map((l) => l?.trim())
    .filter((l): l is string => !!l);
  if (!coords || !d.CityTown || !lines[0]) return undefined;
  const result: AddressLookupResult = {
    dpid: String(d.DPID),
    address1: lines[0],
    city: d.CityTown,
    postcode: d.Postcode ?? '',
    country: 'NZ',
    isManualAddress: false,
    fullAddress: d.FullAddress ?? lines.join(', '),
    longitude: coords[0],
    latitude: coords[1],
  };
  if (lines[1]) result.address2 = lines[1];
  if (lines[2]) result.address3 = lines[2];
  if (lines[3]) result.address4 = lines[3];
  if (lines[4]) result.address5 = lines[4];
  if (d.Suburb) result.suburb = d.Suburb;
  if (d.TerritorialAuthority) result.territorialAuthority = d.TerritorialAuthority;
  return result;
}

export function nzPostClient(config: NzPostConfig): AddressService {
  const now = config.now ?? Date.now;
  const http = { service: 'nzpost' as const, timeoutMs: config.timeoutMs, fetch: config.fetch };
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
    });
    let body: unknown;
    try {
      ({ body } = await requestJson(
        config.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        http,
      ));
    } catch (err) {
      // Without a token there is no connection to NZ Post.
      if (err instanceof LookupServiceError && err.failure !== 'timeout')
        throw new LookupServiceError('nzpost', 'connect', `token: ${err.message}`, err.status, {
          cause: err,
        });
      throw err;
    }
    const parsed = Token.safeParse(body);
    if (!parsed.success) throw new LookupServiceError('nzpost', 'connect', 'token: unexpected answer');
    // Renew a minute early.
    token = {
      value: parsed.data.access_token,
      expiresAt: now() + Math.max(0, parsed.data.expires_in - 60) * 1000,
    };
    return token.value;
  }

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const auth = await accessToken();
    const url = `${config.baseUrl.replace(/\/$/, '')}/${path}?${new URLSearchParams(params).toString()}`;
    const { status, body } = await requestJson(
      url,
      {
        headers: { authorization: `Bearer ${auth}`, client_id: config.clientId, accept: 'application/json' },
      },
      { ...http, accept: [401] },
    );
    if (status === 401) {
      // An expired or revoked token: drop it; the next call fetches a new one.
      token = undefined;
      throw new LookupServiceError('nzpost', 'status', 'HTTP 401', 401);
    }
    return body;
  }

  return {
    async suggest(q, max) {
      const parsed = SuggestBody.safeParse(await get('suggest', { q, type: 'Physical', max: String(max) }));
      if (!parsed.success) throw new LookupServiceError('nzpost', 'invalid', 'suggest: unexpected answer');
      if (!parsed.data.success) throw new LookupServiceError('nzpost', 'status', 'suggest: success false');
      return (parsed.data.addresses ?? [])
        .slice(0, max)
        .map((a): AddressSuggestion => ({ dpid: String(a.DPID), fullAddress: a.FullAddress }));
    },
    async details(dpid) {
      const parsed = DetailsBody.safeParse(await get('details', { dpid, type: 'Physical' }));
      if (!parsed.success) throw new LookupServiceError('nzpost', 'invalid', 'details: unexpected answer');
      if (!parsed.data.success) throw new LookupServiceError('nzpost', 'status', 'details: success false');
      return (parsed.data.details ?? [])
        .map(fromNzPostDetail)
        .filter((d): d is AddressLookupResult => d !== undefined);
    },
  };
}
