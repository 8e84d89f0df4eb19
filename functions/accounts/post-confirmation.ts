import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { portalHandler } from '../platform/observability/tracer.js';
import { logger } from '../platform/logger.js';
import { userPool } from './repository/user-pool.js';
import { createUserIfAbsent } from './repository/users.js';
import { confirmationService } from './service/confirmation.js';

const service = confirmationService({
  users: { createIfAbsent: createUserIfAbsent },
  userPool,
  log: logger,
});

/**
 * Cognito PostConfirmation trigger: the user record of a confirmed account; after a password reset
 * (ConfirmForgotPassword), the user signed out everywhere (AdminUserGlobalSignOut on the event's
 * pool). Returns the event. Env: TABLE_NAME.
 */
export async function postConfirmation(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  await service.accountConfirmed({
    triggerSource: event.triggerSource,
    userPoolId: event.userPoolId,
    username: event.userName,
    attributes: event.request.userAttributes,
  });
  return event;
}

export const handler = portalHandler(postConfirmation);
