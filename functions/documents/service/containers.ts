/**
 * An application's document containers (docs/documents.md): the containers
 * with their merge state, removing all documents of one, ordering them, a required document's merge
 * status and the required document groups.
 */
import type {
  ContainerMergeStatus,
  DocumentContainerDto,
  RequiredDocumentGroupDto,
} from '../../../shared/schemas/documents.js';
import {
  documentGroupView,
  uploadsOf,
  uploadView,
  type StoredDocumentGroup,
} from '../../../shared/domain/document-groups.js';
import { documentMessages } from '../../../shared/schemas/documents.js';
import type { RequiredDocument } from '../../../shared/schemas/applications.js';
import type { DocumentContainer } from '../../../shared/schemas/reference.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import { Forbidden, Invalid, NotFound } from '../../platform/errors.js';
import type { ApplicationDocumentRecord } from '../repository/documents.js';
import type { ContainerRelationRecord } from '../repository/changes.js';
import { actionsOn, assertCanChangeDocuments } from './access.js';
import { filesOf, NEVER_MERGED_CONTAINER_ID, supportsMerge, type Unmerge } from '../model/files.js';
import { toDocumentDto } from './view.js';
import { unmergeOnRemoval } from '../merge/service/merge.js';

export { NEVER_MERGED_CONTAINER_ID, supportsMerge };

export interface ContainerPorts {
  list(applicationId: string): Promise<ApplicationDocumentRecord[]>;
  remove(
    applicationId: string,
    documentNames: string[],
    actor: string,
    containerId?: string,
    unmerge?: Unmerge,
  ): Promise<boolean>;
  reorder(
    applicationId: string,
    containerId: string,
    documentNames: readonly string[],
    actor: string,
  ): Promise<boolean>;
  relations(applicationId: string): Promise<ContainerRelationRecord[]>;
  setMergeStatus(
    applicationId: string,
    containerId: string,
    status: ContainerMergeStatus,
    actor: string,
  ): Promise<void>;
  deleteObject(key: string): Promise<void>;
  documentContainers(): readonly DocumentContainer[];
  requiredDocuments(formId: string): RequiredDocument[];
}

