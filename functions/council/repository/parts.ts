import type { EntityItem } from 'electrodb';
import { entities } from '../../platform/data/service.js';
import type { applicationSnapshot, participant } from '../../platform/data/entities/application.js';
import type { applicationDocument } from '../../platform/data/entities/documents.js';

/** What a council reads of an application beside its record: participants, documents, the submission. */
export type ParticipantRecord = EntityItem<typeof participant>;
export type DocumentRecord = EntityItem<typeof applicationDocument>;
export type SnapshotRecord = EntityItem<typeof applicationSnapshot>;

/** Participants of an application, deleted ones included. */
export async function participantsOf(applicationId: string): Promise<ParticipantRecord[]> {
  const { data } = await entities.participant.query.byApplication({ applicationId }).go({ pages: 'all' });
  return data;
}

/** The documents of an application. */
export async function documentsOf(applicationId: string): Promise<DocumentRecord[]> {
  const { data } = await entities.applicationDocument.query
    .byApplication({ applicationId })
    .go({ pages: 'all' });
  return data;
}

/** The newest submission snapshot, or undefined. */
export async function latestSnapshotOf(applicationId: string): Promise<SnapshotRecord | undefined> {
  const { data } = await entities.applicationSnapshot.query
    .byApplication({ applicationId })
    .go({ order: 'desc', limit: 1 });
  return data[0];
}
