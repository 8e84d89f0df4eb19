/** A Cognito error answer (`__type`, message, HTTP status), as the proxy and its helpers throw it. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(`${type}: ${message}`);
  }
}