export function containersService(ports: ContainerPorts) {
  return { listContainers, removeAll, reorder, setMergeStatus, requiredDocumentGroups };

  function containerOf(id: string): DocumentContainer {
    const c = ports.documentContainers().find((x) => x.id === id);
    if (!c) throw new NotFound(documentMessages.containerNotFound);
    return c;
  }

  async function listContainers(grant: ApplicationGrant): Promise<DocumentContainerDto[]> {
    const relations = await ports.relations(grant.application.applicationId);
    return ports.documentContainers().map((c) => {
      const rel = relations.find((r) => r.documentContainerId === c.id);
      return {
        id: c.id,
        name: c.name,
        displayName: c.displayName,
        ...(c.description ? { description: c.description } : {}),
        displayOrder: c.displayOrder,
        containerType: c.containerType,
        ...(rel?.mergedFileName ? { mergedFileName: rel.mergedFileName } : {}),
        containerMergeStatus: rel?.containerMergeStatus ?? 'NotMerged',
      };
    });
  }

  /**
   * DELETE .../document-containers/{cid}/documents: every document of the container, when the
   * caller may remove each (otherwise 403 and nothing is removed), then their files.
   */
  async function removeAll(caller: UserCaller, grant: ApplicationGrant, containerId: string): Promise<void> {
    assertCanChangeDocuments(grant, containerId);
    containerOf(containerId);
    const applicationId = grant.application.applicationId;
    const docs = (await ports.list(applicationId)).filter((d) => d.documentContainerId === containerId);
    if (docs.some((d) => !actionsOn(d, grant).isDeletable))
      throw new Forbidden(documentMessages.notRemovable);
    if (docs.length === 0) return;
    const relation = (await ports.relations(applicationId)).find(
      (r) => r.documentContainerId === containerId,
    );
    if (
      !(await ports.remove(
        applicationId,
        docs.map((d) => d.documentName),
        caller.userId,
        containerId,
        unmergeOnRemoval(docs, relation),
      ))
    )
      throw new NotFound(documentMessages.documentNotFound);
    for (const d of docs) for (const k of filesOf(d)) await ports.deleteObject(k);
  }

  /** PATCH .../documents/order: `documents` names each document of the container once, in the new order. */
  async function reorder(
    caller: UserCaller,
    grant: ApplicationGrant,
    containerId: string,
    documents: readonly string[],
  ) {
    assertCanChangeDocuments(grant, containerId);
    containerOf(containerId);
    const applicationId = grant.application.applicationId;
    const inContainer = (await ports.list(applicationId)).filter(
      (d) => d.documentContainerId === containerId,
    );
    const names = new Set(inContainer.map((d) => d.documentName));
    if (
      new Set(documents).size !== documents.length ||
      documents.length !== names.size ||
      documents.some((n) => !names.has(n))
    )
      throw new Invalid(
        [{ field: 'body.documents', reason: documentMessages.orderMismatch }],
        documentMessages.orderMismatch,
      );
    if (!(await ports.reorder(applicationId, containerId, documents, caller.userId)))
      throw new Invalid(
        [{ field: 'body.documents', reason: documentMessages.orderMismatch }],
        documentMessages.orderMismatch,
      );
    const now = new Date();
    return documents.map((n, order) => {
      const d = inContainer.find((x) => x.documentName === n)!;
      return toDocumentDto({ ...d, order }, now, actionsOn(d, grant));
    });
  }

  /** PATCH .../required-documents/{requiredId}: a required document of the form, in a container that merges. */
  async function setMergeStatus(
    caller: UserCaller,
    grant: ApplicationGrant,
    requiredId: string,
    containerMergeStatus: ContainerMergeStatus,
  ): Promise<RequiredDocument> {
    const required = ports.requiredDocuments(grant.application.formId).find((r) => r.id === requiredId);
    if (!required) throw new NotFound(documentMessages.requiredNotFound);
    const container = ports.documentContainers().find((c) => c.id === required.documentContainerId);
    if (!container || !supportsMerge(container))
      throw new Invalid(
        [{ field: 'body.containerMergeStatus', reason: documentMessages.mergeNotSupported }],
        documentMessages.mergeNotSupported,
      );
    await ports.setMergeStatus(
      grant.application.applicationId,
      required.documentContainerId,
      containerMergeStatus,
      caller.userId,
    );
    return { ...required, containerMergeStatus };
  }

  /**
   * GET .../required-document-groups: the council's groups once it has set any (PUT
   * /council/applications/{id}/required-document-groups/{guid}), with its status of each upload;
   * before that one group per required document of the form. A group's uploads are the
   * application's documents in its container (shared/domain/document-groups.ts).
   */
  async function requiredDocumentGroups(grant: ApplicationGrant): Promise<RequiredDocumentGroupDto[]> {
    const applicationId = grant.application.applicationId;
    const docs = (await ports.list(applicationId)).map((d) => ({
      ...toDocumentDto(d),
      documentContainerId: d.documentContainerId,
    }));
    const council = (grant.application.requiredDocumentGroups ?? []) as StoredDocumentGroup[];
    if (council.length > 0) return council.map((g) => documentGroupView(applicationId, g, docs));
    const containers = ports.documentContainers();
    return ports.requiredDocuments(grant.application.formId).map((r, i) => {
      const uploads = uploadsOf(r, docs);
      return {
        id: r.id,
        applicationId,
        documentContainerId: r.documentContainerId,
        guid: `${applicationId}:${r.id}`,
        name: r.name,
        status: uploads.some((d) => d.uploadStatus === 'Completed') ? 'Received' : 'Required',
        type: 'DocumentContainer',
        ...(r.description ? { description: r.description } : {}),
        displayOrder: containers.find((c) => c.id === r.documentContainerId)?.displayOrder ?? i,
        requiredDocumentUploads: uploads.map((d) => uploadView(d)),
      };
    });
  }
}
