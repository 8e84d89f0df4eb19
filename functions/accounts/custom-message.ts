import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { portalHandler } from '../platform/observability/tracer.js';
import { webUrl } from '../platform/adapters/web-url.js';
import { logger } from '../platform/logger.js';

/**
 * Cognito CustomMessage trigger: the portal's own words for Cognito's mail.
 *
 * - Sign-up and resend: a link to `{WEB_URL}/confirm-registration?verification_code={####}&email=…`
 *   (the web's confirmation page confirms with those two) and the code itself.
 * - Forgot password: the reset code, to type into the reset-password page.
 * - Admin-created users (not used by the portal's flows, which suppress that mail): sign-in name and
 *   temporary password.
 * Other sources keep Cognito's default message.
 *
 * Cognito replaces `{####}` (request.codeParameter) with the code after the trigger returns. The
 * local stack runs this same handler and writes the result to the mail outbox.
 *
 * Env: WEB_URL, or WEB_URL_PARAMETER (the SSM parameter the Web stack writes its URL to; read once
 * per cold start). Without either, the sign-up mail carries the code only.
 */

import { buildCustomMessage } from './service/messages.js';

export { buildCustomMessage, confirmationLink, PORTAL_NAME } from './service/messages.js';
export type { CustomMessage, CustomMessageInput } from './service/messages.js';

export { resetWebUrl, webUrl } from '../platform/adapters/web-url.js';

export async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const a = event.request.userAttributes;
  const needsUrl =
    event.triggerSource === 'CustomMessage_SignUp' || event.triggerSource === 'CustomMessage_ResendCode';
  const message = buildCustomMessage({
    triggerSource: event.triggerSource,
    codeParameter: event.request.codeParameter,
    usernameParameter: event.request.usernameParameter,
    ...(a.email ? { email: a.email } : {}),
    ...(a.given_name ? { givenName: a.given_name } : {}),
    ...(needsUrl ? { webUrl: await webUrl() } : {}),
    ...(needsUrl && event.request.clientMetadata?.returnTo
      ? { returnTo: event.request.clientMetadata.returnTo }
      : {}),
  });
  if (message) {
    event.response.emailSubject = message.emailSubject;
    event.response.emailMessage = message.emailMessage;
  }
  logger.info('custom-message', { triggerSource: event.triggerSource, custom: !!message });
  return event;
}

export const handler = portalHandler(customMessage);
