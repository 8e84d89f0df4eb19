import { thumbnailPort } from '../platform/adapters/images.js';
import { deleteUpload, presignUpload, readUpload, uploadSize } from '../platform/adapters/aws/uploads.js';
import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { LambdaImplementations } from '../platform/http/handler.js';
import { lodgementItems } from '../platform/events/council-feed.js';
import { catalogue } from '../reference/index.js';
import { applicationPorts } from './ports.js';
import { contract } from './contract.js';
import { updateApplication } from './repository/applications.js';
import { loadApplicationParts, putStepItem } from './repository/steps.js';
import { draftsService } from './service/drafts.js';
import { stepsService } from './service/steps.js';
import { thumbnailsService } from './service/thumbnails.js';

const thumbnails = thumbnailsService({
  uploads: { presign: presignUpload, size: uploadSize, read: readUpload, remove: deleteUpload },
  images: thumbnailPort(),
});

const drafts = draftsService({ ...applicationPorts, thumbnails });

const steps = stepsService({
  parts: loadApplicationParts,
  saveStep: putStepItem,
  update: updateApplication,
  lodged: lodgementItems,
  people: applicationPorts.people,
  reference: {
    formReference: (formId) => catalogue().formReference(formId),
    authorityName: (id) => catalogue().authority(id)?.displayName,
  },
});

/**
 * The application form's Lambda (docs/applications.md): creating (every operation; template thumbnails
 * and their presigned uploads),
 * changing, the steps, rule results and submission (Form.io validation): the
 * heavy modules, kept off the lists' and reads' cold starts. Env: TABLE_NAME, UPLOADS_BUCKET.
 */
export const routes = {
  'POST /user/applications': async ({ caller, body }) => reply(201, await drafts.create(caller, body)),
  'POST /user/thumbnail-uploads': async ({ caller, body }) =>
    reply(201, await thumbnails.presign(caller, body)),
  'PATCH /user/applications/{id}': async ({ caller, body, ...grant }) => drafts.change(caller, grant, body),
  'GET /user/applications/{id}/enabled-steps': async (grant) => steps.enabledSteps(grant),
  'GET /user/applications/{id}/steps/{stepId}': async ({ params, ...grant }) =>
    steps.step(grant, params.stepId),
  'POST /user/applications/{id}/steps/{stepId}': async ({ caller, params, body, ...grant }) =>
    steps.saveStep(caller, grant, params.stepId, body),
  'GET /user/applications/{id}/ruleresults': async ({ query, ...grant }) => steps.ruleResults(grant, query),
  'POST /user/applications/{id}/submission': async ({ caller, body, ...grant }) =>
    steps.submit(caller, grant, body),
} satisfies LambdaImplementations<'applications', 'form', typeof contract>;

export const handler = createFeatureHandler('applications', contract, routes, { lambda: 'form' });
