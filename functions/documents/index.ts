/**
 * The documents feature's public face (docs/architecture.md "Public faces"): what another feature may
 * use of it — a document's DTO and its download link, the keys documents are stored under, and the
 * merge state of an application's containers.
 */
export { generatedKey } from './model/keys.js';
export { presignedDownload } from './service/storage.js';
export { servedKey } from './model/files.js';
export { toDocumentDto } from './service/view.js';
export { containerMergeStatuses } from './merge/repository.js';
