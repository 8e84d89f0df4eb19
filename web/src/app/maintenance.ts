import { useEffect, useState } from 'react';
import type { Maintenance } from '../../../shared/schemas/accounts';
import { getConfig } from '../lib/config';

/** Read without a token from the API (docs/features.md): `${apiUrl}/maintenance/maintenance.json`. */
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

/**
 * The maintenance flag for the app root, without TanStack Query (not loaded before sign-in):
 * undefined until the first answer, then checked again every MAINTENANCE_POLL_MS while the page is
 * visible and whenever it becomes visible again (as the query it replaces did: refetchInterval,
 * refetchOnWindowFocus, no retry). One request at a time.
 */
export function useMaintenance(check: () => Promise<boolean> = fetchMaintenance): boolean | undefined {
  const [on, setOn] = useState<boolean>();
  useEffect(() => {
    let active = true;
    let inFlight = false;
    const load = () => {
      inFlight = true;
      void check().then((value) => {
        inFlight = false;
        if (active) setOn(value);
      });
    };
    const refresh = () => {
      if (!inFlight && document.visibilityState !== 'hidden') load();
    };
    load();
    const timer = setInterval(refresh, MAINTENANCE_POLL_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [check]);
  return on;
}
