import type {
  Authority,
  AuthorityDetectionQuery,
  AuthorityDto,
  DocumentTag,
  DocumentType,
  DocumentTypeDto,
  Jurisdiction,
  JurisdictionDto,
  QualificationType,
  UserPropertyDto,
} from '../../../shared/schemas/reference.js';
import type { Country } from '../../../shared/schemas/country.js';
import type { FormioForm } from '../../../shared/schemas/formio.js';
import { NotFound } from '../../platform/errors.js';
import { detectAuthority } from '../detection.js';
import { buildJurisdiction, jurisdictionEtag, toAuthorityDto } from '../jurisdiction.js';
import type { JurisdictionParts } from '../jurisdiction.js';
import { emailGrantUserId, SYSTEM_TAGS_USER_ID } from '../repository/reference.js';

/** A jurisdiction as stored, with the etag the loader wrote (a hash of what its DTO shows). */
export type StoredJurisdiction = Jurisdiction & { etag: string };

/** A bundled reference image: its content type and bytes (base64). */
export interface ReferenceImageFile {
  contentType: string;
  base64: string;
}

/** A user-authority relation (U4). */
export interface UserAuthorityRelation {
  authorityId: string;
  defaultIndependent: boolean;
}

/** What a user's independent authorities need: the relations of one user id (U4), authorities by id (RD8). */
export interface UserAuthorityPorts {
  /** The relations stored under one user id (a Cognito sub, or an e-mail grant id). */
  relationsOf(userId: string): Promise<UserAuthorityRelation[]>;
  /** Authorities by id; missing ids are left out. */
  authoritiesByIds(ids: readonly string[]): Promise<Authority[]>;
}

/**
 * What the reference service needs from the world: the table's reference reads, the bundled Form.io
 * definitions and images, and a clock (the jurisdiction cache's TTL).
 */
export interface ReferencePorts {
  jurisdictions: {
    /** By id (RD2), else by name (RD3). */
    find(idOrName: string): Promise<StoredJurisdiction | undefined>;
    /** Everything its DTO shows: forms, breadcrumbs, steps, authorities, categories (RD4, RD5, RD7). */
    parts(jurisdiction: Jurisdiction): Promise<JurisdictionParts>;
    /** Its authorities (RD7), for detection. */
    authorities(jurisdictionId: string): Promise<Authority[]>;
    formExists(jurisdictionId: string, formId: string): Promise<boolean>;
    /** Document types with a scope: 'all' or a form id, matched as a prefix (RD13). */
    documentTypes(jurisdictionId: string, scope: string): Promise<DocumentType[]>;
  };
  userAuthorities: UserAuthorityPorts;
  lists: {
    qualificationTypes(): Promise<QualificationType[]>;
    documentTags(userId: string): Promise<DocumentTag[]>;
    countries(): Promise<Country[]>;
    userProperties(userId: string): Promise<UserPropertyDto[]>;
  };
  bundled: {
    formioDefinition(name: string): FormioForm | undefined;
    images: Readonly<Record<string, ReferenceImageFile>>;
  };
  /** Milliseconds since the epoch. */
  now(): number;
}

/** An independent authority linked to the user, with the relation's default flag. */
export type IndependentAuthorityDto = AuthorityDto & { defaultIndependent: boolean };

/** The jurisdiction every detection searches unless the query names one. */
export const DEFAULT_JURISDICTION_ID = 'nz';

/** How long an etag check (and a jurisdiction's authorities for detection) is trusted by default. */
export const JURISDICTION_CACHE_TTL_MS = 5_000;

