import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';

/**
 * A council's machine credentials (docs/council-api.md §1): the Cognito app client of the council
 * pool that acts for one building consent authority. Written by the operator's `onboard` command,
 * read (consistently) by the access policy on every council call, so setting `status` Revoked takes
 * effect at the next call whatever token it carries. The authority's `serviceable` follows it: an
 * authority accepts applications only while it has an Active client.
 */
export const councilClient = lazyEntity({
  model: model('councilClient'),
  attributes: {
    clientId: { type: 'string', required: true, readOnly: true },
    authorityId: { type: 'string', required: true, readOnly: true },
    status: { type: ['Active', 'Revoked'] as const, required: true, default: 'Active' },
    onboardedAt: { type: 'string', required: true },
    revokedAt: { type: 'string' },
    /**
     * This client's own token bucket, when an operator set one (`npm run council -- limit`): tighter
     * for a runaway integration, looser for a council's migration. Absent: the stage's rule.
     */
    rateLimit: {
      type: 'map',
      properties: {
        perSecond: { type: 'number', required: true },
        burst: { type: 'number', required: true },
      },
    },
    ...timestamps,
  },
  indexes: {
    byClient: {
      pk: { field: 'pk', casing: 'none', composite: ['clientId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
    /** An authority's clients (the operator's commands, the authority's `serviceable`). */
    byAuthority: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: ['onboardedAt', 'clientId'] },
    },
  },
});

/**
 * A council write's idempotency record (docs/council-api.md §3): put with `attribute_not_exists` in
 * the same transaction as the change it answers, so the change and its stored answer commit
 * together. A retry with the same key replays `response`; TTL removes it after a day.
 */
export const councilIdempotency = lazyEntity({
  model: model('councilIdempotency'),
  attributes: {
    /** Whose key it is: the council client id (keys are per caller). */
    clientId: { type: 'string', required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    routeKey: { type: 'string', required: true, readOnly: true },
    /** SHA-256 of the method, path and canonical body: the same key with another request is refused. */
    requestHash: { type: 'string', required: true, readOnly: true },
    statusCode: { type: 'number', required: true, readOnly: true },
    /** The JSON text of the body answered (absent for a 204). */
    response: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** DynamoDB TTL, epoch seconds. */
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', casing: 'none', composite: ['clientId', 'key'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * The lodgement index (docs/council-api.md §4): one item per lodged application under its
 * authority, written in the submission's transaction and updated with each council transition, so
 * `GET /council/applications` is one query, newest submission first (never a Scan).
 */
export const councilLodgement = lazyEntity({
  model: model('councilLodgement'),
  attributes: {
    authorityId: { type: 'string', required: true, readOnly: true },
    submissionDate: { type: 'string', required: true, readOnly: true },
    applicationId: { type: 'string', required: true, readOnly: true },
    status: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byAuthority: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'sk', casing: 'none', composite: ['submissionDate', 'applicationId'] },
    },
  },
});

/** Days a feed entry stays readable (docs/council-api.md §5). */
export const COUNCIL_FEED_TTL_DAYS = 35;

/**
 * An entry of an authority's pull feed (docs/council-api.md §5): the CouncilEvent, written in the
 * transaction of the change, sorted by (occurredAt, eventId). TTL after {@link COUNCIL_FEED_TTL_DAYS}.
 */
export const councilFeedEntry = lazyEntity({
  model: model('councilFeedEntry'),
  attributes: {
    authorityId: { type: 'string', required: true, readOnly: true },
    occurredAt: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    applicationId: { type: 'string', readOnly: true },
    invitationId: { type: 'string', readOnly: true },
    /** RequiredDocumentUploaded: the group and the upload to review. */
    requiredDocumentGroupGuid: { type: 'string', readOnly: true },
    applicationDocumentId: { type: 'string', readOnly: true },
    ttl: { type: 'number', required: true, readOnly: true },
  },
  indexes: {
    byAuthority: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'sk', casing: 'none', composite: ['occurredAt', 'eventId'] },
    },
  },
});

/** Days a webhook delivery stays in the log (as the feed's entries: docs/council-api.md §5). */
export const COUNCIL_DELIVERY_TTL_DAYS = 35;

/**
 * An authority's webhook registration (docs/council-api.md §5): the endpoint the council's events
 * are POSTed to and its signing secrets. `secrets` holds the current one and, for 24 h after a
 * rotation, the one before it (`expiresAt` set): every secret still active signs each delivery.
 * Each secret is `sealed` (AES-256-GCM under a key only the webhook delivery function reads:
 * functions/council/service/webhook-seal.ts), so a function that reads the table cannot sign;
 * `secret` is the plain value of a registration written before (docs/council-api.md), sealed by the
 * delivery function the first time it reads it.
 */
export const councilWebhook = lazyEntity({
  model: model('councilWebhook'),
  attributes: {
    authorityId: { type: 'string', required: true, readOnly: true },
    url: { type: 'string', required: true },
    secrets: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          /** Before secrets were sealed: the plain secret (sealed on first read by the delivery function). */
          secret: { type: 'string' },
          /** The sealed secret (only the delivery function opens it). */
          sealed: { type: 'string' },
          createdAt: { type: 'string', required: true },
          /** Set on the old secret at a rotation: it signs until then. */
          expiresAt: { type: 'string' },
        },
      },
    },
    /** The client that registered or last changed it. */
    clientId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byAuthority: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * One council event's webhook delivery (docs/council-api.md §5): written by the `council.webhooks`
 * consumer before its first attempt and updated after each (and by a redelivery). The log of an
 * authority in event order; gsi1 finds one by its event id (a redelivery names only that).
 */
export const councilDelivery = lazyEntity({
  model: model('councilDelivery'),
  attributes: {
    authorityId: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    occurredAt: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    /** The CouncilEvent JSON as delivered (the webhook's body). */
    payload: { type: 'string', required: true, readOnly: true },
    status: { type: ['Pending', 'Delivered', 'Failed'] as const, required: true, default: 'Pending' },
    attempts: { type: 'number', required: true, default: 0 },
    lastAttemptAt: { type: 'string' },
    lastStatusCode: { type: 'number' },
    lastError: { type: 'string' },
    /** DynamoDB TTL, epoch seconds ({@link COUNCIL_DELIVERY_TTL_DAYS} after the event). */
    ttl: { type: 'number', required: true, readOnly: true },
    ...timestamps,
  },
  indexes: {
    byAuthority: {
      pk: { field: 'pk', casing: 'none', composite: ['authorityId'] },
      sk: { field: 'sk', casing: 'none', composite: ['occurredAt', 'eventId'] },
    },
    byEvent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['authorityId', 'eventId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
  },
});
