import * as z from 'zod';

/**
 * The error codes a response body may carry (docs/content-guide.md).
 *
 * - Client-side codes the web maps responses to: ServerError, ClientError, UserNotActive,
 *   ResourceNotFound, CognitoUsernameExists, AccessRequestAlreadyGranted, AccessRequestExist,
 *   AccessRequestApplicationNotEditable.
 * - Server codes the web's client maps onto those: 'USER.EXISTS.COGNITO.400' → CognitoUsernameExists,
 *   'USER.INACTIVE.100' → UserNotActive, and the three ACCESS.REQUEST.* codes (which keep the
 *   server's description).
 * NetworkError is produced by the web when a response has no body; the server never sends it.
 */
export const errorCodes = [
  'ServerError',
  'ClientError',
  'UserNotActive',
  'ResourceNotFound',
  'CognitoUsernameExists',
  'AccessRequestAlreadyGranted',
  'AccessRequestExist',
  'AccessRequestApplicationNotEditable',
  'USER.EXISTS.COGNITO.400',
  'USER.INACTIVE.100',
  'ACCESS.REQUEST.ALREADY.GRANTED',
  'ACCESS.REQUEST.EXIST',
  'ACCESS.REQUEST.APPLICATION.NOT.EDITABLE',
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Server codes and the client code each maps to (§8 "Mapping"). */
export const serverCodeToClientCode = {
  'USER.EXISTS.COGNITO.400': 'CognitoUsernameExists',
  'USER.INACTIVE.100': 'UserNotActive',
  'ACCESS.REQUEST.ALREADY.GRANTED': 'AccessRequestAlreadyGranted',
  'ACCESS.REQUEST.EXIST': 'AccessRequestExist',
  'ACCESS.REQUEST.APPLICATION.NOT.EDITABLE': 'AccessRequestApplicationNotEditable',
} as const satisfies Partial<Record<ErrorCode, ErrorCode>>;

/** Messages given word for word in the spec. */
export const errorMessages = {
  ResourceNotFound: 'Resource not found',
  ServerError: 'Error',
  'USER.EXISTS.COGNITO.400': 'An account already exists with this email',
  'USER.INACTIVE.100': 'User is not active',
} as const;

/**
 * One issue with the request input. `field` is a dotted path prefixed by where it was found:
 * `body.email`, `body.address.city`, `query.pageSize`, `path.id`.
 */
export const FieldIssue = z.object({
  field: z.string(),
  reason: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The one body of every non-2xx response. */
export const ErrorBody = z.object({
  code: ErrorCode,
  message: z.string(),
  description: z.string().optional(),
  details: z.array(FieldIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
