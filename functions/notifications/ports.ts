import { loadApplicationAccess } from '../platform/access.js';
import { sendMail } from '../platform/adapters/mail.js';
import { webUrl } from '../platform/adapters/web-url.js';
import {
  accessRows,
  applicationInfo,
  claimDigest,
  deleteDigestEntries,
  digestEntries,
  digestsOf,
  ensureProfile,
  getProfile,
  listNotifications,
  notificationById,
  organisationAdmins,
  organisationName,
  saveUnsubscribeToken,
  setProfile,
  stopEmails,
  unsubscribeTokenByHash,
  userByEmail,
  usersByIds,
  writeNotification,
} from './repository.js';
import type { DigestPorts } from './service/digest.js';
import type { FanoutPorts } from './service/fanout.js';
import type { InboxPorts } from './service/inbox.js';
import { unsubscribeService, type UnsubscribePorts } from './service/unsubscribe.js';

/** The inbox's ports on the table (the handler wires them once per cold start). */
export const tableInboxPorts = (): InboxPorts => ({
  list: listNotifications,
  byId: notificationById,
  getProfile,
  ensureProfile,
  setProfile,
  checkApplicationAccess: async (applicationId, userId) => {
    await loadApplicationAccess(applicationId, userId, 'ReadOnly');
  },
  now: () => new Date(),
});

/** The fan-out's ports on the table and the mail transport (the stream Lambda's consumer). */
export const tableFanoutPorts = (): FanoutPorts => ({
  application: applicationInfo,
  accessRows,
  users: usersByIds,
  userByEmail,
  organisationAdmins,
  organisationName,
  write: (n) => writeNotification(n),
  sendMail,
  webUrl,
  digests: digestsOf,
  now: () => new Date(),
  unsubscribeLink: (userId) => unsubscribeService(tableUnsubscribeLinkPorts()).link(userId),
});

/**
 * The digest job's ports on the table and the mail transport (the scheduled target). Each digest
 * ends with its recipient's own unsubscribe link, as every notification email does.
 */
export const tableDigestPorts = (
  options: { now?: () => Date; remainingMs?: () => number } = {},
): DigestPorts => ({
  entries: digestEntries,
  claim: claimDigest,
  remove: deleteDigestEntries,
  sendMail,
  now: options.now ?? (() => new Date()),
  unsubscribeLink: (userId) => unsubscribeService(tableUnsubscribeLinkPorts()).link(userId),
  ...(options.remainingMs ? { remainingMs: options.remainingMs } : {}),
});

/**
 * The unsubscribe call's ports on the table (docs/notifications.md "Unsubscribe"): the HTTP function
 * follows links and makes none, so its bundle has no web URL to read.
 */
export const tableUnsubscribePorts = (): UnsubscribePorts => ({
  now: () => new Date(),
  saveToken: saveUnsubscribeToken,
  tokenByHash: unsubscribeTokenByHash,
  stopEmails,
});

/** The mailers' unsubscribe ports: new links, with the web's URL (capability `webUrl`, docs/deploy.md). */
export const tableUnsubscribeLinkPorts = (): UnsubscribePorts => ({ ...tableUnsubscribePorts(), webUrl });
