/**
 * Required document groups (docs/documents.md, and its uploads): the groups
 * a council asks for on a lodged application (PUT /council/applications/{id}/required-document-groups/{guid}),
 * its status of each upload (PATCH …/uploads/{applicationDocumentId}), and the view both the council
 * and the applicant (GET /user/applications/{id}/required-document-groups) read. Pure: the server's
 * features share it (docs/council-api.md §4).
 */
import type {
  ApplicationDocumentDto,
  DocumentStatus,
  RequiredDocumentGroupDto,
} from '../schemas/documents.js';

/** The council's review of one upload. */
export interface UploadReview {
  councilStatus: DocumentStatus;
  reason?: string | undefined;
  processingDate?: string | undefined;
}

/** A group as stored on the application: the council's fields and its reviews by document name. */
export interface StoredDocumentGroup {
  guid: string;
  name: string;
  status: string;
  type: string;
  building?: string | undefined;
  subcategory?: string | undefined;
  description?: string | undefined;
  acceptedDate?: string | undefined;
  requestedDate?: string | undefined;
  displayOrder: number;
  documentContainerId: string;
  documentCategoryId?: string | undefined;
  reviews?: Record<string, UploadReview> | undefined;
}

export const documentGroupMessages = {
  groupNotFound: 'Required document group not found',
  uploadNotFound: 'The document is not an upload of this group',
  unknownContainer: 'Unknown document container',
} as const;

/** The groups with `group` set (its reviews kept when it existed), in display order. */
export function withGroup(
  groups: readonly StoredDocumentGroup[] | undefined,
  group: Omit<StoredDocumentGroup, 'reviews'>,
): StoredDocumentGroup[] {
  const existing = (groups ?? []).find((g) => g.guid === group.guid);
  const next = { ...group, ...(existing?.reviews ? { reviews: existing.reviews } : {}) };
  return sortGroups([...(groups ?? []).filter((g) => g.guid !== group.guid), next]);
}

/** The groups with the council's review of one upload of group `guid` (undefined: no such group). */
export function withReview(
  groups: readonly StoredDocumentGroup[] | undefined,
  guid: string,
  documentName: string,
  review: UploadReview,
): StoredDocumentGroup[] | undefined {
  const group = (groups ?? []).find((g) => g.guid === guid);
  if (!group) return undefined;
  const reviewed = { ...group, reviews: { ...group.reviews, [documentName]: review } };
  return (groups ?? []).map((g) => (g.guid === guid ? reviewed : g));
}

const sortGroups = (groups: StoredDocumentGroup[]) =>
  groups.sort((a, b) => a.displayOrder - b.displayOrder || a.name.localeCompare(b.name));

/** The document fields an upload view needs. */
export type UploadSource = Pick<
  ApplicationDocumentDto,
  'name' | 'fileName' | 'fileSize' | 'fileType' | 'uploadStatus' | 'createdDate' | 'status' | 'order'
> & { documentContainerId?: string | undefined };

/** One upload of a group: the document as the portal has it, with the council's review if any. */
export function uploadView(
  d: UploadSource,
  review?: UploadReview,
): RequiredDocumentGroupDto['requiredDocumentUploads'][number] {
  return {
    applicationDocumentId: d.name,
    name: d.name,
    documentStatus: d.status ?? (d.uploadStatus === 'Completed' ? 'Received' : d.uploadStatus),
    ...(d.uploadStatus === 'Completed' ? { receivedDate: d.createdDate } : {}),
    ...(review
      ? {
          councilStatus: review.councilStatus,
          ...(review.reason ? { reason: review.reason } : {}),
          ...(review.processingDate ? { processingDate: review.processingDate } : {}),
        }
      : {}),
    fileName: d.fileName,
    fileSize: d.fileSize,
    mimeType: d.fileType,
  };
}

