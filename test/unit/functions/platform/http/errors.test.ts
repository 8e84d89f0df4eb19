import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../../../shared/schemas/errors.js';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  ServerError,
  ServiceUnavailable,
  Unauthorized,
} from '../../../../../functions/platform/errors.js';
import { mapError } from '../../../../../functions/platform/http/errors.js';

describe('mapError', () => {
  it('Invalid → 400 ClientError with the field issues', () => {
    const m = mapError(new Invalid([{ field: 'body.email', reason: 'Invalid email format' }]));
    expect(m).toEqual({
      statusCode: 400,
      body: {
        code: 'ClientError',
        message: 'Invalid request',
        details: [{ field: 'body.email', reason: 'Invalid email format' }],
      },
      unexpected: false,
    });
    expect(ErrorBody.parse(m.body)).toEqual(m.body);
  });

  it('Unauthorized → 401 ClientError', () => {
    expect(mapError(new Unauthorized())).toMatchObject({
      statusCode: 401,
      body: { code: 'ClientError', message: 'Unauthorized' },
    });
  });

  it('Forbidden → 403, with a spec code when given', () => {
    expect(mapError(new Forbidden())).toMatchObject({
      statusCode: 403,
      body: { code: 'ClientError', message: 'Forbidden' },
    });
    expect(mapError(new Forbidden('User is not active', 'USER.INACTIVE.100')).body).toEqual({
      code: 'USER.INACTIVE.100',
      message: 'User is not active',
    });
  });

  it("NotFound → 404 ResourceNotFound 'Resource not found' with the description", () => {
    expect(mapError(new NotFound('Application a1 not found'))).toEqual({
      statusCode: 404,
      body: {
        code: 'ResourceNotFound',
        message: 'Resource not found',
        description: 'Application a1 not found',
      },
      unexpected: false,
    });
  });

  it('Conflict → 409 with the server code and description kept', () => {
    const m = mapError(
      new Conflict('Access request exists', 'ACCESS.REQUEST.EXIST', 'Requested on 2025-01-02T00:00:00.000Z'),
    );
    expect(m).toEqual({
      statusCode: 409,
      body: {
        code: 'ACCESS.REQUEST.EXIST',
        message: 'Access request exists',
        description: 'Requested on 2025-01-02T00:00:00.000Z',
      },
      unexpected: false,
    });
  });

  it("ServerError and 503 → ServerError 'Error', flagged for logging", () => {
    expect(mapError(new ServerError())).toEqual({
      statusCode: 500,
      body: { code: 'ServerError', message: 'Error' },
      unexpected: true,
    });
    expect(mapError(new ServiceUnavailable({ cause: new Error('connect ECONNREFUSED') }))).toEqual({
      statusCode: 503,
      body: { code: 'ServerError', message: 'Error' },
      unexpected: true,
    });
    // With the call's message (the spec's), that message; the cause's words never.
    expect(
      mapError(
        new ServiceUnavailable({
          cause: new Error('gateway: HTTP 500'),
          message: 'Failed to claim online Payment',
        }),
      ),
    ).toEqual({
      statusCode: 503,
      body: { code: 'ServerError', message: 'Failed to claim online Payment' },
      unexpected: true,
    });
  });

  it('unknown values → 500 that never leaks the message or stack', () => {
    for (const thrown of [
      new Error('secret table arn:aws:dynamodb:xyz'),
      'boom',
      undefined,
      { statusCode: 400 },
    ]) {
      const m = mapError(thrown);
      expect(m).toEqual({
        statusCode: 500,
        body: { code: 'ServerError', message: 'Error' },
        unexpected: true,
      });
      expect(JSON.stringify(m.body)).not.toContain('secret');
    }
  });
});
