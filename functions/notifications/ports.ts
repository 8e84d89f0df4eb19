import { loadApplicationAccess } from '../platform/access.js';
import { sendMail } from '../platform/adapters/mail.js';
import { webUrl } from '../platform/adapters/web-url.js';
import {
  accessRows,
  applicationInfo,
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
  unsubscribeLink: (userId) => unsubscribeService(tableUnsubscribePorts()).link(userId),
});

/** The unsubscribe links' ports on the table (docs/notifications.md "Unsubscribe"). */
export const tableUnsubscribePorts = (): UnsubscribePorts => ({
  now: () => new Date(),
  saveToken: saveUnsubscribeToken,
  tokenByHash: unsubscribeTokenByHash,
  stopEmails,
  webUrl,
});
