import { vi } from 'vitest';

/**
 * The documents API as the upload step's unit tests fake it: one set of mocks, and the module that
 * replaces web/src/api/documents with them. In a test:
 *
 *   vi.mock('../../../web/src/api/documents', async () => (await import('./documents-api-mock')).documentsModule());
 *   import { api } from './documents-api-mock';
 */
export const api = {
  list: vi.fn(),
  create: vi.fn(),
  remove: vi.fn(),
  reorder: vi.fn(),
  downloadLink: vi.fn(),
  putFile: vi.fn(),
  containers: vi.fn(),
  removeAll: vi.fn(),
  tags: vi.fn(),
  setTags: vi.fn(),
  types: vi.fn(),
  setTypes: vi.fn(),
  allTags: vi.fn(),
  formTypes: vi.fn(),
  groups: vi.fn(async () => []),
  withdraw: vi.fn(),
  startMultipart: vi.fn(),
  currentMultipart: vi.fn(),
};

export const documentsModule = () => ({
  documentsApi: {
    list: api.list,
    create: api.create,
    remove: api.remove,
    reorder: api.reorder,
    downloadLink: api.downloadLink,
    containers: api.containers,
    removeAll: api.removeAll,
    tags: api.tags,
    setTags: api.setTags,
    types: api.types,
    setTypes: api.setTypes,
    allTags: api.allTags,
    formTypes: api.formTypes,
    groups: api.groups,
    withdraw: api.withdraw,
    startMultipart: api.startMultipart,
    currentMultipart: api.currentMultipart,
  },
  putFile: api.putFile,
  documentKeys: {
    all: ['documents'],
    list: (id: string) => ['documents', id],
    containers: (id: string) => ['documentContainers', id],
    groups: (id: string) => ['requiredDocumentGroups', id],
    labels: (id: string, name: string) => ['documentLabels', id, name],
    allTags: ['documentTags'],
    formTypes: (j: string, f: string) => ['documentTypes', j, f],
  },
});
