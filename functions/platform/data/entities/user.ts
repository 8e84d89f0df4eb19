import { lazyEntity } from '../lazy.js';
import { addressAttribute, model, notificationLevels, timestamps } from './common.js';

/** A portal user (id = Cognito sub). */
export const user = lazyEntity({
  model: model('user'),
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    username: { type: 'string', required: true },
    email: { type: 'string', required: true, set: (v?: string) => v?.trim().toLowerCase() },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    contactNumber: { type: 'string' },
    phoneCountryCode: { type: 'string' },
    address: addressAttribute,
    organisationId: { type: 'string' },
    /** Stored as given; read through readOrganisationRole (unknown → Normal). */
    organisationRole: { type: 'string' },
    defaultApplicationNotificationLevel: { type: notificationLevels, default: 'Normal' },
    emailPreference: { type: 'boolean', default: true },
    smsPreference: { type: 'boolean', default: false },
    pushPreference: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byEmail: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['email'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});

/** User ↔ independent authority relation. */
export const userAuthority = lazyEntity({
  model: model('userAuthority'),
  attributes: {
    userId: { type: 'string', required: true },
    authorityId: { type: 'string', required: true },
    defaultIndependent: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['authorityId'] },
    },
  },
});

/** A property (site) the user has used. */
export const userProperty = lazyEntity({
  model: model('userProperty'),
  attributes: {
    userId: { type: 'string', required: true },
    propertyId: { type: 'string', required: true },
    address: addressAttribute,
    postcode: { type: 'string' },
    legalDescription: { type: 'string' },
    longitude: { type: 'number' },
    latitude: { type: 'number' },
    parcelId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: ['propertyId'] },
    },
  },
});
