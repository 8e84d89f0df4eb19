import { lazyEntity } from '../lazy.js';
import { model } from './common.js';

/**
 * _Counter_: the calls one subject (an e-mail address, a client address) made to one limited action
 * in one fixed window (functions/platform/rate-limit.ts). `key` is `<rule>#<subject digest>#<window
 * start>`: one item per window, incremented with a single `ADD` (no read first), removed by TTL a
 * little after its window ended.
 */
export const rateCounter = lazyEntity({
  model: model('rateCounter'),
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    /** DynamoDB TTL (epoch seconds): the window's end plus a margin. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', casing: 'none', composite: ['key'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * _Bucket_: one council client's token bucket (functions/platform/token-bucket.ts): `tat`, the time
 * (ms) the bucket would be full again. `key` is `council#<client id>`. Written only if `tat` is what
 * was read; removed by TTL a minute after the bucket is full again.
 */
export const rateBucket = lazyEntity({
  model: model('rateBucket'),
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    tat: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', casing: 'none', composite: ['key'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * _Guard_: the code that confirmed a registration, as a digest of the address and the code, kept
 * for a day so a second click on the mail's link succeeds while any other code on a confirmed
 * account gets the same answer as a wrong code on an unknown one (functions/accounts/service/
 * registration.ts). `key` is a digest of the address: the item names nobody.
 */
export const confirmedCode = lazyEntity({
  model: model('confirmedCode'),
  attributes: {
    key: { type: 'string', required: true, readOnly: true },
    codeDigest: { type: 'string', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', casing: 'none', composite: ['key'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});
