/**
 * A document's status, tags and types (docs/documents.md). Each change
 * needs Edit, an editable application and the document's own rule (isEditable); a refused call
 * changes nothing.
 */
import type {
  ApplicationDocumentDto,
  DocumentTagDto,
  DocumentTypeOfDocumentDto,
  PatchDocumentRequest,
} from '../../../shared/schemas/documents.js';
import { documentMessages } from '../../../shared/schemas/documents.js';
import { documentTypeValue } from '../../../shared/domain/documents.js';
import type { DocumentTag, DocumentType } from '../../../shared/schemas/reference.js';
import type { ApplicationGrant } from '../../platform/access.js';
import type { UserCaller } from '../../platform/caller.js';
import { Invalid, NotFound } from '../../platform/errors.js';
import type { ApplicationDocumentRecord } from '../repository/documents.js';
import { actionsOn, assertCanEdit } from './access.js';
import { toDocumentDto } from './view.js';

type DocKey = { applicationId: string; documentName: string };
type RelationKind = 'tags' | 'types';

export interface DocumentChangePorts {
  get(applicationId: string, documentName: string): Promise<ApplicationDocumentRecord | undefined>;
  setStatus(key: DocKey, status: string, actor: string): Promise<boolean>;
  relationIds(kind: RelationKind, key: DocKey): Promise<string[]>;
  setRelations(
    kind: RelationKind,
    key: DocKey,
    before: readonly string[],
    after: readonly string[],
    actor: string,
  ): Promise<boolean>;
  /** The system tags and the user's own (GET /user/documenttags). */
  tagsOf(userId: string): Promise<DocumentTag[]>;
  /** The document types of a jurisdiction. */
  documentTypes(): readonly DocumentType[];
}

export function documentChangesService(ports: DocumentChangePorts) {
  return { patchStatus, listTags, changeTags, removeTag, listTypes, changeTypes };

  async function load(grant: ApplicationGrant, documentName: string) {
    const doc = await ports.get(grant.application.applicationId, documentName);
    if (!doc) throw new NotFound(documentMessages.documentNotFound);
    return doc;
  }
  function keyOf(grant: ApplicationGrant, documentName: string): DocKey {
    return { applicationId: grant.application.applicationId, documentName };
  }

  /** PATCH .../documents/{name}: the status the user may set (Withdrawn), stored in the spec's spelling. */
  async function patchStatus(
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
    body: PatchDocumentRequest,
  ): Promise<ApplicationDocumentDto> {
    const doc = await load(grant, documentName);
    assertCanEdit(doc, grant);
    if (!(await ports.setStatus(keyOf(grant, documentName), body.status, caller.userId)))
      throw new NotFound(documentMessages.documentNotFound);
    return toDocumentDto({ ...doc, status: body.status }, new Date(), actionsOn(doc, grant));
  }

  /** The types the application may use: its jurisdiction's, for every form or for its form. */
  function typesFor(grant: ApplicationGrant): DocumentType[] {
    return ports
      .documentTypes()
      .filter(
        (t) =>
          t.jurisdictionId === grant.application.jurisdictionId &&
          (t.scope === 'all' || t.scope === grant.application.formId),
      );
  }

  async function listTags(
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
  ): Promise<DocumentTagDto[]> {
    await load(grant, documentName);
    const ids = await ports.relationIds('tags', keyOf(grant, documentName));
    const known = await ports.tagsOf(caller.userId);
    return ids
      .flatMap((id) => known.filter((t) => t.id === id))
      .sort((a, b) => a.displayOrder - b.displayOrder);
  }

  /** POST (mode add) or PUT (mode replace) .../tags: every id must be a tag the caller can see. */
  async function changeTags(
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
    ids: readonly string[],
    mode: 'add' | 'replace',
  ): Promise<DocumentTagDto[]> {
    const doc = await load(grant, documentName);
    assertCanEdit(doc, grant);
    const known = await ports.tagsOf(caller.userId);
    const unknown = ids.find((id) => !known.some((t) => t.id === id));
    if (unknown !== undefined)
      throw new Invalid(
        [{ field: 'body.documentTagIds', reason: documentMessages.unknownTag(unknown) }],
        documentMessages.unknownTag(unknown),
      );
    await write('tags', caller, grant, documentName, ids, mode);
    return listTags(caller, grant, documentName);
  }

  /** DELETE .../tags/{tagId}: 204 whether or not the tag was on the document. */
  async function removeTag(caller: UserCaller, grant: ApplicationGrant, documentName: string, tagId: string) {
    const doc = await load(grant, documentName);
    assertCanEdit(doc, grant);
    const key = keyOf(grant, documentName);
    const before = await ports.relationIds('tags', key);
    if (!before.includes(tagId)) return;
    if (
      !(await ports.setRelations(
        'tags',
        key,
        before,
        before.filter((t) => t !== tagId),
        caller.userId,
      ))
    )
      throw new NotFound(documentMessages.documentNotFound);
  }

  /** The document's types; a type no longer known reads Amendment (docs/documents.md). */
  async function listTypes(
    grant: ApplicationGrant,
    documentName: string,
  ): Promise<DocumentTypeOfDocumentDto[]> {
    await load(grant, documentName);
    const ids = await ports.relationIds('types', keyOf(grant, documentName));
    const all = ports.documentTypes();
    return ids.map((id) => {
      const t = all.find((x) => x.id === id);
      if (!t)
        return {
          id,
          name: documentTypeValue(undefined),
          displayName: documentTypeValue(undefined),
          displayOrder: 0,
        };
      return {
        id: t.id,
        name: documentTypeValue(t.name),
        displayName: t.displayName,
        displayOrder: t.displayOrder,
        description: t.description,
      };
    });
  }

  async function changeTypes(
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
    ids: readonly string[],
    mode: 'add' | 'replace',
  ): Promise<DocumentTypeOfDocumentDto[]> {
    const doc = await load(grant, documentName);
    assertCanEdit(doc, grant);
    const allowed = typesFor(grant);
    const unknown = ids.find((id) => !allowed.some((t) => t.id === id));
    if (unknown !== undefined)
      throw new Invalid(
        [{ field: 'body.documentTypeIds', reason: documentMessages.unknownType(unknown) }],
        documentMessages.unknownType(unknown),
      );
    await write('types', caller, grant, documentName, ids, mode);
    return listTypes(grant, documentName);
  }

  async function write(
    kind: RelationKind,
    caller: UserCaller,
    grant: ApplicationGrant,
    documentName: string,
    ids: readonly string[],
    mode: 'add' | 'replace',
  ) {
    const key = keyOf(grant, documentName);
    const before = await ports.relationIds(kind, key);
    const after = [...new Set(mode === 'add' ? [...before, ...ids] : ids)];
    if (!(await ports.setRelations(kind, key, before, after, caller.userId)))
      throw new NotFound(documentMessages.documentNotFound);
  }
}
