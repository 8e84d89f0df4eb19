import { randomUUID } from 'node:crypto';
import { entities } from '../platform/data/service.js';
import { loadApplicationAccess } from '../platform/access.js';
import { DomainError } from '../platform/errors.js';
import { catalogue } from '../reference/index.js';
import { normaliseSearch } from '../applications/index.js';
import { participantsOnTable } from '../participants/index.js';
import * as requests from './repository/requests.js';
import * as search from './repository/search.js';
import { accessRequestsService } from './service/requests.js';
import type { AccessRequestPorts } from './service/requests.js';
import { searchService } from './service/search.js';
import type { SearchPorts } from './service/search.js';

const participants = participantsOnTable();

/** The access requests' ports on the table (the service's seams; tests give fakes). */
export const tablePorts: AccessRequestPorts = {
  now: () => new Date(),
  newId: () => randomUUID(),
  async profile(userId) {
    const { data: user } = await entities.user.get({ userId }).go();
    if (!user) return undefined;
    const organisation = user.organisationId
      ? (await entities.organisation.get({ organisationId: user.organisationId }).go()).data?.displayName
      : undefined;
    return { ...user, organisation };
  },
  application: async (applicationId) =>
    (await entities.application.get({ applicationId }).go()).data ?? undefined,
  async grantOf(applicationId, userId) {
    try {
      return await loadApplicationAccess(applicationId, userId, 'ReadOnly');
    } catch (err) {
      if (err instanceof DomainError) return undefined;
      throw err;
    }
  },
  getRequest: requests.getRequest,
  requestsOfRequester: requests.requestsOfRequester,
  pendingRequestsOfOwner: requests.pendingRequestsOfOwner,
  pendingCountOf: requests.pendingCountOf,
  activeGuardOf: requests.activeGuardOf,
  writeNewRequest: requests.writeNewRequest,
  writeAnswer: requests.writeAnswer,
  answerItems: requests.answerItems,
  markHandled: requests.markHandled,
  addParticipant: (caller, grant, input, also, accessRequestGuid) =>
    participants.add(caller, grant, input, { also, ...(accessRequestGuid ? { accessRequestGuid } : {}) }),
};

export const searchPorts: SearchPorts = {
  now: () => new Date(),
  normalise: normaliseSearch,
  searchEntries: search.searchEntries,
  applicationsByIds: search.applicationsByIds,
  accessRowsOf: search.accessRowsOf,
  activeGuardsOf: requests.activeGuardsOf,
  names: (a) => catalogue().names(a),
};

export const tableServices = () => ({
  requests: accessRequestsService(tablePorts),
  search: searchService(searchPorts),
});
