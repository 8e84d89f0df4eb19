import { getUser } from '../data/repositories/users.js';
import type { UserRecord } from '../data/repositories/users.js';
import type { UserDto } from '../../shared/schemas/user.js';
import { readOrganisationRole } from '../../shared/domain/user.js';
import { createResourceHandler, route } from './lib/handler.js';
import type { RouteImpls } from './lib/handler.js';
import { NotFound } from './lib/errors.js';

/** The User DTO of a stored record: unknown organisation role reads as Normal; email preference defaults on. */
export function toUserDto(u: UserRecord): UserDto {
  const dto: UserDto = {
    id: u.userId,
    username: u.username,
    email: u.email,
    organisationRole: readOrganisationRole(u.organisationRole),
    defaultApplicationNotificationLevel: u.defaultApplicationNotificationLevel ?? 'Normal',
    emailPreference: u.emailPreference ?? true,
    smsPreference: u.smsPreference ?? false,
    pushPreference: u.pushPreference ?? false,
  };
  if (u.firstName !== undefined) dto.firstName = u.firstName;
  if (u.lastName !== undefined) dto.lastName = u.lastName;
  if (u.contactNumber !== undefined) dto.contactNumber = u.contactNumber;
  if (u.phoneCountryCode !== undefined) dto.phoneCountryCode = u.phoneCountryCode;
  if (u.address !== undefined) dto.address = u.address;
  if (u.organisationId !== undefined) dto.organisationId = u.organisationId;
  return dto;
}

/** The signed-in user's own record (portal-core §7). Env: TABLE_NAME. */
export const routes = {
  'GET /user': route({
    caller: 'user',
    async handle({ caller }): Promise<UserDto> {
      const record = await getUser(caller.userId);
      if (!record) throw new NotFound('User not found');
      return toUserDto(record);
    },
  }),
} satisfies RouteImpls;

export const handler = createResourceHandler('user', routes);
