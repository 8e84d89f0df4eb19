import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';

/**
 * A site-wide setting read by the public `maintenance.json` / `announcements.json` routes and set
 * by operators (infra/seed/site-settings.ts). `value` is validated on read with the shared
 * schemas (shared/schemas/accounts.ts: Maintenance, Announcements).
 */
export const siteSetting = lazyEntity({
  model: model('siteSetting'),
  attributes: {
    name: { type: ['maintenance', 'announcements'] as const, required: true, readOnly: true },
    value: { type: 'any', required: true },
    updatedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byName: {
      pk: { field: 'pk', casing: 'none', composite: ['name'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * _Guard_: a captcha solution that was accepted once (keyed by the challenge's HMAC signature).
 * Created with `attribute_not_exists(pk)`, so a replayed solution fails; removed by TTL after the
 * challenge has expired (an expired challenge fails verification anyway).
 */
export const captchaUse = lazyEntity({
  model: model('captchaUse'),
  attributes: {
    signature: { type: 'string', required: true, readOnly: true },
    /** The challenge's expiry, epoch seconds. */
    expiresAt: { type: 'number', required: true },
    /** DynamoDB TTL (epoch seconds): a little after expiresAt. */
    ttl: { type: 'number', required: true },
    ...timestamps,
  },
  indexes: {
    bySignature: {
      pk: { field: 'pk', casing: 'none', composite: ['signature'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});
