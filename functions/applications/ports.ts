import { loadApplicationAccess } from '../platform/access.js';
import { getUserProfile } from '../accounts/index.js';
import {
  catalogue,
  detectAuthorityOfAddress,
  independentAuthoritiesOf,
  isServiceable,
} from '../reference/index.js';
import {
  createApplication,
  getAccess,
  getApplication,
  getTemplate,
  listChildren,
  listHistory,
  listParticipants,
  listSteps,
  nextApplicationId,
  nextApplicationNumber,
  setVisibility,
  updateApplication,
} from './repository/applications.js';
import { deleteApplication } from './repository/delete.js';
import type { ApplicationPorts } from './service/ports.js';
import { containerMergeStatuses } from '../documents/index.js';

/**
 * The real ports of the applications services (./service/ports.ts): the table, the reference
 * catalogue and the accounts feature. Each Lambda of the feature wires what it serves.
 */
export const applicationPorts: ApplicationPorts = {
  applications: {
    nextId: nextApplicationId,
    nextNumber: (authorityId, date) => nextApplicationNumber('', authorityId, date),
    create: createApplication,
    get: getApplication,
    update: updateApplication,
    remove: deleteApplication,
    setVisibility,
    access: getAccess,
    participants: listParticipants,
    steps: listSteps,
    children: listChildren,
    template: getTemplate,
    history: listHistory,
    mergeStatuses: containerMergeStatuses,
  },
  access: { require: loadApplicationAccess },
  reference: {
    authority: (id) => catalogue().authority(id),
    detectAuthority: (jurisdictionId, address) =>
      detectAuthorityOfAddress(catalogue().authorities(jurisdictionId), address),
    forms: (jurisdictionId) => catalogue().forms(jurisdictionId),
    names: (application) => catalogue().names(application),
    requiredDocuments: (formId) => catalogue().requiredDocuments(formId),
    serviceable: isServiceable,
    ownAuthorities: independentAuthoritiesOf,
  },
  people: { profile: getUserProfile },
};
