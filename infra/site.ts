/**
 * The operator's public details (infra/site.json) that go into the SPA's config.json: the terms,
 * privacy and online-help links and the support contact. The CDK Web stack and the local stack both
 * read them from here, so the two config.json files never drift.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { MapSettings } from '../shared/domain/site-map.js';

const Url = z.url({ protocol: /^https?$/ });

export const SiteDetails = z.object({
  termsUrl: Url.optional(),
  privacyUrl: Url.optional(),
  onlineHelpUrl: Url.optional(),
  support: z
    .object({ email: z.email().optional(), phone: z.string().min(1).optional(), website: Url.optional() })
    .optional(),
  /** Feature flags the SPA reads (web/src/app/config.ts `isFlagOn`), e.g. `accessRequests`. */
  flags: z.record(z.string(), z.boolean()).optional(),
  /** The site map's default centre (inside New Zealand) and zoom (shared/domain/site-map.ts). */
  map: MapSettings.optional(),
});
export type SiteDetails = z.infer<typeof SiteDetails>;

export const defaultSiteDetailsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'site.json');

/** Reads and checks a site-details file (default infra/site.json); throws naming the bad field. */
export function readSiteDetails(file = defaultSiteDetailsFile): SiteDetails {
  const { $comment: _comment, ...raw } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const parsed = SiteDetails.strict().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** config.json's `map`: the operator's centre and zoom (or the defaults) and the deploy's maps key. */
export interface MapRuntimeConfig extends MapSettings {
  /** LINZ Basemaps browser key: absent, the SPA draws its bundled offline map. */
  key?: string;
}

/**
 * The site details as config.json carries them: the map settings always present (defaults filled)
 * and the maps key beside them when the deployment has one (context `mapsKey`, never in site.json).
 */
export function siteRuntimeConfig(
  details: SiteDetails,
  mapsKey: string | undefined,
): Omit<SiteDetails, 'map'> & { map: MapRuntimeConfig } {
  return {
    ...details,
    map: { ...MapSettings.parse(details.map ?? {}), ...(mapsKey ? { key: mapsKey } : {}) },
  };
}
