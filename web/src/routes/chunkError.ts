export const CHUNK_RELOAD_KEY = 'consentPortal.chunkReloaded';

/** True for the errors browsers raise when a lazily loaded code chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A failed chunk load reloads the page once (session flag), then renders nothing (spec §8).
 * Returns true when a reload was started.
 */
export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function reloadOnceForChunkError(storage: FlagStorage, reload: () => void): boolean {
  if (storage.getItem(CHUNK_RELOAD_KEY)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, '1');
  reload();
  return true;
}
