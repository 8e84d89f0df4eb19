import { createFeatureHandler, reply } from '../platform/http/handler.js';
import type { Implementations } from '../platform/http/handler.js';
import { catalogue } from '../reference/index.js';
import { contract } from './contract.js';
import {
  getApplicationDocument,
  listApplicationDocuments,
  markDocumentUploading,
} from './repository/documents.js';
import { getContainerRelation } from './merge/repository.js';
import {
  addApplicationDocument,
  documentsSnapshot,
  removeApplicationDocuments,
} from './repository/writes.js';
import {
  addUserDocument,
  documentTagIds,
  documentTypeIds,
  getUserDocument,
  listContainerRelations,
  listOwnDocumentTags,
  reorderDocuments,
  setContainerMergeStatus,
  setDocumentRelations,
  setDocumentStatus,
  setUserDocumentStatus,
} from './repository/changes.js';
import { documentsService } from './service/documents.js';
import { documentChangesService } from './service/changes.js';
import { containersService } from './service/containers.js';
import { userDocumentsService } from './service/user-documents.js';
import { deleteObject, presignedDownload, presignedPut } from './service/storage.js';
import { multipartService } from './multipart/service/multipart.js';
import { issuedDocumentsService } from './service/issued.js';
import {
  abortMultipartUpload,
  abortOpenUploads,
  createMultipartUpload,
  listStoredParts,
  openMultipartUploads,
  presignMultipart,
} from './multipart/service/storage.js';

const service = documentsService({
  documents: {
    list: listApplicationDocuments,
    get: getApplicationDocument,
    snapshot: documentsSnapshot,
    add: addApplicationDocument,
    remove: removeApplicationDocuments,
    relation: getContainerRelation,
  },
  storage: { presignedPut, presignedDownload, deleteObject, abortUploads: abortOpenUploads },
  reference: {
    documentContainers: () => catalogue().documentContainers(),
    documentCategoryIds: (jurisdictionId) => catalogue().documentCategoryIds(jurisdictionId),
    imageConversionEnabled: (authorityId) =>
      authorityId ? (catalogue().authority(authorityId)?.imageConversionEnabled ?? false) : false,
  },
});

const multipart = multipartService({
  get: getApplicationDocument,
  markUploading: markDocumentUploading,
  create: createMultipartUpload,
  openUploads: openMultipartUploads,
  listParts: listStoredParts,
  abort: abortMultipartUpload,
  presign: presignMultipart,
});

const changes = documentChangesService({
  get: getApplicationDocument,
  setStatus: setDocumentStatus,
  relationIds: (kind, key) => (kind === 'tags' ? documentTagIds(key) : documentTypeIds(key)),
  setRelations: setDocumentRelations,
  tagsOf: async (userId) => [...catalogue().data().documentTags, ...(await listOwnDocumentTags(userId))],
  documentTypes: () => catalogue().data().documentTypes,
});

const containers = containersService({
  list: listApplicationDocuments,
  remove: removeApplicationDocuments,
  reorder: reorderDocuments,
  relations: listContainerRelations,
  setMergeStatus: setContainerMergeStatus,
  deleteObject,
  documentContainers: () => catalogue().documentContainers(),
  requiredDocuments: (formId) => catalogue().requiredDocuments(formId),
});

const userDocuments = userDocumentsService({
  add: addUserDocument,
  get: getUserDocument,
  setStatus: setUserDocumentStatus,
  presignedPut,
  presignedDownload,
});

const issued = issuedDocumentsService({
  list: listApplicationDocuments,
  snapshot: documentsSnapshot,
  add: addApplicationDocument,
  presignedPut,
  now: () => new Date(),
});

