/**
 * The spec's service error catalogue (portal-core §8, organisation §8): non-2xx responses become
 * a ServiceError with one of these codes. Pure, so it is unit-tested in Node.
 */
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

/**
 * Maps an HTTP error response (status and raw body text) to a ServiceError:
 * 404 → ResourceNotFound ('Resource not found'); no body → NetworkError; the cognito-exists and
 * inactive codes → their fixed messages; the access-request codes keep the server description;
 * anything else → ServerError with the description or 'Error'.
 */
export function toServiceError(status: number, bodyText: string | null | undefined): ServiceError {
  if (status === 404) {
    return new ServiceError('ResourceNotFound', DEFAULT_MESSAGES.ResourceNotFound, status);
  }
  if (!bodyText || bodyText.trim() === '') {
    return new ServiceError('NetworkError', 'Network error', status);
  }
  const body = parseBody(bodyText);
  const description = body?.description ?? body?.message;
  const rawCode = body?.code;
  const code =
    rawCode !== undefined
      ? (LEGACY_CODES[rawCode] ?? (isServiceErrorCode(rawCode) ? rawCode : undefined))
      : undefined;
  switch (code) {
    case 'CognitoUsernameExists':
    case 'UserNotActive':
      return new ServiceError(code, DEFAULT_MESSAGES[code], status, body?.details);
    case 'ResourceNotFound':
      return new ServiceError(code, description ?? DEFAULT_MESSAGES.ResourceNotFound, status, body?.details);
    case 'AccessRequestAlreadyGranted':
    case 'AccessRequestExist':
    case 'AccessRequestApplicationNotEditable':
    case 'ClientError':
      return new ServiceError(code, description ?? DEFAULT_MESSAGES.ServerError, status, body?.details);
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
  const error = new ServiceError('NetworkError', 'Network error');
  (error as Error).cause = cause;
  return error;
}
