import * as z from 'zod';
import { defineContract } from '../platform/http/handler.js';
import {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  DocumentPath,
  DownloadLinkResponse,
} from '../../shared/schemas/documents.js';

export const ApplicationPath = z.object({ id: DocumentPath.shape.id });

/** Application documents (portal-core §4 "Document upload", §5 "Uploads", §7 documents). */
export const contract = defineContract('documents', {
  'GET /user/applications/{id}/documents': {
    params: ApplicationPath,
    response: z.array(ApplicationDocumentDto),
    summary: "The application's documents",
  },
  'POST /user/applications/{id}/documents': {
    params: ApplicationPath,
    body: CreateDocumentRequest,
    response: CreateDocumentResponse,
    status: 201,
    summary: 'Creates a document and returns its one-shot upload URL',
  },
  'DELETE /user/applications/{id}/documents/{name}': {
    params: DocumentPath,
    status: 204,
    summary: 'Removes a document',
  },
  'GET /user/applications/{id}/documents/{name}/download-link': {
    params: DocumentPath,
    response: DownloadLinkResponse,
    summary: 'A short-lived download link of a clean document',
  },
});
