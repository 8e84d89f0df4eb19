import { Entity } from 'electrodb';
import { addressAttribute, model, qualificationsAttribute, timestamps } from './common.js';

export const contact = new Entity({
  model: model('contact'),
  attributes: {
    organisationId: { type: 'string', required: true },
    contactId: { type: 'string', required: true, readOnly: true },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    organisation: { type: 'string' },
    phoneCountryCode: { type: 'string' },
    phone: { type: 'string' },
    email: { type: 'string' },
    address: addressAttribute,
    qualifications: qualificationsAttribute,
    /** Lower-cased "first last email organisation" for the search-text filter. */
    searchText: { type: 'string' },
    lastUsed: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['contactId'] },
    },
    byLastUsed: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['lastUsed'] },
    },
  },
});
