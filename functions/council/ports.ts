import { catalogue } from '../reference/index.js';
import { documentsOf, latestSnapshotOf, participantsOf } from './repository/parts.js';
import { presignedDownload, toDocumentDto } from '../documents/index.js';
import { applicationsByIds, lodgementsOf } from './repository/lodgements.js';
import { feedEntriesOf } from './repository/feed.js';
import { councilReads } from './service/reads.js';
import type { ReadPorts } from './service/reads.js';
import { feedService } from './service/feed.js';
import { councilWrites } from './service/writes.js';
import { writeCouncilChange } from './repository/writes.js';

/** The council services' ports on the table and the bucket (tests give fakes). */
export const readPorts: ReadPorts = {
  lodgements: lodgementsOf,
  applicationsByIds,
  latestSnapshot: latestSnapshotOf,
  participants: participantsOf,
  documents: documentsOf,
  presignedDownload,
  formDisplayName: (formId) => catalogue().form(formId)?.displayName,
  now: () => new Date(),
};

export const tableServices = () => ({
  reads: councilReads(readPorts),
  writes: councilWrites({
    write: writeCouncilChange,
    latestSnapshot: latestSnapshotOf,
    formDisplayName: readPorts.formDisplayName,
    documents: async (applicationId) =>
      (await documentsOf(applicationId)).map((d) => ({
        ...toDocumentDto(d),
        documentContainerId: d.documentContainerId,
      })),
    isDocumentContainer: (id) =>
      catalogue()
        .documentContainers()
        .some((c) => c.id === id),
    now: () => new Date(),
  }),
  feed: feedService({ entries: feedEntriesOf, now: () => new Date() }),
});
