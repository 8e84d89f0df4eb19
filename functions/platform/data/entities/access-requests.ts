import { lazyEntity } from '../lazy.js';
import { addressAttribute, model, timestamps } from './common.js';

export const accessRequest = lazyEntity({
  model: model('accessRequest'),
  attributes: {
    requestGuid: { type: 'string', required: true, readOnly: true },
    applicationId: { type: 'string', required: true, readOnly: true },
    requesterId: { type: 'string', required: true, readOnly: true },
    ownerId: { type: 'string', required: true },
    applicationNumber: { type: 'string' },
    consentNumber: { type: 'string' },
    applicationStatus: { type: 'string' },
    /** Stored status; EXPIRED is also derived on read from expireTime. */
    status: {
      type: ['PENDING', 'APPROVED', 'DENIED', 'EXPIRED'] as const,
      required: true,
      default: 'PENDING',
    },
    address: addressAttribute,
    requestUser: {
      type: 'map',
      properties: {
        email: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        phoneCountryCode: { type: 'string' },
        phoneNumber: { type: 'string' },
        organisation: { type: 'string' },
        address: addressAttribute,
      },
    },
    createdDate: { type: 'string', required: true, readOnly: true },
    completionDate: { type: 'string' },
    expireTime: { type: 'string', required: true },
    handled: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: {
    byGuid: {
      pk: { field: 'pk', casing: 'none', composite: ['requestGuid'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    byRequester: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['requesterId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['createdDate'] },
    },
    byOwner: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', casing: 'none', composite: ['ownerId'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['createdDate'] },
    },
    byApplication: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'gsi3sk', casing: 'none', composite: ['createdDate'] },
    },
  },
});

/** Guard: at most one active (pending, unexpired) request per project and requester. */
export const accessRequestActive = lazyEntity({
  model: model('accessRequestActive'),
  attributes: {
    applicationId: { type: 'string', required: true },
    requesterId: { type: 'string', required: true },
    requestGuid: { type: 'string', required: true },
    /** The request's createdDate (the search's accessRequestedDate, the ACCESS.REQUEST.EXIST text). */
    createdDate: { type: 'string' },
    expireTime: { type: 'string', required: true },
    /** Epoch seconds: DynamoDB TTL removes the guard after expiry. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byApplication: {
      pk: { field: 'pk', casing: 'none', composite: ['applicationId'] },
      sk: { field: 'sk', casing: 'none', composite: ['requesterId'] },
    },
  },
});
