/**
 * Identity (Cognito through Amplify) errors: shown as their message without its trailing period
 * (portal-core §8), through en.json for the ones the account pages expect.
 */
export const identityMessageKeys = {
  CodeMismatchException: 'auth.identity.CodeMismatchException',
  ExpiredCodeException: 'auth.identity.ExpiredCodeException',
  LimitExceededException: 'auth.identity.LimitExceededException',
  TooManyRequestsException: 'auth.identity.LimitExceededException',
  InvalidPasswordException: 'auth.identity.InvalidPasswordException',
  UserNotFoundException: 'auth.identity.UserNotFoundException',
  NotAuthorizedException: 'auth.identity.NotAuthorizedException',
} as const;

export type IdentityMessageKey = (typeof identityMessageKeys)[keyof typeof identityMessageKeys];

export interface IdentityMessage {
  /** The en.json key for a known error name. */
  key?: IdentityMessageKey;
  /** The error's own message without the trailing period (for unknown names). */
  text: string;
}

export function withoutTrailingPeriod(message: string): string {
  return message.trim().replace(/\.+$/, '');
}

export function identityMessage(error: unknown): IdentityMessage {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
  const raw =
    typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
      ? error.message
      : '';
  const key = name ? (identityMessageKeys as Record<string, IdentityMessageKey>)[name] : undefined;
  return { key, text: withoutTrailingPeriod(raw) || 'Error' };
}
