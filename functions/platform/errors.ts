import type { ErrorBody, ErrorCode, FieldIssue } from '../../shared/schemas/errors.js';
import { errorMessages } from '../../shared/schemas/errors.js';

/** An error that becomes an HTTP response with the one error body (shared/schemas/errors.ts). */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly description?: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: this.message };
    if (this.description !== undefined) body.description = this.description;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

/** 400: bad input, with the field issues (`body.email`, `query.pageSize`, `path.id`). */
export class BadRequest extends HttpError {
  override readonly name: string = 'BadRequest';
  constructor(details: FieldIssue[], message = 'Invalid request', description?: string) {
    super(400, 'ClientError', message, description, details);
  }
}

/** 401: a protected route called without a valid identity. */
export class Unauthorized extends HttpError {
  override readonly name: string = 'Unauthorized';
  constructor(message = 'Unauthorized') {
    super(401, 'ClientError', message);
  }
}

/** 403: the caller may not do this. `code` may be a more specific spec code (e.g. USER.INACTIVE.100). */
export class Forbidden extends HttpError {
  override readonly name: string = 'Forbidden';
  constructor(message = 'Forbidden', code: ErrorCode = 'ClientError', description?: string) {
    super(403, code, message, description);
  }
}

/** 404: code ResourceNotFound, message 'Resource not found'; the description may say what is missing. */
export class NotFound extends HttpError {
  override readonly name: string = 'NotFound';
  constructor(description?: string) {
    super(404, 'ResourceNotFound', errorMessages.ResourceNotFound, description);
  }
}

/** 409: the request conflicts with the current state (e.g. ACCESS.REQUEST.EXIST). */
export class Conflict extends HttpError {
  override readonly name: string = 'Conflict';
  constructor(message: string, code: ErrorCode = 'ClientError', description?: string) {
    super(409, code, message, description);
  }
}

/** 500 (or another 5xx): never carries internals; the message is always 'Error'. */
export class ServerError extends HttpError {
  override readonly name: string = 'ServerError';
  constructor(statusCode = 500, options?: { cause?: unknown }) {
    super(statusCode, 'ServerError', errorMessages.ServerError);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** 503: a dependency (e.g. the table) is unreachable. */
export class ServiceUnavailable extends ServerError {
  override readonly name: string = 'ServiceUnavailable';
  constructor(options?: { cause?: unknown }) {
    super(503, options);
  }
}

export interface MappedError {
  statusCode: number;
  body: ErrorBody;
  /** True when the error was not an expected HttpError (or was a 5xx): log it with its stack. */
  unexpected: boolean;
}

/**
 * Turns any thrown value into a status and the error body. Unknown values become 500 with message
 * 'Error': nothing of the original message or stack reaches the body.
 */
export function mapError(err: unknown): MappedError {
  if (err instanceof HttpError) {
    if (err.statusCode >= 500) {
      return {
        statusCode: err.statusCode,
        body: { code: 'ServerError', message: errorMessages.ServerError },
        unexpected: true,
      };
    }
    return { statusCode: err.statusCode, body: err.toBody(), unexpected: false };
  }
  return {
    statusCode: 500,
    body: { code: 'ServerError', message: errorMessages.ServerError },
    unexpected: true,
  };
}

/** 429: too many attempts (Cognito LimitExceeded / TooManyRequests / TooManyFailedAttempts). */
export class TooManyRequests extends HttpError {
  override readonly name: string = 'TooManyRequests';
  constructor(message = 'Too many requests, please try again later', description?: string) {
    super(429, 'ClientError', message, description);
  }
}
