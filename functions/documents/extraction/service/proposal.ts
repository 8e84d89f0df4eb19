/**
 * What the extraction proposes from a record of title (docs/documents.md "Owners
 * read from the title"): pure decisions over the title's reading (./title.ts) and the application as
 * it is now. Nothing is invented: only names, the legal description and the issue date the title
 * was read to say are proposed; a reading without owners proposes nothing and says why.
 */
import { createHash } from 'node:crypto';
import {
  AI_AUTHOR_PREFIX,
  DEFAULT_GROUP_NAME,
  normaliseGroupList,
} from '../../../../shared/domain/participants.js';
import type { ExtractionNote } from '../../../../shared/schemas/documents.js';
import type { TitleResult } from './title.js';

/** The modifiedBy of what the extraction writes (shown as 'AI': shared displayAuthor). */
export const EXTRACTION_AUTHOR = `${AI_AUTHOR_PREFIX}title-extraction`;

const isAi = (modifiedBy: string | undefined) => modifiedBy?.startsWith(AI_AUTHOR_PREFIX) ?? false;

/** The owners group participant the extraction proposes on an application: one id per application. */
export function proposedGroupId(applicationId: string): string {
  const h = createHash('sha256').update(`owners-group:${applicationId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** What the proposal reads of a participant. */
export interface ProposalParticipant {
  participantId: string;
  groupName?: string | undefined;
  groupList?: string | undefined;
  modifiedBy?: string | undefined;
  isDeleted?: boolean | undefined;
}

export interface ProposalInput {
  applicationId: string;
  reading: TitleResult;
  participants: readonly ProposalParticipant[];
  /** The application's legal description as stored (empty or absent: the title's is proposed). */
  legalDescription?: string | undefined;
}

export interface Proposal {
  /**
   * The owners group to write: `create` a new participant, `update` the extraction's own (still
   * AI-written, with another list), or absent (nothing read, already proposed, or a person's group).
   */
  group?: { action: 'create' | 'update'; participantId: string; groupName: string; groupList: string };
  /** Why no group is written when owners were read: the same list is there, or a person wrote one. */
  groupKept?: 'AlreadyProposed' | 'WrittenByPerson';
  legalDescription?: string;
  /** The title's issue date (ISO yyyy-mm-dd), for the title-age rule. */
  titleIssuedDate?: string;
  /** Whether the title gave anything (owners, legal description or issue date). */
  hasExtractedData: boolean;
  /** Why nothing was proposed (no text layer, not a title, no owners section). */
  note?: ExtractionNote;
}

/** The proposal for one title reading (idempotent: a second run on the result of the first proposes nothing new). */
export function proposeFromTitle(input: ProposalInput): Proposal {
  const { reading } = input;
  if (!reading.ok) return { hasExtractedData: false, note: reading.reason };
  const t = reading.title;
  const proposal: Proposal = { hasExtractedData: true };
  if (t.dateIssued) proposal.titleIssuedDate = t.dateIssued.value;
  if (t.legalDescription && !(input.legalDescription ?? '').trim())
    proposal.legalDescription = t.legalDescription.value;

  const groupList = normaliseGroupList(t.owners.map((o) => o.value).join(', '));
  const id = proposedGroupId(input.applicationId);
  const own = input.participants.find((p) => p.participantId === id);
  const personGroup = input.participants.some(
    (p) => p.participantId !== id && !p.isDeleted && (p.groupList ?? '') !== '' && !isAi(p.modifiedBy),
  );
  if (own && !isAi(own.modifiedBy)) proposal.groupKept = 'WrittenByPerson';
  else if (!own && personGroup) proposal.groupKept = 'WrittenByPerson';
  else if (own && !own.isDeleted && own.groupList === groupList) proposal.groupKept = 'AlreadyProposed';
  else if (own && own.isDeleted) proposal.groupKept = 'WrittenByPerson';
  else if (groupList)
    proposal.group = {
      action: own ? 'update' : 'create',
      participantId: id,
      groupName: DEFAULT_GROUP_NAME,
      groupList,
    };
  return proposal;
}
