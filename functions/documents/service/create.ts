/**
 * The rules of a new application document (docs/documents.md): the
 * file's type and size, the file counts of the application and of the container, and the
 * document's unique name. Pure: the route gives it what it read.
 */
import type { CreateDocumentRequest } from '../../../shared/schemas/documents.js';
import { checkFileCount, checkUploadFile, documentMessages } from '../../../shared/schemas/documents.js';
import type { FieldIssue } from '../../../shared/schemas/errors.js';
import { SUMMARY_CONTAINER_ID } from '../../../shared/domain/applications.js';
import { isReservedDocumentName } from '../../../shared/domain/documents.js';

export type NewDocumentPlan =
  | {
      ok: true;
      documentName: string;
      fileName: string;
      fileType: string;
      fileSize: number;
      documentContainerId: string;
      documentCategoryId?: string;
      fileModifiedDate?: string;
      order: number;
    }
  | { ok: false; status: 400 | 409; message: string; issues: FieldIssue[] };

export interface ExistingDocument {
  documentName: string;
  documentContainerId?: string | undefined;
  order?: number | undefined;
}

export function planNewDocument(input: {
  body: CreateDocumentRequest;
  existing: readonly ExistingDocument[];
  container: { id: string; containerType: string } | undefined;
  /** The category ids of the application's jurisdiction (checked only when the body names one). */
  categoryIds: readonly string[] | undefined;
  imagesEnabled?: boolean;
}): NewDocumentPlan {
  const { body, existing, container } = input;
  const bad = (field: string, message: string, status: 400 | 409 = 400): NewDocumentPlan => ({
    ok: false,
    status,
    message,
    issues: [{ field: `body.${field}`, reason: message }],
  });

  if (!container) return bad('containerId', 'Unknown document container');
  // The summary container holds the file the server writes: no upload goes there.
  if (container.id === SUMMARY_CONTAINER_ID) return bad('containerId', documentMessages.serverContainer);
  if (body.categoryId !== undefined && !(input.categoryIds ?? []).includes(body.categoryId))
    return bad('categoryId', 'Unknown document category');

  const problem = checkUploadFile(
    { fileName: body.fileName, mimeType: body.mimeType, size: body.size },
    input.imagesEnabled,
  );
  if (problem) return bad(problem.field, problem.message);

  const inContainer = existing.filter((d) => d.documentContainerId === container.id);
  const countProblem = checkFileCount({
    applicationCount: existing.length,
    containerCount: inContainer.length,
    containerType: container.containerType,
  });
  if (countProblem) return bad('containerId', countProblem);

  const documentName = body.name ?? body.fileName;
  // A name the server keeps for its own files (the summary PDF) would take that file's record.
  if (isReservedDocumentName(documentName))
    return bad(body.name ? 'name' : 'fileName', documentMessages.reservedName(documentName));
  if (existing.some((d) => d.documentName === documentName))
    return bad(body.name ? 'name' : 'fileName', documentMessages.nameTaken(documentName), 409);

  const plan: NewDocumentPlan = {
    ok: true,
    documentName,
    fileName: body.fileName,
    fileType: body.mimeType,
    fileSize: body.size,
    documentContainerId: container.id,
    order: inContainer.reduce((max, d) => Math.max(max, (d.order ?? 0) + 1), 0),
  };
  if (body.categoryId !== undefined) plan.documentCategoryId = body.categoryId;
  if (body.fileModifiedDate !== undefined) plan.fileModifiedDate = body.fileModifiedDate;
  return plan;
}
