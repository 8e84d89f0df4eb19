import type { Maintenance } from '../../../shared/schemas/accounts';
import { getConfig } from './config';

/** Read without a token from the API (portal-organisation §7): `${apiUrl}/maintenance/maintenance.json`. */
export const MAINTENANCE_PATH = '/maintenance/maintenance.json';

/**
 * GET /maintenance/maintenance.json → isInMaintenance. A missing or unreadable file means the
 * portal is not in maintenance (the file exists only while an operator sets it).
 */
export async function fetchMaintenance(
  fetchImpl: typeof fetch = fetch,
  apiUrl: string = getConfig().apiUrl,
): Promise<boolean> {
  try {
    const response = await fetchImpl(`${apiUrl}${MAINTENANCE_PATH}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return false;
    return maintenanceOn(await response.json());
  } catch {
    return false;
  }
}

/**
 * The shared Maintenance schema's answer (shared/schemas/accounts.ts: `{ isInMaintenance: boolean }`,
 * on only when valid and true) without zod: this runs before the first page draws, and zod (26 KB
 * gzip) is not loaded before sign-in. test/unit/web/site-settings.test.ts checks both agree.
 */
export function maintenanceOn(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  return (json as Partial<Maintenance>).isInMaintenance === true;
}

/** How often an open portal checks the flag again. */
export const MAINTENANCE_POLL_MS = 60_000;
