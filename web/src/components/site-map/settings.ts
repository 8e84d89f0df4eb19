/**
 * config.json's `map` (infra/site.ts siteRuntimeConfig) read for the site map: the operator's centre
 * and zoom and, when the deployment has one, the LINZ Basemaps key. Read here, in the signed-in
 * pages that show a map, so the first load's config parsing stays as small as it was.
 */
import { MapSettings, MapsKey } from '../../../../shared/domain/site-map';
import { getConfig } from '../../lib/config';

export interface SiteMapSettings extends MapSettings {
  /** Absent: the bundled offline map, no request leaves the portal. */
  key?: string;
}

const Runtime = MapSettings.extend({ key: MapsKey.optional() });

/**
 * The map settings of a config.json `map` value. A value that does not pass (a centre outside New
 * Zealand, a malformed key) gives the defaults and no key: the offline map, never a broken page.
 */
export function siteMapSettingsOf(raw: unknown): SiteMapSettings {
  const parsed = Runtime.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  return MapSettings.parse({});
}

/** The settings of the loaded config.json (the defaults before it has loaded, as in unit tests). */
export function siteMapSettings(): SiteMapSettings {
  try {
    return siteMapSettingsOf(getConfig().map);
  } catch {
    return siteMapSettingsOf(undefined);
  }
}
