/**
 * The spec's service error catalogue (docs/content-guide.md): non-2xx responses and
 * identity (Amplify/Cognito) failures become a ServiceError with one of these codes. Pure, so every
 * mapping is unit-tested in Node.
 */
import { reformatIsoDates } from '../../../shared/domain/dates';

export const SERVICE_ERROR_CODES = [
  'ClientError',
  'ServerError',
  'CognitoUsernameExists',
  'NetworkError',
  'ResourceNotFound',
  'UserNotActive',
  'AccessRequestAlreadyGranted',
  'AccessRequestExist',
  'AccessRequestApplicationNotEditable',
] as const;

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

/** Default messages (also in i18n/en.json under "errors"). */
export const DEFAULT_MESSAGES = {
  ResourceNotFound: 'Resource not found',
  CognitoUsernameExists: 'An account already exists with this email',
  UserNotActive: 'User is not active',
  NetworkError: 'Network error',
  ServerError: 'Error',
} as const;

/** Server codes of the original service, mapped to ours. */
const LEGACY_CODES: Record<string, ServiceErrorCode> = {
  'USER.EXISTS.COGNITO.400': 'CognitoUsernameExists',
  'USER.INACTIVE.100': 'UserNotActive',
  'ACCESS.REQUEST.ALREADY.GRANTED': 'AccessRequestAlreadyGranted',
  'ACCESS.REQUEST.EXIST': 'AccessRequestExist',
  'ACCESS.REQUEST.APPLICATION.NOT.EDITABLE': 'AccessRequestApplicationNotEditable',
};

/** The three access-request codes: reported (logged) and rethrown with the server's description. */
export const ACCESS_REQUEST_CODES = [
  'AccessRequestAlreadyGranted',
  'AccessRequestExist',
  'AccessRequestApplicationNotEditable',
] as const satisfies readonly ServiceErrorCode[];

export interface ErrorBody {
  code?: string;
  message?: string;
  description?: string;
  details?: unknown;
}

export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly status?: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isServiceError(error: unknown, code?: ServiceErrorCode): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}

function isServiceErrorCode(code: unknown): code is ServiceErrorCode {
  return typeof code === 'string' && (SERVICE_ERROR_CODES as readonly string[]).includes(code);
}

function parseBody(text: string): ErrorBody | undefined {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as ErrorBody)
      : undefined;
  } catch {
    return undefined;
  }
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

export interface ErrorContext {
  /**
   * Fetching an application: a 404 keeps the response's description (docs/content-guide.md) instead of
   * 'Resource not found'.
   */
  notFoundDescription?: boolean;
}

/**
 * Maps an HTTP error response (status and raw body text) to a ServiceError:
 * - 404 → ResourceNotFound 'Resource not found' (the description when fetching an application);
 * - no body → NetworkError;
 * - USER.EXISTS.COGNITO.400 → CognitoUsernameExists 'An account already exists with this email';
 * - USER.INACTIVE.100 → UserNotActive 'User is not active';
 * - the three ACCESS.REQUEST.* codes keep the server description (ISO dates of ACCESS.REQUEST.EXIST
 *   reformatted as full dates);
 * - ClientError keeps the server's description or message;
 * - anything else → ServerError with the description or 'Error'.
 */
export function toServiceError(
  status: number,
  bodyText: string | null | undefined,
  context: ErrorContext = {},
): ServiceError {
  const body = bodyText && bodyText.trim() !== '' ? parseBody(bodyText) : undefined;
  const description = nonEmpty(body?.description);
  if (status === 404) {
    const message = (context.notFoundDescription && description) || DEFAULT_MESSAGES.ResourceNotFound;
    return new ServiceError('ResourceNotFound', message, status, body?.details);
  }
  if (!bodyText || bodyText.trim() === '') {
    return new ServiceError('NetworkError', DEFAULT_MESSAGES.NetworkError, status);
  }
  const rawCode = body?.code;
  const code =
    rawCode !== undefined
      ? (LEGACY_CODES[rawCode] ?? (isServiceErrorCode(rawCode) ? rawCode : undefined))
      : undefined;
  const serverText = description ?? nonEmpty(body?.message);
  switch (code) {
    case 'CognitoUsernameExists':
    case 'UserNotActive':
      return new ServiceError(code, DEFAULT_MESSAGES[code], status, body?.details);
    case 'ResourceNotFound':
      return new ServiceError(
        code,
        (context.notFoundDescription && description) || DEFAULT_MESSAGES.ResourceNotFound,
        status,
        body?.details,
      );
    case 'AccessRequestExist':
      return new ServiceError(
        code,
        serverText ? reformatIsoDates(serverText) : DEFAULT_MESSAGES.ServerError,
        status,
        body?.details,
      );
    case 'AccessRequestAlreadyGranted':
    case 'AccessRequestApplicationNotEditable':
    case 'ClientError':
      return new ServiceError(code, serverText ?? DEFAULT_MESSAGES.ServerError, status, body?.details);
    default:
      return new ServiceError(
        'ServerError',
        description ?? DEFAULT_MESSAGES.ServerError,
        status,
        body?.details,
      );
  }
}

/** A fetch that never got a response (offline, DNS, CORS) is a NetworkError. */
export function networkError(cause: unknown): ServiceError {
  const error = new ServiceError('NetworkError', DEFAULT_MESSAGES.NetworkError);
  (error as Error).cause = cause;
  return error;
}

/** Identity messages are shown without their trailing period (docs/content-guide.md). */
export function withoutTrailingPeriod(message: string): string {
  return message.trim().replace(/\.+$/, '');
}

/** Cognito exceptions caused by what the user sent (a client error, not a service failure). */
const IDENTITY_CLIENT_ERRORS = new Set([
  'UserNotFoundException',
  'NotAuthorizedException',
  'InvalidPasswordException',
  'InvalidParameterException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
  'PasswordResetRequiredException',
  'PasswordHistoryPolicyViolationException',
  'UserUnAuthenticatedException',
  'EmptySignInUsername',
  'EmptySignInPassword',
]);

/**
 * Maps an Amplify/Cognito error: UserNotConfirmedException → UserNotActive ('User is not active');
 * UsernameExistsException → CognitoUsernameExists; an unknown identity user and the other
 * input-caused exceptions → ClientError; anything else → ServerError. Messages lose their trailing
 * period; a network failure of the identity service is a NetworkError.
 */
export function identityError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  // Amplify's AuthError is an Error; tests and some SDK paths give plain {name, message} objects.
  const e =
    typeof error === 'object' && error !== null ? (error as { name?: unknown; message?: unknown }) : {};
  const name = typeof e.name === 'string' ? e.name : undefined;
  const message = typeof e.message === 'string' ? withoutTrailingPeriod(e.message) : '';
  if (name === 'UserNotConfirmedException') {
    return new ServiceError('UserNotActive', DEFAULT_MESSAGES.UserNotActive);
  }
  if (name === 'UsernameExistsException') {
    return new ServiceError('CognitoUsernameExists', DEFAULT_MESSAGES.CognitoUsernameExists);
  }
  if (name === 'NetworkError' || (error instanceof TypeError && /fetch/i.test(error.message))) {
    return networkError(error);
  }
  if (name && IDENTITY_CLIENT_ERRORS.has(name)) {
    return new ServiceError('ClientError', message || DEFAULT_MESSAGES.ServerError);
  }
  return new ServiceError('ServerError', message || DEFAULT_MESSAGES.ServerError);
}
