/**
 * The documents' domain events (docs/events.md, docs/documents.md): each written in the transaction
 * of its change (repository/documents.ts, repository/changes.ts). No consumer yet; payloads are ids and what
 * changed.
 */
interface DocumentRef {
  documentName: string;
  documentContainerId?: string;
}

declare module '../platform/events/types.js' {
  interface DomainEventCatalogue {
    DocumentAdded: { aggregate: 'application'; data: DocumentRef };
    DocumentRemoved: {
      aggregate: 'application';
      data: { documentNames: string[]; documentContainerId?: string };
    };
    DocumentStatusChanged: { aggregate: 'application'; data: DocumentRef & { status: string } };
    DocumentTagsChanged: { aggregate: 'application'; data: DocumentRef & { documentTagIds: string[] } };
    DocumentTypesChanged: { aggregate: 'application'; data: DocumentRef & { documentTypeIds: string[] } };
    DocumentsReordered: {
      aggregate: 'application';
      data: { documentContainerId: string; documentNames: string[] };
    };
    ContainerMergeStatusChanged: {
      aggregate: 'application';
      data: { documentContainerId: string; containerMergeStatus: string };
    };
    /** The scan settled the upload (Completed or Error), in the transaction of the status change. */
    DocumentSettled: {
      aggregate: 'application';
      data: DocumentRef & { uploadStatus: 'Completed' | 'Error'; errorCode?: string };
    };
    /**
     * A Completed upload into a council's open required document group after lodgement (a
     * replacement of a rejected upload, or one the council asked for): the council hears of it.
     */
    RequiredDocumentUploaded: {
      aggregate: 'application';
      data: DocumentRef & { documentContainerId: string; groupGuid: string; authorityId: string };
    };
    UserDocumentSettled: {
      aggregate: 'user';
      data: { documentName: string; uploadStatus: 'Completed' | 'Error'; errorCode?: string };
    };
    UserDocumentAdded: { aggregate: 'user'; data: { documentName: string } };
    UserDocumentStatusChanged: { aggregate: 'user'; data: { documentName: string; status: string } };
  }
}

export {};