/** The documents of the group's container, in their order. */
export function uploadsOf(group: { documentContainerId: string }, documents: readonly UploadSource[]) {
  return documents
    .filter((d) => d.documentContainerId === group.documentContainerId)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** A council's group as the spec shapes it (the id is the guid). */
export function documentGroupView(
  applicationId: string,
  group: StoredDocumentGroup,
  documents: readonly UploadSource[],
): RequiredDocumentGroupDto {
  const { reviews, guid, ...fields } = group;
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    id: guid,
    guid,
    applicationId,
    name: group.name,
    status: group.status,
    type: group.type,
    displayOrder: group.displayOrder,
    documentContainerId: group.documentContainerId,
    requiredDocumentUploads: uploadsOf(group, documents).map((d) => uploadView(d, reviews?.[d.name])),
  };
}

/**
 * What the upload rule (shared/domain/offers.ts `uploadOffer`) reads of a council's group: its
 * status, its container and the council's status of each reviewed upload. Both the server (the
 * stored group) and the page (the group as GET …/required-document-groups answers it) give these.
 */
export interface GroupFacts {
  status: string;
  documentContainerId: string;
  councilStatuses: readonly (string | undefined)[];
}

export const groupFactsOfStored = (g: StoredDocumentGroup): GroupFacts => ({
  status: g.status,
  documentContainerId: g.documentContainerId,
  councilStatuses: Object.values(g.reviews ?? {}).map((r) => r.councilStatus),
});

export const groupFactsOfView = (g: RequiredDocumentGroupDto): GroupFacts => ({
  status: g.status,
  documentContainerId: g.documentContainerId,
  councilStatuses: g.requiredDocumentUploads.map((u) => u.councilStatus),
});

/** Group statuses by which the council says it is done with a group: nothing more goes in. */
const CLOSED_GROUP_STATUSES = ['accepted', 'withdrawn', 'completed', 'closed'];
/** Group statuses by which the council asks for documents. */
const ASKING_GROUP_STATUSES = ['required', 'requested', 'rejected'];

/**
 * Whether a council's group takes uploads (docs/documents.md "Required document groups, after
 * lodgement"): the council asks for it (status Required, Requested or Rejected), or it rejected an
 * upload of it (a rejection asks for a replacement); never once the council has accepted, withdrawn
 * or closed the group. Statuses are the council's words, compared without case.
 */
export function isGroupOpen(g: GroupFacts): boolean {
  const status = g.status.trim().toLowerCase();
  if (CLOSED_GROUP_STATUSES.includes(status)) return false;
  return ASKING_GROUP_STATUSES.includes(status) || g.councilStatuses.includes('Rejected');
}

type UploadView = RequiredDocumentGroupDto['requiredDocumentUploads'][number];

/**
 * The rejected uploads of a group still waiting for a replacement: a Rejected upload is answered
 * once the group has an upload received after it (its replacement: if the council rejects that one
 * too, it asks in its turn). A group the council has closed asks nothing.
 */
export function rejectedUploadsToReplace(g: RequiredDocumentGroupDto): UploadView[] {
  if (CLOSED_GROUP_STATUSES.includes(g.status.trim().toLowerCase())) return [];
  const uploads = g.requiredDocumentUploads;
  return uploads.filter(
    (u) =>
      u.councilStatus === 'Rejected' &&
      !uploads.some(
        (other) =>
          other !== u &&
          other.receivedDate !== undefined &&
          (u.receivedDate === undefined || other.receivedDate > u.receivedDate),
      ),
  );
}

/**
 * Whether the council's groups (as stored on the application) wait for the applicant to replace a
 * rejected upload: a group the council has not closed whose latest review is a rejection. The
 * dashboard's 'Actions to be taken' lists the application by it (a list row cannot read the
 * documents); the card's own words come from `rejectedUploadsToReplace`, which also counts an
 * upload sent since. The flag clears when the council reviews the replacement or closes the group.
 */
export function awaitsReplacement(groups: readonly StoredDocumentGroup[] | undefined): boolean {
  return (groups ?? []).some((g) => {
    if (CLOSED_GROUP_STATUSES.includes(g.status.trim().toLowerCase())) return false;
    const latest = Object.values(g.reviews ?? {}).at(-1);
    return latest?.councilStatus === 'Rejected';
  });
}
