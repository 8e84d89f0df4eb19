import { createFeatureHandler } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { contract } from './contract.js';
import { tableServices } from './ports.js';

const { reads, writes, feed } = tableServices();

/**
 * The council integration API (docs/council-api.md): a council's back office, with the machine
 * credentials of one authority, reads the applications lodged with it and its event feed. The
 * access policy has checked the client's row and the application's authority. Env: TABLE_NAME,
 * UPLOADS_BUCKET.
 */
export const routes = {
  'GET /council/applications': async ({ council, query }) => reads.list(council.authorityId, query),
  'GET /council/applications/{id}': async ({ application }) => reads.read(application),
  'GET /council/applications/{id}/participants': async ({ application }) => reads.participants(application),
  'GET /council/applications/{id}/documents': async ({ application }) => reads.documents(application),
  'PATCH /council/applications/{id}': async ({ idempotency, body, ...g }) =>
    writes.patch(g, idempotency, body),
  'POST /council/applications/{id}/lodgement': async ({ idempotency, body, ...g }) =>
    writes.lodgement(g, idempotency, body),
  'POST /council/applications/{id}/suspension': async ({ idempotency, body, ...g }) =>
    writes.suspend(g, idempotency, body),
  'DELETE /council/applications/{id}/suspension': async ({ idempotency, ...g }) =>
    writes.resume(g, idempotency),
  'POST /council/applications/{id}/decision': async ({ idempotency, body, ...g }) =>
    writes.decision(g, idempotency, body),
  'POST /council/applications/{id}/code-compliance-certificate': async ({ idempotency, body, ...g }) =>
    writes.codeComplianceCertificate(g, idempotency, body),
  'PUT /council/applications/{id}/workflow-stages': async ({ idempotency, body, ...g }) =>
    writes.workflowStages(g, idempotency, body),
  'PUT /council/applications/{id}/required-inspections': async ({ idempotency, body, ...g }) =>
    writes.requiredInspections(g, idempotency, body),
  'PUT /council/applications/{id}/required-document-groups/{guid}': async ({
    idempotency,
    body,
    params,
    ...g
  }) => writes.requiredDocumentGroup(g, idempotency, params.guid, body),
  'PATCH /council/applications/{id}/required-document-groups/{guid}/uploads/{applicationDocumentId}': async ({
    idempotency,
    body,
    params,
    ...g
  }) => writes.reviewUpload(g, idempotency, params.guid, params.applicationDocumentId, body),
  'GET /council/events': async ({ council, query }) => feed.page(council.authorityId, query),
} satisfies LambdaImplementations<'council', 'handler', typeof contract>;

export const handler = createFeatureHandler('council', contract, routes);
