import { createHash } from 'node:crypto';

/**
 * S3 object keys of the uploads bucket: the one place the layout is defined. Used by the record
 * creation (presigned PUT target), the scan trigger (lookup by key) and the extraction workflow.
 */

/** `documents/{applicationId}/{documentName}` (documentName is the document's unique name in the application). */
export function applicationDocumentKey(applicationId: string, documentName: string): string {
  assertSegment('applicationId', applicationId);
  if (documentName.length === 0 || documentName.includes('/'))
    throw new Error(`Invalid documentName '${documentName}'`);
  return `documents/${applicationId}/${documentName}`;
}

/** `user-documents/{userId}/{documentName}` for user-level documents (`/user/documents`). */
export function userDocumentKey(userId: string, documentName: string): string {
  assertSegment('userId', userId);
  if (documentName.length === 0 || documentName.includes('/'))
    throw new Error(`Invalid documentName '${documentName}'`);
  return `user-documents/${userId}/${documentName}`;
}

/** Where the extraction workflow writes the text of an object: `extracted/{key}.txt`. */
export function extractedTextKey(objectKey: string): string {
  return `extracted/${objectKey}.txt`;
}

/**
 * The key of an S3 event notification record: URL-encoded, with '+' for spaces
 * (`documents/a1/My+File%2B1.pdf` → `documents/a1/My File+1.pdf`).
 */
export function decodeS3EventKey(encoded: string): string {
  return decodeURIComponent(encoded.replace(/\+/g, ' '));
}

function assertSegment(name: string, value: string) {
  if (value.length === 0 || value.includes('/')) throw new Error(`Invalid ${name} '${value}'`);
}

/**
 * An object key as the logs may show it: its folder and owner segments, the file's name replaced by
 * a short hash (`documents/1000001/#3f9a…`). Document names are people's file names (titles,
 * addresses, names): they stay out of the logs, yet one object's lines can still be followed.
 */
export function loggableKey(key: string): string {
  const parts = key.split('/');
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return [...parts.slice(0, Math.min(2, parts.length - 1)), `#${hash}`].join('/');
}
