import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  LimitExceededException,
  NotAuthorizedException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../../functions/accounts/handler.js';
import { UserDto } from '../../../../shared/schemas/user.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => {
  ddb.reset();
  cognito.reset();
});

const meta = { $metadata: {} };
const call = async (routeKey: string, body?: unknown, claims: Record<string, string> | null = userClaims()) =>
  parseResponse(
    await handler(
      httpEvent(routeKey, { ...(body !== undefined ? { body } : {}), ...(claims ? { claims } : {}) }),
      lambdaContext,
    ),
  );

const record = (extra: Record<string, unknown> = {}) => ({
  userId: 'user-1',
  username: 'user-1',
  email: 'ana@example.nz',
  firstName: 'Ana',
  lastName: 'Tui',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
  ...extra,
});

describe('PATCH /user', () => {
  it('patches only the given fields of the caller, builds the full address, and returns the User DTO', async () => {
    ddb.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, unknown> }) => ({
      Attributes: record({
        contactNumber: '021 555 0101',
        address: Object.values(input.ExpressionAttributeValues).find(
          (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && 'city' in v,
        ),
        smsPreference: true,
      }),
    }));
    const res = await call('PATCH /user', {
      contactNumber: ' 021 555 0101 ',
      address: { address1: '1 Queen Street', city: 'Auckland', zipCode: '1010' },
      smsPreference: true,
    });
    expect(res.statusCode).toBe(200);
    expect(UserDto.parse(res.body)).toMatchObject({
      id: 'user-1',
      contactNumber: '021 555 0101',
      address: { fullAddress: '1 Queen Street, Auckland 1010' },
      smsPreference: true,
      emailPreference: true,
    });
    const update = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ pk: '$portal#userId_user-1', sk: '$user_1' });
    expect(update.ConditionExpression).toContain('attribute_exists(#pk)');
    const values = Object.values(update.ExpressionAttributeValues!);
    expect(values).toContain('0215550101');
    expect(values).toContainEqual({
      address1: '1 Queen Street',
      city: 'Auckland',
      zipCode: '1010',
      fullAddress: '1 Queen Street, Auckland 1010',
    });
    expect(update.UpdateExpression).not.toMatch(/#firstName|#lastName|#emailPreference/);
  });

  it('keeps a full address the client gives', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: record() });
    await call('PATCH /user', {
      address: { address1: '1 Queen St', fullAddress: '1 Queen St, Auckland Central' },
    });
    const values = Object.values(
      ddb.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues!,
    );
    expect(values).toContainEqual({ address1: '1 Queen St', fullAddress: '1 Queen St, Auckland Central' });
  });

  it('an empty patch returns the record unchanged; an unknown user is 404', async () => {
    ddb.on(GetCommand).resolves({
      Item: { ...record(), pk: '$portal#userId_user-1', sk: '$user_1', __edb_e__: 'user', __edb_v__: '1' },
    });
    expect((await call('PATCH /user', {})).body).toMatchObject({ id: 'user-1' });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    ddb
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('nope'), { name: 'ConditionalCheckFailedException' }));
    expect(await call('PATCH /user', { firstName: 'Ana' })).toMatchObject({
      statusCode: 404,
      body: { code: 'ResourceNotFound', message: 'Resource not found' },
    });
  });

  it('bad fields, unknown fields and huge strings are 400 with field and reason; nothing is written', async () => {
    const res = await call('PATCH /user', {
      firstName: '1abc',
      contactNumber: '12',
      defaultApplicationNotificationLevel: 'Loud',
      emailPreference: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect((res.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', reason: 'Please enter a name with a valid format' },
        { field: 'body.defaultApplicationNotificationLevel', reason: expect.any(String) },
        { field: 'body.emailPreference', reason: expect.any(String) },
      ]),
    );
    expect((await call('PATCH /user', { contactNumber: '12345' })).body).toMatchObject({
      details: [{ field: 'body.contactNumber', reason: 'Contact number is not valid' }],
    });
    expect((await call('PATCH /user', { contactNumber: '123', phoneCountryCode: '+61' })).statusCode).toBe(
      400,
    );
    expect((await call('PATCH /user', { email: 'x@y.nz' })).statusCode).toBe(400);
    expect((await call('PATCH /user', { address: { city: 'A'.repeat(300) } })).body).toMatchObject({
      details: [{ field: 'body.address.city', reason: 'Must be at most 256 characters' }],
    });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('without a signed-in caller → 401', async () => {
    expect((await call('PATCH /user', { firstName: 'Ana' }, null)).statusCode).toBe(401);
  });
});

/** A JWT-shaped token with the given subject (Cognito verifies the real one). */
const accessToken = (sub: string) =>
  [
    'eyJhbGciOiJSUzI1NiJ9',
    Buffer.from(JSON.stringify({ sub, token_use: 'access' })).toString('base64url'),
    'sig',
  ].join('.');

describe('PUT /user/password', () => {
  const change = (extra: Record<string, unknown> = {}) =>
    call('PUT /user/password', {
      accessToken: accessToken('user-1'),
      previousPassword: 'Current#2025',
      proposedPassword: 'Proposed#2025',
      ...extra,
    });

  it('ChangePassword with the access token → 204', async () => {
    cognito.on(ChangePasswordCommand).resolves(meta);
    expect((await change()).statusCode).toBe(204);
    expect(cognito.commandCalls(ChangePasswordCommand)[0]!.args[0].input).toEqual({
      AccessToken: accessToken('user-1'),
      PreviousPassword: 'Current#2025',
      ProposedPassword: 'Proposed#2025',
    });
  });

  it("a wrong current password → 400 with Cognito's message without its period, on body.previousPassword", async () => {
    cognito
      .on(ChangePasswordCommand)
      .rejects(new NotAuthorizedException({ message: 'Incorrect username or password.', ...meta }));
    expect(await change()).toMatchObject({
      statusCode: 400,
      body: {
        code: 'ClientError',
        message: 'Incorrect username or password',
        details: [{ field: 'body.previousPassword', reason: 'Incorrect username or password' }],
      },
    });
  });

  it('an expired access token → 400 with the message and no field', async () => {
    cognito
      .on(ChangePasswordCommand)
      .rejects(new NotAuthorizedException({ message: 'Access Token has expired', ...meta }));
    const res = await change();
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ code: 'ClientError', message: 'Access Token has expired' });
  });

  it('a refused new password → 400 with the password message on body.proposedPassword', async () => {
    cognito.on(ChangePasswordCommand).rejects(
      new InvalidPasswordException({
        message: 'Password did not conform with policy: Password not long enough',
        ...meta,
      }),
    );
    expect(await change()).toMatchObject({
      statusCode: 400,
      body: {
        message: 'Requires at least 8, upper, lower, numerical & special characters',
        details: [
          {
            field: 'body.proposedPassword',
            reason: 'Requires at least 8, upper, lower, numerical & special characters',
          },
        ],
      },
    });
  });

  it('too many attempts → 429 ClientError', async () => {
    cognito.on(ChangePasswordCommand).rejects(
      new LimitExceededException({
        message: 'Attempt limit exceeded, please try after some time.',
        ...meta,
      }),
    );
    expect(await change()).toMatchObject({
      statusCode: 429,
      body: { code: 'ClientError', message: 'Attempt limit exceeded, please try after some time' },
    });
  });

  it("another user's access token, a weak or missing password → 400 without a Cognito call", async () => {
    expect((await change({ accessToken: accessToken('someone-else') })).body).toMatchObject({
      details: [{ field: 'body.accessToken' }],
    });
    expect((await change({ proposedPassword: 'weakpass' })).body).toMatchObject({
      details: [
        {
          field: 'body.proposedPassword',
          reason: 'Requires at least 8, upper, lower, numerical & special characters',
        },
      ],
    });
    expect((await call('PUT /user/password', { accessToken: 't' })).body).toMatchObject({
      details: expect.arrayContaining([
        { field: 'body.previousPassword', reason: 'Required' },
        { field: 'body.proposedPassword', reason: 'Required' },
      ]),
    });
    expect(cognito.calls()).toHaveLength(0);
  });
});
