/**
 * Cognito errors → the one error body. Identity messages are passed on without their trailing
 * period (docs/accounts.md: "identity errors show the message without its trailing period").
 */
import { DomainError, Invalid, Rejected, TooManyRequests } from '../platform/errors.js';
import type { FieldIssue } from '../../shared/schemas/errors.js';

/** The exception name of an AWS SDK error (`UsernameExistsException`), or undefined. */
export function cognitoErrorName(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { name?: unknown; __type?: unknown };
  if (typeof e.name === 'string' && e.name.endsWith('Exception')) return e.name;
  if (typeof e.__type === 'string') return e.__type.split('#').pop();
  return undefined;
}

/** 'Incorrect username or password.' → 'Incorrect username or password'. */
export const withoutTrailingPeriod = (message: string): string => message.trim().replace(/\.+$/, '');

export const cognitoMessage = (err: unknown, fallback: string): string => {
  const m = (err as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m.trim() ? withoutTrailingPeriod(m) : fallback;
};

const THROTTLED = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

/**
 * The common part of every mapping: throttling → 429 with Cognito's message; other Cognito client
 * errors → 400 ClientError with Cognito's message (and the given field issues); anything else
 * (network, a bug, Cognito's own 5xx) is rethrown and becomes a 500 without internals.
 */
export function cognitoClientError(err: unknown, details?: FieldIssue[]): DomainError {
  const name = cognitoErrorName(err);
  if (!name) throw err;
  if (THROTTLED.has(name)) return new TooManyRequests(cognitoMessage(err, 'Attempt limit exceeded'));
  if (name === 'InternalErrorException' || name === 'UnexpectedLambdaException') throw err;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) throw err;
  const message = cognitoMessage(err, 'Invalid request');
  return details?.length ? new Invalid(details, message) : new Rejected(message);
}
