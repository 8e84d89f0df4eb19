/**
 * A user's own documents (docs/documents.md): POST
 * /user/documents, GET and PATCH /user/documents/{name}, GET .../download-link. Every read and
 * write is scoped to the caller; the file rules are the application documents' (shared).
 */
import type {
  ApplicationDocumentDto,
  CreateDocumentResponse,
  CreateUserDocumentRequest,
  DownloadLinkResponse,
  PatchDocumentRequest,
} from '../../../shared/schemas/documents.js';
import { checkUploadFile, documentLimits, documentMessages } from '../../../shared/schemas/documents.js';
import type { UserCaller } from '../../platform/caller.js';
import { Conflict, Invalid, NotFound } from '../../platform/errors.js';
import type { NewUserDocument, UserDocumentRecord } from '../repository/changes.js';
import { isIncomingKey } from '../model/keys.js';
import { servedKey } from './documents.js';
import { toDocumentDto } from './view.js';

export interface UserDocumentPorts {
  add(doc: NewUserDocument): Promise<UserDocumentRecord | undefined>;
  get(userId: string, documentName: string): Promise<UserDocumentRecord | undefined>;
  setStatus(userId: string, documentName: string, status: string): Promise<boolean>;
  presignedPut(
    key: string,
    o: { contentType: string; contentLength: number; expiresIn: number },
  ): Promise<string>;
  presignedDownload(key: string, fileName: string, expiresIn: number, versionId?: string): Promise<string>;
}

/** The caller owns their documents: they may change and remove each. */
const OWN = { isEditable: true, isDeletable: true };

export function userDocumentsService(ports: UserDocumentPorts) {
  return { create, get, patchStatus, downloadLink };

  async function create(
    caller: UserCaller,
    body: CreateUserDocumentRequest,
  ): Promise<CreateDocumentResponse> {
    const problem = checkUploadFile({ fileName: body.fileName, mimeType: body.mimeType, size: body.size });
    if (problem)
      throw new Invalid([{ field: `body.${problem.field}`, reason: problem.message }], problem.message);
    const documentName = body.name ?? body.fileName;
    const record = await ports.add({
      userId: caller.userId,
      documentName,
      fileName: body.fileName,
      fileType: body.mimeType,
      fileSize: body.size,
      ...(body.fileModifiedDate ? { fileModifiedDate: body.fileModifiedDate } : {}),
    });
    if (!record) throw new Conflict(documentMessages.nameTaken(documentName));
    if (!isIncomingKey(record.objectKey)) throw new Error('A document upload must target incoming/');
    const presignedUrl = await ports.presignedPut(record.objectKey, {
      contentType: record.fileType,
      contentLength: record.fileSize,
      expiresIn: documentLimits.uploadUrlSeconds,
    });
    return { document: toDocumentDto(record, new Date(), OWN), presignedUrl };
  }

  async function load(caller: UserCaller, documentName: string) {
    const doc = await ports.get(caller.userId, documentName);
    if (!doc) throw new NotFound(documentMessages.documentNotFound);
    return doc;
  }

  async function get(caller: UserCaller, documentName: string): Promise<ApplicationDocumentDto> {
    return toDocumentDto(await load(caller, documentName), new Date(), OWN);
  }

  async function patchStatus(
    caller: UserCaller,
    documentName: string,
    body: PatchDocumentRequest,
  ): Promise<ApplicationDocumentDto> {
    const doc = await load(caller, documentName);
    if (!(await ports.setStatus(caller.userId, documentName, body.status)))
      throw new NotFound(documentMessages.documentNotFound);
    return toDocumentDto({ ...doc, status: body.status }, new Date(), OWN);
  }

  /** Only once the scan has passed, of the scanned copy. */
  async function downloadLink(caller: UserCaller, documentName: string): Promise<DownloadLinkResponse> {
    const doc = await load(caller, documentName);
    const key = servedKey(doc);
    if (toDocumentDto(doc).uploadStatus !== 'Completed' || !key)
      throw new Conflict(documentMessages.notReady);
    return {
      presignedUrl: await ports.presignedDownload(
        key,
        doc.fileName,
        documentLimits.downloadUrlSeconds,
        doc.storedKey ? doc.storedVersionId : undefined,
      ),
      fileName: doc.fileName,
    };
  }
}
