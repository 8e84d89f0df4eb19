import * as z from 'zod';
import { defineContract } from './define.js';
import {
  ApplicationDocumentDto,
  CreateDocumentRequest,
  CreateDocumentResponse,
  CreateUserDocumentRequest,
  DocumentContainerDto,
  DocumentPath,
  DocumentTagDto,
  DocumentTagsRequest,
  DocumentTypeOfDocumentDto,
  DocumentTypesRequest,
  DownloadLinkResponse,
  PatchDocumentRequest,
  PatchRequiredDocumentRequest,
  ReorderDocumentsRequest,
  RequiredDocumentGroupDto,
  UserDocumentPath,
} from '../schemas/documents.js';
import { RequiredDocument } from '../schemas/applications.js';
import { CouncilApplicationParams } from '../schemas/council.js';
import {
  IssuedDocumentRequest,
  IssuedDocumentsResponse,
  IssuedDocumentUpload,
} from '../schemas/issued-documents.js';
import {
  MultipartPath,
  MultipartUploadDto,
  SignMultipartRequest,
  SignMultipartResponse,
} from '../schemas/documents-multipart.js';

export const ApplicationPath = z.object({ id: DocumentPath.shape.id });
const RefSegment = z.string().trim().min(1, 'Required').max(64);
const TagPath = DocumentPath.extend({ tagId: RefSegment });
const ContainerPath = ApplicationPath.extend({ cid: RefSegment });
const RequiredPath = ApplicationPath.extend({ requiredId: RefSegment });

/** Application and user documents (docs/documents.md). */
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
    summary:
      'Creates a document and returns its one-shot upload URL (200 per application, 50 per container except RFIDocument)',
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
  'GET /user/applications/{id}/documents/{name}': {
    params: DocumentPath,
    response: ApplicationDocumentDto,
    summary: 'One document',
  },
  'PATCH /user/applications/{id}/documents/{name}': {
    params: DocumentPath,
    body: PatchDocumentRequest,
    response: ApplicationDocumentDto,
    summary: "Sets a document's status, sent upper-case (a user withdraws: WITHDRAWN)",
  },
  'GET /user/applications/{id}/documents/{name}/tags': {
    params: DocumentPath,
    response: z.array(DocumentTagDto),
    summary: "The document's tags",
  },
  'POST /user/applications/{id}/documents/{name}/tags': {
    params: DocumentPath,
    body: DocumentTagsRequest,
    response: z.array(DocumentTagDto),
    summary: 'Adds tags (system tags or the caller’s own) to a document',
  },
  'PUT /user/applications/{id}/documents/{name}/tags': {
    params: DocumentPath,
    body: DocumentTagsRequest,
    response: z.array(DocumentTagDto),
    summary: "Replaces a document's tags",
  },
  'DELETE /user/applications/{id}/documents/{name}/tags/{tagId}': {
    params: TagPath,
    status: 204,
    summary: 'Removes a tag from a document',
  },
  'GET /user/applications/{id}/documents/{name}/types': {
    params: DocumentPath,
    response: z.array(DocumentTypeOfDocumentDto),
    summary: "The document's types (Amendment or Supporting; unknown reads Amendment)",
  },
  'POST /user/applications/{id}/documents/{name}/types': {
    params: DocumentPath,
    body: DocumentTypesRequest,
    response: z.array(DocumentTypeOfDocumentDto),
    summary: "Adds types of the application's form to a document",
  },
  'PUT /user/applications/{id}/documents/{name}/types': {
    params: DocumentPath,
    body: DocumentTypesRequest,
    response: z.array(DocumentTypeOfDocumentDto),
    summary: "Replaces a document's types",
  },
  'POST /user/applications/{id}/documents/{name}/multipart': {
    params: DocumentPath,
    response: MultipartUploadDto,
    status: 201,
    summary: 'Starts sending a large file of a Pending document in parts (docs/documents.md "Large files")',
  },
  'GET /user/applications/{id}/documents/{name}/multipart': {
    params: DocumentPath,
    response: MultipartUploadDto,
    summary: "The document's open upload in parts and the parts stored so far (to resume)",
  },
  'POST /user/applications/{id}/documents/{name}/multipart/{uploadId}/sign': {
    params: MultipartPath,
    body: SignMultipartRequest,
    response: SignMultipartResponse,
    summary:
      "Presigned URLs for the document's own key: parts 1..10000 (within the file), the parts list, the completion (every part stored) or the abort",
  },
  'GET /user/applications/{id}/document-containers': {
    params: ApplicationPath,
    response: z.array(DocumentContainerDto),
    summary: 'The document containers with their merged file and merge status',
  },
  'DELETE /user/applications/{id}/document-containers/{cid}/documents': {
    params: ContainerPath,
    status: 204,
    summary: 'Removes every document of a container (all or nothing)',
  },
  'PATCH /user/applications/{id}/document-containers/{cid}/documents/order': {
    params: ContainerPath,
    body: ReorderDocumentsRequest,
    response: z.array(ApplicationDocumentDto),
    summary: "Orders a container's documents (every document of it, once)",
  },
  'PATCH /user/applications/{id}/required-documents/{requiredId}': {
    params: RequiredPath,
    body: PatchRequiredDocumentRequest,
    response: RequiredDocument,
    summary: "Sets a required document's container merge status (InProgress when it is submitted)",
  },
  'GET /user/applications/{id}/required-document-groups': {
    params: ApplicationPath,
    response: z.array(RequiredDocumentGroupDto),
    summary: 'The required document groups with their uploads',
  },
  'POST /user/documents': {
    body: CreateUserDocumentRequest,
    response: CreateDocumentResponse,
    status: 201,
    summary: "Creates one of the caller's own documents and returns its one-shot upload URL",
  },
  'GET /user/documents/{name}': {
    params: UserDocumentPath,
    response: ApplicationDocumentDto,
    summary: "One of the caller's documents",
  },
  'PATCH /user/documents/{name}': {
    params: UserDocumentPath,
    body: PatchDocumentRequest,
    response: ApplicationDocumentDto,
    summary: "Sets the status of one of the caller's documents (WITHDRAWN)",
  },
  'GET /user/documents/{name}/download-link': {
    params: UserDocumentPath,
    response: DownloadLinkResponse,
    summary: "A short-lived download link of one of the caller's clean documents",
  },
  'POST /council/applications/{id}/issued-documents': {
    params: CouncilApplicationParams,
    body: IssuedDocumentRequest,
    response: IssuedDocumentUpload,
    status: 201,
    idempotent: true,
    summary:
      'Issues a document on a granted consent (the consent, its conditions, the CCC): a PDF record and its one-shot upload URL; scanned before the applicant can download it',
  },
  'GET /user/applications/{id}/issued-documents': {
    params: ApplicationPath,
    response: IssuedDocumentsResponse,
    summary: 'The documents the council issued (consent, conditions, CCC) whose scan has passed',
  },
});
