/**
 * The documents' pure model both the services and the repositories use (a repository never imports a
 * service, and the services import these from here, not from each other: docs/architecture.md).
 */
import type { DocumentContainer } from '../../../shared/schemas/reference.js';
import { extractedTextKey, isIncomingKey } from './keys.js';

/** The keys of a document's files (an application document record has them). */
export interface StoredFiles {
  objectKey: string;
  storedKey?: string | undefined;
}

/** The container whose documents are never merged (docs/documents.md). */
export const NEVER_MERGED_CONTAINER_ID = 'other';

/** A container merges when it names its merged file, and never the "other" one (docs/documents.md). */
export const supportsMerge = (c: Pick<DocumentContainer, 'id' | 'mergedFileName'>): boolean =>
  c.id !== NEVER_MERGED_CONTAINER_ID && Boolean(c.mergedFileName);

/**
 * Where a document's bytes are served from: the scanned copy the scanner wrote (storedKey), or, for
 * records written in the old layout and server-written files, objectKey. Never an incoming/ key: those
 * hold what a browser PUT, scanned or not.
 */
export function servedKey(doc: StoredFiles): string | undefined {
  if (doc.storedKey) return doc.storedKey;
  return isIncomingKey(doc.objectKey) ? undefined : doc.objectKey;
}

/** Every file a removed document had: the upload, the scanned copy and its extracted text. */
export function filesOf(doc: StoredFiles): string[] {
  const served = servedKey(doc);
  return [...new Set([doc.objectKey, ...(served ? [served, extractedTextKey(served)] : [])])];
}

/** A merged file's removal: its container's relation goes from `from` back to NotMerged. */
export interface Unmerge {
  documentName: string;
  documentContainerId: string;
  from: 'Merged' | 'Error';
}
