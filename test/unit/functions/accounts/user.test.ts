import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { handler } from '../../../../functions/accounts/handler.js';
import { UserDto } from '../../../../shared/schemas/user.js';
import { httpEvent, lambdaContext, parseResponse, userClaims } from '../helpers.js';

vi.hoisted(() => {
  process.env.TABLE_NAME = 'portal-table';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

const ddb = mockClient(DynamoDBDocumentClient);
const storedUser = (extra: Record<string, unknown> = {}) => ({
  pk: '$portal#userId_user-1',
  sk: '$user_1',
  __edb_e__: 'user',
  __edb_v__: '1',
  userId: 'user-1',
  username: 'user-1',
  email: 'ana@example.nz',
  firstName: 'Ana',
  lastName: 'Tui',
  contactNumber: '021 555 0101',
  phoneCountryCode: '+64',
  address: {
    address1: '1 Queen Street',
    city: 'Auckland',
    country: 'NZ',
    zipCode: '1010',
    fullAddress: '1 Queen Street, Auckland 1010',
  },
  organisationId: 'org-1',
  organisationRole: 'Admin',
  defaultApplicationNotificationLevel: 'Watching',
  emailPreference: false,
  smsPreference: true,
  pushPreference: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

beforeEach(() => {
  ddb.reset();
  // No user-authority relations unless a test says otherwise (GET /user reads them).
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('GET /user', () => {
  it("returns the caller's record as the User DTO, read by the caller's sub", async () => {
    ddb.on(GetCommand).resolves({ Item: storedUser() });
    const res = parseResponse(
      await handler(httpEvent('GET /user', { claims: userClaims('user-1') }), lambdaContext),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      id: 'user-1',
      username: 'user-1',
      email: 'ana@example.nz',
      firstName: 'Ana',
      lastName: 'Tui',
      contactNumber: '021 555 0101',
      phoneCountryCode: '+64',
      address: {
        address1: '1 Queen Street',
        city: 'Auckland',
        country: 'NZ',
        zipCode: '1010',
        fullAddress: '1 Queen Street, Auckland 1010',
      },
      organisationId: 'org-1',
      organisationRole: 'Admin',
      defaultApplicationNotificationLevel: 'Watching',
      emailPreference: false,
      smsPreference: true,
      pushPreference: false,
      independentAuthorities: [],
    });
    expect(UserDto.parse(res.body)).toEqual(res.body);
    const get = ddb.commandCalls(GetCommand)[0]!.args[0].input;
    expect(get).toEqual({ TableName: 'portal-table', Key: { pk: '$portal#userId_user-1', sk: '$user_1' } });
  });

  it('an unknown organisation role reads as Normal; missing preferences get their defaults (email on)', async () => {
    const item = storedUser({ organisationRole: 'SuperUser' });
    for (const k of [
      'emailPreference',
      'smsPreference',
      'pushPreference',
      'defaultApplicationNotificationLevel',
      'organisationId',
    ]) {
      delete (item as Record<string, unknown>)[k];
    }
    ddb.on(GetCommand).resolves({ Item: item });
    const res = parseResponse(
      await handler(httpEvent('GET /user', { claims: userClaims('user-1') }), lambdaContext),
    );
    expect(res.body).toMatchObject({
      organisationRole: 'Normal',
      emailPreference: true,
      smsPreference: false,
      pushPreference: false,
      defaultApplicationNotificationLevel: 'Normal',
    });
    expect(res.body).not.toHaveProperty('organisationId');
  });

  it('no record → 404 ResourceNotFound', async () => {
    ddb.on(GetCommand).resolves({});
    const res = parseResponse(
      await handler(httpEvent('GET /user', { claims: userClaims('nobody') }), lambdaContext),
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({
      code: 'ResourceNotFound',
      message: 'Resource not found',
      description: 'User not found',
    });
  });

  it('no claims → 401 and no table read', async () => {
    const res = parseResponse(await handler(httpEvent('GET /user'), lambdaContext));
    expect(res.statusCode).toBe(401);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('a table failure → 500 ServerError without internals', async () => {
    ddb.on(GetCommand).rejects(new Error('ProvisionedThroughputExceeded on arn:aws:dynamodb:secret'));
    const res = parseResponse(await handler(httpEvent('GET /user', { claims: userClaims() }), lambdaContext));
    expect(res).toMatchObject({ statusCode: 500, body: { code: 'ServerError', message: 'Error' } });
  });
});
