import { describe, expect, it } from 'vitest';
import { profileService } from '../../../../../functions/accounts/service/profile.js';
import type { ProfilePorts } from '../../../../../functions/accounts/service/profile.js';
import type { UserProfilePatch, UserRecord } from '../../../../../functions/accounts/repository/users.js';
import type { IndependentAuthorityDto } from '../../../../../functions/reference/service.js';

const PASSWORD_MESSAGE = 'Requires at least 8, upper, lower, numerical & special characters';

const cognitoError = (name: string, message: string, httpStatusCode = 400) =>
  Object.assign(new Error(message), { name, $metadata: { httpStatusCode } });

const record = (extra: Partial<UserRecord> = {}): UserRecord =>
  ({
    userId: 'user-1',
    username: 'user-1',
    email: 'ana@example.nz',
    firstName: 'Ana',
    lastName: 'Tui',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...extra,
  }) as UserRecord;

const ibca = { id: 'ibca', displayName: 'IBCA', defaultIndependent: true } as IndependentAuthorityDto;

/** The profile service with fake ports: an in-memory user table, fixed authorities, a user pool recording calls. */
function world(users: UserRecord[] = [record()]) {
  const rows = new Map(users.map((u) => [u.userId, { ...u }]));
  const patches: { userId: string; patch: UserProfilePatch }[] = [];
  const authorityCalls: [string, string | undefined][] = [];
  const passwordCalls: unknown[] = [];
  const fail: { update?: Error; changePassword?: Error } = {};
  const ports: ProfilePorts = {
    users: {
      get: async (userId) => rows.get(userId),
      updateProfile: async (userId, patch) => {
        if (fail.update) throw fail.update;
        patches.push({ userId, patch });
        const row = rows.get(userId);
        if (!row)
          throw Object.assign(new Error('The conditional request failed'), {
            name: 'ConditionalCheckFailedException',
          });
        Object.assign(row, patch);
        return { ...row };
      },
    },
    independentAuthoritiesOf: async (userId, email) => {
      authorityCalls.push([userId, email]);
      return userId === 'user-1' ? [ibca] : [];
    },
    userPool: {
      changePassword: async (input) => {
        passwordCalls.push(input);
        if (fail.changePassword) throw fail.changePassword;
      },
    },
  };
  return { service: profileService(ports), rows, patches, authorityCalls, passwordCalls, fail };
}

const me = { kind: 'user', userId: 'user-1' } as const;

describe('profile service: GET /user (fake ports)', () => {
  it("the caller's User DTO and their own independent authorities (read by their id and e-mail)", async () => {
    const w = world([
      record({
        contactNumber: '021 555 0101',
        organisationId: 'org-1',
        organisationRole: 'Admin',
        emailPreference: false,
        smsPreference: true,
        defaultApplicationNotificationLevel: 'Watching',
      }),
    ]);
    expect(await w.service.getProfile(me)).toEqual({
      id: 'user-1',
      username: 'user-1',
      email: 'ana@example.nz',
      firstName: 'Ana',
      lastName: 'Tui',
      contactNumber: '021 555 0101',
      organisationId: 'org-1',
      organisationRole: 'Admin',
      defaultApplicationNotificationLevel: 'Watching',
      emailPreference: false,
      smsPreference: true,
      pushPreference: false,
      independentAuthorities: [ibca],
    });
    expect(w.authorityCalls).toEqual([['user-1', 'ana@example.nz']]);
  });

  it('an unknown organisation role reads as Normal; missing preferences default (e-mail on); absent fields stay absent', async () => {
    const w = world([record({ organisationRole: 'SuperUser' as never, firstName: undefined })]);
    const dto = await w.service.getProfile(me);
    expect(dto).toMatchObject({
      organisationRole: 'Normal',
      defaultApplicationNotificationLevel: 'Normal',
      emailPreference: true,
      smsPreference: false,
      pushPreference: false,
    });
    for (const k of ['firstName', 'contactNumber', 'phoneCountryCode', 'address', 'organisationId'])
      expect(dto).not.toHaveProperty(k);
  });

  it('no record → NotFound "User not found"; no authorities read', async () => {
    const w = world([]);
    await expect(w.service.getProfile(me)).rejects.toMatchObject({
      kind: 'notFound',
      description: 'User not found',
    });
    expect(w.authorityCalls).toEqual([]);
  });
});

