import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CodeMismatchException,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ExpiredCodeException,
  InternalErrorException,
  InvalidParameterException,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UserLambdaValidationException,
  UsernameExistsException,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { handler } from '../../../../functions/accounts/handler.js';
import { handler as siteHandler } from '../../../../functions/site/handler.js';
import { captchaSettings } from '../../../../functions/platform/adapters/captcha.js';
import { httpEvent, lambdaContext, parseResponse } from '../helpers.js';
import { linkSecretHash } from '../../../../functions/platform/link-secrets.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.USER_POOL_ID = 'ap-southeast-2_pool';
  process.env.USER_POOL_CLIENT_ID = 'web-client';
  process.env.CAPTCHA_HMAC_SECRET = 'unit-test-secret';
  // The plumbing is tested here, not the work factor (test/unit/functions/platform/adapters/captcha.test.ts).
  process.env.CAPTCHA_COST = '50';
});

const cognito = mockClient(CognitoIdentityProviderClient);
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  cognito.reset();
  ddb.reset();
  // The rate limiter's counters (functions/platform/rate-limit.ts): first call of each window.
  ddb.on(UpdateCommand).resolves({ Attributes: { count: 1 } });
});

const WRONG_CODE = {
  statusCode: 400,
  body: {
    code: 'ClientError',
    message: 'Invalid verification code',
    details: [{ field: 'body.code', reason: 'Invalid verification code' }],
  },
};

const meta = { $metadata: {} };
const call = async (routeKey: string, opts: Parameters<typeof httpEvent>[1] = {}) =>
  parseResponse(await handler(httpEvent(routeKey, opts), lambdaContext));

