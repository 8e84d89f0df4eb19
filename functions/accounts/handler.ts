import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { registrationRoutes } from './registration.js';
import { changePassword, getProfile, updateProfile } from './service/profile.js';

export { profilePatchOf, toUserDto } from './service/profile.js';

/** Accounts: registration (public) and the signed-in user's own record (portal-core §7). Env: TABLE_NAME. */
export const routes = {
  'GET /user': async ({ caller }) => getProfile(caller),
  'PATCH /user': async ({ caller, body }) => updateProfile(caller, body),
  'PUT /user/password': async ({ caller, body }) => {
    await changePassword(caller, body);
    return reply(204);
  },
  ...registrationRoutes,
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('accounts', contract, routes);
