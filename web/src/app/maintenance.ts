import { Maintenance } from '../../../shared/schemas/accounts';
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
    const parsed = Maintenance.safeParse(await response.json());
    return parsed.success && parsed.data.isInMaintenance;
  } catch {
    return false;
  }
}

/** How often an open portal checks the flag again. */
export const MAINTENANCE_POLL_MS = 60_000;
