import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { clientAddress } from '../platform/http/edge.js';
import { contract } from './contract.js';
import { profileOnAws, registrationOnAws } from './ports.js';

const registration = registrationOnAws();
const profile = profileOnAws();

/**
 * Accounts (docs/accounts.md): registration (public: no token) and the signed-in user's own record.
 * Env: TABLE_NAME, USER_POOL_ID, USER_POOL_CLIENT_ID, and the captcha secret (CAPTCHA_HMAC_SECRET or
 * CAPTCHA_HMAC_SECRET_ARN).
 */
export const routes = {
  'GET /public/captcha/challenge': async () =>
    reply(200, { ...(await registration.captchaChallenge()) }, { 'cache-control': 'no-store' }),
  'POST /public/user/registration': async ({ body }, { event }) =>
    registration.register(body, clientAddress(event)),
  'POST /public/user/registration/confirm': async ({ body }, { event }) => {
    await registration.confirmRegistration(body, clientAddress(event));
    return reply(204);
  },
  'POST /public/user/registration/resend': async ({ body }, { event }) => {
    await registration.resendConfirmation(body, clientAddress(event));
    return reply(204);
  },
  'POST /public/organisation/invitations/lookup': async ({ body }) =>
    registration.invitationEmail(body.invitationCode),
  'POST /public/user/registration/invited': async ({ body }) => registration.registerInvited(body),

  'GET /user': async ({ caller }) => profile.getProfile(caller),
  'PATCH /user': async ({ caller, body }) => profile.updateProfile(caller, body),
  'PUT /user/password': async ({ caller, body }) => {
    await profile.changePassword(caller, body);
    return reply(204);
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('accounts', contract, routes);
