import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { contactsService } from './service.js';
import { tablePorts } from './ports.js';
import { toContactDto } from './dto.js';

const service = contactsService(tablePorts);

/** The contact library (docs/participants.md). Env: TABLE_NAME. */
export const routes = {
  'GET /user/organisation/contacts': async ({ caller, query }) => {
    const page = await service.search(caller.userId, query);
    return reply(200, { ...page, items: page.items.map(toContactDto) });
  },
  'POST /user/organisation/contacts': async ({ caller, body }) =>
    reply(201, toContactDto(await service.add(caller.userId, body))),
  'GET /user/organisation/contacts/{id}': async ({ caller, params }) =>
    reply(200, toContactDto(await service.get(caller.userId, params.id))),
  'PATCH /user/organisation/contacts/{id}': async ({ caller, params, body }) =>
    reply(200, toContactDto(await service.update(caller.userId, params.id, body))),
  'DELETE /user/organisation/contacts/{id}': async ({ caller, params }) => {
    await service.remove(caller.userId, params.id);
    return reply(204);
  },
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('contacts', contract, routes);
