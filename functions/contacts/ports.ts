import { randomUUID } from 'node:crypto';
import { lookupAdapters } from '../platform/adapters/lookups/index.js';
import { referenceData } from '../reference/index.js';
import {
  contactIdByEmail,
  getContact,
  listContacts,
  organisationOfUser,
  touchContact,
  writeContact,
} from './repository.js';
import type { ContactPorts } from './service.js';

/** The contact library's ports on the table, the reference data and the LBP register. */
export const tablePorts: ContactPorts = {
  organisationOf: organisationOfUser,
  contacts: listContacts,
  contact: getContact,
  contactIdByEmail,
  write: writeContact,
  touch: touchContact,
  qualificationTypes: () => referenceData().qualificationTypes,
  practitioner: (lbpNumber) => lookupAdapters().lbp.get(lbpNumber),
  now: () => new Date().toISOString(),
  newId: () => randomUUID(),
};
