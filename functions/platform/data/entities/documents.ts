import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';

const uploadStatuses = ['Pending', 'Uploading', 'Awaiting review', 'Uploaded', 'Completed', 'Error'] as const;

/** Attributes of a stored file (application or user document). */
const fileAttributes = {
  documentName: { type: 'string', required: true, readOnly: true },
  /**
   * S3 object key (see functions/documents/model/keys.ts): where the upload arrives
   * (`incoming/...`, the presigned PUT's target; the scan trigger finds the record by it). Records
   * written in the old layout, and server-written files, hold the served key here.
   */
  objectKey: { type: 'string', required: true, readOnly: true },
  /** Where the scanned bytes are served from (written by the scanner only; absent until Completed). */
  storedKey: { type: 'string' },
  /** The ETag of the bytes the scan read and promoted (the object at storedKey). */
  storedETag: { type: 'string' },
  /** The S3 version of storedKey where the bucket is versioned (deployed); absent locally. */
  storedVersionId: { type: 'string' },
  fileName: { type: 'string', required: true },
  fileType: { type: 'string', required: true },
  /** What was uploaded when the stored file is a conversion (an image → PDF): its name and type. */
  originalFileName: { type: 'string' },
  originalFileType: { type: 'string' },
  fileSize: { type: 'number', required: true },
  fileVersion: { type: 'number', default: 1 },
  fileModifiedDate: { type: 'string' },
  uploadStatus: { type: uploadStatuses, required: true, default: 'Pending' },
  errorCode: { type: 'string' },
  isMergedFile: { type: 'boolean', default: false },
  hasExtractedData: { type: 'boolean', default: false },
  createdBy: { type: 'string' },
} as const;

export const applicationDocument = lazyEntity({
  model: model('applicationDocument'),
  attributes: {
    applicationId: { type: 'string', required: true, readOnly: true },
    ...fileAttributes,
    documentContainerId: { type: 'string' },
    documentCategoryId: { type: 'string' },
    order: { type: 'number', default: 0 },
    /** Council-side document status (Required, Received, Awaiting Review, Accepted, Rejected, Withdrawn). */
    status: { type: 'string' },
    /** The extraction of a proof-of-ownership document (docs/documents.md "Owners read from the title"). */
    extractionStatus: { type: ['Running', 'Completed', 'NothingProposed'] as const },
    /** Why the extraction proposed nothing: NoText, NotATitle, NoOwners. */
    extractionNote: { type: ['NoText', 'NotATitle', 'NoOwners'] as const },
    /** The extraction that last started (the settle event's id): a late step of an older one is ignored. */
    extractionId: { type: 'string' },
    /** The record of title's issue date (yyyy-mm-dd), for the title-age rule. */
    titleIssuedDate: { type: 'string' },
    /**
     * An upload into a council's open required document group after lodgement (docs/documents.md):
     * the group's guid and the council's authority, so its settle tells the council (feed, webhook).
     */
    councilGroupGuid: { type: 'string' },
    councilAuthorityId: { type: 'string' },
    /** A document the council issued (docs/council-api.md "Issued documents"): its kind. */
    issuedKind: {
      type: ['Building consent', 'Consent conditions', 'Code compliance certificate', 'Other'] as const,
    },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentName'] },
    },
    byObjectKey: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['objectKey'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * Guard of an application's document set (docs/documents.md): every create bumps `version` on the
 * condition that it is still the one read with the documents it counted, in the create's
 * transaction, so two creates that counted the same documents cannot both commit (the limits).
 */
export const documentGuard = lazyEntity({
  model: model('documentGuard'),
  attributes: {
    applicationId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

export const userDocument = lazyEntity({
  model: model('userDocument'),
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    ...fileAttributes,
    /** Document status (docs/documents.md), set by PATCH /user/documents/{name}. */
    status: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentName'] },
    },
    byObjectKey: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['objectKey'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});

export const documentContainerRelation = lazyEntity({
  model: model('documentContainerRelation'),
  attributes: {
    applicationId: { type: 'string', required: true },
    documentContainerId: { type: 'string', required: true },
    mergedFileName: { type: 'string' },
    containerMergeStatus: {
      type: ['NotMerged', 'InProgress', 'Merged', 'Error'] as const,
      default: 'NotMerged',
    },
    ...timestamps,
  },
  indexes: {
    byApplication: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentContainerId'] },
    },
  },
});

/** A document tag; userId '0' marks a system tag. */
export const documentTag = lazyEntity({
  model: model('documentTag'),
  attributes: {
    userId: { type: 'string', required: true },
    documentTagId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    displayName: { type: 'string', required: true },
    displayOrder: { type: 'number', default: 0 },
    description: { type: 'string' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentTagId'] },
    },
  },
});

export const documentTagRelation = lazyEntity({
  model: model('documentTagRelation'),
  attributes: {
    applicationId: { type: 'string', required: true },
    documentName: { type: 'string', required: true },
    documentTagId: { type: 'string', required: true },
  },
  indexes: {
    byDocument: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentName', 'documentTagId'] },
    },
  },
});

export const documentTypeRelation = lazyEntity({
  model: model('documentTypeRelation'),
  attributes: {
    applicationId: { type: 'string', required: true },
    documentName: { type: 'string', required: true },
    documentTypeId: { type: 'string', required: true },
  },
  indexes: {
    byDocument: {
      collection: 'application',
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['documentName', 'documentTypeId'] },
    },
  },
});