/** Application and user documents. Env: TABLE_NAME, UPLOADS_BUCKET. */
export const routes = {
  'GET /user/applications/{id}/documents': async (grant) => service.listDocuments(grant),
  'POST /user/applications/{id}/documents': async ({ caller, body, ...grant }) =>
    reply(201, await service.createDocument(caller, grant, body)),
  'DELETE /user/applications/{id}/documents/{name}': async ({ caller, params, ...grant }) => {
    await service.removeDocument(caller, grant, params.name);
    return reply(204);
  },
  'GET /user/applications/{id}/documents/{name}/download-link': async ({ params, ...grant }) =>
    service.downloadLink(grant, params.name),
  'GET /user/applications/{id}/documents/{name}': async ({ params, ...grant }) =>
    service.getDocument(grant, params.name),
  'PATCH /user/applications/{id}/documents/{name}': async ({ caller, params, body, ...grant }) =>
    changes.patchStatus(caller, grant, params.name, body),
  'GET /user/applications/{id}/documents/{name}/tags': async ({ caller, params, ...grant }) =>
    changes.listTags(caller, grant, params.name),
  'POST /user/applications/{id}/documents/{name}/tags': async ({ caller, params, body, ...grant }) =>
    changes.changeTags(caller, grant, params.name, body.documentTagIds, 'add'),
  'PUT /user/applications/{id}/documents/{name}/tags': async ({ caller, params, body, ...grant }) =>
    changes.changeTags(caller, grant, params.name, body.documentTagIds, 'replace'),
  'DELETE /user/applications/{id}/documents/{name}/tags/{tagId}': async ({ caller, params, ...grant }) => {
    await changes.removeTag(caller, grant, params.name, params.tagId);
    return reply(204);
  },
  'GET /user/applications/{id}/documents/{name}/types': async ({ params, ...grant }) =>
    changes.listTypes(grant, params.name),
  'POST /user/applications/{id}/documents/{name}/types': async ({ caller, params, body, ...grant }) =>
    changes.changeTypes(caller, grant, params.name, body.documentTypeIds, 'add'),
  'PUT /user/applications/{id}/documents/{name}/types': async ({ caller, params, body, ...grant }) =>
    changes.changeTypes(caller, grant, params.name, body.documentTypeIds, 'replace'),
  'POST /user/applications/{id}/documents/{name}/multipart': async ({ params, ...grant }) =>
    reply(201, await multipart.start(grant, params.name)),
  'GET /user/applications/{id}/documents/{name}/multipart': async ({ params, ...grant }) =>
    multipart.current(grant, params.name),
  'POST /user/applications/{id}/documents/{name}/multipart/{uploadId}/sign': async ({
    params,
    body,
    ...grant
  }) => multipart.sign(grant, params.name, params.uploadId, body),
  'GET /user/applications/{id}/document-containers': async (grant) => containers.listContainers(grant),
  'DELETE /user/applications/{id}/document-containers/{cid}/documents': async ({
    caller,
    params,
    ...grant
  }) => {
    await containers.removeAll(caller, grant, params.cid);
    return reply(204);
  },
  'PATCH /user/applications/{id}/document-containers/{cid}/documents/order': async ({
    caller,
    params,
    body,
    ...grant
  }) => containers.reorder(caller, grant, params.cid, body.documents),
  'PATCH /user/applications/{id}/required-documents/{requiredId}': async ({
    caller,
    params,
    body,
    ...grant
  }) => containers.setMergeStatus(caller, grant, params.requiredId, body.containerMergeStatus),
  'GET /user/applications/{id}/required-document-groups': async (grant) =>
    containers.requiredDocumentGroups(grant),
  'POST /user/documents': async ({ caller, body }) => reply(201, await userDocuments.create(caller, body)),
  'GET /user/documents/{name}': async ({ caller, params }) => userDocuments.get(caller, params.name),
  'PATCH /user/documents/{name}': async ({ caller, params, body }) =>
    userDocuments.patchStatus(caller, params.name, body),
  'GET /user/documents/{name}/download-link': async ({ caller, params }) =>
    userDocuments.downloadLink(caller, params.name),
  'POST /council/applications/{id}/issued-documents': async ({ council, application, idempotency, body }) =>
    reply(201, await issued.upload({ council, application }, idempotency, body)),
  'GET /user/applications/{id}/issued-documents': async (grant) => issued.list(grant),
} satisfies Implementations<typeof contract>;

export const handler = createFeatureHandler('documents', contract, routes);
