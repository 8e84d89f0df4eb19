import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableInboxPorts, tableUnsubscribePorts } from './ports.js';
import { inboxService } from './service/inbox.js';
import { unsubscribeService } from './service/unsubscribe.js';

const inbox = inboxService(tableInboxPorts());
const unsubscribe = unsubscribeService(tableUnsubscribePorts());

/**
 * Notifications (docs/notifications.md): the caller's list, one
 * notification, the profile's new flag and marking all seen. Any signed-in caller; every read is
 * scoped to the caller; an email's unsubscribe link works without signing in. Env: TABLE_NAME.
 */
export const routes = {
  'GET /v1/service/notifications': async ({ caller, query }) => inbox.list(caller, query),
  'GET /v1/service/notifications/{id}': async ({ caller, params }) => inbox.get(caller, params.id),
  'GET /v1/service/notifications/user/profile': async ({ caller }) => inbox.profile(caller),
  'PATCH /v1/service/notifications/user/profile': async ({ caller, body }) =>
    inbox.patchProfile(caller, body),
  'GET /v1/service/notifications/user/seen': async ({ caller }) => inbox.seen(caller),
  'PATCH /v1/service/notifications/user/seen': async ({ caller }) => {
    await inbox.markAllSeen(caller);
    return reply(204);
  },
  'POST /public/notifications/unsubscribe': async ({ body }) => unsubscribe.unsubscribe(body.token),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('notifications', contract, routes);
