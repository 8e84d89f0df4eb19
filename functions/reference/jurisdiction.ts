import { createHash } from 'node:crypto';
import type {
  Authority,
  AuthorityDto,
  Breadcrumb,
  BreadcrumbDto,
  DocumentCategory,
  Form,
  FormDto,
  Jurisdiction,
  JurisdictionDto,
  Step,
} from '../../shared/schemas/reference.js';

const byOrder = <T extends { displayOrder: number; id: string }>(a: T, b: T): number =>
  a.displayOrder - b.displayOrder || a.id.localeCompare(b.id);

/** The public face of an authority: without the detection hints. */
export function toAuthorityDto(a: Authority): AuthorityDto {
  const { territorialAuthorities: _t, cities: _c, postcodePrefixes: _p, bounds: _b, ...dto } = a;
  return dto;
}

/**
 * A user sees the normal non-hidden authorities of a jurisdiction; independent authorities only
 * through their own user-authority relations (GET /user).
 */
export const isPublicAuthority = (a: Pick<Authority, 'hidden' | 'isIndependent'>): boolean =>
  !a.hidden && !a.isIndependent;

/** Everything GET /public/jurisdictions/{id} returns, before the etag. */
export interface JurisdictionParts {
  jurisdiction: Jurisdiction;
  forms: Form[];
  breadcrumbs: Breadcrumb[];
  steps: Step[];
  authorities: Authority[];
  documentCategories: DocumentCategory[];
}

/**
 * The jurisdiction DTO: non-hidden forms by display order, each with its breadcrumbs and steps by
 * display order; every breadcrumb also listed at the top with its form id; public authorities by
 * display name; document categories by display order.
 */
export function buildJurisdiction(parts: JurisdictionParts, etag: string): JurisdictionDto {
  const stepsOf = new Map<string, Step[]>();
  for (const s of parts.steps) stepsOf.set(s.breadcrumbId, [...(stepsOf.get(s.breadcrumbId) ?? []), s]);
  const crumbsOf = new Map<string, BreadcrumbDto[]>();
  for (const b of [...parts.breadcrumbs].sort(byOrder)) {
    const dto: BreadcrumbDto = { ...b, steps: [...(stepsOf.get(b.id) ?? [])].sort(byOrder) };
    crumbsOf.set(b.formId, [...(crumbsOf.get(b.formId) ?? []), dto]);
  }
  const forms: FormDto[] = parts.forms
    .filter((f) => f.jurisdictionId === parts.jurisdiction.id && !f.isHidden)
    .sort(byOrder)
    .map((f) => ({ ...f, breadcrumbs: crumbsOf.get(f.id) ?? [] }));
  return {
    id: parts.jurisdiction.id,
    name: parts.jurisdiction.name,
    displayName: parts.jurisdiction.displayName,
    etag,
    forms,
    breadcrumbs: forms.flatMap((f) => f.breadcrumbs.map((b) => ({ ...b, jurisdictionFormId: f.id }))),
    authorities: parts.authorities
      .filter((a) => a.jurisdictionId === parts.jurisdiction.id && isPublicAuthority(a))
      .sort((a, b) => a.displayName.localeCompare(b.displayName))
      .map(toAuthorityDto),
    documentCategories: parts.documentCategories
      .filter((c) => c.jurisdictionId === parts.jurisdiction.id)
      .sort(byOrder),
  };
}

/** Canonical JSON (sorted keys), so equal content always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The etag of a jurisdiction: a hash of everything its DTO shows (written by the loader). */
export function jurisdictionEtag(parts: JurisdictionParts): string {
  const body = buildJurisdiction(parts, '');
  return createHash('sha256').update(canonical(body)).digest('base64url').slice(0, 27);
}

/** If-None-Match matches the etag (a list, weak validators and `*` included). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) =>
      t
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .some((t) => t === '*' || t === etag);
}