/** A user's independent authorities (docs/reference-data.md): a user sees only their own. */
export function userAuthoritiesService(ports: UserAuthorityPorts) {
  /**
   * The user's own independent authorities (U4 under the user id and the e-mail grant, then RD8):
   * only authorities that are independent and not hidden, by display name. A relation under the
   * user id wins over the same authority's under the e-mail grant.
   */
  async function independentAuthoritiesOf(
    userId: string,
    email: string | undefined,
  ): Promise<IndependentAuthorityDto[]> {
    const ids = [userId, ...(email ? [emailGrantUserId(email)] : [])];
    const lists = await Promise.all(ids.map((id) => ports.relationsOf(id)));
    const defaults = new Map<string, boolean>();
    for (const list of lists)
      for (const rel of list)
        if (!defaults.has(rel.authorityId)) defaults.set(rel.authorityId, rel.defaultIndependent);
    const authorities = await ports.authoritiesByIds([...defaults.keys()]);
    return authorities
      .filter((a) => a.isIndependent && !a.hidden)
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map((a) => ({ ...toAuthorityDto(a), defaultIndependent: defaults.get(a.id) ?? false }));
  }
  return { independentAuthoritiesOf };
}

/** A jurisdiction DTO and its JSON, serialised once per etag. */
export interface CachedJurisdiction {
  dto: JurisdictionDto;
  body: string;
  checkedAt: number;
}

const toTypeDto = ({ jurisdictionId: _j, scope: _s, ...t }: DocumentType): DocumentTypeDto => t;
const byOrder = (a: DocumentType, b: DocumentType) =>
  a.displayOrder - b.displayOrder || a.id.localeCompare(b.id);
const tagOrder = (a: DocumentTag, b: DocumentTag) =>
  a.displayOrder - b.displayOrder || a.displayName.localeCompare(b.displayName);

