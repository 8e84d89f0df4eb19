import { getUser } from './repository/users.js';
import type { UserRecord } from './repository/users.js';

/** A user's stored profile (other features read people through here, not through the repository). */
export async function getUserProfile(userId: string): Promise<UserRecord | undefined> {
  return getUser(userId);
}
