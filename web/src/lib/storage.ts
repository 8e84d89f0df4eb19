/**
 * Browser storage keys of the spec (docs/features.md): an announcement mute key per
 * announcement id and a profile-incomplete mute key per username; and (docs/features.md) a seen flag
 * per approved access request. `mute`/`isMuted` set and read any of these flags.
 */
export const STORAGE_PREFIX = 'consentPortal';

export const announcementMuteKey = (id: string) => `${STORAGE_PREFIX}.announcement.muted.${id}`;
export const profileIncompleteMuteKey = (username: string) =>
  `${STORAGE_PREFIX}.profileIncomplete.muted.${username}`;
/** An approved access request of mine that I already opened (hidden from 'Your access requests'). */
export const accessRequestSeenKey = (guid: string) => `${STORAGE_PREFIX}.accessRequest.seen.${guid}`;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** localStorage, or a no-op store when the browser refuses storage (private mode, tests). */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    /* storage disabled */
  }
  return { getItem: () => null, setItem: () => undefined };
}

export function isMuted(storage: KeyValueStorage, key: string): boolean {
  try {
    return storage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function mute(storage: KeyValueStorage, key: string): void {
  try {
    storage.setItem(key, '1');
  } catch {
    /* storage full or disabled: muted for this page only */
  }
}