/** Reference data (docs/reference-data.md public and user-scoped calls). */
export function referenceService(ports: ReferencePorts, options: { cacheTtlMs?: number } = {}) {
  /**
   * Assembled jurisdiction DTOs by id, reused while the stored etag is unchanged: the loader writes a
   * new etag whenever anything the DTO shows changes. The etag itself is re-read at most every
   * `cacheTtlMs` (reference data changes only on deploy), so a warm request usually costs no table
   * read at all, and a deploy is visible within that time.
   */
  const jurisdictionCache = new Map<string, CachedJurisdiction>();
  /** Names and ids → jurisdiction id, for lookups by name within the TTL. */
  const idOf = new Map<string, string>();
  /** Authorities of a jurisdiction for detection, trusted for the same TTL. */
  const authoritiesCache = new Map<string, { list: Authority[]; at: number }>();
  let cacheTtlMs = options.cacheTtlMs ?? JURISDICTION_CACHE_TTL_MS;

  /** Test hook: forget the assembled jurisdictions and cached authorities. */
  function clearJurisdictionCache(): void {
    jurisdictionCache.clear();
    idOf.clear();
    authoritiesCache.clear();
  }

  /** Test hook: how long an etag check is trusted (0: every request reads the etag). */
  function setJurisdictionCacheTtl(ms: number): void {
    cacheTtlMs = ms;
  }

  async function authoritiesOf(jurisdictionId: string): Promise<Authority[]> {
    const now = ports.now();
    const hit = authoritiesCache.get(jurisdictionId);
    if (hit && now - hit.at < cacheTtlMs) return hit.list;
    const list = await ports.jurisdictions.authorities(jurisdictionId);
    authoritiesCache.set(jurisdictionId, { list, at: now });
    return list;
  }

  /** A jurisdiction that exists and is not hidden, else NotFound. */
  async function visibleJurisdiction(idOrName: string): Promise<StoredJurisdiction> {
    const j = await ports.jurisdictions.find(idOrName);
    if (!j || j.isHidden) throw new NotFound(`Jurisdiction ${idOrName} not found`);
    return j;
  }

  /** The jurisdiction of an id or name (RD2/RD3, then RD4, RD5 per form and RD7 when not cached). */
  async function jurisdiction(idOrName: string): Promise<CachedJurisdiction> {
    const now = ports.now();
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
    const parts = await ports.jurisdictions.parts(j);
    const dto = buildJurisdiction(parts, j.etag || jurisdictionEtag(parts));
    const entry = { dto, body: JSON.stringify(dto), checkedAt: now };
    jurisdictionCache.set(j.id, entry);
    return entry;
  }

  /** A form's Form.io definition (bundled, trusted data). */
  function formioDefinition(name: string): FormioForm {
    const formJson = ports.bundled.formioDefinition(name);
    if (!formJson) throw new NotFound(`No Form.io definition ${name}`);
    return formJson;
  }

  /** The jurisdiction's document types, in order. */
  async function jurisdictionDocumentTypes(idOrName: string): Promise<DocumentTypeDto[]> {
    const j = await visibleJurisdiction(idOrName);
    return (await ports.jurisdictions.documentTypes(j.id, 'all')).sort(byOrder).map(toTypeDto);
  }

  /** A form's own document types; a form without any has the jurisdiction's. */
  async function formDocumentTypes(idOrName: string, formId: string): Promise<DocumentTypeDto[]> {
    const j = await visibleJurisdiction(idOrName);
    const [exists, own] = await Promise.all([
      ports.jurisdictions.formExists(j.id, formId),
      ports.jurisdictions.documentTypes(j.id, formId),
    ]);
    if (!exists) throw new NotFound(`Form ${formId} not found in ${j.id}`);
    // The scope prefix also matches longer form ids ('amendment' ⊂ 'amendment-x'): keep exact ones.
    const exact = own.filter((t) => t.scope === formId);
    const types = exact.length > 0 ? exact : await ports.jurisdictions.documentTypes(j.id, 'all');
    return types.sort(byOrder).map(toTypeDto);
  }

  /** A bundled reference image (base64) and its content type. */
  function referenceImage(id: string): ReferenceImageFile {
    const { images } = ports.bundled;
    const img = Object.hasOwn(images, id) ? images[id] : undefined;
    if (!img) throw new NotFound(`Image ${id} not found`);
    return img;
  }

  /** The building consent authority serving a place (the first that matches). */
  async function detect(
    query: AuthorityDetectionQuery & { jurisdictionId?: string | undefined },
  ): Promise<{ authorityId: string }> {
    const authorities = await authoritiesOf(query.jurisdictionId ?? DEFAULT_JURISDICTION_ID);
    const hit = detectAuthority(authorities, query);
    if (!hit) throw new NotFound('No building consent authority serves this address');
    return { authorityId: hit.id };
  }

  /** Qualification types with their classes (RD9). */
  async function qualificationTypes(): Promise<QualificationType[]> {
    return ports.lists.qualificationTypes();
  }

  /** System tags (userId 0) first, then the user's own, each by display order then name. */
  async function documentTags(userId: string): Promise<DocumentTag[]> {
    const [system, own] = await Promise.all([
      ports.lists.documentTags(SYSTEM_TAGS_USER_ID),
      userId === SYSTEM_TAGS_USER_ID ? [] : ports.lists.documentTags(userId),
    ]);
    return [...system.sort(tagOrder), ...own.sort(tagOrder)];
  }

  /** Every country, New Zealand first. */
  async function countries(): Promise<Country[]> {
    const all = await ports.lists.countries();
    const nz = all.filter((c) => c.abbreviatedName === 'NZ');
    return [...nz, ...all.filter((c) => c.abbreviatedName !== 'NZ')];
  }

  /** The user's own properties (U5). */
  async function userProperties(userId: string): Promise<UserPropertyDto[]> {
    return ports.lists.userProperties(userId);
  }

  return {
    jurisdiction,
    formioDefinition,
    jurisdictionDocumentTypes,
    formDocumentTypes,
    referenceImage,
    detect,
    qualificationTypes,
    documentTags,
    countries,
    userProperties,
    ...userAuthoritiesService(ports.userAuthorities),
    clearJurisdictionCache,
    setJurisdictionCacheTtl,
  };
}

export type ReferenceService = ReturnType<typeof referenceService>;
