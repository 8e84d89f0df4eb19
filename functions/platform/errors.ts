import type { ErrorCode, FieldIssue } from '../../shared/schemas/errors.js';
import { errorMessages } from '../../shared/schemas/errors.js';

/**
 * Domain errors: what services and repositories throw. They say what went wrong in the domain's
 * terms (not found, not allowed, conflicting, invalid), with the spec's code and message; they know
 * nothing of HTTP. The one mapper (functions/platform/http/errors.ts) turns them into a status and
 * the one error body `{ code, message, description?, details? }`.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooMany'
  | 'tooLarge'
  | 'upstream'
  | 'unavailable'
  | 'internal';

export class DomainError extends Error {
  override readonly name: string = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly description?: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }
}

/** Bad input, with the field issues (`body.email`, `query.pageSize`, `path.id`). */
export class Invalid extends DomainError {
  override readonly name: string = 'Invalid';
  constructor(details: FieldIssue[], message = 'Invalid request', description?: string) {
    super('invalid', 'ClientError', message, description, details);
  }
}

/** A request the domain refuses as it stands, without a field to point at (e.g. 'User is already confirmed'). */
export class Rejected extends DomainError {
  override readonly name: string = 'Rejected';
  constructor(message: string, code: ErrorCode = 'ClientError', description?: string) {
    super('invalid', code, message, description);
  }
}

/** No valid identity on a route that needs one. */
export class Unauthorized extends DomainError {
  override readonly name: string = 'Unauthorized';
  constructor(message = 'Unauthorized') {
    super('unauthenticated', 'ClientError', message);
  }
}

/** The caller may not do this. `code` may be a more specific spec code (e.g. USER.INACTIVE.100). */
export class Forbidden extends DomainError {
  override readonly name: string = 'Forbidden';
  constructor(message = 'Forbidden', code: ErrorCode = 'ClientError', description?: string) {
    super('forbidden', code, message, description);
  }
}

/** The record may not change in its current state (e.g. an application past Draft). */
export class Locked extends Forbidden {
  override readonly name: string = 'Locked';
}

/** Missing (or not visible to the caller): code ResourceNotFound, message 'Resource not found' unless given. */
export class NotFound extends DomainError {
  override readonly name: string = 'NotFound';
  constructor(description?: string, message: string = errorMessages.ResourceNotFound) {
    super('notFound', 'ResourceNotFound', message, description);
  }
}

/** The request conflicts with the current state (a stale etag, ACCESS.REQUEST.EXIST). */
export class Conflict extends DomainError {
  override readonly name: string = 'Conflict';
  constructor(message: string, code: ErrorCode = 'ClientError', description?: string) {
    super('conflict', code, message, description);
  }
}

/** Too many attempts (Cognito LimitExceeded / TooManyRequests / TooManyFailedAttempts). */
export class TooManyRequests extends DomainError {
  override readonly name: string = 'TooManyRequests';
  constructor(
    message = 'Too many requests, please try again later',
    description?: string,
    /** Seconds until a new attempt may succeed: the `Retry-After` header. */
    readonly retryAfterSeconds?: number,
  ) {
    super('tooMany', 'ClientError', message, description);
  }
}

/** A request body over its route's limit: refused before it is read (no JSON parsing, no sanitising). */
export class PayloadTooLarge extends DomainError {
  override readonly name: string = 'PayloadTooLarge';
  constructor(maxBytes: number) {
    super('tooLarge', 'ClientError', 'Request body is too large', undefined, [
      { field: 'body', reason: `Must be at most ${maxBytes} bytes` },
    ]);
  }
}

/** Something failed that the caller cannot fix; the body never carries internals (message 'Error'). */
export class ServerError extends DomainError {
  override readonly name: string = 'ServerError';
  constructor(options?: { cause?: unknown }) {
    super('internal', 'ServerError', errorMessages.ServerError);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * A dependency (e.g. the table, the card gateway) is unreachable: a retry may succeed. `message` is
 * the spec's message for the call where it has one ('Failed to claim online Payment'), never the
 * dependency's own words; without it, 'Error'.
 */
export class ServiceUnavailable extends DomainError {
  override readonly name: string = 'ServiceUnavailable';
  constructor(options?: { cause?: unknown; message?: string }) {
    super('unavailable', 'ServerError', options?.message ?? errorMessages.ServerError);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * An outside service (NZ Post, LINZ, the LBP register) failed. Its message is the spec's message for
 * the call ('Fail to retrieve the address information'), never the service's own words.
 */
export class UpstreamFailed extends DomainError {
  override readonly name: string = 'UpstreamFailed';
  constructor(message: string, options?: { cause?: unknown }) {
    super('upstream', 'ServerError', message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
