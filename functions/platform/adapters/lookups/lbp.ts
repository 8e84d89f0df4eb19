/**
 * The real LBP register client (MBIE's Licensed Building Practitioners public register, behind an
 * API gateway with a subscription key):
 *
 * - `GET {base}/practitioners?searchText=&limit=` → `{ practitioners: [...] }` (or a bare array);
 * - `GET {base}/practitioners/{lbpNumber}` → the practitioner, 404 when there is none.
 *
 * A practitioner is `{ lbpNumber | licenceNumber, firstName, lastName, fullName?, city | town?,
 * licenceClasses | licences: [{ licenceClass | class, status, reason | statusReason? }] }`,
 * normalised to the portal's Practitioner; records that do not fit are dropped.
 */
import * as z from 'zod';
import { Practitioner, LbpInactiveReason } from '../../../../shared/schemas/lookups.js';
import { requestJson, type FetchLike } from './http.js';
import { LookupServiceError, type LbpRegister } from './types.js';

export interface LbpConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

const Licence = z.looseObject({
  licenceClass: z.string().optional(),
  class: z.string().optional(),
  status: z.string(),
  reason: z.string().nullable().optional(),
  statusReason: z.string().nullable().optional(),
});
const Raw = z.looseObject({
  lbpNumber: z.string().optional(),
  licenceNumber: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string().optional(),
  city: z.string().nullable().optional(),
  town: z.string().nullable().optional(),
  licenceClasses: z.array(Licence).optional(),
  licences: z.array(Licence).optional(),
});

/** One register record in the portal's shape, or undefined when it does not fit. */
export function fromRegister(raw: unknown): Practitioner | undefined {
  const r = Raw.safeParse(raw);
  if (!r.success) return undefined;
  const d = r.data;
  const number = (d.lbpNumber ?? d.licenceNumber ?? '').toUpperCase().replace(/^(\d)/, 'BP$1');
  const classes = (d.licenceClasses ?? d.licences ?? []).map((l) => {
    const active = /^active$/i.test(l.status);
    const reason = LbpInactiveReason.safeParse(l.reason ?? l.statusReason);
    return {
      licenceClass: l.licenceClass ?? l.class ?? '',
      status: active ? ('Active' as const) : ('Inactive' as const),
      ...(!active && reason.success ? { reason: reason.data } : {}),
    };
  });
  const city = d.city ?? d.town;
  const p = Practitioner.safeParse({
    lbpNumber: number,
    firstName: d.firstName,
    lastName: d.lastName,
    fullName: d.fullName ?? `${d.firstName} ${d.lastName}`,
    ...(city ? { city } : {}),
    licenceClasses: classes.filter((c) => c.licenceClass !== ''),
  });
  return p.success ? p.data : undefined;
}

export function lbpClient(config: LbpConfig): LbpRegister {
  const base = config.baseUrl.replace(/\/$/, '');
  const headers = { accept: 'application/json', 'Ocp-Apim-Subscription-Key': config.apiKey };
  const http = { service: 'lbp' as const, timeoutMs: config.timeoutMs, fetch: config.fetch };
  return {
    async search(searchText, limit) {
      const params = new URLSearchParams({ searchText, limit: String(limit) });
      const { body } = await requestJson(`${base}/practitioners?${params.toString()}`, { headers }, http);
      const list = Array.isArray(body)
        ? body
        : (body as { practitioners?: unknown } | undefined)?.practitioners;
      if (!Array.isArray(list)) throw new LookupServiceError('lbp', 'invalid', 'search: unexpected answer');
      return list
        .map(fromRegister)
        .filter((p): p is Practitioner => p !== undefined)
        .slice(0, limit);
    },
    async get(lbpNumber) {
      const { status, body } = await requestJson(
        `${base}/practitioners/${encodeURIComponent(lbpNumber)}`,
        { headers },
        { ...http, accept: [404] },
      );
      if (status === 404) return undefined;
      const p = fromRegister(body);
      if (!p) throw new LookupServiceError('lbp', 'invalid', 'get: unexpected answer');
      return p;
    },
  };
}
