import type { ErrorBody } from '../../../shared/schemas/errors.js';
import { errorMessages } from '../../../shared/schemas/errors.js';
import { DomainError } from '../errors.js';
import type { DomainErrorKind } from '../errors.js';

/** The HTTP status of each kind of domain error. */
export const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  tooLarge: 413,
  upstream: 502,
  unavailable: 503,
  internal: 500,
};

export interface MappedError {
  statusCode: number;
  body: ErrorBody;
  /** True when the error was not an expected domain error (or was a 5xx): log it with its stack. */
  unexpected: boolean;
}

const serverError = (statusCode: number): MappedError => ({
  statusCode,
  body: { code: 'ServerError', message: errorMessages.ServerError },
  unexpected: true,
});

/**
 * The one mapper: any thrown value → a status and the one error body. Unknown values become 500
 * with message 'Error': nothing of the original message or stack reaches the body.
 */
export function mapError(err: unknown): MappedError {
  if (!(err instanceof DomainError)) return serverError(500);
  const statusCode = statusOfKind[err.kind];
  // An outside service's failure keeps the spec's message for the call (it carries no internals).
  if (err.kind === 'upstream')
    return { statusCode, body: { code: 'ServerError', message: err.message }, unexpected: false };
  // An unavailable dependency keeps the call's own message too (ServiceUnavailable: never internals).
  if (err.kind === 'unavailable')
    return { statusCode, body: { code: 'ServerError', message: err.message }, unexpected: true };
  if (statusCode >= 500) return serverError(statusCode);
  const body: ErrorBody = { code: err.code, message: err.message };
  if (err.description !== undefined) body.description = err.description;
  if (err.details !== undefined) body.details = err.details;
  return { statusCode, body, unexpected: false };
}
