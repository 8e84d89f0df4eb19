import { lazyEntity } from '../lazy.js';
import { addressAttribute, model, qualificationsAttribute, timestamps } from './common.js';

/** A contact of an organisation's library (docs/participants.md). */
export const contact = lazyEntity({
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
    /** When it was last used on an application (ISO 8601); '' until then. */
    lastUsed: { type: 'string', required: true, default: '' },
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

/**
 * _Guard_: an email used by a contact of the organisation's library (unique per library), holding
 * the contact's id; written in the contact's transaction with `attribute_not_exists`.
 */
export const contactEmail = lazyEntity({
  model: model('contactEmail'),
  attributes: {
    organisationId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    contactId: { type: 'string', required: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', casing: 'none', composite: ['organisationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['email'] },
    },
  },
});
