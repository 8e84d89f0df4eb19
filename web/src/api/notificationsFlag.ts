import { isFlagOn } from '../lib/config';

/** The notifications feature flag (infra/site.json `flags`; on by default there). No zod here: the bell reads it. */
export const NOTIFICATIONS_FLAG = 'notifications';
/** What a notifications call raises while the flag is off (docs/notifications.md). */
export const NOT_IMPLEMENTED = 'Not implemented';

/** The caller's notification calls run only with the flag on; otherwise they raise "Not implemented". */
export function available(): void {
  if (!isFlagOn(NOTIFICATIONS_FLAG)) throw new Error(NOT_IMPLEMENTED);
}
