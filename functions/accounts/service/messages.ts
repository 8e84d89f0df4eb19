import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { withReturnPath } from '../../../shared/domain/returnPath.js';

/** The portal's own words for Cognito's mail (the CustomMessage trigger, functions/accounts/custom-message.ts). */

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
  /** Where the confirmation link sends them after sign-in (the sign-up's ClientMetadata.returnTo). */
  returnTo?: string;
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

/**
 * The confirmation link of the sign-up mail (the code stays Cognito's placeholder), with the safe
 * return path the registration carried (shared/domain/returnPath.ts; anything else is dropped).
 */
export function confirmationLink(
  webUrl: string,
  codeParameter: string,
  email: string,
  returnTo?: string,
): string {
  const path = `/confirm-registration?verification_code=${codeParameter}&email=${encodeURIComponent(email)}`;
  return `${webUrl.replace(/\/+$/, '')}${withReturnPath(path, returnTo)}`;
}

/** The subject and HTML body for a trigger source, or undefined to keep Cognito's default. */
export function buildCustomMessage(input: CustomMessageInput): CustomMessage | undefined {
  const code = input.codeParameter;
  switch (input.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link =
        input.webUrl && input.email
          ? confirmationLink(input.webUrl, code, input.email, input.returnTo)
          : undefined;
      return {
        emailSubject: `Confirm your ${PORTAL_NAME} account`,
        emailMessage: [
          greeting(input.givenName),
          `<p>Thank you for creating a ${PORTAL_NAME} account. Please confirm your email address to finish.</p>`,
          // The portal confirms by the link (docs/accounts.md: /confirm-registration?verification_code&email);
          // no page takes a typed code, so the mail gives the link only (docs/accounts.md). The
          // code rides in the link (Cognito requires {####} in the message).
          link
            ? `<p><a href="${escapeHtml(link)}">Confirm my account</a></p><p>If the button does not work, copy this address into your browser: ${escapeHtml(link)}</p><p>The link works for 24 hours and only in the newest email we sent you. After confirming, sign in with this email address.</p>`
            : `<p>Your verification code is <strong>${code}</strong></p>`,
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
