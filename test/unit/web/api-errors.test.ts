import { describe, expect, it } from 'vitest';
import { toServiceError } from '../../../web/src/api/errors';

describe('API error mapping (spec §8)', () => {
  it('maps 404 to ResourceNotFound whatever the body', () => {
    const error = toServiceError(404, JSON.stringify({ code: 'X', description: 'Gone' }));
    expect([error.code, error.message]).toEqual(['ResourceNotFound', 'Resource not found']);
  });

  it.each([null, undefined, '', '  '])('maps a response without a body (%j) to NetworkError', (body) => {
    expect(toServiceError(502, body).code).toBe('NetworkError');
  });

  it('maps the legacy cognito-exists and inactive codes to their messages', () => {
    expect(
      toServiceError(400, JSON.stringify({ code: 'USER.EXISTS.COGNITO.400', description: 'x' })),
    ).toMatchObject({
      code: 'CognitoUsernameExists',
      message: 'An account already exists with this email',
    });
    expect(toServiceError(403, JSON.stringify({ code: 'USER.INACTIVE.100' }))).toMatchObject({
      code: 'UserNotActive',
      message: 'User is not active',
    });
    expect(toServiceError(403, JSON.stringify({ code: 'UserNotActive', message: 'whatever' })).message).toBe(
      'User is not active',
    );
  });

  it('keeps the server description for the access-request codes and ClientError', () => {
    expect(
      toServiceError(409, JSON.stringify({ code: 'ACCESS.REQUEST.EXIST', description: 'Already requested' })),
    ).toMatchObject({
      code: 'AccessRequestExist',
      message: 'Already requested',
    });
    expect(
      toServiceError(400, JSON.stringify({ code: 'ClientError', message: 'Bad input', details: [1] })),
    ).toMatchObject({
      code: 'ClientError',
      message: 'Bad input',
      details: [1],
    });
  });

  it('maps anything else to ServerError with the description or "Error"', () => {
    expect(
      toServiceError(500, JSON.stringify({ code: 'Boom', description: 'Upstream failed' })),
    ).toMatchObject({
      code: 'ServerError',
      message: 'Upstream failed',
      status: 500,
    });
    expect(toServiceError(500, '<html>oops</html>')).toMatchObject({ code: 'ServerError', message: 'Error' });
  });
});
