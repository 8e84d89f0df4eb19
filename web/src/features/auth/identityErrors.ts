import { identityError } from '../../api/errors';

/**
 * Identity (Cognito through Amplify) errors: shown as their message without its trailing period
 * (docs/accounts.md), through en.json for the ones the account pages expect.
 */
export const identityMessageKeys = {
  CodeMismatchException: 'accountPages.identity.CodeMismatchException',
  ExpiredCodeException: 'accountPages.identity.ExpiredCodeException',
  LimitExceededException: 'accountPages.identity.LimitExceededException',
  TooManyRequestsException: 'accountPages.identity.LimitExceededException',
  InvalidPasswordException: 'accountPages.identity.InvalidPasswordException',
  UserNotFoundException: 'accountPages.identity.UserNotFoundException',
  NotAuthorizedException: 'accountPages.identity.NotAuthorizedException',
} as const;

export type IdentityMessageKey = (typeof identityMessageKeys)[keyof typeof identityMessageKeys];

export interface IdentityMessage {
  /** The en.json key for a known error name. */
  key?: IdentityMessageKey;
  /** The error's own message without the trailing period (for unknown names). */
  text: string;
}

/**
 * The message of an identity error for the account pages: the en.json key when the pages expect
 * that error, else the catalogue's message (web/src/api/errors.ts identityError: without its
 * trailing period).
 */
export function identityMessage(error: unknown): IdentityMessage {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
  const key = name ? (identityMessageKeys as Record<string, IdentityMessageKey>)[name] : undefined;
  return { key, text: identityError(error).message };
}
