import type { BucketStore } from '../token-bucket.js';
import { isConditionalCheckFailed } from './conditional.js';
import { entities } from './service.js';

/** Token buckets in the single table: a consistent read, and a put conditional on the `tat` read. */
export const tableBucketStore: BucketStore = {
  async read(key) {
    const { data } = await entities.rateBucket.get({ key }).go({ consistent: true });
    return data?.tat;
  },
  async write(key, tat, expected, expiresAtSeconds) {
    try {
      await entities.rateBucket
        .put({ key, tat, ttl: expiresAtSeconds })
        .where((a, op) => (expected === undefined ? op.notExists(a.tat) : op.eq(a.tat, expected)))
        .go({ response: 'none' });
      return true;
    } catch (err) {
      if (isConditionalCheckFailed(err)) return false;
      throw err;
    }
  },
};
