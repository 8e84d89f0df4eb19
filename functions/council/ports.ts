import { catalogue } from '../reference/catalogue.js';
import { documentsOf, latestSnapshotOf, participantsOf } from './repository/parts.js';
import { presignedDownload } from '../documents/service/storage.js';
import { applicationsByIds, lodgementsOf } from './repository/lodgements.js';
import { feedEntriesOf } from './repository/feed.js';
import { councilReads } from './service/reads.js';
import type { ReadPorts } from './service/reads.js';
import { feedService } from './service/feed.js';

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
  feed: feedService({ entries: feedEntriesOf, now: () => new Date() }),
});
