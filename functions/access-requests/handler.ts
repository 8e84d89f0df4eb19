import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableServices } from './ports.js';

const { requests, search } = tableServices();

/**
 * Access requests (docs/access-requests.md): the search, sending a request, the
 * two lists, answering and the handled mark. Any signed-in caller; the service scopes every read to
 * the caller (requests to review: the application's owner with Manage). Env: TABLE_NAME.
 */
export const routes = {
  'GET /user/applications-search': async ({ caller, query }) => search(caller.userId, query),
  'GET /user/access-requests-v2': async ({ caller }) => requests.lists(caller),
  'POST /user/access-requests-v2': async ({ caller, body }) =>
    reply(201, await requests.create(caller, body.applicationId)),
  'PATCH /user/access-requests/{guid}': async ({ caller, params, body }) =>
    requests.answer(caller, params.guid, body),
  'PATCH /user/access-requests/{guid}/handled': async ({ caller, params }) => {
    await requests.handled(caller, params.guid);
    return reply(204);
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('access-requests', contract, routes);