describe('profile service: PATCH /user (fake ports)', () => {
  it('writes only the given fields, trimmed, and returns the User DTO', async () => {
    const w = world();
    const dto = await w.service.updateProfile(me, {
      contactNumber: ' 021 555 0101 ',
      phoneCountryCode: ' +64 ',
      smsPreference: true,
      defaultApplicationNotificationLevel: 'Muted',
    });
    expect(w.patches).toEqual([
      {
        userId: 'user-1',
        patch: {
          contactNumber: '021 555 0101',
          phoneCountryCode: '+64',
          smsPreference: true,
          defaultApplicationNotificationLevel: 'Muted',
        },
      },
    ]);
    expect(dto).toMatchObject({
      id: 'user-1',
      firstName: 'Ana',
      contactNumber: '021 555 0101',
      smsPreference: true,
      emailPreference: true,
    });
    expect(dto).not.toHaveProperty('independentAuthorities');
  });

  it('builds the full address when none (or a blank one) is given; keeps one the client gives', async () => {
    const w = world();
    await w.service.updateProfile(me, {
      address: { address1: '1 Queen Street', city: 'Auckland', zipCode: '1010' },
    });
    await w.service.updateProfile(me, { address: { address1: '1 Queen Street', fullAddress: '  ' } });
    await w.service.updateProfile(me, {
      address: { address1: '1 Queen St', fullAddress: ' 1 Queen St, Auckland Central ' },
    });
    expect(w.patches.map((p) => p.patch.address)).toEqual([
      {
        address1: '1 Queen Street',
        city: 'Auckland',
        zipCode: '1010',
        fullAddress: '1 Queen Street, Auckland 1010',
      },
      { address1: '1 Queen Street', fullAddress: '1 Queen Street' },
      { address1: '1 Queen St', fullAddress: '1 Queen St, Auckland Central' },
    ]);
  });

  it('names and every preference are written as given', async () => {
    const w = world();
    await w.service.updateProfile(me, {
      firstName: 'Aroha',
      lastName: 'Ngata',
      emailPreference: false,
      smsPreference: false,
      pushPreference: true,
    });
    expect(w.patches[0]!.patch).toEqual({
      firstName: 'Aroha',
      lastName: 'Ngata',
      emailPreference: false,
      smsPreference: false,
      pushPreference: true,
    });
  });

  it('an empty patch writes nothing and returns the record; an unknown user is NotFound', async () => {
    const w = world();
    expect(await w.service.updateProfile(me, {})).toMatchObject({ id: 'user-1', firstName: 'Ana' });
    expect(w.patches).toEqual([]);
    await expect(w.service.updateProfile({ kind: 'user', userId: 'nobody' }, {})).rejects.toMatchObject({
      kind: 'notFound',
      description: 'User not found',
    });
  });

  it('a patch of a user without a record (the conditional write fails) is NotFound; other failures are rethrown', async () => {
    const w = world();
    await expect(
      w.service.updateProfile({ kind: 'user', userId: 'nobody' }, { firstName: 'Ana' }),
    ).rejects.toMatchObject({ kind: 'notFound', description: 'User not found' });
    const boom = new Error('throttled');
    w.fail.update = boom;
    await expect(w.service.updateProfile(me, { firstName: 'Ana' })).rejects.toBe(boom);
  });
});

/** A JWT-shaped token with the given subject (Cognito verifies the real one). */
const accessToken = (sub: string) =>
  [
    'eyJhbGciOiJSUzI1NiJ9',
    Buffer.from(JSON.stringify({ sub, token_use: 'access' })).toString('base64url'),
    'sig',
  ].join('.');

describe('profile service: PUT /user/password (fake ports)', () => {
  const change = (extra: Record<string, string> = {}) => ({
    accessToken: accessToken('user-1'),
    previousPassword: 'Current#2025',
    proposedPassword: 'Proposed#2025',
    ...extra,
  });

  it("changes the password with the caller's access token", async () => {
    const w = world();
    await w.service.changePassword(me, change());
    expect(w.passwordCalls).toEqual([change()]);
  });

  it("another user's access token → 'Invalid access token' on body.accessToken, and no pool call", async () => {
    const w = world();
    await expect(
      w.service.changePassword(me, change({ accessToken: accessToken('someone-else') })),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Invalid access token',
      details: [{ field: 'body.accessToken', reason: 'The access token is not the signed-in user’s' }],
    });
    expect(w.passwordCalls).toEqual([]);
  });

  it('a token whose subject cannot be read is left to the pool to judge', async () => {
    const w = world();
    for (const token of ['opaque', 'a.%%%.c', `a.${Buffer.from('{"sub":1}').toString('base64url')}.c`])
      await w.service.changePassword(me, change({ accessToken: token }));
    expect(w.passwordCalls).toHaveLength(3);
  });

  it("a refused new password → the password message on body.proposedPassword, Cognito's words as description", async () => {
    const w = world();
    w.fail.changePassword = cognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough.',
    );
    await expect(w.service.changePassword(me, change())).rejects.toMatchObject({
      kind: 'invalid',
      message: PASSWORD_MESSAGE,
      description: 'Password did not conform with policy: Password not long enough',
      details: [{ field: 'body.proposedPassword', reason: PASSWORD_MESSAGE }],
    });
  });

  it('a wrong current password → its message without the period on body.previousPassword', async () => {
    const w = world();
    w.fail.changePassword = cognitoError('NotAuthorizedException', 'Incorrect username or password.');
    await expect(w.service.changePassword(me, change())).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Incorrect username or password',
      details: [{ field: 'body.previousPassword', reason: 'Incorrect username or password' }],
    });
  });

  it('another NotAuthorized (an expired token) → its message on no field', async () => {
    const w = world();
    w.fail.changePassword = cognitoError('NotAuthorizedException', 'Access Token has expired');
    const err = await w.service.changePassword(me, change()).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'invalid', code: 'ClientError', message: 'Access Token has expired' });
    expect((err as { details?: unknown }).details).toBeUndefined();
  });

  it('too many attempts → too many requests; a Cognito fault is rethrown', async () => {
    const w = world();
    w.fail.changePassword = cognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
    await expect(w.service.changePassword(me, change())).rejects.toMatchObject({
      kind: 'tooMany',
      message: 'Attempt limit exceeded, please try after some time',
    });
    const fault = cognitoError('InternalErrorException', 'boom', 500);
    w.fail.changePassword = fault;
    await expect(w.service.changePassword(me, change())).rejects.toBe(fault);
  });
});
