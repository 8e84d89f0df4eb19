import type { RateCounter } from '../rate-limit.js';
import { entities } from './service.js';

/** The limiter's counters in the single table: one `ADD count :1` per call, upserting the item. */
export const tableRateCounter: RateCounter = {
  async increment(key, expiresAtSeconds) {
    const { data } = await entities.rateCounter
      .update({ key })
      .add({ count: 1 })
      .set({ ttl: expiresAtSeconds })
      .go({ response: 'updated_new' });
    return Number(data.count);
  },
};
