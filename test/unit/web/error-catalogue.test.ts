import { describe, expect, it } from 'vitest';
import {
  identityError,
  networkError,
  toServiceError,
  withoutTrailingPeriod,
} from '../../../web/src/api/errors';
import { formatFullDate } from '../../../web/src/lib/dates';

const body = (value: object) => JSON.stringify(value);

describe('error catalogue (docs/content-guide.md)', () => {
  it('404 → ResourceNotFound "Resource not found"; fetching an application keeps the description', () => {
    const notFound = body({
      code: 'ResourceNotFound',
      message: 'Resource not found',
      description: 'No application 12',
    });
    expect(toServiceError(404, notFound)).toMatchObject({
      code: 'ResourceNotFound',
      message: 'Resource not found',
    });
    expect(toServiceError(404, notFound, { notFoundDescription: true })).toMatchObject({
      code: 'ResourceNotFound',
      message: 'No application 12',
    });
    expect(toServiceError(404, '', { notFoundDescription: true }).message).toBe('Resource not found');
  });

  it('no body → NetworkError; a fetch without response → NetworkError', () => {
    expect(toServiceError(500, '').code).toBe('NetworkError');
    expect(toServiceError(503, undefined).code).toBe('NetworkError');
    expect(networkError(new TypeError('Failed to fetch')).code).toBe('NetworkError');
  });

  it('USER.EXISTS.COGNITO.400 and USER.INACTIVE.100 carry their fixed messages', () => {
    expect(toServiceError(409, body({ code: 'USER.EXISTS.COGNITO.400', message: 'x' }))).toMatchObject({
      code: 'CognitoUsernameExists',
      message: 'An account already exists with this email',
    });
    expect(toServiceError(403, body({ code: 'USER.INACTIVE.100', message: 'x' }))).toMatchObject({
      code: 'UserNotActive',
      message: 'User is not active',
    });
  });

  it('the access-request codes keep the server description', () => {
    expect(
      toServiceError(
        409,
        body({ code: 'ACCESS.REQUEST.ALREADY.GRANTED', message: 'm', description: 'Granted already' }),
      ),
    ).toMatchObject({ code: 'AccessRequestAlreadyGranted', message: 'Granted already' });
    expect(
      toServiceError(
        409,
        body({ code: 'ACCESS.REQUEST.APPLICATION.NOT.EDITABLE', message: 'm', description: 'Locked' }),
      ),
    ).toMatchObject({ code: 'AccessRequestApplicationNotEditable', message: 'Locked' });
  });

  it('ACCESS.REQUEST.EXIST reformats ISO dates in its message as full dates', () => {
    // 10:30 AM in New Zealand (NZDT, UTC+13): dates are shown in New Zealand time.
    const sent = new Date('2025-03-03T21:30:00Z');
    const expires = new Date('2025-03-10T21:30:00Z');
    const description = `You requested access on ${sent.toISOString()}; it expires on ${expires.toISOString()}.`;
    const error = toServiceError(409, body({ code: 'ACCESS.REQUEST.EXIST', message: 'm', description }));
    expect(error.code).toBe('AccessRequestExist');
    expect(error.message).toBe(
      `You requested access on ${formatFullDate(sent)}; it expires on ${formatFullDate(expires)}.`,
    );
    expect(formatFullDate(sent)).toBe('4 Mar 2025 - 10:30 AM');
  });

  it('anything else is ServerError with the description or "Error"', () => {
    expect(toServiceError(500, body({ code: 'ServerError', message: 'Error' }))).toMatchObject({
      code: 'ServerError',
      message: 'Error',
    });
    expect(
      toServiceError(502, body({ code: 'Weird', message: 'internal', description: 'Try later' })),
    ).toMatchObject({
      code: 'ServerError',
      message: 'Try later',
    });
    expect(toServiceError(500, 'not json').message).toBe('Error');
  });

  it('ClientError keeps the server text and the field details', () => {
    const details = [{ field: 'body.firstName', reason: 'Required' }];
    expect(
      toServiceError(400, body({ code: 'ClientError', message: 'Invalid request', details })),
    ).toMatchObject({
      code: 'ClientError',
      message: 'Invalid request',
      details,
      status: 400,
    });
  });
});

describe('identity errors', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });

  it('UserNotConfirmedException on login → UserNotActive', () => {
    expect(identityError(named('UserNotConfirmedException', 'User is not confirmed.'))).toMatchObject({
      code: 'UserNotActive',
      message: 'User is not active',
    });
  });

  it('an unknown identity user is a client error; messages lose their trailing period', () => {
    expect(identityError(named('UserNotFoundException', 'User does not exist.'))).toMatchObject({
      code: 'ClientError',
      message: 'User does not exist',
    });
    expect(identityError(named('NotAuthorizedException', 'Incorrect username or password.'))).toMatchObject({
      code: 'ClientError',
      message: 'Incorrect username or password',
    });
    expect(identityError(named('UsernameExistsException', 'x')).code).toBe('CognitoUsernameExists');
    expect(identityError(named('InternalErrorException', 'Boom.'))).toMatchObject({
      code: 'ServerError',
      message: 'Boom',
    });
    expect(identityError('???')).toMatchObject({ code: 'ServerError', message: 'Error' });
    expect(withoutTrailingPeriod('Done... ')).toBe('Done');
  });
});
