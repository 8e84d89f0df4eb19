import type { EntityItem } from 'electrodb';
import { entities, service } from '../../platform/data/service.js';
import { newEvent, outboxItem } from '../../platform/events/outbox.js';
import '../events.js';
import type { user } from '../../platform/data/entities/user.js';
import type { Address, NotificationLevel } from '../../../shared/schemas/common.js';

export type UserRecord = EntityItem<typeof user>;

export interface NewUser {
  userId: string;
  username: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

export interface UserProfilePatch {
  firstName?: string;
  lastName?: string;
  contactNumber?: string;
  phoneCountryCode?: string;
  address?: Address;
  defaultApplicationNotificationLevel?: NotificationLevel;
  emailPreference?: boolean;
  smsPreference?: boolean;
  pushPreference?: boolean;
}

/** The user record of a Cognito sub, or undefined. */
export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { data } = await entities.user.get({ userId }).go();
  return data ?? undefined;
}

/**
 * Creates the user record unless one exists (conditional put: `attribute_not_exists(pk)`).
 * Returns whether it was created; a second call for the same id changes nothing.
 */
export async function createUserIfAbsent(input: NewUser): Promise<{ created: boolean }> {
  const event = newEvent('UserRegistered', {
    aggregate: { type: 'user', id: input.userId },
    actor: input.userId,
    data: { email: input.email.trim().toLowerCase() },
  });
  const result = await service.transaction
    .write((e) => [
      e.user
        .create({
          userId: input.userId,
          username: input.username,
          email: input.email,
          ...(input.firstName ? { firstName: input.firstName } : {}),
          ...(input.lastName ? { lastName: input.lastName } : {}),
        })
        .commit(),
      // Consumers: participants invited by this email are attached (functions/participants/consumers.ts).
      outboxItem(e, event),
    ])
    .go();
  if (result.canceled) {
    if (result.data[0]?.rejected) return { created: false };
    throw new Error('createUserIfAbsent: the transaction was cancelled');
  }
  return { created: true };
}

/** Patches an existing user's profile fields; fails (ConditionalCheckFailed) when the user does not exist. */
export async function updateUserProfile(userId: string, patch: UserProfilePatch): Promise<UserRecord> {
  const set = Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined),
  ) as UserProfilePatch;
  const { data } = await entities.user.patch({ userId }).set(set).go({ response: 'all_new' });
  return data as UserRecord;
}
