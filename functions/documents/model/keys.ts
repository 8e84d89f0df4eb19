import { createHash } from 'node:crypto';

/**
 * S3 object keys of the uploads bucket: the one place the layout is defined (docs/security.md).
 *
 * - `incoming/{applicationId}/{uploadId}`: the only keys a presigned PUT ever targets, a fresh
 *   random `uploadId` per document record. The scan trigger listens here only.
 * - `documents/{applicationId}/{fileId}`: a document's scanned bytes, written by the scanner alone
 *   (the bytes it scanned, never a copy of whatever the incoming key holds later) under a fresh
 *   random `fileId` per scan. Served by download-link. In the old layout this prefix held
 *   `documents/{applicationId}/{documentName}` (uploads and summary PDFs): those records keep their
 *   key and are still served from it.
 * - `generated/{applicationId}/{name}`: files the server writes (the summary PDF).
 * - `extracted/{key}.txt`: text extracted from a served document.
 * - `thumbnails/`: template thumbnails, owned by the templates feature (never scanned here).
 *
 * No presigned PUT reaches documents/, generated/ or extracted/, and no key holds a file name a
 * user chose except the legacy ones.
 */
export const keyPrefixes = {
  incoming: 'incoming/',
  documents: 'documents/',
  generated: 'generated/',
  extracted: 'extracted/',
  thumbnails: 'thumbnails/',
} as const;

/** Where the browser PUTs a document's file: `incoming/{applicationId}/{uploadId}`. */
export function incomingKey(applicationId: string, uploadId: string): string {
  assertSegment('applicationId', applicationId);
  assertSegment('uploadId', uploadId);
  return `${keyPrefixes.incoming}${applicationId}/${uploadId}`;
}

/** True for a key of the incoming prefix (the only objects the scanner settles). */
export const isIncomingKey = (key: string): boolean =>
  key.startsWith(keyPrefixes.incoming) && key.split('/').length === 3;

/** The owner segment of an incoming key: an application's id or `u-{userId}` (keyOwnerOf). */
export const applicationIdOfIncomingKey = (key: string): string | undefined =>
  isIncomingKey(key) ? key.split('/')[1] : undefined;

/**
 * The owner segment of a document's incoming and scanned keys: the application's id, or
 * `u-{userId}` for a user-level document (`incoming/u-{userId}/{uploadId}`, `documents/u-{userId}/{fileId}`).
 */
export const keyOwnerOf = (doc: { applicationId: string } | { userId: string }): string =>
  'applicationId' in doc ? doc.applicationId : `u-${doc.userId}`;

/** True for the owner segment of a user-level document's keys (`u-{userId}`). */
export const isUserKeyOwner = (owner: string | undefined): boolean => owner?.startsWith('u-') ?? false;

/** Where the scanner writes the bytes it scanned: `documents/{applicationId}/{fileId}`. */
export function scannedDocumentKey(applicationId: string, fileId: string): string {
  assertSegment('applicationId', applicationId);
  assertSegment('fileId', fileId);
  return `${keyPrefixes.documents}${applicationId}/${fileId}`;
}

/** A file the server writes for an application (the summary PDF): `generated/{applicationId}/{name}`. */
export function generatedKey(applicationId: string, name: string): string {
  assertSegment('applicationId', applicationId);
  assertSegment('name', name);
  return `${keyPrefixes.generated}${applicationId}/${name}`;
}

/**
 * The old layout, `documents/{applicationId}/{documentName}`: kept for reading the
 * records written then (their objectKey) and for tests that seed such records.
 */
export function applicationDocumentKey(applicationId: string, documentName: string): string {
  assertSegment('applicationId', applicationId);
  assertSegment('documentName', documentName);
  return `${keyPrefixes.documents}${applicationId}/${documentName}`;
}

/** `user-documents/{userId}/{documentName}` for user-level documents (`/user/documents`). */
export function userDocumentKey(userId: string, documentName: string): string {
  assertSegment('userId', userId);
  assertSegment('documentName', documentName);
  return `user-documents/${userId}/${documentName}`;
}

/** Where the extraction workflow writes the text of an object: `extracted/{key}.txt`. */
export function extractedTextKey(objectKey: string): string {
  return `${keyPrefixes.extracted}${objectKey}.txt`;
}

/** Every prefix an application's objects live under (ApplicationDeleted removes them all). */
export function applicationPrefixes(applicationId: string): string[] {
  assertSegment('applicationId', applicationId);
  const own = [keyPrefixes.incoming, keyPrefixes.documents, keyPrefixes.generated].map(
    (p) => `${p}${applicationId}/`,
  );
  return [...own, ...own.slice(1).map((p) => `${keyPrefixes.extracted}${p}`)];
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
