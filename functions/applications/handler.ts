import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { applicationPorts } from './ports.js';
import { contract } from './contract.js';
import { applicationsService } from './service/applications.js';

const service = applicationsService(applicationPorts);

/**
 * The applications feature's main Lambda (docs/applications.md): read, delete, archive, child
 * applications, history, action items, the rejected reason. The lists are on ./lists.ts, the
 * form's heavy calls on ./form.ts (functions/routes.ts says which route goes where).
 * Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'GET /user/applications/{id}': async ({ caller, ...grant }) => service.view(grant, caller),
  'DELETE /user/applications/{id}': async ({ caller, ...grant }) => {
    await service.remove(caller, grant);
    return reply(204);
  },
  'PATCH /user/applications/{id}/preferences': async ({ caller, params, body }) => {
    await service.setHidden(caller, params.id, body.isHidden);
    return reply(204);
  },
  'POST /user/applications/{id}/child-applications': async ({ caller, body, application }) =>
    reply(201, await service.createChild(caller, application, body.formId)),
  'GET /user/applications/{id}/history': async ({ params, query }) => service.history(params.id, query),
  'GET /user/applicationsV3/{id}/child-applications': async ({ caller, params }) =>
    service.children(caller, params.id),
  'GET /user/applicationsV3/{id}/action-items': async (grant) => service.actionItems(grant),
  'GET /user/applications/{id}/rejected-reason': async ({ application }) =>
    service.rejectedReason(application),
} satisfies LambdaImplementations<'applications', 'handler', typeof contract>;

export const handler = createFeatureHandler('applications', contract, routes);
