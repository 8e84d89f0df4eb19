import { checkUploadFile, documentMessages } from '../schemas/documents.js';
import type { FieldIssue } from '../schemas/errors.js';
import {
  issuedDocumentKinds,
  type IssuedDocumentKind,
  type IssuedDocumentRequest,
} from '../schemas/issued-documents.js';
import { isReservedDocumentName } from './documents.js';

/**
 * The rules of the documents a council issues (docs/documents.md; docs/council-api.md "Issued
 * documents"). Pure: the council's upload route and the Overview's panel both read them.
 */

/** The container issued documents are kept in: no applicant upload reaches it, nobody edits them. */
export const ISSUED_CONTAINER_ID = 'council-issued';

export const issuedDocumentMessages = {
  notGranted: 'A building consent or its conditions can be issued once the consent is granted',
  noCcc:
    'A code compliance certificate can be uploaded once it is issued (POST …/code-compliance-certificate)',
  closed: 'The application is closed: nothing can be issued on it',
} as const;

/** What the application has been given: a consent number (granted) and a CCC (Completed). */
export interface IssuingState {
  status: string;
  consentNumber?: string | undefined;
  cccIssuedDate?: string | undefined;
}

/**
 * Why `kind` cannot be issued on the application now, or undefined. A consent, its conditions
 * and other documents need the grant (a consent number); the certificate needs the CCC.
 */
export function issuedDocumentRefusal(app: IssuingState, kind: IssuedDocumentKind): string | undefined {
  if (kind === 'Code compliance certificate')
    return app.status === 'Completed' && app.cccIssuedDate ? undefined : issuedDocumentMessages.noCcc;
  if (!app.consentNumber) return issuedDocumentMessages.notGranted;
  if (app.status !== 'InProgress' && app.status !== 'Completed') return issuedDocumentMessages.closed;
  return undefined;
}

export type IssuedDocumentPlan =
  | { ok: true; documentName: string }
  | { ok: false; status: 400 | 409; message: string; issues: FieldIssue[] };

/**
 * The checks of a new issued document: the state (409), a PDF within the size limits (400), a
 * name that is free and not the server's own (400/409).
 */
export function planIssuedDocument(input: {
  body: IssuedDocumentRequest;
  application: IssuingState;
  existingNames: readonly string[];
}): IssuedDocumentPlan {
  const { body } = input;
  const refusal = issuedDocumentRefusal(input.application, body.kind);
  if (refusal) return { ok: false, status: 409, message: refusal, issues: [] };
  const bad = (field: string, message: string, status: 400 | 409 = 400): IssuedDocumentPlan => ({
    ok: false,
    status,
    message,
    issues: [{ field: `body.${field}`, reason: message }],
  });
  const problem = checkUploadFile({ fileName: body.fileName, mimeType: body.mimeType, size: body.size });
  if (problem) return bad(problem.field, problem.message);
  const documentName = body.name ?? body.fileName;
  const field = body.name ? 'name' : 'fileName';
  if (isReservedDocumentName(documentName)) return bad(field, documentMessages.reservedName(documentName));
  if (input.existingNames.includes(documentName))
    return bad(field, documentMessages.nameTaken(documentName), 409);
  return { ok: true, documentName };
}

/** Issued documents in the order the Overview lists them: by kind (consent first), then date. */
export function byIssuedOrder<T extends { kind: IssuedDocumentKind; issuedDate: string }>(
  docs: readonly T[],
): T[] {
  const rank = (k: IssuedDocumentKind) => issuedDocumentKinds.indexOf(k);
  return [...docs].sort((a, b) => rank(a.kind) - rank(b.kind) || a.issuedDate.localeCompare(b.issuedDate));
}
