import type { AuthorityDetectionQuery } from '../../shared/schemas/reference.js';
import type {
  Authority,
  DocumentType,
  DocumentTypeDto,
  JurisdictionDto,
} from '../../shared/schemas/reference.js';
import type { FormioForm } from '../../shared/schemas/formio.js';
import { getFormioDefinition } from '../../shared/formio/definitions.js';
import { NotFound } from '../platform/errors.js';
import { detectAuthority } from './detection.js';
import { images } from './images.generated.js';
import { buildJurisdiction, jurisdictionEtag } from './jurisdiction.js';
import {
  findJurisdiction,
  formExists,
  listAuthorities,
  listDocumentTypes,
  loadJurisdictionParts,
} from './repository/reference.js';
import type { AuthorityDto } from '../../shared/schemas/reference.js';
import { toAuthorityDto } from './jurisdiction.js';
import { getAuthorities, listUserAuthorityRelations } from './repository/reference.js';

/** An independent authority linked to the user, with the relation's default flag. */
export type IndependentAuthorityDto = AuthorityDto & { defaultIndependent: boolean };

/**
 * The user's own independent authorities (U4 under the user id and the e-mail grant, then RD8):
 * only authorities that are independent and not hidden.
 */
export async function independentAuthoritiesOf(
  userId: string,
  email: string | undefined,
): Promise<IndependentAuthorityDto[]> {
  const relations = await listUserAuthorityRelations(userId, email);
  const authorities = await getAuthorities(relations.map((r) => r.authorityId));
  const defaults = new Map(relations.map((r) => [r.authorityId, r.defaultIndependent]));
  return authorities
    .filter((a) => a.isIndependent && !a.hidden)
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .map((a) => ({ ...toAuthorityDto(a), defaultIndependent: defaults.get(a.id) ?? false }));
}

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

/** A form's Form.io definition (bundled, trusted data). */
export function formioDefinition(name: string): FormioForm {
  const formJson = getFormioDefinition(name);
  if (!formJson) throw new NotFound(`No Form.io definition ${name}`);
  return formJson;
}

/** The jurisdiction's document types, in order. */
export async function jurisdictionDocumentTypes(idOrName: string): Promise<DocumentTypeDto[]> {
  const j = await visibleJurisdiction(idOrName);
  return (await listDocumentTypes(j.id, 'all')).sort(byOrder).map(toTypeDto);
}

/** A form's own document types; a form without any has the jurisdiction's. */
export async function formDocumentTypes(idOrName: string, formId: string): Promise<DocumentTypeDto[]> {
  const j = await visibleJurisdiction(idOrName);
  const [exists, own] = await Promise.all([formExists(j.id, formId), listDocumentTypes(j.id, formId)]);
  if (!exists) throw new NotFound(`Form ${formId} not found in ${j.id}`);
  // The scope prefix also matches longer form ids ('amendment' ⊂ 'amendment-x'): keep exact ones.
  const exact = own.filter((t) => t.scope === formId);
  const types = exact.length > 0 ? exact : await listDocumentTypes(j.id, 'all');
  return types.sort(byOrder).map(toTypeDto);
}

/** A bundled reference image (base64) and its content type. */
export function referenceImage(id: string): { base64: string; contentType: string } {
  const img = Object.hasOwn(images, id) ? images[id] : undefined;
  if (!img) throw new NotFound(`Image ${id} not found`);
  return img;
}

/** The building consent authority serving a place (the first that matches). */
export async function detect(query: AuthorityDetectionQuery & { jurisdictionId?: string | undefined }) {
  const authorities = await authoritiesOf(query.jurisdictionId ?? DEFAULT_JURISDICTION_ID);
  const hit = detectAuthority(authorities, query);
  if (!hit) throw new NotFound('No building consent authority serves this address');
  return { authorityId: hit.id };
}
