import type * as z from 'zod';
import type { UserDto } from '../../../shared/schemas/user.js';
import type { ChangePasswordRequest, UserPatchRequest } from '../../../shared/schemas/accounts.js';
import { readOrganisationRole } from '../../../shared/domain/user.js';
import { buildFullAddress } from '../../../shared/domain/address.js';
import { messages } from '../../../shared/domain/validation.js';
import { isConditionalCheckFailed } from '../../platform/data/conditional.js';
import type { UserCaller } from '../../platform/caller.js';
import { Invalid, NotFound, Rejected } from '../../platform/errors.js';
import type { IndependentAuthorityDto } from '../../reference/index.js';
import { cognitoClientError, cognitoErrorName, cognitoMessage } from '../cognito.js';
import type { UserPool } from '../repository/user-pool.js';
import type { UserProfilePatch, UserRecord } from '../repository/users.js';

/** What the profile service needs: the user records, the reference feature's authorities, the user pool. */
export interface ProfilePorts {
  users: {
    get(userId: string): Promise<UserRecord | undefined>;
    /** Patches an existing user's fields; fails with ConditionalCheckFailed when there is no such user. */
    updateProfile(userId: string, patch: UserProfilePatch): Promise<UserRecord>;
  };
  /** The user's own independent authorities (the reference feature's service). */
  independentAuthoritiesOf(userId: string, email: string | undefined): Promise<IndependentAuthorityDto[]>;
  userPool: Pick<UserPool, 'changePassword'>;
}

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

/** The record patch of a PATCH /user body: trimmed strings, and the full address built when absent. */
export function profilePatchOf(body: UserPatchRequest): UserProfilePatch {
  const patch: UserProfilePatch = {};
  if (body.firstName !== undefined) patch.firstName = body.firstName;
  if (body.lastName !== undefined) patch.lastName = body.lastName;
  if (body.contactNumber !== undefined) patch.contactNumber = body.contactNumber.trim();
  if (body.phoneCountryCode !== undefined) patch.phoneCountryCode = body.phoneCountryCode.trim();
  if (body.address !== undefined) {
    const own = body.address.fullAddress?.trim();
    patch.address = { ...body.address, fullAddress: own || buildFullAddress(body.address) };
  }
  if (body.defaultApplicationNotificationLevel !== undefined)
    patch.defaultApplicationNotificationLevel = body.defaultApplicationNotificationLevel;
  if (body.emailPreference !== undefined) patch.emailPreference = body.emailPreference;
  if (body.smsPreference !== undefined) patch.smsPreference = body.smsPreference;
  if (body.pushPreference !== undefined) patch.pushPreference = body.pushPreference;
  return patch;
}

/** The `sub` claim of a JWT, without verifying it (Cognito verifies the token itself). */
function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

/** The signed-in user's own record: profile, preferences, password (docs/accounts.md). */
export function profileService(ports: ProfilePorts) {
  /** The signed-in user and their own independent authorities (docs/accounts.md). */
  async function getProfile(caller: UserCaller) {
    const record = await ports.users.get(caller.userId);
    if (!record) throw new NotFound('User not found');
    // A user sees only their own independent authorities (docs/accounts.md).
    const independentAuthorities = await ports.independentAuthoritiesOf(record.userId, record.email);
    return { ...toUserDto(record), independentAuthorities };
  }

  /** Changes the signed-in user's profile or preferences. */
  async function updateProfile(
    caller: UserCaller,
    body: z.output<typeof UserPatchRequest>,
  ): Promise<UserDto> {
    const patch = profilePatchOf(body);
    if (Object.keys(patch).length === 0) {
      const record = await ports.users.get(caller.userId);
      if (!record) throw new NotFound('User not found');
      return toUserDto(record);
    }
    try {
      return toUserDto(await ports.users.updateProfile(caller.userId, patch));
    } catch (err) {
      if (isConditionalCheckFailed(err)) throw new NotFound('User not found');
      throw err;
    }
  }

  /** Changes the signed-in user's password with their access token (which must be theirs). */
  async function changePassword(
    caller: UserCaller,
    body: z.output<typeof ChangePasswordRequest>,
  ): Promise<void> {
    const sub = subjectOf(body.accessToken);
    if (sub !== undefined && sub !== caller.userId) {
      throw new Invalid(
        [{ field: 'body.accessToken', reason: 'The access token is not the signed-in user’s' }],
        'Invalid access token',
      );
    }
    try {
      await ports.userPool.changePassword({
        accessToken: body.accessToken,
        previousPassword: body.previousPassword,
        proposedPassword: body.proposedPassword,
      });
    } catch (err) {
      const name = cognitoErrorName(err);
      if (name === 'InvalidPasswordException') {
        throw new Invalid(
          [{ field: 'body.proposedPassword', reason: messages.password }],
          messages.password,
          cognitoMessage(err, messages.password),
        );
      }
      if (name === 'NotAuthorizedException') {
        const message = cognitoMessage(err, 'Incorrect username or password');
        const onPassword = /password/i.test(message);
        throw onPassword
          ? new Invalid([{ field: 'body.previousPassword', reason: message }], message)
          : new Rejected(message);
      }
      throw cognitoClientError(err);
    }
  }

  return { getProfile, updateProfile, changePassword };
}

export type ProfileService = ReturnType<typeof profileService>;
