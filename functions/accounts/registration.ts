import { reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { createCaptchaChallenge } from '../platform/adapters/captcha.js';
import type { contract } from './contract.js';
import {
  confirmRegistration,
  invitationEmail,
  register,
  registerInvited,
  resendConfirmation,
} from './service/registration.js';

/**
 * Public routes (no token). Env: TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID, and the captcha
 * secret (CAPTCHA_HMAC_SECRET or CAPTCHA_HMAC_SECRET_ARN).
 */
export const registrationRoutes = {
  'GET /public/captcha/challenge': async () =>
    reply(200, { ...(await createCaptchaChallenge()) }, { 'cache-control': 'no-store' }),
  'POST /public/user/registration': async ({ body }, { logger }) => register(body, logger),
  'POST /public/user/registration/confirm': async ({ body }) => {
    await confirmRegistration(body);
    return reply(204);
  },
  'POST /public/user/registration/resend': async ({ body }) => {
    await resendConfirmation(body);
    return reply(204);
  },
  'GET /public/organisation/invitations': async ({ query }) => invitationEmail(query.uuid),
  'POST /public/user/registration/invited': async ({ body }, { logger }) => registerInvited(body, logger),
} satisfies Partial<Implementations<typeof contract>>;