/** A challenge from the route, solved as the widget does: the captchaToken. */
async function solvedToken(
  mutate?: (p: { challenge: Challenge; solution: unknown }) => void,
): Promise<string> {
  const res = await call('GET /public/captcha/challenge');
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  mutate?.(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const registration = (captchaToken: string, extra: Record<string, unknown> = {}) => ({
  email: ' Ana@Example.NZ ',
  firstName: 'Ana',
  lastName: 'Tui',
  password: 'Register#2025',
  acknowledgement: true,
  captchaToken,
  ...extra,
});

const captchaError = {
  code: 'ClientError',
  message: 'Please complete the CAPTCHA challenge',
  details: [{ field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' }],
};

describe('GET /public/captcha/challenge', () => {
  it('a signed PBKDF2 challenge with a short expiry, not cacheable', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await call('GET /public/captcha/challenge');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const c = res.body as Challenge;
    expect(c.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: captchaSettings.cost,
      keyLength: 32,
    });
    expect(c.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(c.parameters.expiresAt).toBeGreaterThanOrEqual(before + captchaSettings.ttlSeconds);
    expect(c.parameters.expiresAt).toBeLessThanOrEqual(before + captchaSettings.ttlSeconds + 2);
  });
});

describe('POST /public/user/registration', () => {
  it('verifies and records the captcha, then signs up with the names → {username}', async () => {
    ddb.on(PutCommand).resolves({});
    cognito.on(SignUpCommand).resolves({ UserSub: 'sub-1', UserConfirmed: false, ...meta });
    const token = await solvedToken();
    const res = await call('POST /public/user/registration', { body: registration(token) });
    expect(res).toMatchObject({ statusCode: 200, body: { username: 'sub-1' } });
    expect(cognito.commandCalls(SignUpCommand)[0]!.args[0].input).toEqual({
      ClientId: 'web-client',
      Username: 'ana@example.nz',
      Password: 'Register#2025',
      UserAttributes: [
        { Name: 'email', Value: 'ana@example.nz' },
        { Name: 'given_name', Value: 'Ana' },
        { Name: 'family_name', Value: 'Tui' },
      ],
    });
    const put = ddb.commandCalls(PutCommand)[0]!.args[0].input;
    const { challenge } = JSON.parse(Buffer.from(token, 'base64').toString()) as { challenge: Challenge };
    expect(put.Item).toMatchObject({
      pk: `$portal#signature_${challenge.signature}`,
      sk: '$captchaUse_1',
      expiresAt: challenge.parameters.expiresAt,
      ttl: challenge.parameters.expiresAt! + 3600,
    });
    expect(put.ConditionExpression).toContain('attribute_not_exists(#pk)');
  });

  it('a replayed solution (the guard exists) is the captcha error and signs up no one', async () => {
    ddb
      .on(PutCommand)
      .rejects(Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' }));
    const res = await call('POST /public/user/registration', { body: registration(await solvedToken()) });
    expect(res).toEqual({ statusCode: 400, headers: expect.anything(), body: captchaError });
    expect(cognito.commandCalls(SignUpCommand)).toHaveLength(0);
  });

  it.each([
    ['a forged signature', (p: { challenge: Challenge }) => void (p.challenge.signature = 'ab'.repeat(32))],
    [
      'changed parameters',
      (p: { challenge: Challenge }) =>
        void (p.challenge.parameters.expiresAt = p.challenge.parameters.expiresAt! + 1),
    ],
    [
      'a wrong key',
      (p: { solution: unknown }) =>
        void ((p.solution as { derivedKey: string }).derivedKey = '00'.repeat(32)),
    ],
  ])('%s is the captcha error with no table write and no Cognito call', async (_what, mutate) => {
    const res = await call('POST /public/user/registration', {
      body: registration(await solvedToken(mutate)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual(captchaError);
    expect(ddb.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it.each([
    ['not base64 JSON', '%%%not-a-payload%%%'],
    ['JSON of the wrong shape', Buffer.from('{"challenge":1}').toString('base64')],
    ['a huge token', 'A'.repeat(5000)],
  ])('%s is a 400 on body.captchaToken', async (_what, token) => {
    const res = await call('POST /public/user/registration', { body: registration(token) });
    expect(res.statusCode).toBe(400);
    expect((res.body as { details: { field: string }[] }).details).toEqual([
      { field: 'body.captchaToken', reason: expect.any(String) },
    ]);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('an expired challenge is the captcha error', async () => {
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now - (captchaSettings.ttlSeconds + 5) * 1000);
    const token = await solvedToken();
    spy.mockRestore();
    const res = await call('POST /public/user/registration', { body: registration(token) });
    expect(res.body).toEqual(captchaError);
  });

  it('bad fields are 400 with each field and reason, before any captcha or Cognito work', async () => {
    const res = await call('POST /public/user/registration', {
      body: {
        email: 'nope',
        firstName: '9lives',
        lastName: '',
        password: 'password',
        acknowledgement: false,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      code: 'ClientError',
      message: 'Invalid request',
      details: expect.arrayContaining([
        { field: 'body.email', reason: 'Invalid email format' },
        { field: 'body.firstName', reason: 'Please enter a name with a valid format' },
        { field: 'body.lastName', reason: 'Required' },
        {
          field: 'body.password',
          reason: 'Requires at least 8, upper, lower, numerical & special characters',
        },
        { field: 'body.acknowledgement', reason: 'Required' },
        { field: 'body.captchaToken', reason: 'Please complete the CAPTCHA challenge' },
      ]),
    });
    expect(ddb.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('wrong types, huge strings and a non-JSON body are 400 with the field', async () => {
    const types = await call('POST /public/user/registration', {
      body: {
        email: 42,
        firstName: ['a'],
        lastName: null,
        password: {},
        acknowledgement: 'yes',
        captchaToken: 1,
      },
    });
    expect(types.statusCode).toBe(400);
    const fields = (types.body as { details: { field: string }[] }).details.map((d) => d.field).sort();
    expect(fields).toEqual(
      ['acknowledgement', 'captchaToken', 'email', 'firstName', 'lastName', 'password'].map(
        (f) => `body.${f}`,
      ),
    );
    const huge = await call('POST /public/user/registration', {
      body: registration('token', { firstName: 'A'.repeat(101), email: `${'a'.repeat(250)}@x.nz` }),
    });
    expect(huge.statusCode).toBe(400);
    expect((huge.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', reason: 'Must be at most 100 characters' },
        { field: 'body.email', reason: 'Must be at most 254 characters' },
      ]),
    );
    const notJson = await call('POST /public/user/registration', { rawBody: '{"email":' });
    expect(notJson.body).toMatchObject({ details: [{ field: 'body', reason: 'Body is not valid JSON' }] });
    expect(cognito.calls()).toHaveLength(0);
  });

  it('UsernameExists → 400 USER.EXISTS.COGNITO.400 with the spec message', async () => {
    ddb.on(PutCommand).resolves({});
    cognito
      .on(SignUpCommand)
      .rejects(new UsernameExistsException({ message: 'User already exists', ...meta }));
    const res = await call('POST /public/user/registration', { body: registration(await solvedToken()) });
    expect(res).toMatchObject({
      statusCode: 400,
      body: { code: 'USER.EXISTS.COGNITO.400', message: 'An account already exists with this email' },
    });
  });

  it("InvalidPassword → 400 with the password message on body.password and Cognito's words (no period)", async () => {
    ddb.on(PutCommand).resolves({});
    cognito.on(SignUpCommand).rejects(
      new InvalidPasswordException({
        message: 'Password did not conform with policy: Password not long enough.',
        ...meta,
      }),
    );
    const res = await call('POST /public/user/registration', { body: registration(await solvedToken()) });
    expect(res).toMatchObject({
      statusCode: 400,
      body: {
        code: 'ClientError',
        message: 'Requires at least 8, upper, lower, numerical & special characters',
        description: 'Password did not conform with policy: Password not long enough',
        details: [
          {
            field: 'body.password',
            reason: 'Requires at least 8, upper, lower, numerical & special characters',
          },
        ],
      },
    });
  });

  it.each([
    [
      new LimitExceededException({ message: 'Attempt limit exceeded.', ...meta }),
      429,
      'ClientError',
      'Attempt limit exceeded',
    ],
    [
      new InvalidParameterException({ message: 'Bad attribute.', ...meta }),
      400,
      'ClientError',
      'Bad attribute',
    ],
    [new InternalErrorException({ message: 'boom', ...meta }), 500, 'ServerError', 'Error'],
    [new Error('socket hang up'), 500, 'ServerError', 'Error'],
  ])('%s → %i %s "%s"', async (err, statusCode, code, message) => {
    ddb.on(PutCommand).resolves({});
    cognito.on(SignUpCommand).rejects(err);
    expect(
      await call('POST /public/user/registration', { body: registration(await solvedToken()) }),
    ).toMatchObject({
      statusCode,
      body: { code, message },
    });
  });
});

describe('POST /public/user/registration/confirm', () => {
  const confirm = (body: unknown) => call('POST /public/user/registration/confirm', { body });

  it('confirms with ConfirmSignUp → 204', async () => {
    ddb.on(PutCommand).resolves({});
    cognito.on(ConfirmSignUpCommand).resolves(meta);
    const res = await confirm({ email: 'Ana@Example.nz', code: ' 123456 ' });
    expect(res.statusCode).toBe(204);
    expect(cognito.commandCalls(ConfirmSignUpCommand)[0]!.args[0].input).toEqual({
      ClientId: 'web-client',
      Username: 'ana@example.nz',
      ConfirmationCode: '123456',
    });
  });

  it.each([
    [
      new CodeMismatchException({
        message: 'Invalid verification code provided, please try again.',
        ...meta,
      }),
    ],
    [new ExpiredCodeException({ message: 'Invalid code provided, please request a code again.', ...meta })],
    [new UserNotFoundException({ message: 'Username/client id combination not found.', ...meta })],
  ])('%s → the one wrong-code answer, whatever Cognito said', async (err) => {
    cognito.on(ConfirmSignUpCommand).rejects(err);
    ddb.on(GetCommand).resolves({});
    expect(await confirm({ email: 'ana@example.nz', code: '000000' })).toEqual({
      ...WRONG_CODE,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });

  it('a confirmed user: the code that confirmed it → 204 (a second click); any other code → the wrong-code answer', async () => {
    ddb.on(PutCommand).resolves({});
    cognito.on(ConfirmSignUpCommand).resolvesOnce(meta);
    expect((await confirm({ email: 'ana@example.nz', code: '123456' })).statusCode).toBe(204);
    const remembered = ddb.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(JSON.stringify(remembered)).not.toContain('ana@');
    expect(JSON.stringify(remembered)).not.toContain('123456');

    cognito.on(ConfirmSignUpCommand).rejects(
      new NotAuthorizedException({
        message: 'User cannot be confirmed. Current status is CONFIRMED',
        ...meta,
      }),
    );
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-1', UserStatus: 'CONFIRMED', ...meta });
    ddb.on(GetCommand).resolves({ Item: remembered });
    expect((await confirm({ email: 'ana@example.nz', code: '123456' })).statusCode).toBe(204);
    expect(await confirm({ email: 'ana@example.nz', code: '654321' })).toMatchObject(WRONG_CODE);
  });

  it('over the limit → 429 with the error shape and Retry-After; Cognito is not asked', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { count: 11 } });
    const res = await confirm({ email: 'ana@example.nz', code: '123456' });
    expect(res).toMatchObject({
      statusCode: 429,
      body: { code: 'ClientError', message: 'Too many requests, please try again later' },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(cognito.commandCalls(ConfirmSignUpCommand)).toHaveLength(0);
  });

  it('a failing post-confirmation trigger is a 500 (the record could not be written)', async () => {
    cognito
      .on(ConfirmSignUpCommand)
      .rejects(
        new UserLambdaValidationException({ message: 'PostConfirmation failed with error x.', ...meta }),
      );
    expect(await confirm({ email: 'ana@example.nz', code: '123456' })).toMatchObject({
      statusCode: 500,
      body: { code: 'ServerError', message: 'Error' },
    });
  });

  it('missing or bad fields → 400 and no Cognito call', async () => {
    const res = await confirm({ email: 'x', code: '' });
    expect(res.body).toMatchObject({
      details: expect.arrayContaining([
        { field: 'body.email', reason: 'Invalid email format' },
        { field: 'body.code', reason: 'Required' },
      ]),
    });
    expect((await confirm(undefined)).statusCode).toBe(400);
    expect(cognito.calls()).toHaveLength(0);
  });
});

describe('POST /public/user/registration/resend', () => {
  const resend = (email: string) => call('POST /public/user/registration/resend', { body: { email } });

  it('an unconfirmed user gets a new code → 204', async () => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 'sub-1', UserStatus: 'UNCONFIRMED', ...meta });
    cognito.on(ResendConfirmationCodeCommand).resolves(meta);
    expect((await resend('Ana@example.nz')).statusCode).toBe(204);
    expect(cognito.commandCalls(ResendConfirmationCodeCommand)[0]!.args[0].input).toEqual({
      ClientId: 'web-client',
      Username: 'ana@example.nz',
    });
  });

  it('an unknown and a confirmed user answer exactly as an unconfirmed one (204, no body); no code is sent', async () => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 's', UserStatus: 'UNCONFIRMED', ...meta });
    cognito.on(ResendConfirmationCodeCommand).resolves(meta);
    const unconfirmed = await resend('ana@example.nz');
    cognito.reset();
    cognito
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }));
    const unknown = await resend('ghost@example.nz');
    cognito.reset();
    cognito.on(AdminGetUserCommand).resolves({ Username: 's', UserStatus: 'CONFIRMED', ...meta });
    const confirmed = await resend('done@example.nz');
    expect(unconfirmed).toEqual({ statusCode: 204, headers: {}, body: undefined });
    expect(unknown).toEqual(unconfirmed);
    expect(confirmed).toEqual(unconfirmed);
    expect(cognito.commandCalls(ResendConfirmationCodeCommand)).toHaveLength(0);
  });

  it.each([
    [new InvalidParameterException({ message: 'Cannot resend codes.', ...meta }), 400, 'Cannot resend codes'],
    [
      new LimitExceededException({ message: 'Attempt limit exceeded, please try after some time.', ...meta }),
      429,
      'Attempt limit exceeded, please try after some time',
    ],
  ])('Cognito refusing (%s) → %i ClientError', async (err, statusCode, message) => {
    cognito.on(AdminGetUserCommand).resolves({ Username: 's', UserStatus: 'UNCONFIRMED', ...meta });
    cognito.on(ResendConfirmationCodeCommand).rejects(err);
    expect(await resend('ana@example.nz')).toMatchObject({
      statusCode,
      body: { code: 'ClientError', message },
    });
  });

  it('a bad email → 400 on body.email and no Cognito call', async () => {
    expect((await resend('not an email')).body).toMatchObject({
      details: [{ field: 'body.email', reason: 'Invalid email format' }],
    });
    expect(cognito.calls()).toHaveLength(0);
  });
});

/** The secret of the invitation's mailed link, and what is stored of it. */
const CODE = 'Zm9yLXRoZS11bml0LXRlc3RzLW9ubHktMzItYnl0ZXM';
const HASH = linkSecretHash(CODE);
const LINK_KEY = { pk: `$portal#invitationTokenHash_${HASH}`, sk: '$organisationInvitationToken_1' };
const storedLink = {
  ...LINK_KEY,
  __edb_e__: 'organisationInvitationToken',
  __edb_v__: '1',
  invitationTokenHash: HASH,
  invitationId: 'inv-1',
  expiresAt: '2099-01-01T00:00:00.000Z',
  ttl: 4_070_995_200,
};
/** The table holds `link` and `invitation` (each may be absent). */
const stored = (
  invitation: Record<string, unknown> | null,
  link: Record<string, unknown> | null = storedLink,
) =>
  ddb.on(GetCommand).callsFake((input: { Key: { pk: string } }) => ({
    Item:
      (input.Key.pk === LINK_KEY.pk
        ? link
        : input.Key.pk === '$portal#invitationId_inv-1'
          ? invitation
          : null) ?? undefined,
  }));

const storedInvitation = (extra: Record<string, unknown> = {}) => ({
  pk: '$portal#invitationId_inv-1',
  sk: '$organisationInvitation_1',
  __edb_e__: 'organisationInvitation',
  __edb_v__: '1',
  invitationId: 'inv-1',
  organisationId: 'org-1',
  organisationName: 'Kauri Homes',
  email: 'new@example.nz',
  firstName: 'Hemi',
  status: 'Pending',
  sentDate: '2026-01-01T00:00:00.000Z',
  expiryDate: new Date(Date.now() + 86_400_000).toISOString(),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  tokenHash: HASH,
  ...extra,
});

describe('POST /public/organisation/invitations/lookup', () => {
  const lookup = (body: unknown = { invitationCode: CODE }) =>
    call('POST /public/organisation/invitations/lookup', { body });

  it("the link's secret of a Pending unexpired invitation → {email}; read by the secret's hash", async () => {
    stored(storedInvitation());
    expect(await lookup()).toMatchObject({ statusCode: 200, body: { email: 'new@example.nz' } });
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([
      LINK_KEY,
      { pk: '$portal#invitationId_inv-1', sk: '$organisationInvitation_1' },
    ]);
  });

  it.each([
    ['an unknown link', storedInvitation(), null],
    ['an accepted invitation', storedInvitation({ status: 'Accepted' }), storedLink],
    ['a revoked invitation', storedInvitation({ status: 'Revoked' }), storedLink],
    ['an expired invitation', storedInvitation({ expiryDate: '2020-01-01T00:00:00.000Z' }), storedLink],
    ['a link a newer one replaced', storedInvitation({ tokenHash: 'another-hash' }), storedLink],
  ])('%s → 404 ResourceNotFound', async (_what, invitation, link) => {
    stored(invitation, link);
    expect(await lookup()).toMatchObject({
      statusCode: 404,
      body: { code: 'ResourceNotFound', message: 'Resource not found' },
    });
  });

  it.each([
    [{}, 'Required'],
    [{ invitationCode: 'inv-1' }, 'Invitation code is not valid'],
    [{ invitationCode: '2e3d30a2-a78c-4c20-8830-13360bd12b91' }, 'Invitation code is not valid'],
  ])('%j → 400 on body.invitationCode, nothing read', async (body, reason) => {
    expect((await lookup(body)).body).toMatchObject({
      details: expect.arrayContaining([{ field: 'body.invitationCode', reason }]),
    });
    expect(ddb.calls()).toHaveLength(0);
  });
});

describe('POST /public/user/registration/invited', () => {
  const invited = (body: unknown = { invitationCode: CODE, password: 'Invited#2025' }) =>
    call('POST /public/user/registration/invited', { body });
  const created = {
    User: { Username: 'sub-9', Attributes: [{ Name: 'sub', Value: 'sub-9' }] },
    ...meta,
  };

  it('creates a verified, confirmed user, then the record, membership, the invitation Accepted (its link used up), UserRegistered and OrganisationInvitationClosed (the admins are told) in one transaction', async () => {
    stored(storedInvitation());
    ddb.on(TransactWriteCommand).resolves({});
    cognito.on(AdminCreateUserCommand).resolves(created);
    cognito.on(AdminSetUserPasswordCommand).resolves(meta);
    const res = await invited();
    expect(res).toMatchObject({ statusCode: 200, body: { username: 'sub-9' } });
    expect(cognito.commandCalls(AdminCreateUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'ap-southeast-2_pool',
      Username: 'new@example.nz',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'new@example.nz' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Hemi' },
      ],
    });
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'ap-southeast-2_pool',
      Username: 'sub-9',
      Password: 'Invited#2025',
      Permanent: true,
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(6);
    expect(items[0]!.Put).toMatchObject({
      Item: {
        pk: '$portal#userId_sub-9',
        userId: 'sub-9',
        username: 'sub-9',
        email: 'new@example.nz',
        organisationId: 'org-1',
        organisationRole: 'Normal',
        firstName: 'Hemi',
      },
      ConditionExpression: expect.stringContaining('attribute_not_exists(#pk)'),
    });
    expect(items[1]!.Put).toMatchObject({
      Item: { pk: '$portal#organisationId_org-1', userId: 'sub-9', role: 'Normal', status: 'Active' },
    });
    expect(items[2]!.Update).toMatchObject({
      Key: { pk: '$portal#invitationId_inv-1', sk: '$organisationInvitation_1' },
      ConditionExpression: expect.stringMatching(
        /#status = :status.* AND .*#expiryDate > :expiryDate.* AND .*#tokenHash = :tokenHash/,
      ),
      UpdateExpression: expect.stringContaining('REMOVE #tokenHash'),
    });
    expect(Object.values(items[2]!.Update!.ExpressionAttributeValues!)).toEqual(
      expect.arrayContaining(['Accepted', HASH]),
    );
    expect(items[4]!.Put).toMatchObject({
      Item: { type: 'UserRegistered', aggregateId: 'sub-9', data: { email: 'new@example.nz' } },
    });
    expect(items[5]!.Put).toMatchObject({
      Item: {
        type: 'OrganisationInvitationClosed',
        aggregateId: 'org-1',
        data: { invitationId: 'inv-1', status: 'Accepted', userId: 'sub-9' },
      },
    });
    // Nobody joins an organisation that merged into another (docs/accounts.md).
    expect(items[3]!.ConditionCheck).toMatchObject({
      Key: { pk: '$portal#organisationId_org-1' },
      ConditionExpression: 'attribute_not_exists(#mergedInto)',
    });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(0);
  });

  it('an invalid invitation → 404 and no Cognito call', async () => {
    stored(storedInvitation({ status: 'Accepted' }));
    expect(await invited()).toMatchObject({ statusCode: 404, body: { code: 'ResourceNotFound' } });
    expect(cognito.calls()).toHaveLength(0);
  });

  it('an existing account → 400 USER.EXISTS.COGNITO.400; nothing written', async () => {
    stored(storedInvitation());
    cognito.on(AdminCreateUserCommand).rejects(new UsernameExistsException({ message: 'exists', ...meta }));
    expect(await invited()).toMatchObject({
      statusCode: 400,
      body: { code: 'USER.EXISTS.COGNITO.400', message: 'An account already exists with this email' },
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('a refused password removes the new Cognito user → 400 on body.password', async () => {
    stored(storedInvitation());
    cognito.on(AdminCreateUserCommand).resolves(created);
    cognito
      .on(AdminSetUserPasswordCommand)
      .rejects(new InvalidPasswordException({ message: 'Password does not conform to policy.', ...meta }));
    cognito.on(AdminDeleteUserCommand).resolves(meta);
    expect(await invited()).toMatchObject({
      statusCode: 400,
      body: { details: [{ field: 'body.password' }] },
    });
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0]!.args[0].input).toEqual({
      UserPoolId: 'ap-southeast-2_pool',
      Username: 'sub-9',
    });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('an invitation used or revoked meanwhile (the transaction is cancelled) removes the Cognito user → 404', async () => {
    stored(storedInvitation());
    ddb.on(TransactWriteCommand).rejects(
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'ConditionalCheckFailed' },
          { Code: 'None' },
        ],
      }),
    );
    cognito.on(AdminCreateUserCommand).resolves(created);
    cognito.on(AdminSetUserPasswordCommand).resolves(meta);
    cognito.on(AdminDeleteUserCommand).resolves(meta);
    expect(await invited()).toMatchObject({ statusCode: 404, body: { code: 'ResourceNotFound' } });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it("the invitation's id (what its inviter reads back) → 400 before any lookup; no account", async () => {
    const res = await invited({ invitationCode: 'inv-1', uuid: 'inv-1', password: 'Invited#2025' });
    expect(res).toMatchObject({
      statusCode: 400,
      body: { details: [{ field: 'body.invitationCode', reason: 'Invitation code is not valid' }] },
    });
    expect(ddb.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });

  it('a weak password or missing code → 400 before any lookup', async () => {
    const res = await invited({ invitationCode: '', password: 'weak' });
    expect(res.body).toMatchObject({
      details: expect.arrayContaining([
        { field: 'body.invitationCode', reason: 'Required' },
        {
          field: 'body.password',
          reason: 'Requires at least 8, upper, lower, numerical & special characters',
        },
      ]),
    });
    expect(ddb.calls()).toHaveLength(0);
    expect(cognito.calls()).toHaveLength(0);
  });
});

const site = async (routeKey: string) => parseResponse(await siteHandler(httpEvent(routeKey), lambdaContext));

describe('site settings', () => {
  it('defaults: not in maintenance, no announcements', async () => {
    ddb.on(GetCommand).resolves({});
    expect(await site('GET /maintenance/maintenance.json')).toMatchObject({
      statusCode: 200,
      body: { isInMaintenance: false },
    });
    expect(await site('GET /announcements/announcements.json')).toMatchObject({ statusCode: 200, body: [] });
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([
      { pk: '$portal#name_maintenance', sk: '$siteSetting_1' },
      { pk: '$portal#name_announcements', sk: '$siteSetting_1' },
    ]);
  });

  it('stored values; an announcement that does not parse is left out', async () => {
    const item = (name: string, value: unknown) => ({
      Item: {
        pk: `$portal#name_${name}`,
        sk: '$siteSetting_1',
        __edb_e__: 'siteSetting',
        __edb_v__: '1',
        name,
        value,
        createdAt: 'x',
        updatedAt: 'x',
      },
    });
    ddb
      .on(GetCommand, { Key: { pk: '$portal#name_maintenance', sk: '$siteSetting_1' } })
      .resolves(item('maintenance', { isInMaintenance: true }));
    ddb
      .on(GetCommand, { Key: { pk: '$portal#name_announcements', sk: '$siteSetting_1' } })
      .resolves(item('announcements', [{ id: 'a1', header: 'Outage' }, { header: 'no id' }]));
    expect((await site('GET /maintenance/maintenance.json')).body).toEqual({ isInMaintenance: true });
    expect((await site('GET /announcements/announcements.json')).body).toEqual([
      { id: 'a1', header: 'Outage', severity: 'info', persistent: false },
    ]);
  });
});
