import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../platform/logger.js';
import { createUserIfAbsent } from './repository/users.js';

const CONFIRM_SOURCES = new Set(['PostConfirmation_ConfirmSignUp', 'PostConfirmation_AdminConfirmSignUp']);

/**
 * Cognito PostConfirmation trigger: creates the user record from the attributes (sub, email,
 * given_name, family_name) if absent, and returns the event. A forgot-password confirmation is
 * ignored. Env: TABLE_NAME.
 */
export async function postConfirmation(
  event: PostConfirmationTriggerEvent,
): Promise<PostConfirmationTriggerEvent> {
  if (!CONFIRM_SOURCES.has(event.triggerSource)) {
    logger.info('post-confirmation: ignored trigger', { triggerSource: event.triggerSource });
    return event;
  }
  const a = event.request.userAttributes;
  const sub = a.sub;
  const email = a.email;
  if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
  const { created } = await createUserIfAbsent({
    userId: sub,
    username: event.userName,
    email,
    ...(a.given_name ? { firstName: a.given_name } : {}),
    ...(a.family_name ? { lastName: a.family_name } : {}),
  });
  logger.info('post-confirmation', { userId: sub, created, triggerSource: event.triggerSource });
  return event;
}

export const handler = middy(postConfirmation).use(injectLambdaContext(logger, { resetKeys: true }));
