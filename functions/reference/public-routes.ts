import {
  findJurisdiction,
  formExists,
  listAuthorities,
  listDocumentTypes,
  loadJurisdictionParts,
} from './repository/reference.js';
import { detectAuthority } from './detection.js';
import { images } from './images.generated.js';
import { buildJurisdiction, etagMatches, jurisdictionEtag } from './jurisdiction.js';
import { getFormioDefinition } from '../../shared/formio/definitions.js';
import { type FormioDefinitionResponse } from '../../shared/schemas/formio.js';
import {
  type Authority,
  type DocumentType,
  type DocumentTypeDto,
  type JurisdictionDto,
} from '../../shared/schemas/reference.js';
import { RawReply, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import type { contract } from './contract.js';
import { NotFound } from '../platform/errors.js';

/** The jurisdiction every detection searches unless the query names one. */
export const DEFAULT_JURISDICTION_ID = 'nz';

/**
 * Assembled jurisdiction DTOs by id, reused while the stored etag is unchanged: the loader writes a
 * new etag whenever anything the DTO shows changes. The etag itself is re-read at most every
 * {@link cacheTtlMs} (reference data changes only on deploy), so a warm request usually costs no
 * table read at all, and a deploy is visible within that time.
 */
interface CachedJurisdiction {
  dto: JurisdictionDto;
  body: string;
  checkedAt: number;
}
const jurisdictionCache = new Map<string, CachedJurisdiction>();
/** Names and ids → jurisdiction id, for lookups by name within the TTL. */
const idOf = new Map<string, string>();
let cacheTtlMs = 5_000;

/** Authorities of a jurisdiction for detection, trusted for the same TTL. */
const authoritiesCache = new Map<string, { list: Authority[]; at: number }>();

/** Test hook: forget the assembled jurisdictions and cached authorities. */
export const clearJurisdictionCache = (): void => {
  jurisdictionCache.clear();
  idOf.clear();
  authoritiesCache.clear();
};

async function authoritiesOf(jurisdictionId: string): Promise<Authority[]> {
  const now = Date.now();
  const hit = authoritiesCache.get(jurisdictionId);
  if (hit && now - hit.at < cacheTtlMs) return hit.list;
  const list = await listAuthorities(jurisdictionId);
  authoritiesCache.set(jurisdictionId, { list, at: now });
  return list;
}
/** Test hook: how long an etag check is trusted (0: every request reads the etag). */
export const setJurisdictionCacheTtl = (ms: number): void => {
  cacheTtlMs = ms;
};

async function visibleJurisdiction(idOrName: string) {
  const j = await findJurisdiction(idOrName);
  if (!j || j.isHidden) throw new NotFound(`Jurisdiction ${idOrName} not found`);
  return j;
}

/** The jurisdiction of an id or name (RD2/RD3, then RD4, RD5 per form and RD7 when not cached). */
export async function cachedJurisdiction(idOrName: string): Promise<CachedJurisdiction> {
  const now = Date.now();
  const known = idOf.get(idOrName);
  const fresh = known === undefined ? undefined : jurisdictionCache.get(known);
  if (fresh && now - fresh.checkedAt < cacheTtlMs) return fresh;
  const j = await visibleJurisdiction(idOrName);
  idOf.set(idOrName, j.id);
  const cached = jurisdictionCache.get(j.id);
  if (cached && j.etag && cached.dto.etag === j.etag) {
    cached.checkedAt = now;
    return cached;
  }
  const parts = await loadJurisdictionParts(j);
  const dto = buildJurisdiction(parts, j.etag || jurisdictionEtag(parts));
  const entry = { dto, body: JSON.stringify(dto), checkedAt: now };
  jurisdictionCache.set(j.id, entry);
  return entry;
}

/** The jurisdiction DTO of an id or name. */
export async function jurisdictionDto(idOrName: string): Promise<JurisdictionDto> {
  return (await cachedJurisdiction(idOrName)).dto;
}

const toTypeDto = ({ jurisdictionId: _j, scope: _s, ...t }: DocumentType): DocumentTypeDto => t;
const byOrder = (a: DocumentType, b: DocumentType) =>
  a.displayOrder - b.displayOrder || a.id.localeCompare(b.id);

/** Public reference routes (portal-core §7), spread into the `public` resource module. */
export const referencePublicRoutes = {
  'GET /public/formio/{name}': async ({ params }) => {
    const formJson = getFormioDefinition(params.name);
    if (!formJson) throw new NotFound(`No Form.io definition ${params.name}`);
    const body: FormioDefinitionResponse = { formJson };
    return reply(200, body, { 'cache-control': 'public, max-age=300' });
  },

  'GET /public/jurisdictions/{id}': async ({ params }, { event }) => {
    const { dto, body } = await cachedJurisdiction(params.id);
    const headers = { etag: `"${dto.etag}"`, 'cache-control': 'public, max-age=0, must-revalidate' };
    if (etagMatches(event.headers?.['if-none-match'], dto.etag)) return reply(304, undefined, headers);
    // The body was serialised once per etag.
    return new RawReply(200, body, { 'content-type': 'application/json; charset=utf-8', ...headers }, false);
  },

  'GET /public/jurisdictions/{id}/document-types': async ({ params }) => {
    const j = await visibleJurisdiction(params.id);
    return (await listDocumentTypes(j.id, 'all')).sort(byOrder).map(toTypeDto);
  },

  /** A form's own document types; a form without any has the jurisdiction's. */
  'GET /public/jurisdictions/{id}/forms/{formId}/document-types': async ({ params }) => {
    const j = await visibleJurisdiction(params.id);
    const [exists, own] = await Promise.all([
      formExists(j.id, params.formId),
      listDocumentTypes(j.id, params.formId),
    ]);
    if (!exists) throw new NotFound(`Form ${params.formId} not found in ${j.id}`);
    // The scope prefix also matches longer form ids ('amendment' ⊂ 'amendment-x'): keep exact ones.
    const exact = own.filter((t) => t.scope === params.formId);
    const types = exact.length > 0 ? exact : await listDocumentTypes(j.id, 'all');
    return types.sort(byOrder).map(toTypeDto);
  },

  'GET /public/images/{id}': async ({ params }) => {
    const img = Object.hasOwn(images, params.id) ? images[params.id] : undefined;
    if (!img) throw new NotFound(`Image ${params.id} not found`);
    const headers = {
      'content-type': img.contentType,
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      'x-content-type-options': 'nosniff',
    };
    return new RawReply(200, img.base64, headers, true);
  },

  'GET /public/authorities/detection': async ({ query }) => {
    const authorities = await authoritiesOf(query.jurisdictionId ?? DEFAULT_JURISDICTION_ID);
    const hit = detectAuthority(authorities, query);
    if (!hit) throw new NotFound('No building consent authority serves this address');
    return { authorityId: hit.id };
  },
} satisfies Partial<Implementations<typeof contract>>;
