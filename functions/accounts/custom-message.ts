import type { CustomMessageTriggerEvent } from 'aws-lambda';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { ssmClient } from '../platform/adapters/aws/ssm.js';
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

export interface CustomMessageInput {
  triggerSource: CustomMessageTriggerEvent['triggerSource'];
  /** Cognito's placeholder (`{####}`) or, in tests, a code. */
  codeParameter: string;
  /** Cognito's username placeholder (`{username}`), for admin-created users. */
  usernameParameter?: string | null;
  email?: string;
  givenName?: string;
  /** The web app's origin, without a trailing slash. */
  webUrl?: string;
}

export interface CustomMessage {
  emailSubject: string;
  /** HTML (Cognito sends it as the mail's body). */
  emailMessage: string;
}

export const PORTAL_NAME = 'Consent Portal';

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const greeting = (givenName?: string) =>
  `<p>Kia ora${givenName?.trim() ? ` ${escapeHtml(givenName.trim())}` : ''},</p>`;

const footer = `<p>If you did not ask for this email, you can ignore it.</p><p>${PORTAL_NAME}</p>`;

/** The confirmation link of the sign-up mail (the code stays Cognito's placeholder). */
export function confirmationLink(webUrl: string, codeParameter: string, email: string): string {
  return `${webUrl.replace(/\/+$/, '')}/confirm-registration?verification_code=${codeParameter}&email=${encodeURIComponent(email)}`;
}

/** The subject and HTML body for a trigger source, or undefined to keep Cognito's default. */
export function buildCustomMessage(input: CustomMessageInput): CustomMessage | undefined {
  const code = input.codeParameter;
  switch (input.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link =
        input.webUrl && input.email ? confirmationLink(input.webUrl, code, input.email) : undefined;
      return {
        emailSubject: `Confirm your ${PORTAL_NAME} account`,
        emailMessage: [
          greeting(input.givenName),
          `<p>Thank you for creating a ${PORTAL_NAME} account. Please confirm your email address to finish.</p>`,
          link
            ? `<p><a href="${escapeHtml(link)}">Confirm my account</a></p><p>If the link does not work, open ${escapeHtml(link)} in your browser.</p>`
            : '',
          `<p>Your verification code is <strong>${code}</strong></p>`,
          footer,
        ].join(''),
      };
    }
    case 'CustomMessage_ForgotPassword':
      return {
        emailSubject: `Reset your ${PORTAL_NAME} password`,
        emailMessage: [
          greeting(input.givenName),
          `<p>We received a request to reset the password of your ${PORTAL_NAME} account.</p>`,
          `<p>Your password reset code is <strong>${code}</strong></p>`,
          `<p>Enter it on the reset password page, with your new password.</p>`,
          footer,
        ].join(''),
      };
    case 'CustomMessage_AdminCreateUser':
      return {
        emailSubject: `Your ${PORTAL_NAME} account`,
        emailMessage: [
          greeting(input.givenName),
          `<p>An account has been created for you. Sign in as <strong>${input.usernameParameter ?? input.email ?? ''}</strong> with the temporary password <strong>${code}</strong>; you will be asked to choose a new password.</p>`,
          footer,
        ].join(''),
      };
    default:
      return undefined;
  }
}

let webUrlPromise: Promise<string | undefined> | undefined;

async function loadWebUrl(): Promise<string | undefined> {
  const direct = process.env.WEB_URL;
  if (direct) return direct.replace(/\/+$/, '');
  const name = process.env.WEB_URL_PARAMETER;
  if (!name) return undefined;
  try {
    const out = await ssmClient().send(new GetParameterCommand({ Name: name }));
    return out.Parameter?.Value?.replace(/\/+$/, '') || undefined;
  } catch (err) {
    logger.warn('custom-message: web URL parameter unreadable; mail without link', {
      parameter: name,
      error: err as Error,
    });
    webUrlPromise = undefined; // try again on the next message
    return undefined;
  }
}

/** The web app's URL (cached per cold start once read). */
export function webUrl(): Promise<string | undefined> {
  webUrlPromise ??= loadWebUrl();
  return webUrlPromise;
}

/** Forget the cached URL (tests). */
export function resetWebUrl(): void {
  webUrlPromise = undefined;
}

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
  });
  if (message) {
    event.response.emailSubject = message.emailSubject;
    event.response.emailMessage = message.emailMessage;
  }
  logger.info('custom-message', { triggerSource: event.triggerSource, custom: !!message });
  return event;
}

export const handler = middy(customMessage).use(injectLambdaContext(logger, { resetKeys: true }));
