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
};

export const documentsModule = () => ({
  documentsApi: {
    list: api.list,
    create: api.create,
    remove: api.remove,
    reorder: api.reorder,
    downloadLink: api.downloadLink,
  },
  putFile: api.putFile,
  documentKeys: { all: ['documents'], list: (id: string) => ['documents', id] },
});
