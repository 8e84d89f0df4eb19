import { lazyEntity } from '../lazy.js';
import { model, timestamps } from './common.js';

/** The applicationId of a notification about no application (not in gsi2). */
export const NO_APPLICATION = '-';

export const notification = lazyEntity({
  model: model('notification'),
  attributes: {
    recipientType: { type: ['User', 'Application', 'Organisation'] as const, required: true },
    recipientId: { type: 'string', required: true },
    notificationId: { type: 'string', required: true, readOnly: true },
    groupId: { type: 'string' },
    type: {
      type: ['Payment', 'RFI', 'Application', 'ApplicationSubmit', 'Participant', 'Organisation'] as const,
      required: true,
    },
    createdDate: { type: 'string', required: true, readOnly: true },
    updatedDate: { type: 'string' },
    message: {
      type: 'map',
      properties: {
        subtype: { type: 'string' },
        shortText: { type: 'string' },
        fullText: { type: 'string' },
        htmlText: { type: 'string' },
      },
    },
    recipients: { type: 'any' },
    /**
     * The application the news is about (the per-application list, gsi2), or NO_APPLICATION: an
     * index with a condition needs every composite on each write.
     */
    applicationId: { type: 'string', required: true, default: NO_APPLICATION },
    /** The domain event it tells of (its id is derived from this and the recipient). */
    eventId: { type: 'string' },
    apiVersion: { type: 'string', default: '1' },
    /** Epoch seconds; old notifications expire. */
    ttl: { type: 'number' },
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', casing: 'none', composite: ['recipientType', 'recipientId'] },
      sk: { field: 'sk', casing: 'none', composite: ['createdDate', 'notificationId'] },
    },
    byId: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', casing: 'none', composite: ['notificationId'] },
      sk: { field: 'gsi1sk', casing: 'none', composite: [] },
    },
    /** Sparse: a recipient's notifications about one application, newest first. */
    byRecipientApplication: {
      index: 'gsi2',
      condition: (attr) => typeof attr.applicationId === 'string' && attr.applicationId !== NO_APPLICATION,
      pk: { field: 'gsi2pk', casing: 'none', composite: ['recipientId', 'applicationId'] },
      sk: { field: 'gsi2sk', casing: 'none', composite: ['createdDate', 'notificationId'] },
    },
  },
});

export const notificationProfile = lazyEntity({
  model: model('notificationProfile'),
  attributes: {
    userId: { type: 'string', required: true },
    username: { type: 'string' },
    hasNewNotifications: { type: 'boolean', default: false },
    /** Everything written up to this time is seen (PATCH …/user/seen). */
    lastSeenDate: { type: 'string' },
    /** When the latest notification was written (with hasNewNotifications). */
    lastNotifiedDate: { type: 'string' },
    /**
     * immediate (when absent), hourly or daily emails. No default: the fan-out's upsert of the
     * profile would write it back on every notification.
     */
    emailDigest: { type: ['immediate', 'hourly', 'daily'] as const },
    apiVersion: { type: 'string', default: '1' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', casing: 'none', composite: ['userId'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});

/**
 * A notification waiting for its recipient's digest email: in the partition of the time it is due (a
 * whole UTC hour), written with the notification; the digest job mails and deletes them.
 */
export const notificationDigestEntry = lazyEntity({
  model: model('notificationDigestEntry'),
  attributes: {
    digestDue: { type: 'string', required: true },
    recipientId: { type: 'string', required: true },
    notificationId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    firstName: { type: 'string' },
    createdDate: { type: 'string', required: true },
    shortText: { type: 'string', required: true },
    link: { type: 'string', required: true },
    /** Epoch seconds: a week after the period (never mailed by then: dropped). */
    ttl: { type: 'number' },
  },
  indexes: {
    byPeriod: {
      pk: { field: 'pk', casing: 'none', composite: ['digestDue'] },
      sk: { field: 'sk', casing: 'none', composite: ['recipientId', 'createdDate', 'notificationId'] },
    },
  },
});

/** One recipient's digest of one period was mailed (created before the mail: once per period). */
export const notificationDigestSent = lazyEntity({
  model: model('notificationDigestSent'),
  attributes: {
    recipientId: { type: 'string', required: true },
    digestDue: { type: 'string', required: true },
    count: { type: 'number' },
    ttl: { type: 'number' },
  },
  indexes: {
    byRecipient: {
      pk: { field: 'pk', casing: 'none', composite: ['recipientId'] },
      sk: { field: 'sk', casing: 'none', composite: ['digestDue'] },
    },
  },
});

/**
 * An email's unsubscribe link (docs/notifications.md "Unsubscribe"): only the SHA-256 of its random
 * token is kept, with whose emails it stops and until when; read by its hash (its own key, no index).
 */
export const unsubscribeToken = lazyEntity({
  model: model('unsubscribeToken'),
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'string', required: true },
    /** Epoch seconds: the table drops it after its expiry. */
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', casing: 'none', composite: ['tokenHash'] },
      sk: { field: 'sk', casing: 'none', composite: [] },
    },
  },
});
