import * as z from 'zod';
import { Address, NotificationLevel, OrganisationRole } from './common.js';

/** GET /user: the signed-in user's record (docs/accounts.md). */
export const UserDto = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  contactNumber: z.string().optional(),
  phoneCountryCode: z.string().optional(),
  address: Address.optional(),
  organisationId: z.string().optional(),
  organisationRole: OrganisationRole,
  defaultApplicationNotificationLevel: NotificationLevel,
  emailPreference: z.boolean(),
  smsPreference: z.boolean(),
  pushPreference: z.boolean(),
  /** GET /user: the user's own independent authorities (user-authority relations; docs/accounts.md). */
  independentAuthorities: z
    .array(z.looseObject({ id: z.string(), displayName: z.string(), defaultIndependent: z.boolean() }))
    .optional(),
});
export type UserDto = z.infer<typeof UserDto>;
